import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents } from '@shared/money';
import type { AdminContractor, AdminContractorList } from '@shared/schemas/admin';
import { createClock } from '../../server/clock';
import {
  contractorAccounts,
  contractorBilling,
  contractors,
  leadDeliveries,
  leads,
  outboxEmails,
  sessions,
  setupCodes,
} from '../../server/db/schema';
import { credentialsOf } from '../../server/contractors/credentials';
import { hashPassword } from '../../server/accounts/passwords';
import { SETUP_CODE_TTL_MS } from '../../server/accounts/setup-code';
import { adminClient } from '../support/admin-session';
import { contractorByName } from '../support/fixtures';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const GANSEL = 'Gansel Home Services';
const GANSEL_EMAIL = 'contact@ganselhomeservices.example';
const CODE = /Your setup code: ([A-Z0-9]{12})\n/;
const INVALID = { message: 'Invalid setup token' };
const COMMON_PASSWORD_MESSAGE =
  'This password is too easy to guess: it is one of the most common passwords, or one with only numbers or symbols added. Please choose another.';

let app: TestApp;
let admin: TestClient;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
});
afterAll(() => app?.close());

const idOf = async (name: string) => (await contractorByName(app.ctx.db, name)).id;
const list = async (query = '') => {
  const res = await admin.get<AdminContractorList>(`/api/admin/contractors${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const names = (l: AdminContractorList) => l.contractors.map((c) => c.name);
const mailsTo = (to: string) =>
  app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)).orderBy(asc(outboxEmails.id));
const latestCode = async (to: string) => {
  const mails = await mailsTo(to);
  return CODE.exec(mails.at(-1)!.textBody)![1]!;
};
const approve = (id: number) => admin.patch(`/api/admin/contractors/${id}/approval`, { status: 'approved' });
const reject = (id: number, rejectionReason?: string) =>
  admin.patch(`/api/admin/contractors/${id}/approval`, { status: 'rejected', rejectionReason });
const newCode = (id: number) => admin.post(`/api/admin/contractors/${id}/setup-code`);
const setup = (email: string, token: string, password = 'a-new-password') =>
  app.client().post('/api/contractor/setup', { email, token, password });
const publicIds = async () =>
  ((await app.client().get('/api/contractors?pageSize=48')).body.contractors as { id: number }[]).map((c) => c.id);

async function contractorClient(email: string, password: string): Promise<TestClient> {
  const client = app.client();
  const res = await client.post('/api/contractor/login', { email, password });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: 'Login successful' });
  return client;
}

describe('GET /api/admin/contractors', () => {
  it('is for administrators only', async () => {
    expect((await app.client().get('/api/admin/contractors')).status).toBe(401);
  });

  it('lists everyone with counts: pending first, then by name', async () => {
    const all = await list();
    expect(all.counts).toEqual({ all: 16, pending: 2, approved: 14, rejected: 0 });
    expect(all.contractors).toHaveLength(16);
    expect(all.contractors.slice(0, 2).map((c) => c.approvalStatus)).toEqual(['pending', 'pending']);
    const rest = names(all).slice(2);
    expect(rest).toEqual([...rest].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names(await list('?status=pending')).sort()).toEqual(['Cole Brothers Roofing', GANSEL]);
    expect((await list('?status=rejected')).contractors).toEqual([]);
  });

  it('puts the newest pending contractor first', async () => {
    const cole = await idOf('Cole Brothers Roofing');
    await app.ctx.db
      .update(contractors)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(contractors.id, cole));
    expect(names(await list()).slice(0, 2)).toEqual(['Cole Brothers Roofing', GANSEL]);
    await app.ctx.db
      .update(contractors)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(contractors.id, cole));
    expect(names(await list()).slice(0, 2)).toEqual([GANSEL, 'Cole Brothers Roofing']);
  });

  it("gives each row the admin's fields and figures", async () => {
    const row = (await list('?search=Loyalsock')).contractors[0]!;
    const seeded = await contractorByName(app.ctx.db, 'Loyalsock Creek Builders');
    const { registration, insurance } = await credentialsOf(app.ctx, seeded.id);
    // The sample deliveries behind its sample reviews (server/db/seed/sample-reviews.ts), counted directly.
    const [figures] = await app.ctx.db
      .select({
        live: sql<number>`count(*) filter (where ${leadDeliveries.paymentState} <> 'cancelled')`.mapWith(Number),
        paid: sql<number>`coalesce(sum(${leadDeliveries.priceCents}) filter (where ${leadDeliveries.paymentState} = 'paid'), 0)`.mapWith(
          Number,
        ),
      })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.contractorId, seeded.id));
    expect(figures!.live).toBe(seeded.reviewCount);
    expect(row).toEqual({
      id: seeded.id,
      name: 'Loyalsock Creek Builders',
      licenseNumber: registration.number,
      location: 'Laporte, PA',
      services: [
        'General Contracting',
        'Home Building & New Construction',
        'Kitchen & Bath Remodeling',
        'Additions & Extensions',
        'Basement Finishing',
      ],
      rating: seeded.rating,
      reviewCount: seeded.reviewCount,
      approvalStatus: 'approved',
      rejectionReason: null,
      isVisible: true,
      insuranceInfo: seeded.insuranceInfo,
      verified: seeded.verified,
      // Seeded before verifications were recorded.
      verifiedAt: null,
      verifiedBy: null,
      registrationVerified: registration.verified,
      registrationExpiresOn: registration.expiresOn,
      insuranceVerified: insurance.verified,
      insuranceExpiresOn: insurance.expiresOn,
      insurer: insurance.insurer,
      insurancePolicyNumber: insurance.number,
      lapsed: false,
      email: seeded.email,
      phone: seeded.phone,
      createdAt: seeded.createdAt.toISOString(),
      account: null,
      subscriptionPlan: 'free',
      subscriptionStatus: 'none',
      creditsUsed: 0,
      creditsTotal: 2,
      deliveries: figures!.live,
      paidTotal: centsToDecimal(figures!.paid),
    });
  });

  it('counts live deliveries and sums the paid ones', async () => {
    const id = await idOf('Kraus Electric');
    const before = (await list('?search=Kraus')).contractors[0]!;
    await app.ctx.db
      .update(contractorBilling)
      .set({ subscriptionPlan: 'pro', subscriptionStatus: 'active', monthlyLeadsUsed: 3 })
      .where(eq(contractorBilling.contractorId, id));
    const made = await app.ctx.db
      .insert(leads)
      .values(
        ['paid', 'paid', 'credited', 'cancelled', 'awaiting_payment'].map((_, i) => ({
          name: `Lead ${i}`,
          email: 'l@example.com',
          phone: '5705550100',
          serviceNeeded: 'Electrical',
          location: 'Dushore',
          projectDetails: 'Rewire the barn and the house.',
          leadPriceCents: 2500,
        })),
      )
      .returning({ id: leads.id });
    const states = ['paid', 'paid', 'credited', 'cancelled', 'awaiting_payment'] as const;
    const prices = [2500, 3175, 2500, 9900, 2500];
    await app.ctx.db.insert(leadDeliveries).values(
      states.map((paymentState, i) => ({
        leadId: made[i]!.id,
        contractorId: id,
        priceCents: prices[i]!,
        paymentState,
      })),
    );
    const row = (await list('?search=Kraus')).contractors[0]!;
    // Added to the sample deliveries it had already.
    expect(row).toMatchObject({
      subscriptionPlan: 'pro',
      subscriptionStatus: 'active',
      creditsUsed: 3,
      creditsTotal: 9,
      deliveries: before.deliveries + 4,
      paidTotal: centsToDecimal(decimalToCents(before.paidTotal)! + 5675),
    });
  });

  it('searches name, town and service, case-insensitively, with counts that follow', async () => {
    expect(names(await list('?search=loyalSOCK'))).toEqual(['Loyalsock Creek Builders']);
    expect(names(await list('?search=laporte'))).toEqual(['Loyalsock Creek Builders', 'Vandine Mechanical']);
    expect(names(await list('?search=Laporte%2C%20PA'))).toEqual(['Loyalsock Creek Builders', 'Vandine Mechanical']);
    expect(names(await list('?search=electrical'))).toEqual(['Kraus Electric', 'Tomczak Electrical Services']);
    expect(names(await list(`?search=${encodeURIComponent('kitchen & bath')}`))).toEqual([
      'Loyalsock Creek Builders',
      'Yoder Floor & Cabinet',
    ]);
    const roof = await list('?search=roof');
    expect(roof.counts).toEqual({ all: 4, pending: 1, approved: 3, rejected: 0 });
    // 'Waterproofing' in a name matches too.
    expect(names(roof)).toEqual([
      'Cole Brothers Roofing',
      'Endless Mountains Roofing',
      'Muncy Creek Custom Homes',
      'Ridgeline Basement & Waterproofing',
    ]);
    const pendingRoof = await list('?search=roof&status=pending');
    expect(names(pendingRoof)).toEqual(['Cole Brothers Roofing']);
    expect(pendingRoof.counts).toEqual(roof.counts);
  });

  it('takes % and _ literally', async () => {
    for (const s of ['%', '_', '\\']) {
      const res = await list(`?search=${encodeURIComponent(s)}`);
      expect(res.contractors).toEqual([]);
      expect(res.counts.all).toBe(0);
    }
  });

  it('refuses a bad status', async () => {
    const res = await admin.get('/api/admin/contractors?status=archived');
    expect(res.status).toBe(400);
    expect(res.body.errors.status).toBe('status must be all, pending, approved or rejected');
  });
});

describe('approval, accounts and setup codes', () => {
  let gansel: number;
  beforeAll(async () => {
    gansel = await idOf(GANSEL);
  });

  it('is for administrators only', async () => {
    expect((await app.client().patch(`/api/admin/contractors/${gansel}/approval`, { status: 'approved' })).status).toBe(
      401,
    );
    expect((await app.client().post(`/api/admin/contractors/${gansel}/setup-code`)).status).toBe(401);
    expect((await app.client().patch(`/api/admin/contractors/${gansel}/visibility`, { isVisible: true })).status).toBe(
      401,
    );
    expect((await contractorByName(app.ctx.db, GANSEL)).approvalStatus).toBe('pending');
  });

  it('answers 404 for an unknown contractor and 400 for a bad id or status', async () => {
    expect((await approve(999999)).status).toBe(404);
    expect((await newCode(999999)).status).toBe(404);
    expect((await admin.patch('/api/admin/contractors/abc/approval', { status: 'approved' })).status).toBe(400);
    expect((await admin.patch(`/api/admin/contractors/${gansel}/approval`, { status: 'pending' })).status).toBe(400);
  });

  it('approves a pending contractor: listed, an account without a password, one welcome email', async () => {
    expect(await publicIds()).not.toContain(gansel);
    const res = await approve(gansel);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: gansel,
      approvalStatus: 'approved',
      isVisible: true,
      rejectionReason: null,
      account: { email: GANSEL_EMAIL, setupComplete: false },
    });

    const mails = await mailsTo(GANSEL_EMAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'welcome',
      subject: 'Welcome to Sullivan County Contractors: your setup code',
    });
    expect(mails[0]!.textBody).toMatch(CODE);
    expect(mails[0]!.textBody).toContain(`${app.url}/contractor/login`);
    expect(mails[0]!.textBody).toContain("'First-time setup'");
    expect(mails[0]!.textBody).toMatch(/expires on [A-Z][a-z]+ \d{1,2}, \d{4}/);

    const [account] = await app.ctx.db
      .select()
      .from(contractorAccounts)
      .where(eq(contractorAccounts.contractorId, gansel));
    expect(account).toMatchObject({ email: GANSEL_EMAIL, passwordHash: null });
    const [code] = await app.ctx.db.select().from(setupCodes).where(eq(setupCodes.accountId, account!.id));
    // Only the hash is kept, valid for 7 days.
    expect(code!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mails[0]!.textBody).not.toContain(code!.codeHash);
    expect(Math.abs(code!.expiresAt.getTime() - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);

    expect(await publicIds()).toContain(gansel);
    expect((await app.client().get(`/api/contractors/${gansel}`)).status).toBe(200);
  });

  it('approving again changes nothing and sends nothing', async () => {
    const res = await approve(gansel);
    expect(res.status).toBe(200);
    expect(res.body.approvalStatus).toBe('approved');
    expect(await mailsTo(GANSEL_EMAIL)).toHaveLength(1);
    expect(
      await app.ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, gansel)),
    ).toHaveLength(1);
  });

  it("says 'setup required' before the password is chosen", async () => {
    const res = await app.client().post('/api/contractor/login', { email: GANSEL_EMAIL, password: 'anything-at-all' });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('setup required');
  });

  it('refuses a wrong code the same way for a known and an unknown address', async () => {
    const known = await setup(GANSEL_EMAIL, 'ABCDEFGHJKLM');
    const unknownEmail = await setup('nobody@example.com', await latestCode(GANSEL_EMAIL));
    for (const res of [known, unknownEmail]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual(INVALID);
    }
  });

  it('validates the setup fields', async () => {
    const res = await app
      .client()
      .post('/api/contractor/setup', { email: 'not-an-email', token: 'SHORT', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      email: 'Please enter a valid email address',
      token: 'Setup code must be 12 characters',
      password: 'Password must be at least 12 characters',
    });
  });

  it('refuses a password shorter than 12 characters or one of the most common, saying why, and keeps the code', async () => {
    const code = await latestCode(GANSEL_EMAIL);
    const short = await setup(GANSEL_EMAIL, code, 'eleven-char');
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ password: 'Password must be at least 12 characters' });
    for (const common of ['qwerty123456', '1qaz2wsx3edc', 'Password1234', 'iloveyou2024!', '!!dragon123456']) {
      const res = await setup(GANSEL_EMAIL, code, common);
      expect(res.status, common).toBe(400);
      expect(res.body).toEqual({ message: COMMON_PASSWORD_MESSAGE, errors: { password: COMMON_PASSWORD_MESSAGE } });
    }
    // Nothing was used up: the code still sets a good password (the next test does).
    const [account] = await app.ctx.db
      .select()
      .from(contractorAccounts)
      .where(eq(contractorAccounts.contractorId, gansel));
    expect(account!.passwordHash).toBeNull();
  });

  it('sets the password with the code once (lower case and any address case will do), then signs in', async () => {
    const code = await latestCode(GANSEL_EMAIL);
    const first = await setup(GANSEL_EMAIL.toUpperCase(), ` ${code.toLowerCase()} `, 'gansel-password');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Setup complete' });
    expect(first.headers.get('set-cookie')).toBeNull();
    expect((await setup(GANSEL_EMAIL, code, 'another-password')).body).toEqual(INVALID);

    expect(
      (await app.client().post('/api/contractor/login', { email: GANSEL_EMAIL, password: 'wrong-password' })).body,
    ).toEqual({ message: 'Invalid credentials' });
    const client = await contractorClient('Contact@GanselHomeServices.example', 'gansel-password');
    expect((await client.get('/api/admin/check')).body).toEqual({ authenticated: false });
    expect((await client.get('/api/admin/contractors')).status).toBe(403);
    const [account] = await app.ctx.db
      .select()
      .from(contractorAccounts)
      .where(eq(contractorAccounts.contractorId, gansel));
    expect(account!.lastLoginAt).not.toBeNull();
    expect((await list('?search=gansel')).contractors[0]!.account).toEqual({
      email: GANSEL_EMAIL,
      setupComplete: true,
    });
  });

  it('lets only one of two parallel uses of a code succeed', async () => {
    expect((await newCode(gansel)).status).toBe(200);
    const code = await latestCode(GANSEL_EMAIL);
    const results = await Promise.all([
      setup(GANSEL_EMAIL, code, 'gansel-password'),
      setup(GANSEL_EMAIL, code, 'gansel-password'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired code', async () => {
    expect((await newCode(gansel)).status).toBe(200);
    const code = await latestCode(GANSEL_EMAIL);
    const [account] = await app.ctx.db
      .select()
      .from(contractorAccounts)
      .where(eq(contractorAccounts.contractorId, gansel));
    await app.ctx.db
      .update(setupCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(setupCodes.accountId, account!.id),
          sql`${setupCodes.usedAt} is null and ${setupCodes.voidedAt} is null`,
        ),
      );
    expect((await setup(GANSEL_EMAIL, code)).body).toEqual(INVALID);
  });

  it("expires a code by the app's clock, which set its expiry (docs/decisions/0092-services-take-ctx.md)", async () => {
    expect((await newCode(gansel)).status).toBe(200);
    const code = await latestCode(GANSEL_EMAIL);
    const issuedAt = Date.now();
    try {
      app.ctx.clock.now = () => new Date(issuedAt + SETUP_CODE_TTL_MS + 60_000);
      expect((await setup(GANSEL_EMAIL, code)).body).toEqual(INVALID);
    } finally {
      app.ctx.clock.now = createClock().now;
    }
    // Refused by the clock alone: the same code on time still works.
    expect((await setup(GANSEL_EMAIL, code, 'gansel-password')).status).toBe(200);
  });

  it('sends a new code that replaces the old one', async () => {
    const res = await newCode(gansel);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `A new setup code was sent to ${GANSEL_EMAIL}` });
    const old = await latestCode(GANSEL_EMAIL);
    await newCode(gansel);
    const fresh = await latestCode(GANSEL_EMAIL);
    expect(fresh).not.toBe(old);
    const mail = (await mailsTo(GANSEL_EMAIL)).at(-1)!;
    expect(mail.kind).toBe('setup-code');
    expect(mail.textBody).toContain(`${app.url}/contractor/login`);
    expect((await setup(GANSEL_EMAIL, old)).body).toEqual(INVALID);
    expect((await setup(GANSEL_EMAIL, fresh, 'gansel-password')).status).toBe(200);
    expect((await mailsTo(GANSEL_EMAIL)).filter((m) => m.kind === 'welcome')).toHaveLength(1);
  });

  it('sends a code only to approved contractors, creating the account of one approved earlier', async () => {
    const cole = await idOf('Cole Brothers Roofing');
    const pending = await newCode(cole);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe('Only approved contractors can be sent a setup code');

    const kraus = await contractorByName(app.ctx.db, 'Kraus Electric');
    expect((await list('?search=Kraus')).contractors[0]!.account).toBeNull();
    const res = await newCode(kraus.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`A new setup code was sent to ${kraus.email}`);
    expect((await mailsTo(kraus.email)).map((m) => m.kind)).toEqual(['welcome']);
    expect((await list('?search=Kraus')).contractors[0]!.account).toEqual({ email: kraus.email, setupComplete: false });
  });

  it('refuses an account whose address another contractor account already uses', async () => {
    const cole = await idOf('Cole Brothers Roofing');
    const original = (await contractorByName(app.ctx.db, 'Cole Brothers Roofing')).email;
    await app.ctx.db.update(contractors).set({ email: GANSEL_EMAIL.toUpperCase() }).where(eq(contractors.id, cole));
    const res = await approve(cole);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Another contractor account already uses ${GANSEL_EMAIL}`);
    // The approval went back with it.
    expect((await contractorByName(app.ctx.db, 'Cole Brothers Roofing')).approvalStatus).toBe('pending');
    await app.ctx.db.update(contractors).set({ email: original }).where(eq(contractors.id, cole));
  });
});

describe('rejection, reconsideration and visibility', () => {
  let gansel: number;
  let signedIn: TestClient;
  beforeAll(async () => {
    gansel = await idOf(GANSEL);
    signedIn = await contractorClient(GANSEL_EMAIL, 'gansel-password');
  });

  const contractorSessions = async (id: number) =>
    app.ctx.db.select().from(sessions).where(eq(sessions.contractorId, id));

  it('needs a reason to reject', async () => {
    for (const reason of [undefined, '', '   ']) {
      const res = await reject(gansel, reason);
      expect(res.status).toBe(400);
      expect(res.body.errors.rejectionReason).toBe('A rejection reason is required');
    }
    expect((await contractorByName(app.ctx.db, GANSEL)).approvalStatus).toBe('approved');
  });

  it('rejects: delisted, the reason kept, and the contractor signed out everywhere', async () => {
    expect(await contractorSessions(gansel)).toHaveLength(1);
    expect((await signedIn.get('/api/contractor/profile')).status).not.toBe(401);
    const res = await reject(gansel, '  No proof of insurance  ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      approvalStatus: 'rejected',
      isVisible: false,
      rejectionReason: 'No proof of insurance',
    });
    expect(await publicIds()).not.toContain(gansel);
    expect((await app.client().get(`/api/contractors/${gansel}`)).status).toBe(404);
    expect(await contractorSessions(gansel)).toEqual([]);
    expect((await signedIn.get('/api/contractor/profile')).status).toBe(401);
    expect(
      (await app.client().post('/api/contractor/login', { email: GANSEL_EMAIL, password: 'gansel-password' })).body,
    ).toEqual({ message: 'Invalid credentials' });
    expect((await list('?status=rejected')).contractors.map((c) => c.id)).toEqual([gansel]);
  });

  it('reconsiders a rejected contractor: listed again, no second welcome', async () => {
    const res = await approve(gansel);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ approvalStatus: 'approved', isVisible: true, rejectionReason: null });
    expect(await publicIds()).toContain(gansel);
    expect((await mailsTo(GANSEL_EMAIL)).filter((m) => m.kind === 'welcome')).toHaveLength(1);
    signedIn = await contractorClient(GANSEL_EMAIL, 'gansel-password');
  });

  it('shows or hides only approved contractors', async () => {
    const cole = await idOf('Cole Brothers Roofing');
    const res = await admin.patch(`/api/admin/contractors/${cole}/visibility`, { isVisible: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only approved contractors can be shown or hidden');
    expect((await contractorByName(app.ctx.db, 'Cole Brothers Roofing')).isVisible).toBe(false);
    expect((await admin.patch(`/api/admin/contractors/999999/visibility`, { isVisible: true })).status).toBe(404);
    expect(
      (await admin.patch(`/api/admin/contractors/${gansel}/visibility`, { isVisible: 'no' })).body.errors.isVisible,
    ).toBe('isVisible must be true or false');
  });

  it('hides an approved contractor (signing it out) and shows it again', async () => {
    expect(await contractorSessions(gansel)).toHaveLength(1);
    const hidden = await admin.patch<AdminContractor>(`/api/admin/contractors/${gansel}/visibility`, {
      isVisible: false,
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id: gansel, approvalStatus: 'approved', isVisible: false });
    expect(await publicIds()).not.toContain(gansel);
    expect((await app.client().get(`/api/contractors/${gansel}`)).status).toBe(404);
    expect(await contractorSessions(gansel)).toEqual([]);
    expect((await signedIn.get('/api/contractor/profile')).status).toBe(401);
    // Approving an approved contractor changes nothing, hidden included.
    expect((await approve(gansel)).body).toMatchObject({ approvalStatus: 'approved', isVisible: false });

    const shown = await admin.patch<AdminContractor>(`/api/admin/contractors/${gansel}/visibility`, {
      isVisible: true,
    });
    expect(shown.body.isVisible).toBe(true);
    expect(await publicIds()).toContain(gansel);
    expect((await app.client().get(`/api/contractors/${gansel}`)).status).toBe(200);
  });

  it('sends one welcome email when two approvals race', async () => {
    const cole = await contractorByName(app.ctx.db, 'Cole Brothers Roofing');
    const results = await Promise.all([approve(cole.id), approve(cole.id)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await mailsTo(cole.email)).map((m) => m.kind)).toEqual(['welcome']);
  });
});

describe('contractor sign-out', () => {
  it('ends the session on the server, and is harmless when not signed in', async () => {
    const client = await contractorClient(GANSEL_EMAIL, 'gansel-password');
    const cookie = client.cookie;
    const res = await client.post('/api/contractor/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out' });
    expect(res.headers.get('set-cookie')).toMatch(/^sid=;/);
    const stale = app.client();
    stale.cookie = cookie;
    expect((await stale.get('/api/contractor/profile')).status).toBe(401);
    expect((await app.client().post('/api/contractor/logout')).status).toBe(200);
  });
});

describe('contractor sign-in limits', () => {
  let limited: TestApp;
  const email = 'office@loyalsockcreekbuilders.example';
  beforeAll(async () => {
    limited = await startTestApp({ TRUST_PROXY: 'true' });
    const contractorId = (await contractorByName(limited.ctx.db, 'Loyalsock Creek Builders')).id;
    await limited.ctx.db
      .insert(contractorAccounts)
      .values({ contractorId, email, passwordHash: await hashPassword('loyalsock-password') });
  });
  afterAll(() => limited?.close());

  const login = (password: string, who = email, address = '203.0.113.9') =>
    limited
      .client()
      .request('POST', '/api/contractor/login', { email: who, password }, { headers: { 'X-Forwarded-For': address } });

  it('blocks an account at the address of its 5 failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login(`wrong-${i}`)).body).toEqual({ message: 'Invalid credentials' });
    const res = await login('loyalsock-password', email.toUpperCase());
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('still lets the right password in from another address', async () => {
    expect((await login('loyalsock-password', email, '198.51.100.20')).body).toEqual({ message: 'Login successful' });
  });

  it('counts contractors apart from admins: admin failures from an address do not lock contractor sign-in there', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await limited
        .client()
        .request(
          'POST',
          '/api/admin/login',
          { username: `nobody-${i}`, password: 'wrong-password' },
          { headers: { 'X-Forwarded-For': '198.51.100.30' } },
        );
      expect(res.status).toBe(401);
    }
    expect((await login('loyalsock-password', email, '198.51.100.30')).body).toEqual({ message: 'Login successful' });
  });

  it('allows 10 setup attempts per address in 15 minutes', async () => {
    for (let i = 0; i < 10; i++)
      expect(
        (await limited.client().post('/api/contractor/setup', { email, token: 'ABCDEFGHJKLM', password: 'whatever-1' }))
          .status,
      ).toBe(400);
    const res = await limited
      .client()
      .post('/api/contractor/setup', { email, token: 'ABCDEFGHJKLM', password: 'whatever-1' });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many setup attempts. Please try again later.');
  });
});
