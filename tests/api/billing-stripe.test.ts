import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorAccounts } from '../../server/db/schema';
import { contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { startTestApp, type TestApp } from '../support/test-app';

/** Self-service billing on Stripe, through the real SDK against the stand-in (docs/decisions/0113-self-service-billing.md). */

let app: TestApp;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn('whsec_billing');
  app = await startTestApp({ RATE_LIMIT: 'false', ...stripe.appEnv() });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

async function newContractor(): Promise<{ id: number; client: TestClient; email: string }> {
  const { id } = await createContractor(app.ctx.db);
  const client = await contractorClient(app, id);
  const [account] = await app.ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, id));
  return { id, client, email: account!.email };
}

const checkoutCreates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

describe('starting a subscription twice', () => {
  it('two concurrent starts make one Checkout Session, sent with one idempotency key', async () => {
    const c = await newContractor();
    const before = checkoutCreates().length;
    const answers = await Promise.all([c.client.post('/api/stripe/create-subscription', { planId: 'pro' }), c.client.post('/api/stripe/create-subscription', { planId: 'pro' })]);
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect(answers[0]!.body.subscriptionUrl).toBe(answers[1]!.body.subscriptionUrl);
    const sessions = [...stripe.sessions.values()].filter((s) => s.client_reference_id === String(c.id));
    expect(sessions).toHaveLength(1);
    const keys = checkoutCreates()
      .slice(before)
      .map((r) => r.idempotencyKey);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(new RegExp(`^subscription-checkout-${c.id}-pro-0-[0-9a-f]{16}$`));

    // A later click while it is still open: the same session, not even a new request for one.
    const again = await c.client.post('/api/stripe/create-subscription', { planId: 'pro' });
    expect(again.body.subscriptionUrl).toBe(answers[0]!.body.subscriptionUrl);
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === String(c.id))).toHaveLength(1);

    // Another plan is another checkout.
    const premium = await c.client.post('/api/stripe/create-subscription', { planId: 'premium' });
    expect(premium.body.subscriptionUrl).not.toBe(answers[0]!.body.subscriptionUrl);
  });

  it('a session that expired or completed is not answered again: the next start is a new attempt with a new key', async () => {
    const c = await newContractor();
    const first = await c.client.post('/api/stripe/create-subscription', { planId: 'pro' });
    const session = [...stripe.sessions.values()].find((s) => s.url === first.body.subscriptionUrl)!;
    session.status = 'expired';
    const second = await c.client.post('/api/stripe/create-subscription', { planId: 'pro' });
    expect(second.status, second.text).toBe(200);
    expect(second.body.subscriptionUrl).not.toBe(first.body.subscriptionUrl);
    expect(checkoutCreates().at(-1)!.idempotencyKey).toMatch(new RegExp(`^subscription-checkout-${c.id}-pro-1-`));
  });
});
