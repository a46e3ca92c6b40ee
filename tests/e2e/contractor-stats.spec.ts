import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test, type Locator, type Page } from './fixtures/test';
import { holdClock, releaseClock } from './fixtures/test-clock';
import { approvedBusiness } from './fixtures/approved-business';
import type { AdminLeadList } from '../../shared/schemas/admin-leads';
import { RECEIVED_BY } from '../../shared/lead-recipients';
import { open, expectNoAxeViolations } from './helpers';
import { signInAdmin } from './fixtures/admin';

/**
 * A contractor's stats move with what happens to it (issue 14;
 * docs/decisions/0061-contractor-stats.md): a homeowner views its profile and sends a quote
 * request, the admin delivers the lead, the contractor marks it won, and the portal dashboard's
 * figures say so. The desktop and phone projects run at once on one database, so each makes its own
 * contractor and its own visitor.
 */

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const PASSWORD = 'stats-journey-password-1';

/** The 12-month total of one figure on the dashboard. */
const total = (stats: Locator, figure: string) => stats.getByTestId(`stats-total-${figure}`).locator('dd').first();

async function openDashboard(page: Page, name: string) {
  await open(page, '/contractor');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible();
  const stats = page.getByTestId('contractor-stats');
  await expect(stats).toBeVisible();
  return stats;
}

test('stats move after a view, a quote and a win', async ({ page, request, browser }) => {
  test.slow();
  // Held on the real clock: the credentials test moves the shared server's clock days ahead, which
  // near a month's end puts 'this month' in the next one.
  const hold = await holdClock(request);
  try {
    await statsJourney(page, request, browser);
  } finally {
    await releaseClock(request, hold);
  }
});

async function statsJourney(page: Page, request: APIRequestContext, browser: Browser) {
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Stats Hollow Builders', {
    emailPrefix: 'stats',
    password: PASSWORD,
    town: 'Laporte',
  });

  await open(page, '/contractor/login');
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/contractor$/);
  let stats = await openDashboard(page, c.name);
  await expect(page.getByRole('heading', { level: 2, name: 'Your last 12 months' })).toBeVisible();
  for (const figure of ['profileViews', 'quoteRequests', 'leadsDelivered', 'contacted', 'won'])
    await expect(total(stats, figure)).toHaveText('0');
  await expect(total(stats, 'costPerWon')).toHaveText('—');
  // A table with headers: the current month is its first row.
  const table = stats.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Views' })).toBeAttached();
  await expect(table.getByRole('row')).toHaveCount(13);

  // A homeowner, in a browser of its own, reads the profile and asks for a quote.
  const homeowner = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 journey/${uid()}`,
  });
  const home = await homeowner.newPage();
  await open(home, `/contractor/${c.id}`);
  await expect(home.getByRole('heading', { level: 1, name: c.name })).toBeVisible();
  const customerEmail = `stats.${uid()}@home.example`;
  await home.getByRole('main').getByRole('button', { name: 'Get Free Quote' }).first().click();
  const dialog = home.getByRole('dialog', { name: 'Request a Free Quote' });
  await dialog.getByLabel('Your Name').fill('Robin Homeowner');
  await dialog.getByLabel('Email').fill(customerEmail);
  await dialog.getByLabel('Phone').fill('(570) 555-0131');
  await dialog.getByLabel('Service Needed').click();
  await home.getByRole('option', { name: 'Roofing & Siding', exact: true }).click();
  await dialog.getByLabel('Project Location').fill('Laporte, PA');
  await dialog.getByLabel('Project Details').fill('A new standing seam roof on the cabin before winter.');
  await dialog.getByRole('button', { name: 'Send Quote Request' }).click();
  await expect(home.getByTestId('toast')).toContainText('Quote Request Sent!');
  await homeowner.close();

  // The admin delivers it (from the contractor's plan credits).
  const leads = (await (await request.get('/api/leads', { params: { pageSize: '100' } })).json()) as AdminLeadList;
  const lead = leads.leads.find((l) => l.email === customerEmail)!;
  const delivered = await request.post('/api/lead-deliveries', { data: { leadId: lead.id, contractorId: c.id } });
  expect(delivered.status(), await delivered.text()).toBe(201);

  // The contractor sees the lead, which says it went to no one else, and wins the job.
  await open(page, '/contractor?section=leads');
  const card = page.getByTestId('lead-card').filter({ hasText: 'Robin Homeowner' });
  await expect(card.getByTestId('lead-recipients')).toHaveText(RECEIVED_BY);
  await card.getByRole('button', { name: 'Mark Won' }).click();
  await expect(page.getByTestId('toast')).toContainText('Lead Updated');

  stats = await openDashboard(page, c.name);
  await expect(total(stats, 'profileViews')).toHaveText('1');
  await expect(total(stats, 'quoteRequests')).toHaveText('1');
  await expect(total(stats, 'leadsDelivered')).toHaveText('1');
  await expect(total(stats, 'contacted')).toHaveText('1');
  await expect(total(stats, 'won')).toHaveText('1');
  // Taken from a plan credit: no money spent on it.
  await expect(total(stats, 'spent')).toHaveText('$0.00');
  await expect(stats.getByTestId('stats-total-won')).toContainText('This month: 1');
  await expect(table.getByRole('row').nth(1)).toContainText('1');
  // The chart of the months draws this month's request, lead and win (docs/decisions/0129-dashboard-charts.md).
  const work = stats
    .getByTestId('chart')
    .filter({ has: page.getByRole('heading', { name: 'Quote requests, leads and jobs won per month' }) });
  const thisMonth = work.locator('rect[data-series="won"]').last();
  await expect(thisMonth).toHaveAttribute('data-value', '1');
  const label = (await thisMonth.getAttribute('data-label'))!;
  for (const series of ['quoteRequests', 'leadsDelivered'])
    await expect(work.locator(`rect[data-series="${series}"][data-label="${label}"]`)).toHaveAttribute(
      'data-value',
      '1',
    );
  await work.locator('summary').click();
  await expect(work.getByTestId('chart-table').locator('tbody tr').last().locator('td')).toHaveText(['1', '1', '1']);
  await expectNoAxeViolations(page);

  // The admin sees the same figures, from the contractor's Stats link.
  await signInAdmin(page.request);
  await open(page, '/admin/contractors');
  await page.getByLabel('Search contractors').fill(c.name);
  await page.getByRole('link', { name: `Stats for ${c.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/contractors/${c.id}/stats$`));
  await expect(page.getByRole('heading', { level: 1, name: `Stats: ${c.name}` })).toBeVisible();
  const adminStats = page.getByTestId('contractor-stats');
  for (const figure of ['profileViews', 'quoteRequests', 'leadsDelivered', 'contacted', 'won'])
    await expect(total(adminStats, figure)).toHaveText('1');
  await expectNoAxeViolations(page);
}
