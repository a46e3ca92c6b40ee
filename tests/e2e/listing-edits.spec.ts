import { expect, test } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { open } from './helpers';

/**
 * A contractor keeps its own listing (issue 24, docs/decisions/0111-listing-edits.md): the edit
 * made in Profile Settings waits for review while the public profile keeps the old values, an
 * administrator approves it with the values side by side, and the public profile then shows the new
 * description and hours (the phone stays off the public profile: docs/decisions/0017-public-contact-details.md;
 * the portal shows it).
 */
test('a contractor edits the listing, an administrator approves it, the public profile shows it', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.slow();
  await signInAdmin(request);
  const password = 'a-good-long-password-1';
  const c = await approvedBusiness(request, 'Edit Ridge Builders', { emailPrefix: 'edits', password });
  const login = await page.request.post('/api/contractor/login', { data: { email: c.email, password } });
  expect(login.status(), await login.text()).toBe(200);

  const description = `Timber-frame porches and decks built to last, ${c.name.split(' ').pop()}.`;
  await open(page, '/contractor?section=profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit your listing' });
  await expect(form).toBeVisible();
  // The name and registration number are not offered.
  await expect(form.getByLabel('Business name')).toHaveCount(0);
  await form.getByLabel('Business description').fill(description);
  await form.getByLabel('Phone').fill('(570) 555-0142');
  await form.getByLabel('Painting & Decorating').check();
  // A closed day's times are off; Sunday starts closed (the specification's hours).
  await expect(form.getByLabel('Sat opens')).toBeEnabled();
  await form.getByLabel('Closed').nth(5).check();
  await expect(form.getByLabel('Sat opens')).toBeDisabled();
  await expect(form.getByLabel('Sun closes')).toBeDisabled();
  await form.getByLabel('Closed').nth(4).check();
  await form.getByLabel('Closed').nth(4).uncheck();
  await expect(form.getByLabel('Fri opens')).toBeEnabled();
  await form.getByRole('button', { name: 'Send for Review' }).click();

  const waiting = page.getByTestId('listing-change');
  await expect(waiting.getByRole('heading', { name: 'Waiting for review' })).toBeVisible();
  await expect(waiting).toContainText(description);
  await expect(waiting).toContainText('(570) 555-0142');
  await expect(waiting).toContainText('Painting & Decorating');
  await expect(waiting).toContainText('Sat-Sun Closed');

  // Until approved, the public keeps the old values.
  const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const pub = await visitor.newPage();
  await open(pub, `/contractor/${c.id}`);
  await expect(pub.getByRole('heading', { level: 1, name: c.name })).toBeVisible();
  await expect(pub.getByText('Roofs, siding, decks and additions')).toBeVisible();
  await expect(pub.getByText(description)).toHaveCount(0);

  // The administrator reviews it with the values side by side and approves.
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAdmin(adminContext.request);
  const admin = await adminContext.newPage();
  // Reached from the contractors' page (the header has no room for another link).
  await open(admin, '/admin/contractors');
  await admin.getByRole('link', { name: 'Listing changes' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Listing changes' })).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const item = admin.getByRole('article', { name: `Listing change of ${c.name}` });
  await expect(item).toContainText('Roofs, siding, decks and additions');
  await expect(item).toContainText(description);
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Change approved');
  await expect(item).toHaveCount(0);

  // Every instance's cached profile moved with the directory version: the public sees the new values.
  await open(pub, `/contractor/${c.id}`);
  await expect(pub.getByText(description)).toBeVisible();
  const hours = pub
    .getByRole('heading', { name: 'Business Hours' })
    .locator('xpath=ancestor::div[contains(@class,"rounded")][1]');
  await expect(hours).toContainText('Sat-Sun');
  await expect(hours).toContainText('Closed');
  await expect(pub.getByText('Painting & Decorating').first()).toBeVisible();

  // The portal shows the approved phone, and no change waiting.
  await open(page, '/contractor?section=profile');
  await expect(page.getByTestId('profile-card')).toContainText(description);
  await expect(page.getByText('(570) 555-0142')).toBeVisible();
  await expect(page.getByTestId('listing-change')).toHaveCount(0);
  await visitor.close();
  await adminContext.close();
});
