import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures/test';
import { signInAdmin } from './fixtures/admin';
import { approvedBusiness } from './fixtures/approved-business';
import { deliveredLead } from './fixtures/leads';
import { open } from './helpers';

/**
 * Self-service billing in the browser (docs/decisions/0113-self-service-billing.md), on the demo
 * provider: the contractor manages the plan on the demo's billing page and sees the payment history;
 * the administrator opens a contractor's billing and downloads the bookkeeper's CSV. Each test makes
 * its own contractor (the desktop and phone runs share one database).
 */

const PASSWORD = 'billing-good-password';

test.describe('billing', () => {
  test('a contractor opens Manage billing, cancels at the end of the period, and sees it in the portal with the payment and its receipt', async ({
    page,
    request,
  }) => {
    test.slow();
    await signInAdmin(request);
    const c = await approvedBusiness(request, 'Billing Ridge Builders', {
      emailPrefix: 'billing',
      password: PASSWORD,
      town: 'Laporte',
    });
    // Signed in in the page's own context, on Pro through the demo checkout (its page has its own test).
    const login = await page.request.post('/api/contractor/login', { data: { email: c.email, password: PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    const started = await page.request.post('/api/stripe/create-subscription', { data: { planId: 'pro' } });
    const sessionId = new URL(((await started.json()) as { subscriptionUrl: string }).subscriptionUrl).searchParams.get(
      'session_id',
    )!;
    expect((await page.request.post(`/api/demo-payments/checkout/${sessionId}/complete`)).status()).toBe(200);

    await open(page, '/contractor?section=subscription');
    const history = page.getByTestId('payment-history');
    await expect(history.getByTestId('payment-entry')).toHaveCount(1);
    await expect(history).toContainText('Plan payment');
    await expect(history).toContainText('$45.00');

    await page.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(/\/demo-billing\?session_id=demo_bps_/);
    const billing = page.getByTestId('demo-billing');
    await expect(billing).toContainText('Demo payments: no card is charged');
    await expect(billing.getByTestId('demo-billing-plan')).toHaveText('Pro plan');
    await expect(billing.getByTestId('demo-billing-renewal')).toContainText('Your plan renews on');
    await billing.getByRole('button', { name: 'Cancel plan' }).click();
    await billing.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(billing.getByTestId('demo-billing-renewal')).toContainText('Your plan will be canceled on');
    await expect(billing.getByRole('button', { name: 'Keep my plan' })).toBeVisible();

    await billing.getByRole('link', { name: 'Return to the portal' }).click();
    await expect(page).toHaveURL(/\/contractor\?section=subscription/);
    await expect(page.getByTestId('subscription-card')).toContainText(
      /Your Pro plan is set to cancel and will end on .+\. After that you move to the Free plan\./,
    );

    // Our printable receipt of the demo payment.
    await page
      .getByTestId('payment-history')
      .getByRole('link', { name: /^Receipt for plan payment/ })
      .click();
    await expect(page).toHaveURL(/\/contractor\/receipts\/plan-\d+$/);
    await expect(page.getByTestId('receipt')).toContainText(c.name);
    await expect(page.getByTestId('receipt-amount')).toHaveText('$45.00');
  });

  test("an administrator opens a contractor's billing and downloads the payments CSV", async ({ page, request }) => {
    test.slow();
    await signInAdmin(request);
    const c = await approvedBusiness(request, 'Ledger Creek Contractors', {
      emailPrefix: 'ledger',
      password: PASSWORD,
      town: 'Laporte',
    });
    const lead = await deliveredLead(request, c.id);
    expect(lead.paymentState).toBe('credited');

    await signInAdmin(page.request);
    await open(page, `/admin/contractors/${c.id}/billing`);
    await expect(page.getByRole('heading', { level: 1, name: `Billing: ${c.name}` })).toBeVisible();
    await expect(page.getByTestId('admin-subscription')).toContainText('1 of 2 used, 1 left');
    await expect(page.getByTestId('payment-history')).toContainText('Lead credit');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Payments CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'date,entry_id,kind,contractor_id,contractor,county,lead_id,description,method,status,amount,currency',
    );
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain(`,credit,${c.id},${c.name},`);
    expect(lines[1]).toContain(`,${lead.leadId},`);
  });
});
