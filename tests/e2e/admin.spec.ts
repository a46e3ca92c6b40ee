import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from './fixtures/test';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { region } from '../../shared/region';
import { open } from './helpers';
import { ADMIN, signInAdmin } from './fixtures/admin';

/**
 * The administrator's journeys. Moderation, pricing and lead management are walked on the desktop
 * (@desktop, docs/decisions/0136-browser-projects.md); sign-in, sign-out through the phone's menu
 * and the accessibility scans on both projects, which share one database.
 */

const notice = (page: Page) => page.getByTestId('toast');

async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const unique = (testInfo: TestInfo) =>
  `${Date.now()}${testInfo.project.name === 'desktop' ? 'd' : 'p'}${testInfo.workerIndex}`;

/** A business application as the public form sends it. */
async function submitBusiness(request: APIRequestContext, name: string, email: string) {
  const res = await request.post('/api/contractors/submit', {
    data: {
      name,
      yearsInBusiness: '7',
      description: 'Roofs, siding and gutters for homes and camps across the county.',
      email,
      phone: '(570) 555-0188',
      website: '',
      address: '12 Main Street',
      city: 'Dushore',
      zip: '18614',
      licenseNumber: uniqueLicenceNumber(),
      insuranceInfo: 'General liability $1M',
      projectGalleryUrl: '',
      services: ['Roofing', 'Siding & Exteriors', 'Windows & Doors'],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('admin sign-in', () => {
  test('an anonymous visit to /admin goes to the login page, which is not indexed', async ({ page }) => {
    const res = await open(page, '/admin');
    expect(res?.headers()['x-robots-tag']).toContain('noindex');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('the form checks its fields, refuses a wrong password and signs in to the dashboard', async ({ page }) => {
    const logins: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/login')) logins.push(r.url());
    });
    await open(page, '/admin/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(notice(page)).toContainText('Missing Information');
    await expect(notice(page)).toContainText('Please enter both username and password');
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(notice(page)).toContainText('Please enter both username and password');
    // The same notice as the first check's: wait until this check is over, or the next click
    // lands while the form is still checking and is rightly ignored.
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
    expect(logins).toHaveLength(0);

    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(notice(page)).toContainText('Login Failed');
    await expect(notice(page)).toContainText('Invalid credentials');
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(notice(page)).toContainText('Login Successful');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const cards = page.getByTestId('stat-card');
    await expect(cards).toHaveCount(7);
    await expect(cards.nth(0)).toContainText(/Total Leads\s*\d+/);
    await expect(cards.nth(1)).toContainText(/New Leads\s*\d+\s*Awaiting delivery/);
    await expect(cards.nth(2)).toContainText(/Revenue\s*\$[\d,]+\.\d\d\s*Total potential/);
    await expect(cards.nth(3)).toContainText(/Pricing Rules\s*\d+/);
    // The median time from request to delivery this month (docs/decisions/0117-lead-routing.md), in words or a dash.
    await expect(cards.nth(4)).toContainText(
      /Median time to delivery \(this month\)\s*(under a minute|\d+ min|\d+ h|\d+ days?|—)/,
    );
    // The homeowner hears back (docs/decisions/0128-request-page-and-replies.md): first replies and who was contacted.
    await expect(cards.nth(5)).toContainText(/Median time to first reply \(this month\)/);
    await expect(cards.nth(6)).toContainText(/Homeowners contacted \(this month\)/);
    await expect(page.getByRole('tab')).toHaveText(['Leads', 'Pricing Rules', 'Contractors']);

    // The Contractors tab has real figures, not a placeholder.
    await page.getByRole('tab', { name: 'Contractors' }).click();
    const contractors = page.getByRole('region', { name: 'Approved contractors' });
    await expect(contractors.getByRole('columnheader')).toHaveText([
      'Contractor',
      'Plan',
      'Subscription',
      'Credits used',
      'Deliveries',
      'Paid total',
    ]);
    await expect(contractors.getByRole('row').filter({ hasText: 'Kraus Electric' })).toContainText(
      /(Free|Pro|Premium)/,
    );

    // The quick add creates a global rule at 25.00, priority 1.
    await page.getByRole('tab', { name: 'Pricing Rules' }).click();
    const quickRules = page
      .getByTestId('pricing-rule')
      .filter({ hasText: /^Global\s*All leads\s*\$25\.00\s*1\s*Active$/ });
    await expect(page.getByTestId('pricing-rule').first()).toBeVisible();
    const before = await quickRules.count();
    await page.getByRole('button', { name: 'Add Pricing Rule' }).click();
    await expect(notice(page)).toContainText('Pricing Rule Created');
    await expect(quickRules).not.toHaveCount(before);

    // Signed in, the login page sends the administrator on to the dashboard.
    await open(page, '/admin/login');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('logout ends the session and returns to the login page', async ({ page, isMobile }) => {
    await signInAdmin(page.request);
    await open(page, '/admin/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
    if (isMobile) {
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Outbox' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    if (isMobile) await page.getByRole('button', { name: 'Open admin menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(notice(page)).toContainText('Logged Out');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await open(page, '/admin/contractors');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await page.request.get('/api/admin/stats')).status()).toBe(401);
  });
});

test.describe('contractor management', { tag: '@desktop' }, () => {
  test('approve an application (listed publicly, welcome email with a setup code) and reject another with a reason', async ({
    page,
  }) => {
    const approve = { name: 'Gansel Home Services', email: 'contact@ganselhomeservices.example' };
    const reject = { name: 'Cole Brothers Roofing', email: 'colebrothers@mail.example' };
    await signInAdmin(page.request);
    await open(page, '/admin/contractors');
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Management' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toBeVisible();
    const rows = page.getByTestId('admin-contractor-row');
    const search = page.getByPlaceholder('Search by name, location or service...');

    // Approve.
    await search.fill(approve.name);
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('tab', { name: 'All (1)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();
    const approving = rows.filter({ hasText: approve.name });
    await expect(approving).toContainText('Pending');
    await expect(approving.getByRole('switch')).toBeDisabled();
    await approving.getByRole('button', { name: `Approve ${approve.name}` }).click();
    // The approve step shows what to verify; this one is approved without verifying (verification.spec.ts covers that).
    await page
      .getByRole('dialog', { name: 'Approve Contractor' })
      .getByRole('button', { name: 'Approve Contractor' })
      .click();
    await expect(notice(page)).toContainText('Contractor status updated successfully');
    await expect(approving).toContainText('Approved');
    await expect(approving.getByRole('switch')).toBeEnabled();
    await expect(approving.getByRole('switch')).toBeChecked();
    await expect(approving.getByRole('button', { name: `Send Setup Code to ${approve.name}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Approved (1)' })).toBeVisible();

    // Reject: the confirm button waits for a reason.
    await search.fill(reject.name);
    const rejecting = rows.filter({ hasText: reject.name });
    await expect(rows).toHaveCount(1);
    await rejecting.getByRole('button', { name: `Reject ${reject.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Contractor Application' });
    const confirm = dialog.getByRole('button', { name: 'Reject Application' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Reason for rejection').fill('   ');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Reason for rejection').fill('License number could not be verified');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(notice(page)).toContainText('Contractor status updated successfully');
    await expect(dialog).toBeHidden();
    await expect(rejecting.getByTestId('rejection-reason')).toHaveText('License number could not be verified');
    await expect(rejecting.getByRole('button', { name: `Reconsider ${reject.name}` })).toBeVisible();
    await expect(rejecting.getByRole('switch')).toBeDisabled();
    await page.getByRole('tab', { name: 'Rejected (1)' }).click();
    await expect(rows.filter({ hasText: reject.name })).toHaveCount(1);
    await page.getByRole('tab', { name: 'Pending (0)' }).click();
    await expect(page.getByText(`No contractors match "${reject.name}".`)).toBeVisible();

    // The approved contractor is listed in the public directory.
    await open(page, '/browse?sort=name');
    await expect(page.getByRole('link', { name: approve.name, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: reject.name, exact: true })).toHaveCount(0);

    // Its welcome email, with the 12-character setup code, is in the outbox.
    await open(page, '/admin/outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    const welcome = page.getByTestId('outbox-item').filter({ hasText: approve.email }).filter({ hasText: 'Welcome' });
    await expect(welcome).toHaveCount(1);
    await welcome.click();
    const message = page.getByRole('dialog');
    await expect(message.getByRole('heading')).toContainText('Welcome');
    const text = message.getByTestId('outbox-message-text');
    await expect(text).toContainText(approve.name);
    await expect(text).toContainText(/setup code: [A-Z0-9]{12}\b/);
  });
});

test.describe('pricing', { tag: '@desktop' }, () => {
  test('a service rule shows in the price matrix; a town rule can be edited and switched off', async ({ page }) => {
    const town = region.towns.find((t) => t.slug === 'forksville')!;
    const townIndex = region.towns.indexOf(town);
    await signInAdmin(page.request);
    await open(page, '/admin/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing Management' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Price matrix' })).toBeVisible();
    const matrix = page.getByTestId('price-matrix');
    const electrical = matrix.locator('tr[data-service="electrical"]');
    await expect(electrical.getByRole('rowheader')).toHaveText('Electrical');

    await page.getByRole('button', { name: 'Add Pricing Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Pricing Rule' });
    await expect(dialog.getByLabel('Priority')).toHaveValue('0');
    await expect(dialog.getByRole('combobox', { name: 'Service' })).toHaveCount(0);
    // No price: a notice and no request.
    await dialog.getByRole('button', { name: 'Create Rule' }).click();
    await expect(notice(page)).toContainText('Invalid Price');
    await expect(notice(page)).toContainText('Please enter a valid price');
    await choose(dialog, page, 'Rule Type', 'Service');
    await choose(dialog, page, 'Service', 'Electrical');
    await dialog.getByLabel('Lead Price').fill('0');
    await dialog.getByRole('button', { name: 'Create Rule' }).click();
    await expect(notice(page)).toContainText('Invalid Price');
    await dialog.getByLabel('Lead Price').fill('40.00');
    await dialog.getByLabel('Priority').fill('5');
    await dialog.getByRole('button', { name: 'Create Rule' }).click();
    await expect(notice(page)).toContainText('Pricing Rule Created');
    await expect(dialog).toBeHidden();
    await expect(electrical.getByRole('cell')).toHaveText(region.towns.map(() => /^\$40\.00/));
    // A platform default (its County cell shows once some rule has a county, as the town rule below).
    await expect(page.getByTestId('pricing-rule').filter({ hasText: 'Electrical' }).first()).toContainText(
      /Service\s*Electrical\s*(Platform default)?\s*\$40\.00\s*5/,
    );

    // A town rule below the service rule's priority.
    await page.getByRole('button', { name: 'Add Pricing Rule' }).click();
    await choose(dialog, page, 'Rule Type', 'Location');
    // The towns of the county worked in (the site's own here, no county being chosen).
    await expect(dialog.getByText('Towns of Sullivan County.')).toBeVisible();
    await choose(dialog, page, 'Location', town.label);
    await dialog.getByLabel('Lead Price').fill('30');
    await dialog.getByLabel('Priority').fill('2');
    await dialog.getByRole('button', { name: 'Create Rule' }).click();
    await expect(notice(page)).toContainText('Pricing Rule Created');
    const plumbingInTown = matrix.locator('tr[data-service="plumbing"]').getByRole('cell').nth(townIndex);
    await expect(plumbingInTown).toHaveText(/^\$30\.00/);
    await expect(electrical.getByRole('cell').nth(townIndex)).toHaveText(/^\$40\.00/);

    // Edit it: a town's rule is its county's.
    const townRule = page.getByTestId('pricing-rule').filter({ hasText: town.label });
    await expect(townRule).toContainText(/Location\s*\S.*\s*Sullivan County\s*\$30\.00/);
    await townRule.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Pricing Rule' });
    await expect(edit.getByLabel('Lead Price')).toHaveValue('30.00');
    await edit.getByLabel('Lead Price').fill('32.50');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(notice(page)).toContainText('Pricing Rule Updated');
    await expect(plumbingInTown).toHaveText(/^\$32\.50/);

    // Switch it off: the town is back to the default price.
    await townRule.getByRole('switch').click();
    await expect(townRule.getByRole('switch')).not.toBeChecked();
    await expect(plumbingInTown).toHaveText('$25.00');
  });
});

test.describe('lead management', { tag: '@desktop' }, () => {
  test('a new lead is delivered to a contractor; without credits left it awaits payment', async ({
    page,
    request,
  }, testInfo) => {
    // A contractor of this test's own: approved (Free plan, 2 credits), with two leads already delivered.
    const id = unique(testInfo);
    const contractor = { name: `Aspen Leads Electric ${id}`, email: `aspen-leads-${id}@builders.example` };
    await submitBusiness(request, contractor.name, contractor.email);
    await signInAdmin(page.request);
    const found = (await (
      await page.request.get(`/api/admin/contractors?search=${encodeURIComponent(contractor.name)}`)
    ).json()) as { contractors: { id: number }[] };
    const contractorId = found.contractors[0]!.id;
    expect(
      (
        await page.request.patch(`/api/admin/contractors/${contractorId}/approval`, { data: { status: 'approved' } })
      ).status(),
    ).toBe(200);
    const sendLead = async (email: string) => {
      const res = await request.post('/api/leads', {
        data: {
          name: 'Dana Whitmore',
          email,
          phone: '(570) 555-0199',
          serviceNeeded: 'Electrical Work & Wiring',
          location: 'Laporte, PA',
          projectDetails: 'Rewire the farmhouse kitchen, add two circuits and a panel upgrade before winter.',
          budgetRange: '$5,000 - $10,000',
          contractorId,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    for (const n of [1, 2]) {
      const leadId = await sendLead(`earlier-${n}-${id}@homeowner.example`);
      const delivered = await page.request.post('/api/lead-deliveries', { data: { leadId, contractorId } });
      expect(((await delivered.json()) as { paymentState: string }).paymentState).toBe('credited');
    }
    const email = `lead-${id}@homeowner.example`;
    await sendLead(email);

    await open(page, '/admin/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible();
    await expect(page.getByTestId('stat-card')).toHaveText([
      /Total\s*\d+/,
      /New\s*\d+/,
      /Delivered\s*\d+/,
      /Won\s*\d+/,
    ]);
    const row = page.getByTestId('admin-lead-row').filter({ hasText: email });
    await expect(row).toContainText('New');
    await expect(row).toContainText('Electrical Work & Wiring');
    await expect(row.getByText(/^Rewire the farmhouse/)).toHaveAttribute('title', /panel upgrade before winter/);
    // The requested contractor is chosen already, with what it has had so far.
    const dropdown = row.getByRole('combobox', { name: 'Contractor to deliver the lead from Dana Whitmore to' });
    await expect(dropdown).toHaveText(contractor.name);
    await expect(row.getByText('2 leads delivered to this contractor')).toBeVisible();
    await choose(row, page, 'Contractor to deliver the lead from Dana Whitmore to', 'Kraus Electric');
    await expect(row.getByText(/^\d+ leads? delivered to this contractor$/)).toBeVisible();
    await choose(row, page, 'Contractor to deliver the lead from Dana Whitmore to', contractor.name);
    await expect(row.getByText('2 leads delivered to this contractor')).toBeVisible();
    await row.getByRole('button', { name: 'Deliver' }).click();
    await expect(notice(page)).toContainText('Lead Delivered');
    await expect(notice(page)).toContainText('Awaiting payment');
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText(contractor.name);
    await expect(row).toContainText('Awaiting payment');
    await expect(row.getByRole('button', { name: 'Deliver', exact: true })).toHaveCount(0);

    // The status filter keeps it among the delivered leads.
    await choose(page, page, 'Status', 'Delivered');
    await expect(page.getByTestId('admin-lead-row').filter({ hasText: email })).toHaveCount(1);
    await choose(page, page, 'Status', 'New');
    await expect(page.getByTestId('admin-lead-row').filter({ hasText: email })).toHaveCount(0);

    // On the dashboard its buy link names the delivery's contractor (not a fixed one) and opens a new window.
    await open(page, '/admin');
    const dashRow = page.getByTestId('dashboard-lead-row').filter({ hasText: email });
    await expect(dashRow).toContainText('Delivered');
    const buy = dashRow.getByRole('link', { name: 'Buy Lead' });
    await expect(buy).toHaveAttribute('href', new RegExp(`^/buy-lead\\?leadId=\\d+&contractorId=${contractorId}$`));
    await expect(buy).toHaveAttribute('target', '_blank');
    await expect(buy).toHaveAttribute('rel', /noopener/);
  });
});

test.describe('accessibility', () => {
  for (const [path, title] of [
    ['/admin', 'Admin Dashboard'],
    ['/admin/contractors', 'Contractor Management'],
    ['/admin/leads', 'Lead Management'],
    ['/admin/pricing', 'Pricing Management'],
    ['/admin/outbox', 'Outbox'],
    ['/admin/counties', 'Counties'],
    ['/admin/users', 'Administrators'],
  ] as const) {
    test(`${path} has one h1, is not indexed and has no detectable WCAG A/AA problems`, async ({ page }) => {
      // axe over a full admin table takes 15 s here on a desktop, and twice that on a phone under CI's load.
      test.slow();
      await signInAdmin(page.request);
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
