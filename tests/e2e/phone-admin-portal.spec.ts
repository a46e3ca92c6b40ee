import { expect, test, type Locator, type Page } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import type { DeliveryDto } from '../../shared/schemas/deliveries';
import { quoteRequest } from './fixtures/leads';
import { open } from './helpers';

/**
 * Issue 16, 'Phones and the back button': the admin tables and the portal's lead cards, on the
 * phone (Pixel 7) and, unchanged, on the desktop. Each test makes the data it reads.
 */

/** Whether the control's box lies across the screen's width (not off to the right in a scrolling box). */
async function withinWidth(page: Page, el: Locator) {
  const box = (await el.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
}

/** The column name a cell shows beside its value when its row is a card ('' when it shows none). */
const cellLabel = (cell: Locator) =>
  cell.evaluate((td) => /^"([^"]*)"/.exec(getComputedStyle(td, '::before').content)?.[1] ?? '');

test.describe('admin tables', () => {
  const TABLES: { path: string; region: string; row: string; labels: string[]; optional?: string[] }[] = [
    {
      path: '/admin/contractors',
      region: 'Contractors',
      row: 'admin-contractor-row',
      labels: ['Location', 'Services', 'Rating', 'Status', 'Visible', 'Actions'],
    },
    {
      path: '/admin/leads',
      region: 'Leads',
      row: 'admin-lead-row',
      labels: ['Service', 'Location', 'Status', 'How it went', 'Price', 'Created', 'Actions'],
    },
    // The County column shows once a rule has a county (a location rule always has: its town's, docs/decisions/0107-pricing-per-county.md).
    {
      path: '/admin/pricing',
      region: 'Pricing rules',
      row: 'pricing-rule',
      labels: ['Type', 'Value', 'Price', 'Priority', 'Active', 'Actions'],
      optional: ['County'],
    },
    {
      path: '/admin',
      region: 'Recent leads',
      row: 'dashboard-lead-row',
      labels: ['Date', 'Service', 'Location', 'Price', 'Status', 'Actions'],
    },
  ];

  test('on a phone each row is a card with its status, switches and buttons on screen; on a desktop a table', async ({
    page,
    isMobile,
  }) => {
    test.slow();
    await signInAdmin(page.request);
    const listed = (await (await page.request.get('/api/contractors?pageSize=1')).json()) as {
      contractors: { id: number }[];
    };
    await quoteRequest(page.request, listed.contractors[0]!.id);

    for (const t of TABLES) {
      await open(page, t.path);
      // The table's own scrolling region (the pricing page's section has the same name).
      const region = page.locator(`div[role="region"][aria-label="${t.region}"]`);
      const row = region.getByTestId(t.row).first();
      await expect(row, t.path).toBeVisible();
      const cells = row.getByRole('cell');
      const controls = row.locator('button, [role="switch"], a');
      if (isMobile) {
        // Nothing scrolls sideways: not the box, not the page.
        expect(
          await region.evaluate((el) => el.scrollWidth <= el.clientWidth),
          `${t.path}: the table scrolls sideways`,
        ).toBe(true);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          `${t.path}: the page scrolls sideways`,
        ).toBe(true);
        for (const control of await controls.all())
          expect(
            await withinWidth(page, control),
            `${t.path}: ${(await control.getAttribute('aria-label')) ?? (await control.textContent())} is off screen`,
          ).toBe(true);
        const labels = await Promise.all((await cells.all()).map(cellLabel));
        expect(
          labels.filter((l) => l && !t.optional?.includes(l)),
          t.path,
        ).toEqual(t.labels);
        expect(await row.evaluate((tr) => getComputedStyle(tr).display)).not.toBe('table-row');
      } else {
        await expect(region.getByRole('columnheader', { name: t.labels[3] })).toBeVisible();
        expect(await row.evaluate((tr) => getComputedStyle(tr).display)).toBe('table-row');
        expect((await Promise.all((await cells.all()).map(cellLabel))).filter(Boolean)).toEqual([]);
      }
      // Still a table with rows and cells for assistive technology.
      expect(await cells.count(), t.path).toBeGreaterThanOrEqual(t.labels.length);
    }

    // The visibility switch of a listed contractor works from its card.
    await open(page, '/admin/contractors');
    const approved = page
      .getByRole('region', { name: 'Contractors', exact: true })
      .getByTestId('admin-contractor-row')
      .filter({ has: page.getByRole('switch', { checked: true }) })
      .first();
    await expect(approved.getByRole('switch')).toBeEnabled();
    expect(await withinWidth(page, approved.getByRole('switch'))).toBe(true);
  });

  test('the outbox lists its messages across the screen', async ({ page }) => {
    await signInAdmin(page.request);
    const listed = (await (await page.request.get('/api/contractors?pageSize=1')).json()) as {
      contractors: { id: number }[];
    };
    await quoteRequest(page.request, listed.contractors[0]!.id);
    await open(page, '/admin/outbox');
    const item = page.getByTestId('outbox-item').first();
    await expect(item).toBeVisible();
    expect(await withinWidth(page, item)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test('the admin header keeps every screen, the county and Logout on a tablet and a small laptop', async ({ page }) => {
  // Three widths of the lead table: 18 s here on a desktop, past 30 s on a phone under load.
  test.slow();
  await signInAdmin(page.request);
  for (const width of [800, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await open(page, '/admin/leads');
    const header = page.locator('header');
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
    for (const control of [
      header.getByRole('button', { name: 'Logout' }),
      header.getByLabel('County', { exact: true }),
      header.getByRole('link', { name: 'Administrators' }),
    ]) {
      expect(await withinWidth(page, control), `${width} px`).toBe(true);
    }
    // The brand is not covered by the first screen's link.
    const brand = (await header.getByText('Admin', { exact: true }).boundingBox())!;
    const first = (await header.getByRole('link', { name: 'Dashboard' }).boundingBox())!;
    expect(first.y >= brand.y + brand.height || first.x >= brand.x + brand.width, `${width} px`).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${width} px`).toBe(
      true,
    );
  }
});

test.describe('portal lead cards', () => {
  /** A new business, approved, set up and signed in on the page, with a lead delivered from its plan. */
  async function signedInContractor(page: Page) {
    const request = page.request;
    await signInAdmin(request);
    const { id, email } = await approvedBusiness(request, 'Credit Creek Builders', {
      emailPrefix: 'credit',
      password: 'credit-card-free-password',
    });
    const lead = await quoteRequest(request, id);
    const delivered = await request.post('/api/lead-deliveries', { data: { leadId: lead.id, contractorId: id } });
    expect(delivered.status(), await delivered.text()).toBe(201);
    const delivery = (await delivered.json()) as DeliveryDto;
    const login = await request.post('/api/contractor/login', {
      data: { email, password: 'credit-card-free-password' },
    });
    expect(login.status(), await login.text()).toBe(200);
    return delivery;
  }

  test("a lead taken from the plan reads '1 plan credit', not a price", async ({ page }) => {
    test.slow();
    const delivery = await signedInContractor(page);
    expect(delivery.paymentState).toBe('credited');
    await open(page, '/contractor?section=leads');
    const card = page.getByTestId('lead-card').first();
    await expect(card).toContainText('Paid with credit');
    await expect(card.getByRole('term')).toHaveText(['Budget', 'Paid with']);
    await expect(card.getByRole('definition').nth(1)).toHaveText('1 plan credit (instead of $25.00)');
    await expect(card).not.toContainText('Lead price');
  });
});
