import { chromium, expect, request as playwrightRequest, test } from '@playwright/test';
import { ADMIN, signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { startApp, stopApp } from '../support/app-process';

/**
 * Lead routing in a real browser (docs/decisions/0117-lead-routing.md): on a county that delivers
 * automatically (the default, as here: the app on a fresh embedded database), a homeowner's quote
 * request reaches the contractor's portal with no administrator touching it.
 */
const chromiumArgs = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

test("a homeowner's request reaches the contractor's portal with no administrator", async () => {
  test.setTimeout(180_000);
  // Development mode: a test-mode process logs nothing, not even the address it listens on.
  const server = await startApp({
    NODE_ENV: 'development',
    SESSION_SECRET: 'routing-secret-routing-secret-routing-00',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT: 'false',
  });
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    // The administrator only approves the business, as on any day.
    await signInAdmin(api);
    const business = await approvedBusiness(api, 'Quick Roofing', {
      password: 'a-good-password-17',
      services: ['Roofing'],
      town: 'Laporte',
    });

    const homeowner = await browser.newPage({ baseURL: server.url });
    await homeowner.goto(`/contractor/${business.id}/quote`);
    const form = homeowner.getByRole('main');
    await form.getByLabel('Your Name').fill('Pat Homeowner');
    await form.getByLabel('Email').fill(`pat.${Date.now()}@example.com`);
    await form.getByLabel('Phone').fill('(570) 555-0177');
    await form.getByLabel('Service Needed').selectOption({ label: 'Roofing & Siding' });
    await form.getByLabel('Project Location').fill('Laporte, PA');
    await form.getByLabel('Project Details').fill('The porch roof leaks over the door when it rains hard.');
    await form.getByRole('button', { name: 'Send Quote Request' }).click();
    await expect(homeowner.getByTestId('form-notice')).toContainText('Quote Request Sent!');

    // The routing delivers it within seconds; the administrator's list says how it went.
    const howItWent = async () => {
      const leads = (await (await api.get('/api/leads?pageSize=10')).json()) as {
        leads: { name: string; howItWent: string }[];
      };
      return leads.leads.find((l) => l.name === 'Pat Homeowner')?.howItWent;
    };
    await expect.poll(howItWent, { timeout: 30_000, intervals: [500] }).toBe('Delivered automatically');

    // The contractor signs in and finds the lead.
    const contractor = await browser.newPage({ baseURL: server.url });
    await contractor.goto('/contractor/login');
    await contractor.getByLabel('Email').fill(business.email);
    await contractor.getByLabel('Password').fill('a-good-password-17');
    await contractor.getByRole('button', { name: 'Sign In' }).click();
    await expect(contractor).toHaveURL(/\/contractor(\?|$)/);
    await contractor.goto('/contractor?section=leads');
    const card = contractor.getByTestId('lead-card').filter({ hasText: 'Laporte, PA' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: /Roofing/ })).toBeVisible();
  } finally {
    await browser.close();
    await api.dispose();
    await stopApp(server);
  }
});
