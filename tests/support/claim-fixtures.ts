import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { contractorBilling, leadClaims, leadRefunds, outboxEmails } from '../../server/db/schema';
import type { TestClient } from './http-client';
import { newLead } from './payment-fixtures';
import type { TestApp } from './test-app';

/** Claims, refunds and credits for the lead guarantee tests (docs/decisions/0046-lead-guarantee.md). */

/** A lead delivered to a contractor on Free with its two credits unused and no bonus credits, so it is credited. */
export async function creditedDelivery(
  app: TestApp,
  admin: TestClient,
  contractorId: number,
): Promise<{ leadId: number; deliveryId: number }> {
  await app.ctx.db
    .update(contractorBilling)
    .set({ subscriptionPlan: 'free', monthlyLeadsUsed: 0, bonusCredits: 0, creditsPeriodStart: new Date() })
    .where(eq(contractorBilling.contractorId, contractorId));
  const leadId = await newLead(app, contractorId);
  const res = await admin.post('/api/lead-deliveries', { leadId, contractorId });
  expect(res.status, res.text).toBe(201);
  expect(res.body.paymentState).toBe('credited');
  return { leadId, deliveryId: res.body.id };
}

export const claimLead = (
  client: TestClient,
  deliveryId: number | string,
  body: unknown = { reason: 'wrong_number', details: 'The number is disconnected.' },
) => client.post(`/api/contractor/leads/${deliveryId}/claim`, body);

export async function claimOf(app: TestApp, deliveryId: number) {
  const [row] = await app.ctx.db.select().from(leadClaims).where(eq(leadClaims.deliveryId, deliveryId));
  return row!;
}

/** Files a claim and answers its id. */
export async function openClaim(app: TestApp, client: TestClient, deliveryId: number, body?: unknown): Promise<number> {
  const res = await claimLead(client, deliveryId, body);
  expect(res.status, res.text).toBe(201);
  return (await claimOf(app, deliveryId)).id;
}

export async function refundsOf(app: TestApp, deliveryId: number) {
  return app.ctx.db.select().from(leadRefunds).where(eq(leadRefunds.deliveryId, deliveryId));
}

export async function bonusCredits(app: TestApp, contractorId: number): Promise<number> {
  const [row] = await app.ctx.db
    .select({ n: contractorBilling.bonusCredits })
    .from(contractorBilling)
    .where(eq(contractorBilling.contractorId, contractorId));
  return row!.n;
}

/** Emails of one kind to one address, newest first. */
export async function emailsTo(app: TestApp, to: string, kind: string) {
  return app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, kind)))
    .orderBy(desc(outboxEmails.id));
}
