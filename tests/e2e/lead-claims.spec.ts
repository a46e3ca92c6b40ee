import { expect, test, type APIRequestContext } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { deliveredLead } from './fixtures/leads';
import type { OutboxMessage, Paged } from '../../shared/schemas/admin';
import { open, expectNoAxeViolations, openSection } from './helpers';

/**
 * The lead guarantee in the browser (docs/decisions/0046-lead-guarantee.md), on the demo payment
 * provider: a contractor reports a bought lead and a credited one as bad from the portal, the
 * administrator approves both on the Claims page, and the portal shows the card refund and the credit
 * given back. The desktop and phone projects share one database, so the test makes its own contractor.
 */

const PASSWORD = 'claims-good-password';

async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  return (
    (await (await request.get('/api/admin/outbox', { params: { pageSize: '100' } })).json()) as Paged<OutboxMessage>
  ).items;
}

test('a contractor claims a bad lead and gets a card refund, and a claimed credited lead gives the credit back', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Claim Test Builders', {
    emailPrefix: 'claims',
    password: PASSWORD,
    services: ['General Contracting', 'Electrical'],
  });
  const credited = await deliveredLead(request, c.id, { service: 'Roofing & Siding', location: 'Forksville, PA' });
  await deliveredLead(request, c.id, { service: 'Flooring Installation', location: 'Forksville, PA' });
  const bought = await deliveredLead(request, c.id, {
    service: 'Electrical Work & Wiring',
    location: 'Forksville, PA',
  });
  expect([credited.paymentState, bought.paymentState]).toEqual(['credited', 'awaiting_payment']);

  // The contractor buys the third lead with the demo card form.
  await open(page, '/contractor/login');
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${c.name}` })).toBeVisible();
  await open(page, `/buy-lead?leadId=${bought.leadId}&contractorId=${c.id}`);
  await page.getByRole('button', { name: `Pay $${bought.price}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await page.getByRole('link', { name: 'View My Leads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Leads' })).toBeVisible();

  // It turns out to be a wrong number: reported from the lead's card.
  const paidCard = page.getByTestId('lead-card').filter({ hasText: 'Electrical Work & Wiring' });
  await expect(paidCard).toContainText('You can report it until');
  await paidCard.getByRole('button', { name: 'Report a bad lead' }).click();
  let dialog = page.getByRole('dialog', { name: 'Report a bad lead' });
  await expectNoAxeViolations(page);
  await dialog.getByRole('radio', { name: 'Wrong or disconnected number' }).check();
  await dialog.getByLabel('Details (optional)').fill('The number says it is not in service.');
  await dialog.getByRole('button', { name: 'Send claim' }).click();
  await expect(page.getByTestId('toast')).toContainText('Claim Sent');
  await expect(dialog).toBeHidden();
  await expect(paidCard.getByTestId('lead-claim')).toContainText('Claim under review');
  await expect(paidCard.getByTestId('lead-claim')).toContainText('Wrong or disconnected number');
  await expect(paidCard.getByRole('button', { name: 'Report a bad lead' })).toHaveCount(0);

  // The credited one was not a real request; 'Other' needs a word of explanation.
  const creditCard = page.getByTestId('lead-card').filter({ hasText: 'Roofing & Siding' });
  await creditCard.getByRole('button', { name: 'Report a bad lead' }).click();
  dialog = page.getByRole('dialog', { name: 'Report a bad lead' });
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByRole('button', { name: 'Send claim' }).click();
  await expect(dialog.getByText('Say what was wrong with this lead')).toBeVisible();
  await dialog.getByLabel('Details').fill('A neighbour sent it as a joke.');
  await dialog.getByRole('button', { name: 'Send claim' }).click();
  await expect(dialog).toBeHidden();
  await expect(creditCard.getByTestId('lead-claim')).toContainText('Claim under review');

  // The administrator approves both on the Claims page (in a browser of their own).
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const adminContext = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  const admin = await adminContext.newPage();
  const adminErrors: string[] = [];
  admin.on('pageerror', (e) => adminErrors.push(e.message));
  await signInAdmin(adminContext.request);
  await open(admin, '/admin/claims');
  await expect(admin.getByRole('heading', { level: 1, name: 'Lead Claims' })).toBeVisible();
  const rows = admin.getByTestId('claim-row').filter({ hasText: c.name });
  await expect(rows).toHaveCount(2);
  const cardRow = rows.filter({ hasText: 'Wrong or disconnected number' });
  await expect(cardRow).toContainText('The number says it is not in service.');
  // The homeowner's follow-up (FOLLOW_UP_DELAY decides whether it went out yet) is not answered.
  await expect(cardRow.getByTestId('claim-follow-up')).toHaveText(
    /^(Follow-up not sent yet|Asked \d+\/\d+\/\d+, no answer yet)$/,
  );
  await expectNoAxeViolations(admin);
  await cardRow.getByRole('button', { name: /^Approve the claim/ }).click();
  const decision = admin.getByRole('dialog', { name: 'Approve Claim' });
  await expect(decision).toContainText(`$${bought.price} is refunded to ${c.name}'s card`);
  await decision.getByRole('button', { name: 'Approve Claim' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Claim Approved');

  const creditRow = admin
    .getByTestId('claim-row')
    .filter({ hasText: c.name })
    .filter({ hasText: 'A neighbour sent it as a joke.' });
  await creditRow.getByRole('button', { name: /^Approve the claim/ }).click();
  await admin
    .getByRole('dialog', { name: 'Approve Claim' })
    .getByLabel('Note (optional)')
    .fill('The homeowner confirmed it.');
  await admin.getByRole('dialog', { name: 'Approve Claim' }).getByRole('button', { name: 'Approve Claim' }).click();
  await expect(admin.getByTestId('claim-row').filter({ hasText: c.name })).toHaveCount(0);
  await admin.getByRole('tab', { name: /^Approved/ }).click();
  // The refund job asks the demo provider, which confirms it like Stripe's charge.refunded.
  await expect(async () => {
    await admin.reload();
    await admin.waitForSelector('#root[data-hydrated]', { state: 'attached' });
    await admin.getByRole('tab', { name: /^Approved/ }).click();
    await expect(
      admin.getByTestId('claim-row').filter({ hasText: c.name }).filter({ hasText: 'Wrong or disconnected number' }),
    ).toContainText('refunded to the card', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  expect(adminErrors).toEqual([]);
  await adminContext.close();

  // Back in the portal: the card payment is refunded, the credit is back and does not expire.
  await page.reload();
  await expect(paidCard.getByTestId('lead-claim')).toContainText('Claim approved');
  await expect(paidCard.getByTestId('lead-refund')).toContainText(`$${bought.price} was refunded to your card`);
  await expect(creditCard.getByTestId('lead-claim')).toContainText('1 lead credit was returned as a bonus credit');
  await expect(creditCard.getByTestId('lead-claim')).toContainText(
    'Note from the administrator: The homeowner confirmed it.',
  );
  await expectNoAxeViolations(page);
  await openSection(page, 'Dashboard', `Welcome, ${c.name}`);
  await expect(page.getByTestId('bonus-credits')).toHaveText('+ 1 bonus credit, never expiring');

  const decisions = (await outbox(request)).filter((m) => m.kind === 'claim-decision' && m.to === c.email);
  expect(decisions.map((m) => m.subject).sort()).toEqual([
    'Claim approved: Electrical Work & Wiring in Forksville, PA',
    'Claim approved: Roofing & Siding in Forksville, PA',
  ]);
});

test('the administrator cancels a paid delivery: the card is refunded and the lead can be delivered again', async ({
  page,
  request,
}) => {
  test.slow();
  await signInAdmin(request);
  const c = await approvedBusiness(request, 'Claim Test Builders', {
    emailPrefix: 'claims',
    password: PASSWORD,
    services: ['General Contracting', 'Electrical'],
  });
  await deliveredLead(request, c.id, { service: 'Roofing & Siding', location: 'Forksville, PA' });
  await deliveredLead(request, c.id, { service: 'Flooring Installation', location: 'Forksville, PA' });
  const bought = await deliveredLead(request, c.id, {
    service: 'Electrical Work & Wiring',
    location: 'Forksville, PA',
  });
  const intent = await request.post('/api/stripe/create-payment-intent', {
    data: { leadId: bought.leadId, contractorId: c.id },
  });
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  expect(
    (await request.post(`/api/demo-payments/${paymentIntentId}/confirm`, { data: { outcome: 'succeed' } })).ok(),
  ).toBe(true);
  const customer = (
    (await (await request.get('/api/leads', { params: { pageSize: '100' } })).json()) as {
      leads: { id: number; name: string }[];
    }
  ).leads.find((l) => l.id === bought.leadId)!.name;

  await signInAdmin(page.context().request);
  await open(page, '/admin/leads');
  const row = page.getByTestId('admin-lead-row').filter({ hasText: customer });
  await expect(row).toContainText('Paid');
  await row.getByRole('button', { name: `Cancel the delivery of the lead from ${customer} to ${c.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Delivery' });
  await expect(dialog).toContainText(`The $${bought.price} ${c.name} paid is refunded`);
  await dialog.getByRole('button', { name: 'Cancel Delivery' }).click();
  await expect(page.getByTestId('toast')).toContainText('Delivery Cancelled');
  await expect(row.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();

  await expect
    .poll(
      async () => (await outbox(request)).find((m) => m.kind === 'delivery-cancelled' && m.to === c.email)?.text ?? '',
    )
    .toContain(`We are refunding the $${bought.price} you paid to your card.`);
});
