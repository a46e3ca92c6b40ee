import { expect, test, type APIRequestContext, type Page } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import type { DeliveryDto } from '../../shared/schemas/deliveries';
import { open, expectNoAxeViolations } from './helpers';

/**
 * The contractor portal end to end. The desktop and phone projects run in parallel against one
 * database, so every test makes its own contractor (submitted, approved and given leads through
 * the admin API) and finds it again by its unique name and email.
 */

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

interface CustomerLead {
  leadId: number;
  customer: { name: string; email: string; phone: string };
  service: string;
  delivery: DeliveryDto;
}

/** A quote request sent from the contractor's profile, then delivered to it by the admin. */
async function deliveredLead(request: APIRequestContext, contractorId: number, service: string): Promise<CustomerLead> {
  const stamp = uid();
  const customer = { name: `Homeowner ${stamp}`, email: `owner-${stamp}@home.example`, phone: '(570) 555-0123' };
  const created = await request.post('/api/leads', {
    data: {
      ...customer,
      serviceNeeded: service,
      location: 'Laporte, PA',
      projectDetails: `Looking for help with ${service.toLowerCase()} on a two-storey farmhouse.`,
      budgetRange: '$10,000 - $25,000',
      contractorId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: leadId } = (await created.json()) as { id: number };
  const delivered = await request.post('/api/lead-deliveries', { data: { leadId, contractorId } });
  expect(delivered.status(), await delivered.text()).toBe(201);
  return { leadId, customer, service, delivery: (await delivered.json()) as DeliveryDto };
}

/** Opens a panel from the side navigation, through the 'Menu' drawer on phones. */
async function openSection(page: Page, name: string, heading: string | RegExp = name) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(page.getByRole('dialog', { name: 'Contractor Portal' })).toBeVisible();
  }
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('Contractor portal', () => {
  test('first-time setup, sign-in, dashboard, leads with customer details and a status change', async ({
    page,
    request,
  }) => {
    // Many steps, and the admin API prepares the data first.
    test.slow();
    const crashes: string[] = [];
    page.on('pageerror', (e) => crashes.push(e.message));
    await signInAdmin(request);
    const c = await approvedBusiness(request, 'Portal Ridge Roofing', { emailPrefix: 'portal' });
    const lead = await deliveredLead(request, c.id, 'Roofing & Siding');
    expect(lead.delivery.paymentState).toBe('credited');

    await open(page, '/contractor/login');
    await expect(page).toHaveTitle(/Contractor Login/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New contractor? Submit your business' })).toHaveAttribute(
      'href',
      '/submit-business',
    );

    // Before setup the server answers 'setup required': the setup form takes over, email kept.
    await page.getByLabel('Email').fill(c.email);
    await page.getByLabel('Password').fill('any-password-at-all');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'First-Time Setup' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(c.email);

    const codeInput = page.getByLabel('Setup Code');
    await expect(codeInput).toHaveAttribute('maxlength', '12');
    await codeInput.pressSequentially(c.code.toLowerCase());
    await expect(codeInput).toHaveValue(c.code);

    await page.getByLabel('New Password').fill('a-good-password-1');
    await page.getByLabel('Confirm Password').fill('a-different-password');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Confirm Password').fill('a-good-password-1');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(page.getByTestId('toast')).toContainText('Setup Complete');
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Login' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(c.email);

    await page.getByLabel('Password').fill('a-good-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/contractor$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${c.name}` })).toBeVisible();
    const credits = page.getByTestId('credits-card');
    await expect(credits).toContainText('Lead credits this month');
    await expect(credits).toContainText('1 of 2');
    await expect(credits).toContainText('1 left');
    await expect(page.getByRole('alert').filter({ hasText: 'monthly lead credits' })).toHaveCount(0);
    await expect(page.getByTestId('recent-lead')).toHaveCount(1);
    await expect(page.getByTestId('recent-lead')).toContainText('Roofing & Siding');
    await expect(page.getByTestId('recent-lead')).toContainText('Paid with credit');
    const upgrade = page.getByTestId('upgrade-card');
    await expect(upgrade.getByRole('heading', { name: 'Upgrade to Premium' })).toBeVisible();
    await expect(upgrade).toContainText('$100/month');
    await expect(upgrade).toContainText('20 leads per month');
    await expect(upgrade).toContainText('Featured homepage placement');
    await expect(upgrade).not.toContainText('$50 in lead credits');
    await expect(upgrade.getByRole('link')).toHaveAttribute('href', '/contractor-pricing');

    await openSection(page, 'My Leads');
    await expect(page).toHaveURL(/\/contractor\?section=leads$/);
    const card = page.getByTestId('lead-card').filter({ hasText: lead.customer.name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Roofing & Siding');
    await expect(card).toContainText('Laporte, PA');
    await expect(card).toContainText('$10,000 - $25,000');
    await expect(card).toContainText('$25.00');
    await expect(card).toContainText('Paid with credit');
    await expect(card.getByRole('link', { name: lead.customer.email })).toHaveAttribute(
      'href',
      `mailto:${lead.customer.email}`,
    );
    await expect(card.getByRole('link', { name: lead.customer.phone })).toHaveAttribute('href', 'tel:5705550123');
    await expect(card.getByTestId('lead-status')).toHaveText('Status: Delivered');
    await expect(card.getByRole('button', { name: /^Mark / })).toHaveText(['Mark Contacted', 'Mark Won', 'Mark Lost']);

    // The panel is in the address, so a reload stays on it.
    await page.reload();
    await page.waitForSelector('#root[data-hydrated]', { state: 'attached' });
    await expect(page.getByRole('heading', { level: 1, name: 'My Leads' })).toBeVisible();

    await card.getByRole('button', { name: 'Mark Won' }).click();
    await expect(page.getByTestId('toast')).toContainText('Lead Updated');
    await expect(card.getByTestId('lead-status')).toHaveText('Status: Won');
    await expect(card.getByRole('button', { name: /^Mark / })).toHaveCount(0);

    await openSection(page, 'Dashboard', `Welcome, ${c.name}`);
    await expect(page).toHaveURL(/\/contractor\?section=dashboard$/);
    await expect(page.getByTestId('recent-lead')).toContainText('Won');

    // Logout: notice, login page, and the portal is closed again.
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByTestId('toast')).toContainText('Logged Out');
    await expect(page).toHaveURL(/\/contractor\/login$/);
    await open(page, '/contractor');
    await expect(page).toHaveURL(/\/contractor\/login$/);
    expect(crashes).toEqual([]);
  });

  test('a lead beyond the credits waits for payment, without the customer, and the low-credit warning shows', async ({
    page,
    request,
  }) => {
    test.slow();
    await signInAdmin(request);
    const c = await approvedBusiness(request, 'Portal Creek Builders', { emailPrefix: 'portal' });
    const first = await deliveredLead(request, c.id, 'Roofing & Siding');
    const second = await deliveredLead(request, c.id, 'Flooring Installation');
    const third = await deliveredLead(request, c.id, 'Electrical Work & Wiring');
    expect([first, second, third].map((l) => l.delivery.paymentState)).toEqual([
      'credited',
      'credited',
      'awaiting_payment',
    ]);

    // Setup and sign-in through the API; the page shares the cookie.
    const setup = await page.request.post('/api/contractor/setup', {
      data: { email: c.email, token: c.code, password: 'another-good-password' },
    });
    expect(setup.status(), await setup.text()).toBe(200);
    const login = await page.request.post('/api/contractor/login', {
      data: { email: c.email, password: 'another-good-password' },
    });
    expect(login.status(), await login.text()).toBe(200);

    await open(page, '/contractor');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${c.name}` })).toBeVisible();
    const warning = page.getByRole('alert').filter({ hasText: 'monthly lead credits' });
    await expect(warning).toContainText("You've used 2 of your 2 monthly lead credits.");
    await expect(warning.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/contractor-pricing',
    );
    await expect(page.getByTestId('credits-card')).toContainText('0 left');
    await expect(page.getByTestId('recent-lead')).toHaveCount(3);
    await expect(page.getByTestId('recent-lead').first()).toContainText('Electrical Work & Wiring');
    await expect(page.getByTestId('recent-lead').first()).toContainText('Awaiting payment');
    await expectNoAxeViolations(page);

    await openSection(page, 'My Leads');
    const waiting = page.getByTestId('lead-card').filter({ hasText: 'Electrical Work & Wiring' });
    await expect(waiting).toContainText('Awaiting payment');
    await expect(waiting).toContainText('Customer details are shown after you buy this lead.');
    await expect(waiting).not.toContainText(third.customer.name);
    await expect(waiting).not.toContainText(third.customer.email);
    await expect(waiting.getByRole('button', { name: /^Mark / })).toHaveCount(0);
    await expect(waiting.getByRole('link', { name: 'Buy this lead' })).toHaveAttribute(
      'href',
      `/buy-lead?leadId=${third.leadId}&contractorId=${c.id}`,
    );
    const credited = page.getByTestId('lead-card').filter({ hasText: 'Flooring Installation' });
    await expect(credited).toContainText(second.customer.name);
    await expect(credited.getByRole('link', { name: 'Buy this lead' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await openSection(page, 'Subscription');
    const sub = page.getByTestId('subscription-card');
    await expect(sub).toContainText('Free');
    await expect(sub).toContainText('No subscription (Free plan)');
    await expect(sub).toContainText('2 of 2');
    await expect(page.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/contractor-pricing');

    await openSection(page, 'Profile Settings');
    const profile = page.getByTestId('profile-card');
    await expect(profile.getByRole('heading', { name: c.name })).toBeVisible();
    await expect(profile).toContainText('Dushore, PA');
    await expect(profile.getByRole('list', { name: 'Services' })).toContainText('Roofing');
    // Editing is real now (docs/decisions/0111-listing-edits.md); tests/e2e/listing-edits.spec.ts follows an edit through its review.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('form', { name: 'Edit your listing' })).toBeVisible();
    await expect(page.getByLabel('Business description')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('without a session the portal sends you to the login page', async ({ page }) => {
    await open(page, '/contractor?section=leads');
    await expect(page).toHaveURL(/\/contractor\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Login' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  test('wrong credentials show the server message; the setup mode switches both ways', async ({ page }) => {
    await open(page, '/contractor/login');
    await page.getByLabel('Email').fill(`nobody-${uid()}@builders.example`);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const notice = page.getByTestId('toast');
    await expect(notice).toContainText('Login Failed');
    await expect(notice).toContainText('Invalid credentials');
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Login' })).toBeVisible();

    await page.getByRole('button', { name: 'First-time setup? Use your setup code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'First-Time Setup' })).toBeVisible();
    await page.getByLabel('Setup Code').fill('ABCDEFGHJKLM');
    await page.getByLabel('New Password').fill('a-good-password-1');
    await page.getByLabel('Confirm Password').fill('a-good-password-1');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(notice).toContainText('Setup Failed');
    await expect(notice).toContainText('Invalid setup token');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Login' })).toBeVisible();
  });
});
