import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '@shared/forms';
import { leads, outboxEmails, pricingRules, towns } from '../../server/db/schema';
import { createContractor } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let contractorId: number;
let contractorName: string;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  ({ id: contractorId, name: contractorName } = await createContractor(app.ctx.db));
});
afterAll(() => app?.close());

const quote = (over: Record<string, unknown> = {}) => ({
  name: 'Dana Homeowner',
  email: 'dana@example.com',
  phone: '(570) 555-0199',
  serviceNeeded: 'Kitchen Remodeling',
  location: 'Laporte, PA',
  projectDetails: 'Replace cabinets and counters in a 1970s kitchen.',
  budgetRange: '$25,000 - $50,000',
  contractorId,
  ...over,
});

const latestLead = async () => (await app.ctx.db.select().from(leads).orderBy(desc(leads.id)).limit(1))[0];

describe('POST /api/leads', () => {
  it('creates a new lead for the requested contractor, priced by the rules', async () => {
    const res = await app.client().post('/api/leads', quote());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'new' });
    const lead = await latestLead();
    const [laporte] = await app.ctx.db.select().from(towns).where(eq(towns.slug, 'laporte'));
    expect(lead).toMatchObject({
      id: res.body.id,
      status: 'new',
      requestedContractorId: contractorId,
      serviceNeeded: 'Kitchen Remodeling',
      serviceSlugs: ['kitchen-bath'],
      townId: laporte!.id,
      leadPriceCents: 2500,
      budgetRange: '$25,000 - $50,000',
    });
  });

  it('uses the winning pricing rule for that contractor at creation', async () => {
    const [rule] = await app.ctx.db
      .insert(pricingRules)
      .values({ ruleType: 'service', ruleValue: 'kitchen-bath', leadPriceCents: 4200, priority: 5 })
      .returning();
    const [contractorRule] = await app.ctx.db
      .insert(pricingRules)
      .values({ ruleType: 'contractor', ruleValue: String(contractorId), leadPriceCents: 3100, priority: 5 })
      .returning();
    expect((await app.client().post('/api/leads', quote())).status).toBe(201);
    // Same priority: the contractor rule is more specific than the service rule.
    expect((await latestLead())!.leadPriceCents).toBe(3100);
    expect((await app.client().post('/api/leads', quote({ serviceNeeded: 'Flooring Installation' }))).status).toBe(201);
    expect((await latestLead())!.leadPriceCents).toBe(3100);
    await app.ctx.db.delete(pricingRules).where(eq(pricingRules.id, contractorRule!.id));
    expect((await app.client().post('/api/leads', quote())).status).toBe(201);
    expect((await latestLead())!.leadPriceCents).toBe(4200);
    await app.ctx.db.delete(pricingRules).where(eq(pricingRules.id, rule!.id));
  });

  it('tells the administrator about the new lead', async () => {
    await app.client().post('/api/leads', quote({ serviceNeeded: 'Electrical Work & Wiring' }));
    const [mail] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'lead-notice'))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    expect(mail!.subject).toBe(`New quote request for ${contractorName}: Electrical Work & Wiring`);
    expect(mail!.textBody).toContain('/admin/leads');
  });

  it("gives each field the spec's message", async () => {
    const res = await app
      .client()
      .post(
        '/api/leads',
        quote({ name: 'D', email: 'nope', phone: '555', serviceNeeded: '', location: 'L', projectDetails: 'short' }),
      );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Invalid email address',
      phone: 'Please enter a valid phone number',
      serviceNeeded: 'Please select a service',
      location: 'Please enter your location',
      projectDetails: 'Please provide more details about your project',
    });
  });

  it('accepts a missing budget and refuses an unknown service or budget', async () => {
    expect((await app.client().post('/api/leads', quote({ budgetRange: undefined }))).status).toBe(201);
    expect((await app.client().post('/api/leads', quote({ budgetRange: '' }))).status).toBe(201);
    expect(
      (await app.client().post('/api/leads', quote({ serviceNeeded: 'Moon landing' }))).body.errors.serviceNeeded,
    ).toBe('Please select a service');
    expect((await app.client().post('/api/leads', quote({ budgetRange: 'a million' }))).status).toBe(400);
  });

  it('refuses unknown, hidden and pending contractors', async () => {
    const before = (await app.ctx.db.select().from(leads)).length;
    expect((await app.client().post('/api/leads', quote({ contractorId: 999999 }))).status).toBe(404);
    const pending = await createContractor(app.ctx.db, { approvalStatus: 'pending', isVisible: false });
    expect((await app.client().post('/api/leads', quote({ contractorId: pending.id }))).status).toBe(404);
    const hidden = await createContractor(app.ctx.db, { isVisible: false });
    const res = await app.client().post('/api/leads', quote({ contractorId: hidden.id }));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This contractor is not available for quote requests');
    expect((await app.client().post('/api/leads', quote({ contractorId: 'abc' }))).status).toBe(400);
    expect((await app.ctx.db.select().from(leads)).length).toBe(before);
  });

  it('drops bots that fill the hidden field: success answer, nothing stored', async () => {
    const before = (await app.ctx.db.select().from(leads)).length;
    const res = await app.client().post('/api/leads', quote({ [HONEYPOT_FIELD]: 'http://spam.example' }));
    expect(res.status).toBe(200);
    expect((await app.ctx.db.select().from(leads)).length).toBe(before);
  });
});

describe('rate limit', () => {
  it('answers 429 with a message after 10 requests an hour from one address', async () => {
    const limited = await startTestApp();
    try {
      const client = limited.client();
      const { id } = await createContractor(limited.ctx.db);
      for (let i = 0; i < 10; i++)
        expect((await client.post('/api/leads', quote({ contractorId: id }))).status).toBe(201);
      const res = await client.post('/api/leads', quote({ contractorId: id }));
      expect(res.status).toBe(429);
      expect(res.body.message).toBe('Too many quote requests from your network. Please try again later.');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
