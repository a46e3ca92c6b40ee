import { expect, test, type Page } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { deliveredLead } from './fixtures/leads';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { freshReviewLink } from './fixtures/review-link';
import { region } from '../../shared/region';
import { open } from './helpers';

/**
 * The contractor portal's forms as the one form (docs/decisions/0097-one-progressive-form.md):
 * sign-in, first-time setup, the bad-lead claim, the public reply to a review and the
 * credentials. A wrong field shows the shared schema's message on that field, marked invalid and
 * focused, and nothing is sent; the server's refusals show where they did before (a toast, or the
 * field the server names); the right input goes through. Each test makes its own contractor.
 */

const PASSWORD = 'portal-forms-password';
const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The paths of the requests the page sends with `method`, as they are sent. */
function sent(page: Page, method: string) {
  const paths: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname.startsWith('/api/')) paths.push(new URL(r.url()).pathname);
  });
  return paths;
}

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/contractor/login', { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
}

test('sign-in and first-time setup check in the browser, show the server refusals and go through', async ({
  page,
  request,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Forms Sign-In Roofing', { emailPrefix: 'forms' });
  const posts = sent(page, 'POST');

  await open(page, '/contractor/login');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  // Once sent, a fixed field's message goes as it is fixed, without sending.
  await email.fill(c.email);
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Please enter your password')).toBeVisible();
  expect(posts).toEqual([]);

  // The account has no password yet: the server says so and the setup form takes over.
  await password.fill('any-password-at-all');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'First-Time Setup' })).toBeVisible();
  expect(posts).toEqual(['/api/contractor/login']);
  const code = page.getByLabel('Setup Code');
  await expect(page.getByLabel('Email')).toHaveValue(c.email);
  await expect(code).toBeFocused();

  await code.fill(c.code.slice(0, 5));
  await page.getByLabel('New Password').fill('short');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByText('Setup code must be 12 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 12 characters')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toBeFocused();
  expect(posts).toEqual(['/api/contractor/login']);

  // A common password passes the length rule; the server refuses it on its field.
  await code.fill(c.code);
  await page.getByLabel('New Password').fill('qwerty123456');
  await page.getByLabel('Confirm Password').fill('qwerty123456');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByTestId('toast')).toContainText('Setup Failed');
  await expect(page.getByText('This password is too easy to guess').first()).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('New Password')).toBeFocused();
  expect(posts).toEqual(['/api/contractor/login', '/api/contractor/setup']);

  await page.getByLabel('New Password').fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Setup Complete' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Contractor Login' })).toBeVisible();
  await expect(email).toHaveValue(c.email);
  await expect(password).toBeFocused();

  // A wrong password: the server's message in a toast, and the password to type again.
  await password.fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Login Failed' })).toContainText('Invalid credentials');
  await expect(password).toHaveValue('');

  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${c.name}` })).toBeVisible();
  expect(posts).toEqual([
    '/api/contractor/login',
    '/api/contractor/setup',
    '/api/contractor/setup',
    '/api/contractor/login',
    '/api/contractor/login',
  ]);
});

test('the bad-lead claim checks the reason and the details, shows the server refusal and is sent', async ({
  page,
  request,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Forms Claim Builders', { emailPrefix: 'forms', password: PASSWORD });
  const first = await deliveredLead(request, c.id, { service: 'Roofing & Siding' });
  const second = await deliveredLead(request, c.id, { service: 'Flooring Installation' });
  await signIn(page, c.email);
  const posts = sent(page, 'POST');

  await open(page, '/contractor?section=leads');
  const card = page.getByTestId('lead-card').filter({ hasText: 'Roofing & Siding' });
  await card.getByRole('button', { name: 'Report a bad lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a bad lead' });
  await dialog.getByRole('button', { name: 'Send claim' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'What was wrong with it?' })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('radio', { name: 'Wrong or disconnected number' })).toBeFocused();
  expect(posts).toEqual([]);

  // 'Other' asks for the details: the label says so, and the check on the details.
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await expect(dialog.getByText('Choose a reason')).toHaveCount(0);
  const details = dialog.getByLabel('Details', { exact: true });
  await expect(details).toHaveAttribute('aria-required', 'true');
  await dialog.getByRole('button', { name: 'Send claim' }).click();
  await expect(dialog.getByText('Say what was wrong with this lead')).toBeVisible();
  await expect(details).toHaveAttribute('aria-invalid', 'true');
  await expect(details).toBeFocused();
  expect(posts).toEqual([]);

  await details.fill('Nobody by that name lives at the address.');
  await dialog.getByRole('button', { name: 'Send claim' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Claim Sent' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('lead-claim')).toContainText('Claim under review');
  expect(posts).toEqual([`/api/contractor/leads/${first.id}/claim`]);

  // The other lead is claimed elsewhere while its dialog is open: the server's refusal is the toast,
  // and the list read again shows the claim.
  const other = page.getByTestId('lead-card').filter({ hasText: 'Flooring Installation' });
  await other.getByRole('button', { name: 'Report a bad lead' }).click();
  await dialog.getByRole('radio', { name: 'Duplicate' }).check();
  const elsewhere = await page.request.post(`/api/contractor/leads/${second.id}/claim`, {
    data: { reason: 'not_real' },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(201);
  await dialog.getByRole('button', { name: 'Send claim' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Error' })).toContainText(
    'This lead has already been claimed',
  );
  await expect(other.getByTestId('lead-claim')).toContainText('Not a real request');
  expect(posts).toEqual([`/api/contractor/leads/${first.id}/claim`, `/api/contractor/leads/${second.id}/claim`]);
});

test('the public reply to a review checks the text, shows the server refusal and is posted', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Forms Reply Roofing', { emailPrefix: 'forms', password: PASSWORD });
  const comments = [`Came on the day they said (${uid()}).`, `Tidy work on the gutters (${uid()}).`];
  for (const [i, comment] of comments.entries()) {
    const { path } = await freshReviewLink(request, {
      contractorName: c.name,
      name: `Reviewer ${i}`,
      email: `reply-${i}-${uid()}-${testInfo.project.name}@example.com`,
    });
    const token = path.replace('/review/', '');
    const review = await request.post('/api/reviews', {
      data: { token, contacted: true, hired: true, rating: 5, comment },
    });
    expect(review.status(), await review.text()).toBe(201);
  }
  await signIn(page, c.email);
  const posts = sent(page, 'POST');

  await open(page, '/contractor?section=reviews');
  const first = page.getByTestId('portal-review').filter({ hasText: comments[0]! });
  await first.getByRole('button', { name: 'Reply publicly' }).click();
  const reply = first.getByLabel('Your public reply');
  await reply.fill('   ');
  await first.getByRole('button', { name: 'Post reply' }).click();
  await expect(first.getByText('Please write a reply')).toBeVisible();
  await expect(reply).toHaveAttribute('aria-invalid', 'true');
  await expect(reply).toBeFocused();
  expect(posts).toEqual([]);

  // What is written stays through Cancel, and the count follows it.
  await reply.fill('Thank you, it was a pleasure.');
  await expect(first.getByText('Please write a reply')).toHaveCount(0);
  await expect(first.getByText('1971 characters left.')).toBeVisible();
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(reply).toBeHidden();
  await first.getByRole('button', { name: 'Reply publicly' }).click();
  await expect(reply).toHaveValue('Thank you, it was a pleasure.');

  await first.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Reply posted' })).toBeVisible();
  await expect(first).toContainText('Your reply');
  await expect(first).toContainText('Thank you, it was a pleasure.');
  await expect(first.getByRole('button', { name: 'Reply publicly' })).toHaveCount(0);

  // Replied elsewhere while the form was open: the server's refusal is the toast.
  const second = page.getByTestId('portal-review').filter({ hasText: comments[1]! });
  await second.getByRole('button', { name: 'Reply publicly' }).click();
  await second.getByLabel('Your public reply').fill('Thanks for the kind words.');
  const own = (await (await page.request.get('/api/contractor/reviews')).json()) as {
    reviews: { id: number; comment: string }[];
  };
  const id = own.reviews.find((r) => r.comment === comments[1])!.id;
  expect(
    (
      await page.request.post(`/api/contractor/reviews/${id}/reply`, { data: { reply: 'Answered from elsewhere.' } })
    ).status(),
  ).toBe(200);
  await second.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Error' })).toContainText(
    'You have already replied to this review.',
  );
  const replies = posts.filter((p) => p.endsWith('/reply'));
  expect(replies).toHaveLength(2);
});

test('the credentials check in the browser, show the server refusal on its field and save; the certificate still uploads', async ({
  page,
  request,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Forms Credentials Builders', { emailPrefix: 'forms', password: PASSWORD });
  const listed = (await (await request.get('/api/contractors?pageSize=12')).json()) as {
    contractors: { id: number; licenseNumber: string | null }[];
  };
  const taken = listed.contractors.find((x) => x.id !== c.id && x.licenseNumber)!.licenseNumber!;
  await signIn(page, c.email);
  const patches = sent(page, 'PATCH');

  await open(page, '/contractor?section=profile');
  const card = page.getByTestId('credentials-card');
  const licence = card.getByLabel('License Number');
  const coverage = card.getByLabel('Coverage per occurrence ($)');
  await expect(licence).not.toHaveValue('');
  await licence.fill('not a number');
  await coverage.fill('lots');
  await card.getByRole('button', { name: 'Save credentials' }).click();
  await expect(card.getByText(region.credentials.registration.formatMessage)).toBeVisible();
  await expect(card.getByText('Coverage per occurrence must be an amount in dollars, e.g. 1,000,000')).toBeVisible();
  await expect(licence).toHaveAttribute('aria-invalid', 'true');
  await expect(coverage).toHaveAttribute('aria-invalid', 'true');
  await expect(licence).toBeFocused();
  expect(patches).toEqual([]);

  // Another business's number: the server refuses it on the licence field.
  await licence.fill(taken);
  await coverage.fill('1,000,000');
  await card.getByRole('button', { name: 'Save credentials' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Error' })).toContainText(
    `Registration number ${taken} is already in the directory`,
  );
  await expect(card.getByText(`Registration number ${taken} is already in the directory`)).toBeVisible();
  await expect(licence).toHaveAttribute('aria-invalid', 'true');
  await expect(licence).toBeFocused();
  expect(patches).toEqual(['/api/contractor/credentials']);

  const mine = uniqueLicenceNumber();
  await licence.fill(mine.toLowerCase());
  await card.getByRole('button', { name: 'Save credentials' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Credentials Saved' })).toBeVisible();
  await expect(licence).toHaveValue(mine);
  await expect(coverage).toHaveValue('1000000');
  expect(patches).toEqual(['/api/contractor/credentials', '/api/contractor/credentials']);

  // The certificate is not one of the form's values: it uploads on its own, as before.
  await card
    .getByLabel('Certificate of insurance (PDF or image, up to 5 MB)')
    .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await card.getByRole('button', { name: 'Upload certificate' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Certificate Uploaded' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'View certificate' })).toBeVisible();
  expect(patches).toHaveLength(2);
});
