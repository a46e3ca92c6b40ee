import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD } from '@shared/forms';
import {
  contractorBilling,
  contractorServiceAreas,
  contractorServices,
  contractors,
  outboxEmails,
  services,
  towns,
} from '../../server/db/schema';
import { credentialsOf } from '../../server/contractors/credentials';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
});
afterAll(() => app?.close());

let seq = 0;
const submission = (overrides: Record<string, unknown> = {}) => ({
  name: `Ridge Top Builders ${++seq}`,
  email: `owner${seq}@ridgetop.example`,
  phone: '(570) 555-0199',
  website: 'https://ridgetop.example',
  address: '12 Main Street',
  city: 'Dushore',
  zip: '18614',
  description: 'Family-run builder of homes and additions since 2001.',
  yearsInBusiness: '23',
  // Registration numbers are unique (docs/decisions/0031-credentials-stored.md): one per submission.
  licenseNumber: `PA${String(123400 + seq).padStart(6, '0')}`,
  insuranceInfo: 'General liability $1M, Keystone Mutual',
  projectGalleryUrl: '',
  services: ['Home Building & New Construction', 'Roofing'],
  ...overrides,
});

const contractorCount = async () => (await app.ctx.db.select({ n: count() }).from(contractors))[0]!.n;

describe('POST /api/contractors/submit', () => {
  it('stores a submission pending and hidden, whatever the body claims', async () => {
    const res = await app.client().post(
      '/api/contractors/submit',
      submission({
        name: 'Loyal Lane Carpentry',
        licenseNumber: 'PA123456',
        registrationVerified: true,
        insuranceVerified: true,
        approvalStatus: 'approved',
        isVisible: true,
        rating: 5,
        reviewCount: 99,
        verified: true,
        isFeatured: true,
        featured: true,
        subscriptionPlan: 'premium',
        state: 'NY',
        priceRange: '$$$$',
        location: 'Albany, NY',
        certifications: ['Best in show'],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      message: 'Submission received',
      certificateUploadToken: expect.any(String),
    });

    const [row] = await app.ctx.db.select().from(contractors).where(eq(contractors.id, res.body.id));
    expect(row).toMatchObject({
      name: 'Loyal Lane Carpentry',
      approvalStatus: 'pending',
      isVisible: false,
      rating: 0,
      reviewCount: 0,
      verified: false,
      isFeatured: false,
      state: 'PA',
      city: 'Dushore',
      yearsInBusiness: 23,
      priceRange: '$$',
      availability: 'Available',
      responseTime: 'Within 24 hours',
      certifications: ['Licensed: PA123456'],
      projectGalleryUrl: null,
    });
    // The number as given, nothing verified; the Free plan.
    expect(await credentialsOf(app.ctx, res.body.id)).toMatchObject({
      registration: { number: 'PA123456', verified: false },
      insurance: { verified: false },
    });
    const [billing] = await app.ctx.db
      .select()
      .from(contractorBilling)
      .where(eq(contractorBilling.contractorId, res.body.id));
    expect(billing).toMatchObject({
      subscriptionPlan: 'free',
      subscriptionStatus: 'none',
      monthlyLeadsUsed: 0,
      bonusCredits: 0,
      stripeCustomerId: null,
    });

    const stored = await app.ctx.db
      .select({ slug: services.slug })
      .from(contractorServices)
      .innerJoin(services, eq(services.id, contractorServices.serviceId))
      .where(eq(contractorServices.contractorId, res.body.id))
      .orderBy(asc(contractorServices.position));
    expect(stored.map((s) => s.slug)).toEqual(['home-building', 'roofing']);

    const [dushore] = await app.ctx.db.select().from(towns).where(eq(towns.slug, 'dushore'));
    expect(row!.homeTownId).toBe(dushore!.id);
    const areas = await app.ctx.db
      .select()
      .from(contractorServiceAreas)
      .where(eq(contractorServiceAreas.contractorId, res.body.id));
    expect(areas.map((a) => a.townId)).toEqual([dushore!.id]);

    // Not listed until approved.
    expect((await app.client().get(`/api/contractors/${res.body.id}`)).status).toBe(404);
  });

  it('keeps a city outside the known towns without a home town', async () => {
    const res = await app.client().post('/api/contractors/submit', submission({ city: 'Williamsport' }));
    expect(res.status).toBe(201);
    const [row] = await app.ctx.db.select().from(contractors).where(eq(contractors.id, res.body.id));
    expect(row!.homeTownId).toBeNull();
    expect(
      await app.ctx.db
        .select()
        .from(contractorServiceAreas)
        .where(eq(contractorServiceAreas.contractorId, res.body.id)),
    ).toEqual([]);
  });

  it('tells the administrator in the outbox', async () => {
    const res = await app
      .client()
      .post('/api/contractors/submit', submission({ name: 'Notice Test Masonry', services: ['Concrete & Masonry'] }));
    expect(res.status).toBe(201);
    const notices = await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'submission-notice'));
    const notice = notices.find((n) => n.subject === 'New business submission: Notice Test Masonry');
    expect(notice).toBeDefined();
    expect(notice!.textBody).toContain('Concrete & Masonry');
    expect(notice!.textBody).toContain('Dushore, PA');
    expect(notice!.textBody).toContain(`${app.url}/admin/contractors`);
  });

  it('names every missing field', async () => {
    const res = await app.client().post('/api/contractors/submit', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.errors).toMatchObject({
      name: 'Business name is required',
      email: 'Email address is required',
      phone: 'Phone number is required',
      address: 'Street address is required',
      city: 'City is required',
      zip: 'ZIP code is required',
      description: 'Business description is required',
      yearsInBusiness: 'Years in business is required',
      licenseNumber: 'License number is required',
      insuranceInfo: 'Insurance information is required',
      services: 'Please select at least one service you provide',
    });
    expect(res.body.errors).not.toHaveProperty('website');
    expect(res.body.errors).not.toHaveProperty('projectGalleryUrl');
  });

  it.each([
    ['services', { services: [] }, 'Please select at least one service you provide'],
    ['services', { services: ['Roofing', 'Underwater Welding'] }, 'Please choose services from the list'],
    ['website', { website: 'not a website' }, 'Please enter a valid website address'],
    ['website', { website: 'javascript:alert(1)' }, 'Please enter a valid website address'],
    [
      'projectGalleryUrl',
      { projectGalleryUrl: 'ftp://files.example.com' },
      'Please enter a valid project gallery address',
    ],
    ['email', { email: 'owner-at-example' }, 'Please enter a valid email address'],
    ['zip', { zip: '1861' }, 'Please enter a valid ZIP code'],
    ['yearsInBusiness', { yearsInBusiness: 'twelve' }, 'Years in business must be a number'],
    ['yearsInBusiness', { yearsInBusiness: 151 }, 'Years in business must be at most 150'],
    ['name', { name: 'x'.repeat(121) }, 'Business name must be at most 120 characters'],
    ['description', { description: 'x'.repeat(2001) }, 'Business description must be at most 2000 characters'],
  ])('refuses a bad %s with 400', async (field, overrides, message) => {
    const before = await contractorCount();
    const res = await app.client().post('/api/contractors/submit', submission(overrides));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    expect(await contractorCount()).toBe(before);
  });

  it('accepts a website typed without its scheme and a numeric years value', async () => {
    const res = await app
      .client()
      .post(
        '/api/contractors/submit',
        submission({ website: 'www.ridgetop.example.com', yearsInBusiness: 7, licenseNumber: 'PA654321' }),
      );
    expect(res.status).toBe(201);
    const [row] = await app.ctx.db.select().from(contractors).where(eq(contractors.id, res.body.id));
    expect(row).toMatchObject({ website: 'https://www.ridgetop.example.com', yearsInBusiness: 7 });
  });

  it('answers a filled honeypot as a success and stores nothing', async () => {
    const before = await contractorCount();
    const res = await app.client().post('/api/contractors/submit', submission({ [HONEYPOT_FIELD]: '555-0100' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), message: 'Submission received' });
    expect(await contractorCount()).toBe(before);
  });
});

describe('submission rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp();
  });
  afterAll(() => limited?.close());

  it('refuses the sixth submission from one address within the hour', async () => {
    const client = limited.client();
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/contractors/submit', submission())).status).toBe(201);
    }
    const res = await client.post('/api/contractors/submit', submission());
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: 'Too many submissions from your network. Please try again later.' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
