import { expect, test, type APIRequestContext, type Page } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { deliveredLead } from './fixtures/leads';
import type { AdminLeadList } from '../../shared/schemas/admin-leads';
import type { OutboxMessage, Paged } from '../../shared/schemas/admin';
import type { LeadPreferencesDto } from '../../shared/schemas/lead-preferences';
import { pausedLabel } from '../../shared/paused-label';
import { siteDay } from '../../shared/site-calendar';
import { open, expectNoAxeViolations, openSection, expectNoSidewaysScroll } from './helpers';

/**
 * The portal's Lead preferences and the Decline of a lead awaiting payment (issue 34,
 * docs/decisions/0117-lead-routing.md). A contractor pauses until a date, takes one of its
 * services only, sets a cap and text alerts, and finds them kept after a reload; the server's
 * refusal shows on its field. It declines an unpaid lead after a confirmation: released, nothing
 * charged, the homeowner emailed. The desktop and phone projects share the database, so each test
 * makes its own contractor.
 */

const PASSWORD = 'lead-prefs-password';

async function signIn(page: Page, email: string) {
  const login = await page.request.post('/api/contractor/login', { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
}

/** 'YYYY-MM-DD' `days` after the site's today. */
function daysFromToday(days: number): string {
  const [y, m, d] = siteDay(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  return (
    (await (await request.get('/api/admin/outbox', { params: { pageSize: '100' } })).json()) as Paged<OutboxMessage>
  ).items;
}

test('a contractor pauses, takes one service and sets a cap and texts; the choices are kept after a reload', async ({
  page,
  request,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Prefs Test Builders', {
    emailPrefix: 'prefs',
    password: PASSWORD,
    services: ['Roofing', 'Siding'],
  });
  await signIn(page, c.email);
  const before = (await (await page.request.get('/api/contractor/lead-preferences')).json()) as LeadPreferencesDto;
  expect(before.serviceOptions.length, 'the listing has two services').toBe(2);
  const [kept, dropped] = before.serviceOptions as [{ slug: string; name: string }, { slug: string; name: string }];

  await open(page, '/contractor');
  await openSection(page, 'Lead preferences');
  const form = page.getByRole('form', { name: 'Lead preferences' });
  await expect(page.getByTestId('card-spend')).toHaveText('Card-paid leads this month: $0.00');
  await expect(form.getByRole('radio', { name: 'Taking new requests' })).toBeChecked();
  await expect(form.getByRole('radio', { name: "All my listing's services" })).toBeChecked();
  await expect(form.getByText('Reply STOP to any text to stop them.')).toBeVisible();
  const date = form.getByLabel('Take requests again on');
  await expect(date).toBeDisabled();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // The schema's own check: a cap that is not an amount, nothing sent.
  const cap = form.getByLabel('Cap on card-paid leads per month, in dollars');
  await cap.fill('lots');
  await form.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(form.getByText('Enter a cap between $0 and $100,000, or leave it empty for no cap')).toBeVisible();
  await expect(cap).toHaveAttribute('aria-invalid', 'true');
  await expect(cap).toBeFocused();

  // The server's check: a pause must end after today; its message shows on the date.
  await cap.fill('150');
  await form.getByRole('radio', { name: /^Paused until a date/ }).check();
  await expect(date).toBeEnabled();
  await date.fill(siteDay(new Date()));
  await form.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Preferences Not Saved' })).toContainText(
    'Choose a date after today',
  );
  await expect(form.getByText('Choose a date after today', { exact: true })).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');

  const until = daysFromToday(20);
  await date.fill(until);
  await expect(page.getByTestId('paused-preview')).toContainText(`Homeowners will see: “${pausedLabel(until)}”.`);
  await form.getByRole('radio', { name: 'Only these services' }).check();
  await expect(form.getByRole('checkbox', { name: kept.name })).toBeChecked();
  await form.getByRole('checkbox', { name: dropped.name }).uncheck();
  await form.getByLabel('Mobile number').fill('(570) 555-0123');
  await form.getByRole('checkbox', { name: 'Also text me about each new lead' }).check();
  await form.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Preferences Saved' })).toBeVisible();

  const saved = (await (await page.request.get('/api/contractor/lead-preferences')).json()) as LeadPreferencesDto;
  expect(saved).toMatchObject({
    pausedUntil: until,
    services: [kept.slug],
    townIds: null,
    monthlyCap: '150.00',
    textPhone: '+15705550123',
    textOptIn: true,
  });

  await page.reload();
  await page.waitForSelector('#root[data-hydrated]', { state: 'attached' });
  await expect(page.getByRole('heading', { level: 1, name: 'Lead preferences' })).toBeVisible();
  await expect(form.getByRole('radio', { name: /^Paused until a date/ })).toBeChecked();
  await expect(form.getByLabel('Take requests again on')).toHaveValue(until);
  await expect(page.getByTestId('paused-preview')).toContainText(pausedLabel(until));
  await expect(form.getByRole('radio', { name: 'Only these services' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: kept.name })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: dropped.name })).not.toBeChecked();
  await expect(form.getByLabel('Cap on card-paid leads per month, in dollars')).toHaveValue('150');
  await expect(form.getByLabel('Mobile number')).toHaveValue('570-555-0123');
  await expect(form.getByRole('checkbox', { name: 'Also text me about each new lead' })).toBeChecked();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
});

test('a lead awaiting payment is declined after a confirmation: released, nothing charged, the homeowner told', async ({
  page,
  request,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Decline Test Builders', { emailPrefix: 'decline', password: PASSWORD });
  // The free plan's two credits take the first two; the others wait for payment.
  await deliveredLead(request, c.id, { service: 'Roofing & Siding' });
  await deliveredLead(request, c.id, { service: 'Flooring Installation' });
  const declined = await deliveredLead(request, c.id, { service: 'Electrical Work & Wiring' });
  const stale = await deliveredLead(request, c.id, { service: 'Kitchen Remodeling' });
  expect([declined.paymentState, stale.paymentState]).toEqual(['awaiting_payment', 'awaiting_payment']);
  await signIn(page, c.email);

  await open(page, '/contractor');
  await openSection(page, 'My Leads');
  const credited = page.getByTestId('lead-card').filter({ hasText: 'Flooring Installation' });
  await expect(credited).toBeVisible();
  await expect(credited.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  const card = page.getByTestId('lead-card').filter({ hasText: 'Electrical Work & Wiring' });
  await expect(card.getByRole('link', { name: 'Buy this lead' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Kept the first time: nothing is sent.
  await card.getByRole('button', { name: 'Decline', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Decline this lead?' });
  await expect(dialog).toContainText('Nothing is charged');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Keep lead' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Decline', exact: true }).click();
  await dialog.getByRole('button', { name: 'Decline lead' }).click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Lead Declined' });
  await expect(toast).toContainText('Nothing was charged. The homeowner will be offered other contractors.');
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  // Released for the administrator, and the homeowner emailed.
  const leads = (await (await request.get('/api/leads', { params: { pageSize: '100' } })).json()) as AdminLeadList;
  const lead = leads.leads.find((l) => l.id === declined.leadId);
  expect(lead?.howItWent).toBe('Released: the contractor declined it');
  await expect
    .poll(async () => (await outbox(request)).some((m) => m.kind === 'lead-alternatives' && m.to === lead?.email))
    .toBe(true);
  await expect
    .poll(async () =>
      (await outbox(request)).some(
        (m) => m.kind === 'lead-released' && m.to === c.email && m.text.includes('Nothing was charged'),
      ),
    )
    .toBe(true);

  // Released elsewhere while its card is on screen: the server's 409 in a toast, and the list read again.
  const other = page.getByTestId('lead-card').filter({ hasText: 'Kitchen Remodeling' });
  await expect(other).toBeVisible();
  const elsewhere = await page.request.post(`/api/contractor/leads/${stale.id}/decline`);
  expect(elsewhere.status(), await elsewhere.text()).toBe(204);
  await other.getByRole('button', { name: 'Decline', exact: true }).click();
  await dialog.getByRole('button', { name: 'Decline lead' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Lead Not Declined' })).toContainText(
    'This lead was already released',
  );
  await expect(other).toHaveCount(0);
});
