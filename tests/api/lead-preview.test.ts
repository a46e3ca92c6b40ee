import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalLead } from '@shared/schemas/portal';
import { contractorBilling, outboxEmails } from '../../server/db/schema';
import { adminClient, contractorClient } from '../support/admin-session';
import { createContractor } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A lead awaiting payment shows no way to reach the customer anywhere: the portal's API, the
 * buy-lead page's data and the delivery email (issue 11.1). Paid, it shows everything.
 */

const SPELLINGS = ['570-555-0123', '(570) 555 0123', '5705550123', 'pat at example dot com', 'pat.owner@example.com'];
const DETAILS = `Please call ${SPELLINGS[0]} or ${SPELLINGS[1]} or ${SPELLINGS[2]}, or write to ${SPELLINGS[3]} / ${SPELLINGS[4]}. New metal roof on a two-storey farmhouse.`;
const LOCATION = 'Dushore, PA - text 570.555.0199';

let app: TestApp;
let admin: TestClient;
let contractor: { id: number; client: TestClient };

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
  const { id } = await createContractor(app.ctx.db, { services: ['roofing'], homeTown: 'dushore' });
  contractor = { id, client: await contractorClient(app, id) };
});
afterAll(() => app?.close());

function expectNoContact(text: string) {
  for (const s of [...SPELLINGS, '570.555.0199', '555', 'example']) expect(text, `"${s}" leaked`).not.toContain(s);
}

async function awaitingLead() {
  await app.ctx.db
    .update(contractorBilling)
    .set({ monthlyLeadsUsed: 100, creditsPeriodStart: new Date() })
    .where(eq(contractorBilling.contractorId, contractor.id));
  const lead = await app.client().post('/api/leads', {
    name: 'Pat pat@example.com',
    email: 'pat.owner@example.com',
    phone: '(570) 555-0123',
    serviceNeeded: 'Roofing & Siding',
    location: LOCATION,
    projectDetails: DETAILS,
    budgetRange: '$10,000 - $25,000',
    contractorId: contractor.id,
  });
  expect(lead.status, lead.text).toBe(201);
  const delivery = await admin.post('/api/lead-deliveries', { leadId: lead.body.id, contractorId: contractor.id });
  expect(delivery.status, delivery.text).toBe(201);
  expect(delivery.body.paymentState).toBe('awaiting_payment');
  return { leadId: lead.body.id as number, deliveryId: delivery.body.id as number };
}

const portalLead = async (deliveryId: number) =>
  ((await contractor.client.get<PortalLead[]>('/api/contractor/leads')).body ?? []).find(
    (l) => l.deliveryId === deliveryId,
  )!;

describe('a lead awaiting payment', () => {
  it('hides contact details in the portal API, the buy-lead data and the delivery email', async () => {
    const { leadId, deliveryId } = await awaitingLead();

    const shown = await portalLead(deliveryId);
    expect(shown.customer).toBeNull();
    expect(shown.projectDetails).toContain('New metal roof on a two-storey farmhouse.');
    expect(shown.projectDetails).toContain('[contact hidden]');
    expectNoContact(JSON.stringify(shown));

    const purchase = await app
      .client()
      .post('/api/stripe/create-payment-intent', { leadId, contractorId: contractor.id });
    expect(purchase.status, purchase.text).toBe(200);
    expectNoContact(JSON.stringify(purchase.body.leadDetails));

    const [email] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'lead-delivered')))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    expect(email!.textBody).toContain('Buy this lead');
    expectNoContact(email!.textBody);
  });

  it('shows everything once paid', async () => {
    const { deliveryId } = await awaitingLead();
    expect((await admin.post(`/api/lead-deliveries/${deliveryId}/pay`)).status).toBe(200);
    const shown = await portalLead(deliveryId);
    expect(shown.projectDetails).toBe(DETAILS);
    expect(shown.location).toBe(LOCATION);
    expect(shown.customer).toEqual({
      name: 'Pat pat@example.com',
      email: 'pat.owner@example.com',
      phone: '(570) 555-0123',
    });
  });
});
