import { and, eq, getTableColumns } from 'drizzle-orm';
import { expect } from 'vitest';
import { contractorBilling, contractors, leadDeliveries, outboxEmails } from '../../server/db/schema';
import type { TestClient } from './http-client';
import type { TestApp } from './test-app';

/** Leads and deliveries awaiting payment, for the payment tests. */

export const CUSTOMER = { name: 'Dana Homeowner', email: 'dana.pay@example.com', phone: '(570) 555-0142' };

export async function newLead(app: TestApp, contractorId: number): Promise<number> {
  const res = await app.client().post('/api/leads', {
    ...CUSTOMER,
    serviceNeeded: 'Kitchen Remodeling',
    location: 'Laporte, PA',
    projectDetails: 'Replace cabinets and counters in a 1970s kitchen.',
    budgetRange: '$25,000 - $50,000',
    contractorId,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** A lead delivered to a contractor with no plan credits left, so it awaits payment. */
export async function awaitingDelivery(
  app: TestApp,
  admin: TestClient,
  contractorId: number,
): Promise<{ leadId: number; deliveryId: number }> {
  await app.ctx.db
    .update(contractorBilling)
    .set({ monthlyLeadsUsed: 100, creditsPeriodStart: new Date() })
    .where(eq(contractorBilling.contractorId, contractorId));
  const leadId = await newLead(app, contractorId);
  const res = await admin.post('/api/lead-deliveries', { leadId, contractorId });
  expect(res.status, res.text).toBe(201);
  expect(res.body.paymentState).toBe('awaiting_payment');
  return { leadId, deliveryId: res.body.id };
}

export async function deliveryRow(app: TestApp, id: number) {
  const [row] = await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.id, id));
  return row!;
}

/** A contractor's billing row, with the featured placement its plan gives the listing. */
export async function billingRow(app: TestApp, id: number) {
  const [row] = await app.ctx.db
    .select({ ...getTableColumns(contractorBilling), isFeatured: contractors.isFeatured })
    .from(contractorBilling)
    .innerJoin(contractors, eq(contractors.id, contractorBilling.contractorId))
    .where(eq(contractorBilling.contractorId, id));
  return row!;
}

/** Receipts sent to an address (the outbox keeps every email in tests). */
export async function receiptsTo(app: TestApp, to: string) {
  return app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, 'payment-receipt')));
}

/** The portal's view of one delivery: customer is null until the lead is paid for. */
export async function portalLead(client: TestClient, deliveryId: number) {
  const res = await client.get('/api/contractor/leads');
  expect(res.status).toBe(200);
  return (res.body as { deliveryId: number; customer: unknown; paymentState: string }[]).find(
    (l) => l.deliveryId === deliveryId,
  )!;
}
