import { expect, test, type APIRequestContext, type Page } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness, type ApprovedBusiness } from './fixtures/approved-business';
import type { DeliveryDto } from '../../shared/schemas/deliveries';
import type { PortalLead } from '../../shared/schemas/portal';
import { open, expectNoAxeViolations, openSection } from './helpers';

/**
 * Lead purchase and plan subscriptions in the browser, with the demo payment provider (Stripe.js
 * cannot load here). The desktop and phone projects share one database, so every test makes its
 * own contractor through the admin API and finds it again by its unique name and email.
 */

const PASSWORD = 'payments-good-password';
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
  const customer = { name: `Marguerite Q${stamp}`, email: `owner-${stamp}@home.example`, phone: '(570) 555-0144' };
  const created = await request.post('/api/leads', {
    data: {
      ...customer,
      serviceNeeded: service,
      location: 'Eagles Mere, PA',
      projectDetails: `Looking for help with ${service.toLowerCase()} on a lake cottage.`,
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

/** A contractor whose two free credits are used, with a third lead waiting for payment. */
async function contractorWithUnpaidLead(request: APIRequestContext, label: string) {
  await signInAdmin(request);
  const c = await approvedBusiness(request, label, {
    emailPrefix: 'pay',
    password: PASSWORD,
    services: ['General Contracting', 'Electrical'],
    town: 'Laporte',
  });
  const credited = [
    await deliveredLead(request, c.id, 'Roofing & Siding'),
    await deliveredLead(request, c.id, 'Flooring Installation'),
  ];
  expect(credited.map((l) => l.delivery.paymentState)).toEqual(['credited', 'credited']);
  const unpaid = await deliveredLead(request, c.id, 'Electrical Work & Wiring');
  expect(unpaid.delivery.paymentState).toBe('awaiting_payment');
  return { c, unpaid };
}

async function signInThroughPage(page: Page, c: ApprovedBusiness) {
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const firstName = (name: string) => name.split(' ')[0]!;

test.describe('Payments', () => {
  test('a contractor buys a lead from the portal and sees the customer', async ({ page, request }) => {
    test.slow();
    const crashes: string[] = [];
    page.on('pageerror', (e) => crashes.push(e.message));
    const stripeRequests: string[] = [];
    page.on('request', (r) => {
      if (/stripe\.com/.test(r.url())) stripeRequests.push(r.url());
    });
    const { c, unpaid } = await contractorWithUnpaidLead(request, 'Paid Lead Builders');

    await open(page, '/contractor/login');
    await signInThroughPage(page, c);
    await expect(page).toHaveURL(/\/contractor$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${c.name}` })).toBeVisible();
    await openSection(page, 'My Leads');
    const card = page.getByTestId('lead-card').filter({ hasText: 'Electrical Work & Wiring' });
    await expect(card).toContainText('Awaiting payment');
    await expect(card).not.toContainText(unpaid.customer.email);
    await card.getByRole('link', { name: 'Buy this lead' }).click();

    await expect(page).toHaveURL(`/buy-lead?leadId=${unpaid.leadId}&contractorId=${c.id}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const details = page.getByTestId('lead-details');
    await expect(details).toContainText(firstName(unpaid.customer.name));
    await expect(details).not.toContainText(unpaid.customer.name);
    await expect(details).toContainText('Electrical Work & Wiring');
    await expect(details).toContainText('Eagles Mere');
    await expect(page.getByTestId('lead-price')).toHaveText(`$${unpaid.delivery.price}`);
    await expect(page.getByText('Demo payments: no card is charged')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(unpaid.customer.email);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: `Pay $${unpaid.delivery.price}` }).click();
    await expect(page).toHaveURL(/\/payment-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText('Payment Successful!');
    await expect(page.getByText('within 24-48 hours')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');

    await page.getByRole('link', { name: 'View My Leads' }).click();
    await expect(page).toHaveURL(/\/contractor\?section=leads$/);
    const paid = page.getByTestId('lead-card').filter({ hasText: 'Electrical Work & Wiring' });
    await expect(paid).toContainText('Paid');
    await expect(paid).toContainText(unpaid.customer.name);
    await expect(paid.getByRole('link', { name: unpaid.customer.email })).toBeVisible();
    await expect(paid.getByRole('link', { name: unpaid.customer.phone })).toBeVisible();
    await expect(paid.getByRole('link', { name: 'Buy this lead' })).toHaveCount(0);
    expect(stripeRequests).toEqual([]);
    expect(crashes).toEqual([]);
  });

  test('a declined card shows Payment Failed, stays on the page and unlocks nothing', async ({ page, request }) => {
    test.slow();
    const { c, unpaid } = await contractorWithUnpaidLead(request, 'Declined Card Builders');
    const login = await page.request.post('/api/contractor/login', { data: { email: c.email, password: PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);

    const url = `/buy-lead?leadId=${unpaid.leadId}&contractorId=${c.id}`;
    await open(page, url);
    await expect(page.getByRole('button', { name: `Pay $${unpaid.delivery.price}` })).toBeVisible();
    await page.getByRole('button', { name: 'Simulate a declined card' }).click();
    const notice = page.getByTestId('toast');
    await expect(notice).toContainText('Payment Failed');
    await expect(notice).not.toContainText('Payment Error');
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('button', { name: `Pay $${unpaid.delivery.price}` })).toBeEnabled();

    const leads = (await (await page.request.get('/api/contractor/leads')).json()) as PortalLead[];
    const lead = leads.find((l) => l.leadId === unpaid.leadId);
    expect(lead?.paymentState).toBe('awaiting_payment');
    expect(lead?.customer).toBeNull();
  });

  test('the buy-lead page without its ids says what is missing and goes home', async ({ page }) => {
    await open(page, '/buy-lead?leadId=12');
    const notice = page.getByTestId('toast');
    await expect(notice).toContainText('Missing Information');
    await expect(notice).toContainText('Lead ID and Contractor ID are required.');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /Find Trusted Building Contractors/ })).toBeVisible();
  });

  test('a contractor subscribes to Premium through sign-in and the demo checkout, and is featured first', async ({
    page,
    request,
  }) => {
    test.slow();
    const crashes: string[] = [];
    page.on('pageerror', (e) => crashes.push(e.message));
    await signInAdmin(request);
    const c = await approvedBusiness(request, 'Premium Summit Builders', {
      emailPrefix: 'pay',
      password: PASSWORD,
      services: ['General Contracting', 'Electrical'],
      town: 'Laporte',
    });

    await open(page, '/contractor-pricing');
    await expect(page.getByText('Demo payments: no card is charged')).toBeVisible();
    await page.getByRole('button', { name: 'Choose Premium' }).click();
    await expect(page).toHaveURL(`/contractor/login?next=${encodeURIComponent('/contractor-pricing?plan=premium')}`);
    await signInThroughPage(page, c);

    // Back on the pricing page, the checkout for the chosen plan starts by itself.
    await expect(page).toHaveURL(/\/demo-checkout\?/);
    const checkout = page.getByTestId('demo-checkout');
    await expect(checkout).toContainText('Demo payments: no card is charged');
    await expect(checkout).toContainText('Premium');
    await expect(checkout).toContainText('$100');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();

    await expect(page).toHaveURL(/\/subscription-success\?session_id=/);
    const confirmed = page.getByTestId('subscription-confirmed');
    await expect(confirmed.getByTestId('subscribed-plan')).toHaveText('Premium');
    await expect(confirmed.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible();
    await expect(confirmed.getByRole('listitem')).toHaveCount(3);
    await expect(confirmed.getByRole('link', { name: 'Go to Contractor Portal' })).toHaveAttribute(
      'href',
      '/contractor/login',
    );
    await expect(confirmed.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/contractor-pricing');

    // The home page's featured list: Premium contractors come before every other one. The phone and
    // desktop runs may each have made one, so this one is first among the non-Premium, not first overall.
    await open(page, '/');
    const featured = page.locator('section[aria-labelledby="featured-heading"]').getByTestId('contractor-card');
    await expect(featured.filter({ hasText: c.name })).toHaveCount(1);
    const names = await featured.locator('h3').allTextContents();
    // The card's 'Featured' badge, as a contractor card shows it.
    const badges = await featured.evaluateAll((cards) =>
      cards.map((card) => [...card.querySelectorAll('span')].some((el) => el.textContent?.trim() === 'Featured')),
    );
    const mine = names.indexOf(c.name);
    expect(mine).toBeGreaterThanOrEqual(0);
    expect(badges[mine]).toBe(true);
    expect(
      badges.slice(0, mine).every(Boolean),
      `only featured contractors before ${c.name}: ${names.join(' | ')}`,
    ).toBe(true);
    expect(crashes).toEqual([]);
  });

  test('the subscription page without a session says Invalid Session', async ({ page }) => {
    await open(page, '/subscription-success');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Session' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Pricing' })).toHaveAttribute('href', '/contractor-pricing');
    await page.getByRole('link', { name: 'Return to Pricing' }).click();
    await expect(page).toHaveURL(/\/contractor-pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plans for Contractors' })).toBeVisible();
  });

  test('the plan comparison is rendered on the server; Free shows a notice', async ({ page, request }) => {
    const res = await request.get('/contractor-pricing');
    expect(res.status()).toBe(200);
    const html = await res.text();
    for (const text of [
      '<h1',
      'Plans for Contractors',
      '>Free<',
      '>Pro<',
      '>Premium<',
      'Most Popular',
      'Featured',
      '$45',
      '$100',
      'How It Works',
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).not.toContain('$50 in lead credits');
    expect(html).toMatch(/<title[^>]*>Contractor Plans &amp; Pricing/);
    expect(html).not.toMatch(/js\.stripe\.com/);

    await open(page, '/contractor-pricing');
    for (const id of ['free', 'pro', 'premium']) await expect(page.getByTestId(`plan-${id}`)).toBeVisible();
    await expect(page.getByTestId('plan-pro')).toContainText('Most Popular');
    await expect(page.getByTestId('plan-premium')).toContainText('Featured');
    await expect(page.getByTestId('plan-premium')).toContainText('20 leads per month');
    await page.getByRole('button', { name: 'Start Free' }).click();
    const notice = page.getByTestId('toast');
    await expect(notice).toContainText('Free Plan');
    await expect(notice).toContainText("You're already on the free plan! Submit your business to get started.");
    await expect(page).toHaveURL(/\/contractor-pricing$/);
    await expectNoAxeViolations(page);
  });
});
