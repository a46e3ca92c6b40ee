import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPayments } from '../../server/db/schema';
import { contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** Self-service billing on the demo provider (docs/decisions/0113-self-service-billing.md): the same answers as with Stripe, on its own pages. */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => app?.close());

async function newContractor(): Promise<{ id: number; client: TestClient }> {
  const { id } = await createContractor(app.ctx.db);
  return { id, client: await contractorClient(app, id) };
}

const sessionsOf = (contractorId: number) =>
  app.ctx.db
    .select()
    .from(demoPayments)
    .where(and(eq(demoPayments.kind, 'checkout_session'), eq(demoPayments.status, 'open')))
    .then((rows) => rows.filter((r) => r.data.contractorId === String(contractorId)));

describe('demo: starting a subscription twice', () => {
  it('two concurrent starts make one checkout session; after it completes the next start is a new one', async () => {
    const c = await newContractor();
    const answers = await Promise.all([0, 1, 2].map(() => c.client.post('/api/stripe/create-subscription', { planId: 'pro' })));
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect(new Set(answers.map((a) => a.body.subscriptionUrl)).size).toBe(1);
    expect(await sessionsOf(c.id)).toHaveLength(1);

    const sessionId = new URL(answers[0]!.body.subscriptionUrl).searchParams.get('session_id')!;
    expect((await app.client().post(`/api/demo-payments/checkout/${sessionId}/complete`, {})).status).toBe(200);
    const premium = await c.client.post('/api/stripe/create-subscription', { planId: 'premium' });
    expect(premium.status, premium.text).toBe(200);
    expect(premium.body.subscriptionUrl).not.toBe(answers[0]!.body.subscriptionUrl);
  });
});
