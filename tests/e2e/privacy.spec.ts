import { DEFAULT_LEGAL_PAGES } from '../../shared/legal-pages';
import { expect, test, type APIRequestContext } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { emailedPath } from './fixtures/outbox';
import { open } from './helpers';

/**
 * Privacy as journeys (issue 25; docs/decisions/0114-homeowner-privacy.md): a homeowner withdraws a
 * quote request through the link in its confirmation email (read from the outbox), with and
 * without JavaScript; /privacy and /terms reached from the footer; the platform administrator edits
 * /terms on the Legal pages screen and sees it on the site.
 */

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A homeowner's quote request through the API, as the quote form sends it; answers the homeowner's address. */
async function quoteRequest(request: APIRequestContext, contractorId: number): Promise<string> {
  const email = `withdraw-${uid()}@home.example`;
  const res = await request.post('/api/leads', {
    data: {
      name: 'Robin Homeowner',
      email,
      phone: '(570) 555-0123',
      serviceNeeded: 'Roofing & Siding',
      location: 'Laporte, PA',
      projectDetails: 'New metal roof on the barn before the snow comes.',
      budgetRange: '$10,000 - $25,000',
      contractorId,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/** The path of the withdraw link in the homeowner's confirmation email (the outbox, read as the admin). */
const withdrawLink = async (request: APIRequestContext, to: string) =>
  (await emailedPath(request, { to, kind: 'quote-confirmation', link: /https?:\/\/[^\s/]+(\/withdraw\?token=[\w-]+)/ }))
    .path;

test('a homeowner withdraws a quote request through the link in the confirmation email, once', async ({
  page,
  request,
}) => {
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Withdraw Journey Roofing');
  const email = await quoteRequest(request, c.id);
  const path = await withdrawLink(request, email);

  await open(page, path);
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw Your Quote Request' })).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw My Request' }).click();
  await expect(page.getByText('Your quote request is withdrawn.')).toBeVisible();

  // The administrator no longer finds it to deliver, and the homeowner's details are gone.
  const leads = (await (await request.get('/api/leads', { params: { pageSize: '50' } })).json()) as {
    leads: { email: string; withdrawnAt: string | null; projectDetails: string }[];
  };
  expect(
    leads.leads.find(
      (l) => l.projectDetails === 'New metal roof on the barn before the snow comes.' && l.email === email,
    ),
  ).toBeUndefined();
  expect(leads.leads.some((l) => l.withdrawnAt !== null && l.email === '')).toBe(true);

  // The link worked once.
  await open(page, path);
  await page.getByRole('button', { name: 'Withdraw My Request' }).click();
  await expect(page.getByText('This quote request was already withdrawn.')).toBeVisible();
});

test('a contractor who used a credit on a request the homeowner then withdraws keeps its customer, and the portal says it was withdrawn', async ({
  page,
  request,
}) => {
  await signInAdmin(request);
  const password = 'withdrawn-lead-password';
  const c = await approvedBusiness(request, 'Withdrawn Lead Roofing', { password });
  const email = await quoteRequest(request, c.id);
  const list = (await (await request.get('/api/leads', { params: { pageSize: '50' } })).json()) as {
    leads: { id: number; email: string }[];
  };
  const leadId = list.leads.find((l) => l.email === email)!.id;
  const delivered = await request.post('/api/lead-deliveries', { data: { leadId, contractorId: c.id } });
  expect(((await delivered.json()) as { paymentState: string }).paymentState).toBe('credited');

  await open(page, await withdrawLink(request, email));
  await page.getByRole('button', { name: 'Withdraw My Request' }).click();
  await expect(page.getByText('Your quote request is withdrawn.')).toBeVisible();

  await open(page, '/contractor/login');
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${c.name}` })).toBeVisible();
  await open(page, '/contractor?section=leads');
  await expect(page.getByRole('heading', { level: 1, name: 'My Leads' })).toBeVisible();
  const card = page.getByTestId('lead-card').filter({ hasText: 'New metal roof on the barn' });
  await expect(card.getByTestId('lead-withdrawn')).toContainText('The homeowner withdrew this request on');
  await expect(card.getByTestId('lead-customer')).toContainText('Robin Homeowner');
  await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the withdraw page posts as a web form and says it is done', async ({ page, request }) => {
    await signInAdmin(request);
    const c = await approvedBusiness(request, 'Withdraw Plain Roofing');
    const path = await withdrawLink(request, await quoteRequest(request, c.id));
    await page.goto(path);
    await page.getByRole('button', { name: 'Withdraw My Request' }).click();
    await expect(page).toHaveURL(/\/withdraw\?done=1$/);
    await expect(page.getByText('Your quote request is withdrawn.')).toBeVisible();
    await page.goto(path);
    await page.getByRole('button', { name: 'Withdraw My Request' }).click();
    await expect(page.getByText('This quote request was already withdrawn.')).toBeVisible();
  });
});

test('/privacy and /terms are reached from the footer', async ({ page }) => {
  await open(page, '/');
  const footer = page.locator('footer');
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText(/erased 365 days after your request is closed/)).toBeVisible();
  await expect(page).toHaveTitle(/^Privacy Policy \| /);
  await page.locator('footer').getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
});

// The text is one row every site shows: a phone run, on the same server at the same time, would
// overwrite it between this save and this read; so the administrator's edit is walked on the desktop
// (@desktop, docs/decisions/0136-browser-projects.md), and the phone reads the pages above.
test(
  'the platform administrator edits /terms on the Legal pages screen and the site shows it',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    await signInAdmin(page.request);
    const marker = `Edited for ${testInfo.project.name} ${uid()}`;
    try {
      // Reached from the Counties page (the platform's own screens).
      await open(page, '/admin/counties');
      await page.getByRole('link', { name: 'Legal Pages' }).click();
      await expect(page).toHaveURL(/\/admin\/legal-pages$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Legal Pages' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const form = page.getByRole('form', { name: 'Edit the Terms of Use' });
      await form.getByLabel('Markdown').fill(`## ${marker}\n\nThese terms apply to **{site}** in {county}.`);
      await form.getByRole('button', { name: 'Save Terms of Use' }).click();
      await expect(page.getByTestId('toast')).toContainText('Terms of Use saved');

      await open(page, '/terms');
      await expect(page.getByRole('heading', { level: 2, name: marker })).toBeVisible();
      await expect(page.getByText(/These terms apply to .+ in Sullivan County, PA\./)).toBeVisible();
    } finally {
      // Put the shipped text back for the other tests.
      const res = await page.request.put('/api/admin/legal-pages/terms', {
        data: { markdown: DEFAULT_LEGAL_PAGES.terms },
      });
      expect(res.status()).toBe(200);
    }
  },
);
