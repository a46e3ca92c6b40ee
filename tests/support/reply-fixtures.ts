import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { leadDeliveries } from '../../server/db/schema';
import type { TestClient } from './http-client';
import type { TestApp } from './test-app';

let n = 0;

/**
 * A homeowner's quote request to `contractorId`, delivered by the administrator (`admin`) with one
 * of the contractor's plan credits, and recorded as credited at `creditedIso`: how the reply tests
 * place a lead in the day (docs/decisions/0128-request-page-and-replies.md). Answers the lead and
 * its delivery.
 */
export async function creditedLead(
  app: TestApp,
  admin: TestClient,
  contractorId: number,
  creditedIso: string,
): Promise<{ leadId: number; deliveryId: number }> {
  const res = await app.client().post('/api/leads', {
    name: 'Riley Waiting',
    email: `credited-${++n}-${Date.now()}@example.com`,
    phone: '(570) 555-0155',
    serviceNeeded: 'Roofing',
    location: 'Laporte, PA',
    projectDetails: 'Gutters pulled off by ice.',
    contractorId,
  });
  expect(res.status, res.text).toBe(201);
  await app.ctx.jobs.runPending();
  const delivered = await admin.post('/api/lead-deliveries', { leadId: res.body.id, contractorId });
  expect(delivered.status, delivered.text).toBe(201);
  await app.ctx.db
    .update(leadDeliveries)
    .set({ paymentState: 'credited', creditedAt: new Date(creditedIso) })
    .where(eq(leadDeliveries.id, delivered.body.id));
  return { leadId: res.body.id as number, deliveryId: delivered.body.id as number };
}

/** The app's clock held at a moment (`at`), and given back (`reset`, for a beforeEach). */
export function heldClock(app: TestApp) {
  const real = app.ctx.clock.now;
  return {
    at(iso: string) {
      const at = new Date(iso);
      app.ctx.clock.now = () => at;
    },
    reset() {
      app.ctx.clock.now = real;
    },
  };
}
