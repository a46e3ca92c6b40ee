import type { OutboxMessage, Paged } from '../../shared/schemas/admin';
import { expect, test, type APIRequestContext } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { emailedPath } from './fixtures/outbox';
import { open } from './helpers';

/**
 * A contractor's account looking after itself, as journeys (issue 25;
 * docs/decisions/0108-contractor-password-reset.md): 'Forgot your password?' from the sign-in
 * page, the link read from the outbox, a new password, signed in with it and the old one refused;
 * the same without JavaScript; and in the portal the email change, the password change and
 * 'sign out everywhere'. Each test makes its own contractor.
 */

const OLD_PASSWORD = 'reset-journey-old-password';
const NEW_PASSWORD = 'reset-journey-new-password';

/** The path and query of the link in the latest email of `kind` to `to` (the outbox, read as the admin). */
const linkFromOutbox = (request: APIRequestContext, to: string, kind: string, after = 0) =>
  emailedPath(request, { to, kind, after, link: /https?:\/\/[^\s/]+(\/contractor\/[\w-]+\?token=[\w-]+)/ });

const signInStatus = async (request: APIRequestContext, email: string, password: string) =>
  (await request.post('/api/contractor/login', { data: { email, password } })).status();

test("'Forgot your password?': the emailed link sets a new password, signs out elsewhere, and the old password is refused", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Reset Journey Roofing', { emailPrefix: 'reset', password: OLD_PASSWORD });
  // Signed in somewhere else before the reset.
  const elsewhere = await browser.newContext();
  expect(await signInStatus(elsewhere.request, c.email, OLD_PASSWORD)).toBe(200);
  expect((await elsewhere.request.get('/api/contractor/profile')).status()).toBe(200);

  await open(page, '/contractor/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Your Password?' })).toBeVisible();
  await page.getByLabel('Email').fill(c.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page).toHaveURL(/\/contractor\/forgot-password\?sent=1$/);
  await expect(page.getByRole('status')).toContainText('If an account uses that email address');

  const { path } = await linkFromOutbox(request, c.email, 'password-reset');
  await open(page, path);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(`${NEW_PASSWORD}-typo`);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/contractor\/login$/);
  await expect(page.getByTestId('toast')).toContainText('Password Changed');
  expect((await elsewhere.request.get('/api/contractor/profile')).status()).toBe(401);
  await elsewhere.close();

  // The old password is refused; the new one signs in.
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Password', { exact: true }).fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('toast')).toContainText('Login Failed');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/contractor$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${c.name}` })).toBeVisible();

  // The link worked once.
  await open(page, path);
  await page.getByLabel('New Password').fill('yet-another-long-password');
  await page.getByLabel('Confirm Password').fill('yet-another-long-password');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This link is not valid or has expired' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the forgot and reset forms post as web forms and the new password signs in', async ({ page, request }) => {
    await signInAdmin(request);
    const c = await approvedBusiness(request, 'Reset Noscript Siding', {
      emailPrefix: 'reset-noscript',
      password: OLD_PASSWORD,
    });

    await page.goto('/contractor/forgot-password');
    await page.getByLabel('Email').fill(c.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page).toHaveURL(/\/contractor\/forgot-password\?sent=1$/);
    await expect(page.getByRole('status')).toContainText('If an account uses that email address');

    const { path } = await linkFromOutbox(request, c.email, 'password-reset');
    await page.goto(path);
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    // Refused: the page again with the field's message; the passwords typed are not sent back.
    await expect(page.getByRole('alert').filter({ hasText: 'Password must be at least 12 characters' })).toBeVisible();
    await expect(page.getByLabel('New Password')).toHaveValue('');
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page).toHaveURL(/\/contractor\/reset-password\?done=1$/);
    await expect(page.getByRole('status')).toContainText('Your password is changed');

    expect(await signInStatus(page.request, c.email, OLD_PASSWORD)).toBe(401);
    expect(await signInStatus(page.request, c.email, NEW_PASSWORD)).toBe(200);
  });
});

test("the portal's sign-in and security: a new email confirmed by its link, a new password, and 'sign out everywhere'", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Security Journey Decks', {
    emailPrefix: 'security',
    password: OLD_PASSWORD,
  });
  const newEmail = c.email.replace('security-', 'security-moved-');

  await open(page, '/contractor/login');
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Password', { exact: true }).fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/contractor$/);
  await open(page, '/contractor?section=account');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in & Security' })).toBeVisible();

  // The email: a link to the new address; the change happens when it is opened.
  const emailForm = page.getByRole('form', { name: 'Change sign-in email' });
  await emailForm.getByLabel('New Email').fill(newEmail);
  await emailForm.getByLabel('Current Password').fill('not-the-password');
  await emailForm.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(emailForm.getByText('Your current password is not correct')).toBeVisible();
  await emailForm.getByLabel('New Email').fill(newEmail);
  await emailForm.getByLabel('Current Password').fill(OLD_PASSWORD);
  await emailForm.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await expect(emailForm.getByRole('status')).toContainText(`Open the link we sent to ${newEmail}`);
  const { path } = await linkFromOutbox(request, newEmail, 'email-change');
  await open(page, path);
  await page.getByRole('button', { name: 'Confirm New Email' }).click();
  await expect(page.getByRole('status')).toContainText(`Your sign-in email is now ${newEmail}`);
  // The old address is told.
  const outbox = (await (
    await request.get('/api/admin/outbox', { params: { pageSize: '100' } })
  ).json()) as Paged<OutboxMessage>;
  expect(outbox.items.filter((m) => m.kind === 'email-changed' && m.to === c.email)).toHaveLength(1);

  // The password: this browser stays signed in, another one is signed out.
  const other = await browser.newContext();
  expect(await signInStatus(other.request, newEmail, OLD_PASSWORD)).toBe(200);
  await open(page, '/contractor?section=account');
  await expect(page.getByRole('form', { name: 'Change sign-in email' }).getByText(newEmail)).toBeVisible();
  const passwordForm = page.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current Password').fill(OLD_PASSWORD);
  await passwordForm.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await passwordForm.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await passwordForm.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password Changed');
  expect((await other.request.get('/api/contractor/profile')).status()).toBe(401);
  expect((await page.request.get('/api/contractor/profile')).status()).toBe(200);

  // Sign out everywhere: this browser too.
  expect(await signInStatus(other.request, newEmail, NEW_PASSWORD)).toBe(200);
  await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
  await expect(page).toHaveURL(/\/contractor\/login$/);
  await expect(page.getByTestId('toast')).toContainText('Logged Out');
  expect((await other.request.get('/api/contractor/profile')).status()).toBe(401);
  expect((await page.request.get('/api/contractor/profile')).status()).toBe(401);
  await other.close();
});
