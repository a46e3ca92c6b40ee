import { signInAdmin } from './fixtures/admin';
import { expect, test } from './fixtures/test';
import { open } from './helpers';

/**
 * The quote page and the quote dialog are one form (docs/decisions/0097-one-progressive-form.md).
 * With JavaScript the page is checked in the browser as the dialog is (the same messages, the first
 * field to fix focused, a fixed field's message gone as it is fixed) and sent to the API once, then
 * shows the sent state the page's post without JavaScript leads to.
 */
test('the quote page with JavaScript checks, focuses, re-checks and sends like the dialog', async ({
  page,
  request,
}, testInfo) => {
  const first = (await (await request.get('/api/contractors?sort=name&pageSize=1')).json()) as {
    contractors: { id: number; name: string }[];
  };
  const c = first.contractors[0]!;
  await open(page, `/contractor/${c.id}/quote`);
  const form = page.getByRole('main');

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
  });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send Quote Request' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByText('Please select a service')).toBeVisible();
  // Checked in the browser: nothing was posted, and the first field to fix has the focus.
  expect(posts).toEqual([]);
  await expect(form.getByLabel('Your Name')).toBeFocused();
  await expect(form.getByLabel('Your Name')).toHaveAttribute('aria-invalid', 'true');

  // Once sent, fixing a field takes its message away without sending again.
  const name = `Page Quote ${Date.now()}${testInfo.project.name}`;
  await form.getByLabel('Your Name').fill(name);
  await expect(form.getByText('Name must be at least 2 characters')).toHaveCount(0);
  await expect(form.getByText('Invalid email address')).toBeVisible();

  await form.getByLabel('Email').fill(`page.${Date.now()}@example.com`);
  await form.getByLabel('Phone').fill('(570) 555-0188');
  // The page's lists are the browser's own selects (the dialog's are Radix's).
  await form.getByLabel('Service Needed').selectOption('Roofing & Siding');
  await form.getByLabel('Project Location').fill('Eagles Mere, PA');
  await form.getByLabel('Project Details').fill('Replace the porch roof before the snow comes.');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send Quote Request' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page).toHaveURL(new RegExp(`/contractor/${c.id}/quote\\?sent=1$`));
  await expect(page.getByTestId('form-notice')).toContainText('Quote Request Sent!');
  await expect(page.getByTestId('form-notice')).toContainText(`Your request has been sent to ${c.name}.`);
  expect(posts).toEqual(['/api/leads']);

  await signInAdmin(request);
  const leads = (await (await request.get('/api/leads?pageSize=100')).json()) as {
    leads: { name: string; serviceNeeded: string }[];
  };
  expect(leads.leads.filter((l) => l.name === name)).toEqual([
    expect.objectContaining({ serviceNeeded: 'Roofing & Siding' }),
  ]);
});

/**
 * A post sent without JavaScript and refused fills the page in; once the page runs, sending it
 * right with JavaScript leads to the sent state like any other send (the refused post is
 * forgotten when the address changes).
 */
test('after a refused post, a send with JavaScript shows the sent state', async ({ page, request }) => {
  const first = (await (await request.get('/api/contractors?sort=name&pageSize=1')).json()) as {
    contractors: { id: number; name: string }[];
  };
  const c = first.contractors[0]!;
  await open(page, `/contractor/${c.id}/quote`);
  const form = page.getByRole('main');
  await form.getByLabel('Your Name').fill('Refused Then Sent');
  // form.submit() posts as a browser without JavaScript would: the page's own handler is skipped.
  const refused = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/contractor/${c.id}/quote`),
  );
  await page.locator(`form[action="/contractor/${c.id}/quote"]`).evaluate((f: HTMLFormElement) => f.submit());
  await refused;
  await page.waitForSelector('#root[data-hydrated]', { state: 'attached' });
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByLabel('Your Name')).toHaveValue('Refused Then Sent');

  await form.getByLabel('Email').fill(`refused.${Date.now()}@example.com`);
  await form.getByLabel('Phone').fill('(570) 555-0189');
  await form.getByLabel('Service Needed').selectOption('Roofing & Siding');
  await form.getByLabel('Project Location').fill('Laporte, PA');
  await form.getByLabel('Project Details').fill('A new porch floor before the spring.');
  await form.getByRole('button', { name: 'Send Quote Request' }).click();
  await expect(page).toHaveURL(new RegExp(`/contractor/${c.id}/quote\\?sent=1$`));
  await expect(page.getByTestId('form-notice')).toContainText('Quote Request Sent!');
});
