import { signInAdmin } from './fixtures/admin';
import { expect, test } from './fixtures/test';
import { open } from './helpers';

/**
 * County administrators (docs/decisions/0103-county-administrators.md): the platform administrator
 * creates one on the Administrators page, with its email address (docs/decisions/0106-county-emails-and-jobs.md), who signs in without the accounts or Counties pages; the
 * platform administrator disables it and its session ends. Each browser project makes its own.
 */
test('the platform administrator creates, and disables, a county administrator', async ({
  page,
  browser,
}, testInfo) => {
  // Two administrators' sessions in one journey (11 s here): CI's machine runs about twice as slow.
  test.slow();
  const username = `county-${testInfo.project.name}-${Date.now().toString(36)}`;
  const password = 'a long county password';
  await signInAdmin(page.request);
  await open(page, '/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrators' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Create an administrator' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  // Its counties' mail goes to its address (docs/decisions/0106-county-emails-and-jobs.md); a malformed one is refused on the field.
  await form.getByLabel('Email (optional)').fill('not an address');
  await form.getByRole('button', { name: 'Create Administrator' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Email (optional)').fill(`${username}@example.com`);
  // A county administrator without a county is refused on the counties.
  await form.getByRole('button', { name: 'Create Administrator' }).click();
  await expect(form.getByText('A county administrator needs at least one county')).toBeVisible();
  await form.getByLabel('Sullivan County').check();
  await form.getByRole('button', { name: 'Create Administrator' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: `${username} created` })).toBeVisible();
  const row = page.getByTestId('admin-account-row').filter({ hasText: username });
  await expect(row).toContainText('County administrator');
  await expect(row).toContainText('Sullivan County');
  await expect(row).toContainText(`${username}@example.com`);
  await row.getByRole('button', { name: 'Change Email' }).click();
  await row.getByLabel('Email', { exact: true }).fill(`${username}-office@example.com`);
  await row.getByRole('button', { name: 'Save Email' }).click();
  await expect(row).toContainText(`${username}-office@example.com`);

  // The county administrator's own browser: no accounts or Counties pages.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const county = await other.newPage();
  expect((await county.request.post('/api/admin/login', { data: { username, password } })).status()).toBe(200);
  await open(county, '/admin/leads');
  await expect(county.getByRole('heading', { level: 1, name: /Lead/ })).toBeVisible();
  await expect(county.getByRole('link', { name: 'Administrators' })).toHaveCount(0);
  await expect(county.getByRole('link', { name: 'Counties' })).toHaveCount(0);
  expect((await county.request.get('/api/admin/users')).status()).toBe(403);

  // Disabled: its session ends at its next request.
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  expect((await county.request.get('/api/leads')).status()).toBe(401);
  await other.close();
});

test('the county switcher narrows the admin to one county and back', async ({ page, isMobile }) => {
  await signInAdmin(page.request);
  await open(page, '/admin/leads');
  // On a phone the switcher sits in the admin menu's sheet.
  const where = isMobile ? page.getByRole('dialog') : page.locator('header');
  if (isMobile) await page.getByRole('button', { name: 'Open admin menu' }).click();
  const switcher = where.getByLabel('County', { exact: true });
  await expect(switcher).toHaveValue('');
  await switcher.selectOption({ label: 'Sullivan County' });
  await expect(switcher).not.toHaveValue('');
  await expect.poll(async () => (await (await page.request.get('/api/admin/check')).json()).countyId).not.toBeNull();
  await switcher.selectOption({ label: 'All counties' });
  await expect.poll(async () => (await (await page.request.get('/api/admin/check')).json()).countyId).toBeNull();
});

test('an administrator changes its own password on the Two-factor sign-in page', async ({
  page,
  browser,
}, testInfo) => {
  const username = `own-${testInfo.project.name}-${Date.now().toString(36)}`;
  const password = 'a first admin password';
  const next = 'a second admin password';
  await signInAdmin(page.request);
  const created = await page.request.post('/api/admin/users', {
    data: { username, password, role: 'platform', regionIds: [] },
  });
  expect(created.status(), await created.text()).toBe(201);

  const own = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const me = await own.newPage();
  expect((await me.request.post('/api/admin/login', { data: { username, password } })).status()).toBe(200);
  await open(me, '/admin/two-factor');
  const form = me.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current Password').fill('not my password');
  await form.getByLabel('New Password', { exact: true }).fill(next);
  await form.getByLabel('Confirm New Password').fill(next);
  await form.getByRole('button', { name: 'Change Password' }).click();
  // Above the form and on the field.
  await expect(form.getByText('Your current password is not correct')).toHaveCount(2);
  await expect(form.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Current Password').fill(password);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(me.getByTestId('toast').filter({ hasText: 'Password Changed' })).toBeVisible();
  // Still signed in here; the old password no longer opens the account, the new one does.
  await expect(me.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
  expect((await me.request.get('/api/leads')).status()).toBe(200);
  const fresh = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  expect((await fresh.request.post('/api/admin/login', { data: { username, password } })).status()).toBe(401);
  expect((await fresh.request.post('/api/admin/login', { data: { username, password: next } })).status()).toBe(200);
  await fresh.close();
  await own.close();
});
