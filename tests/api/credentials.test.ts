import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDay } from '@shared/credentials';
import { region } from '@shared/region';
import type { AdminContractorList } from '@shared/schemas/admin';
import type { ContractorCredentials, CredentialAttentionList } from '@shared/schemas/credentials';
import { directoryQuerySchemaFor, type ContractorPage, type ContractorProfile } from '@shared/schemas/directory';
import { siteDay } from '@shared/site-calendar';
import {
  contractorAccounts,
  contractors,
  credentialEvents,
  directoryState,
  outboxEmails,
} from '../../server/db/schema';
import { createDirectory } from '../../server/directory';
import { CREDENTIALS_DAILY } from '../../server/jobs';
import { credentialsOf as storedCredentials } from '../../server/contractors/credentials';
import { adminClient, contractorClient } from '../support/admin-session';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Credentials (issue 15, docs/decisions/0031-credentials-stored.md): the registration number's form
 * and uniqueness, the certificate upload's limits and who may read it, each credential verified
 * with who, when and how, and expiry by the clock: the app's clock (ctx.clock) is moved here, never
 * waited for.
 */

let app: TestApp;
let admin: TestClient;
const REAL_TODAY = siteDay(new Date());
/** Noon in the county on `day`. */
const setToday = (day: string) => (app.ctx.clock.now = () => new Date(`${day}T16:00:00Z`));

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  admin = await adminClient(app);
});
afterEach(() => setToday(REAL_TODAY));
afterAll(() => app?.close());

const FORMAT = region.credentials.registration.formatMessage;
let seq = 0;
/** A fresh registration number. */
const nextNumber = () => `PA9${String(++seq).padStart(5, '0')}`;

function business(overrides: Record<string, unknown> = {}) {
  const n = ++seq;
  return {
    name: `Credential Test Builders ${n}`,
    email: `credentials${n}@builders.example`,
    phone: '(570) 555-0142',
    website: '',
    address: '5 Church Street',
    city: 'Laporte',
    zip: '18626',
    description: 'Porches, decks and additions.',
    yearsInBusiness: '12',
    licenseNumber: nextNumber(),
    insuranceInfo: 'General liability $1M',
    projectGalleryUrl: '',
    services: ['Additions & Extensions'],
    ...overrides,
  };
}

async function submit(overrides: Record<string, unknown> = {}) {
  const body = business(overrides);
  const res = await app.client().post('/api/contractors/submit', body);
  expect(res.status, res.text).toBe(201);
  return { id: res.body.id as number, token: res.body.certificateUploadToken as string, body };
}

/** Submitted, approved, and with `verify` both credentials verified with these expiry dates. */
async function listed({
  registrationExpiresOn,
  insuranceExpiresOn,
  verify = true,
}: {
  registrationExpiresOn: string;
  insuranceExpiresOn: string;
  verify?: boolean;
}) {
  const { id, body } = await submit({
    registrationExpiresOn,
    insuranceExpiresOn,
    insurer: 'Erie Insurance',
    insurancePolicyNumber: 'Q12-345',
  });
  const res = await admin.patch(`/api/admin/contractors/${id}/approval`, { status: 'approved', verified: verify });
  expect(res.status, res.text).toBe(200);
  return { id, name: body.name as string, email: body.email as string, number: body.licenseNumber as string };
}

/** The contractor in its portal (the account approval made is replaced by one the test can sign in with). */
async function portalOf(id: number): Promise<TestClient> {
  await app.ctx.db.delete(contractorAccounts).where(eq(contractorAccounts.contractorId, id));
  return contractorClient(app, id);
}

const credentialsOf = (id: number) => admin.get<ContractorCredentials>(`/api/admin/contractors/${id}/credentials`);
const row = async (id: number) => (await app.ctx.db.select().from(contractors).where(eq(contractors.id, id)))[0]!;
/** The credentials as stored (contractor_credentials). */
const stored = (id: number) => storedCredentials(app.ctx, id);
const events = (id: number) =>
  app.ctx.db.select().from(credentialEvents).where(eq(credentialEvents.contractorId, id)).orderBy(credentialEvents.id);
const version = async () => (await app.ctx.db.select({ v: directoryState.version }).from(directoryState))[0]!.v;

/** The licensed search over the town of the test contractors, checked against the SQL reference on the app's day. */
async function licensedSearch(): Promise<ContractorPage> {
  const query = { service: 'additions', location: 'laporte', licensed: 'true' };
  const res = await app.client().get<ContractorPage>(`/api/contractors/search?${new URLSearchParams(query)}`);
  expect(res.status, res.text).toBe(200);
  const reference = createDirectory(app.ctx.database, {
    cache: false,
    staleIfErrorMs: 0,
    today: () => siteDay(app.ctx.clock.now()),
  });
  expect(await reference.contractors(region.slug, directoryQuerySchemaFor(region).parse(query))).toEqual(res.body);
  return res.body;
}

async function profile(id: number): Promise<ContractorProfile> {
  const res = await app.client().get<ContractorProfile>(`/api/contractors/${id}`);
  expect(res.status, res.text).toBe(200);
  const reference = createDirectory(app.ctx.database, {
    cache: false,
    staleIfErrorMs: 0,
    today: () => siteDay(app.ctx.clock.now()),
  });
  expect(await reference.profile(region.slug, id)).toEqual(res.body);
  return res.body;
}

async function upload(
  path: string,
  bytes: Buffer,
  type: string,
  headers: Record<string, string> = {},
  client?: TestClient,
) {
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': type, ...(client?.cookie ? { Cookie: client.cookie } : {}), ...headers },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);

describe('the registration number', () => {
  it('is refused in another form with a message that shows the expected one', async () => {
    for (const bad of ['PA12345', 'PA1234567', '123456', 'NJ123456', 'PA12345X']) {
      const res = await app.client().post('/api/contractors/submit', business({ licenseNumber: bad }));
      expect(res.status, bad).toBe(400);
      expect(res.body.errors.licenseNumber).toBe(FORMAT);
      expect(FORMAT).toContain(region.credentials.registration.example);
    }
  });

  it('is read in the ways people write it: lower case, spaces, a hyphen', async () => {
    const { id } = await submit({ licenseNumber: ' pa 918-273 ' });
    expect((await stored(id)).registration.number).toBe('PA918273');
  });

  it('lists one business: a second submission, or an edit to a number another listing has, is refused (409) on the field', async () => {
    const first = await submit();
    const number = first.body.licenseNumber as string;
    const again = await app.client().post('/api/contractors/submit', business({ licenseNumber: number.toLowerCase() }));
    expect(again.status).toBe(409);
    expect(again.body.errors.licenseNumber).toContain(number);
    const other = await submit();
    const edit = await admin.patch(`/api/admin/contractors/${other.id}/credentials`, { licenseNumber: number });
    expect(edit.status).toBe(409);
    expect(edit.body.errors.licenseNumber).toContain(number);
  });

  it('takes the credential facts with the submission and records them in the history', async () => {
    const { id } = await submit({
      registrationExpiresOn: '2027-03-31',
      insurer: ' Erie Insurance ',
      insurancePolicyNumber: 'Q12-345',
      insuranceCoverageOccurrence: '$1,000,000',
      insuranceCoverageAggregate: 2000000,
      insuranceExpiresOn: '2027-01-15',
    });
    expect(await stored(id)).toMatchObject({
      registration: { expiresOn: '2027-03-31', verified: false },
      insurance: {
        insurer: 'Erie Insurance',
        number: 'Q12-345',
        coverageOccurrence: 1_000_000,
        coverageAggregate: 2_000_000,
        expiresOn: '2027-01-15',
        verified: false,
      },
    });
    expect((await events(id)).map((e) => [e.credential, e.action, e.actor])).toEqual([
      ['registration', 'submitted', 'applicant'],
      ['insurance', 'submitted', 'applicant'],
    ]);
  });

  it.each([
    ['registrationExpiresOn', '2027-02-30', 'Registration expiry date must be a date, e.g. 2027-03-31'],
    ['insuranceExpiresOn', '31/03/2027', 'Insurance expiry date must be a date, e.g. 2027-03-31'],
    [
      'insuranceCoverageOccurrence',
      'a million',
      'Coverage per occurrence must be an amount in dollars, e.g. 1,000,000',
    ],
    ['insurer', 'x'.repeat(121), 'Insurer must be at most 120 characters'],
  ])('refuses a bad %s with 400 on the field', async (field, value, message) => {
    const res = await app.client().post('/api/contractors/submit', business({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
    const edit = await admin.patch(`/api/admin/contractors/${(await submit()).id}/credentials`, { [field]: value });
    expect(edit.status).toBe(400);
    expect(edit.body.errors[field]).toBe(message);
  });
});

describe('verifying each credential', () => {
  it('needs the expiry date, records who, when and how, and earns the badge only with both', async () => {
    const { id } = await submit();
    await admin.patch(`/api/admin/contractors/${id}/approval`, { status: 'approved' });
    const early = await admin.post(`/api/admin/contractors/${id}/credentials/registration/verify`, {
      how: 'Checked on the lookup',
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe("Enter the registration's expiry date before verifying it");
    expect((await admin.post(`/api/admin/contractors/${id}/credentials/registration/verify`, {})).body.errors.how).toBe(
      'Say how it was checked',
    );
    expect((await admin.post(`/api/admin/contractors/${id}/credentials/licence/verify`, { how: 'x' })).status).toBe(
      400,
    );

    const expires = addDays(REAL_TODAY, 400);
    await admin.patch(`/api/admin/contractors/${id}/credentials`, {
      registrationExpiresOn: expires,
      insuranceExpiresOn: addDays(REAL_TODAY, 200),
    });
    const verified = await admin.post<ContractorCredentials>(
      `/api/admin/contractors/${id}/credentials/registration/verify`,
      { how: "Checked on the Attorney General's registration lookup" },
    );
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.registration).toMatchObject({
      verified: true,
      how: "Checked on the Attorney General's registration lookup",
      expiresOn: expires,
      lapsed: false,
    });
    expect(verified.body.registration.verifiedBy).toMatch(/^admin-/);
    expect(verified.body.badge).toBe(false);
    let p = await profile(id);
    expect(p.verified).toBe(false);
    expect(p.credentials).toEqual({
      registration: { verified: true, verifiedMonth: REAL_TODAY.slice(0, 7) },
      insurance: { verified: false, insuredUntil: null },
    });

    const both = await admin.post<ContractorCredentials>(`/api/admin/contractors/${id}/credentials/insurance/verify`, {
      how: 'Called the agent',
    });
    expect(both.body.badge).toBe(true);
    p = await profile(id);
    expect(p.verified).toBe(true);
    expect(p.credentials.insurance).toEqual({ verified: true, insuredUntil: addDays(REAL_TODAY, 200) });
    const history = both.body.history.map((e) => `${e.credential} ${e.action} ${e.actor}`);
    expect(history.slice(0, 3)).toEqual([
      'insurance verified admin',
      'registration verified admin',
      'insurance updated admin',
    ]);
    expect(both.body.history[0]!.detail).toContain('Called the agent');

    const withdrawn = await admin.post<ContractorCredentials>(
      `/api/admin/contractors/${id}/credentials/insurance/unverify`,
      { reason: 'Policy cancelled' },
    );
    expect(withdrawn.body).toMatchObject({ badge: false, insurance: { verified: false, verifiedBy: null } });
    expect(withdrawn.body.history[0]).toMatchObject({
      credential: 'insurance',
      action: 'unverified',
      detail: 'Policy cancelled',
    });
    expect((await profile(id)).verified).toBe(false);
  });

  it('withdraws a verification when the contractor changes the credential, and keeps it when the administrator does', async () => {
    const c = await listed({
      registrationExpiresOn: addDays(REAL_TODAY, 300),
      insuranceExpiresOn: addDays(REAL_TODAY, 300),
    });
    const portal = await portalOf(c.id);
    const mine = await portal.get<ContractorCredentials>('/api/contractor/credentials');
    expect(mine.body).toMatchObject({ badge: true, history: [] });

    const adminEdit = await admin.patch<ContractorCredentials>(`/api/admin/contractors/${c.id}/credentials`, {
      registrationExpiresOn: addDays(REAL_TODAY, 700),
    });
    expect(adminEdit.body).toMatchObject({ badge: true, registration: { verified: true } });

    const bad = await portal.patch('/api/contractor/credentials', { licenseNumber: 'PA-12' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.licenseNumber).toBe(FORMAT);
    const changed = await portal.patch<ContractorCredentials>('/api/contractor/credentials', {
      insuranceExpiresOn: addDays(REAL_TODAY, 365),
      insurer: 'Penn National',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      badge: false,
      registration: { verified: true },
      insurance: { verified: false },
      insurer: 'Penn National',
    });
    expect((await credentialsOf(c.id)).body.history.slice(0, 2).map((e) => [e.action, e.actor])).toEqual([
      ['unverified', 'contractor'],
      ['updated', 'contractor'],
    ]);
    // Verifying is the administrator's.
    expect(
      (await portal.post(`/api/admin/contractors/${c.id}/credentials/insurance/verify`, { how: 'me' })).status,
    ).toBe(403);
  });

  it('verifies both from the list and in the approve step, the approve step recording the dates it checked', async () => {
    const { id } = await submit();
    const noDates = await admin.patch(`/api/admin/contractors/${id}/approval`, { status: 'approved', verified: true });
    expect(noDates.status).toBe(400);
    expect((await row(id)).approvalStatus).toBe('pending');
    const res = await admin.patch(`/api/admin/contractors/${id}/approval`, {
      status: 'approved',
      verified: true,
      registrationExpiresOn: addDays(REAL_TODAY, 500),
      insuranceExpiresOn: addDays(REAL_TODAY, 90),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      approvalStatus: 'approved',
      verified: true,
      registrationVerified: true,
      insuranceVerified: true,
      insuranceExpiresOn: addDays(REAL_TODAY, 90),
      lapsed: false,
    });
    expect((await stored(id)).registration.verifiedHow).toBe(region.credentials.registration.checkedHow);
  });
});

describe('expiry by the clock', () => {
  it('lists a listing whose two credentials expire the same day soonest first, registration before insurance, in one answer', async () => {
    const day = addDays(REAL_TODAY, 9);
    const c = await listed({ registrationExpiresOn: day, insuranceExpiresOn: day });
    setToday(REAL_TODAY);
    const attention = await admin.get<CredentialAttentionList>('/api/admin/credentials/attention');
    const own = attention.body.expiringSoon.filter((a) => a.contractorId === c.id);
    expect(own.map((a) => [a.credential, a.expiresOn, a.daysLeft])).toEqual([
      ['registration', day, 9],
      ['insurance', day, 9],
    ]);
    const dates = attention.body.expiringSoon.map((a) => a.expiresOn);
    expect(dates).toEqual([...dates].sort());
  });

  it('drops the badge, the licensed filter and the profile claims on the expiry date with no row changed; the daily job then records it', async () => {
    const day = addDays(REAL_TODAY, 20);
    const c = await listed({ registrationExpiresOn: addDays(REAL_TODAY, 600), insuranceExpiresOn: day });

    setToday(addDays(day, -1));
    expect((await licensedSearch()).contractors.map((x) => x.id)).toContain(c.id);
    expect((await profile(c.id)).credentials.insurance).toEqual({ verified: true, insuredUntil: day });
    const before = await version();

    // Midnight: the insurance's expiry date. Nothing is written, the answers change.
    setToday(day);
    expect(await version()).toBe(before);
    const page = await licensedSearch();
    expect(page.contractors.map((x) => x.id)).not.toContain(c.id);
    const p = await profile(c.id);
    expect(p).toMatchObject({
      verified: false,
      credentials: { registration: { verified: true }, insurance: { verified: false, insuredUntil: null } },
    });
    const list = await admin.get<AdminContractorList>(`/api/admin/contractors?search=${encodeURIComponent(c.name)}`);
    expect(list.body.contractors[0]).toMatchObject({ id: c.id, verified: false, lapsed: true });
    const attention = await admin.get<CredentialAttentionList>('/api/admin/credentials/attention');
    expect(attention.body.lapsed).toContainEqual({
      contractorId: c.id,
      name: c.name,
      credential: 'insurance',
      expiresOn: day,
      daysLeft: 0,
    });
    expect((await credentialsOf(c.id)).body.insurance).toMatchObject({ verified: true, lapsed: true });
    expect((await row(c.id)).verified).toBe(true);

    // The daily job records the lapse and drops the stored badge: a row change the version trigger sees.
    await app.ctx.jobs.send(CREDENTIALS_DAILY, {});
    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect(await version()).toBeGreaterThan(before);
    expect(await row(c.id)).toMatchObject({ verified: false, verifiedAt: null });
    expect((await stored(c.id)).insurance.verified).toBe(true);
    const lapsed = (await events(c.id)).filter((e) => e.action === 'lapsed');
    expect(lapsed.map((e) => [e.credential, e.actor])).toEqual([['insurance', 'system']]);
    await app.ctx.jobs.send(CREDENTIALS_DAILY, {});
    await app.ctx.jobs.runPending();
    expect((await events(c.id)).filter((e) => e.action === 'lapsed')).toHaveLength(1);

    // Renewed and checked again: the badge comes back.
    const renewed = addDays(day, 365);
    await admin.patch(`/api/admin/contractors/${c.id}/credentials`, { insuranceExpiresOn: renewed });
    expect((await licensedSearch()).contractors.map((x) => x.id)).toContain(c.id);
    expect((await profile(c.id)).credentials.insurance.insuredUntil).toBe(renewed);
  });

  it('refuses to verify a credential whose date has passed', async () => {
    const { id } = await submit({
      registrationExpiresOn: addDays(REAL_TODAY, 10),
      insuranceExpiresOn: addDays(REAL_TODAY, 100),
    });
    setToday(addDays(REAL_TODAY, 10));
    const res = await admin.post(`/api/admin/contractors/${id}/credentials/registration/verify`, { how: 'Lookup' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^This registration expired on .+: enter the renewed expiry date before verifying it$/,
    );
  });
});

describe('expiry reminders', () => {
  it('is scheduled daily as the site day turns', async () => {
    expect(await app.ctx.jobs.schedules()).toContainEqual({
      name: CREDENTIALS_DAILY,
      cron: '0 0 * * *',
      tz: 'America/New_York',
    });
  });

  it('emails the contractor 30 and 7 days ahead and the administrator the list once, each reminder once', async () => {
    const expires = addDays(REAL_TODAY, 35);
    const c = await listed({ registrationExpiresOn: expires, insuranceExpiresOn: addDays(REAL_TODAY, 400) });
    const mail = async () =>
      app.ctx.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.kind, 'credential-reminder'), eq(outboxEmails.toAddress, c.email)));
    // The administrator's lists that brought this contractor as new (others may list it again with newer items).
    const lists = async () =>
      (await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'credential-expiry-list'))).filter(
        (m) =>
          m.textBody.includes(`- ${c.name}: `) && /\[new\]/.test(m.textBody.split(`- ${c.name}: `)[1]!.split('\n')[0]!),
      );
    const runDaily = async (day: string) => {
      setToday(day);
      await app.ctx.jobs.send(CREDENTIALS_DAILY, {});
      expect(await app.ctx.jobs.runPending()).toBe(1);
    };

    await runDaily(addDays(expires, -31));
    expect(await mail()).toHaveLength(0);
    await runDaily(addDays(expires, -30));
    let sent = await mail();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      subject: `Your ${region.credentials.registration.name} expires on ${formatDay(expires)}`,
    });
    expect(sent[0]!.textBody).toContain(`(${c.number}) expires on`);
    expect(sent[0]!.textBody).toContain('in 30 days');
    expect(sent[0]!.textBody).toContain('/contractor?section=profile');
    let listed30 = await lists();
    expect(listed30).toHaveLength(1);
    expect(listed30[0]!.textBody).toMatch(
      new RegExp(`- ${c.name}: .* ${c.number} expires .* \\(in 30 days\\) \\[new\\]`),
    );

    // The same day again, and the days between: nothing more.
    await runDaily(addDays(expires, -30));
    await runDaily(addDays(expires, -12));
    expect(await mail()).toHaveLength(1);
    expect(await lists()).toHaveLength(1);

    await runDaily(addDays(expires, -7));
    sent = await mail();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.textBody).toContain('in 7 days');
    await runDaily(addDays(expires, -2));
    expect(await mail()).toHaveLength(2);
    // The administrator's list comes again only with something new in it.
    listed30 = await lists();
    expect(listed30).toHaveLength(1);
  });

  it('sends the nearest reminder only when the 30-day one was missed', async () => {
    const expires = addDays(REAL_TODAY, 40);
    const c = await listed({
      registrationExpiresOn: addDays(REAL_TODAY, 400),
      insuranceExpiresOn: expires,
      verify: false,
    });
    setToday(addDays(expires, -5));
    await app.ctx.jobs.send(CREDENTIALS_DAILY, {});
    await app.ctx.jobs.runPending();
    const sent = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'credential-reminder'), eq(outboxEmails.toAddress, c.email)));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Your liability insurance expires on /);
    expect(sent[0]!.textBody).toContain('in 5 days');
  });
});

describe('the certificate of insurance', () => {
  it('is uploaded with the submission token, kept by content type, and served only to the administrator and the contractor', async () => {
    const { id, token } = await submit();
    const res = await upload('/api/contractors/submit/certificate', PDF, 'application/pdf', {
      'X-Upload-Token': token,
      'X-File-Name': encodeURIComponent('COI 2026.pdf'),
    });
    expect(res.status, res.text).toBe(201);
    const creds = await credentialsOf(id);
    expect(creds.body.certificate).toMatchObject({
      contentType: 'application/pdf',
      byteSize: PDF.length,
      fileName: 'COI 2026.pdf',
      uploadedBy: 'applicant',
    });
    expect(creds.body.history[0]).toMatchObject({ credential: 'insurance', action: 'certificate', actor: 'applicant' });

    const file = await fetch(`${app.url}/api/admin/contractors/${id}/insurance-certificate`, {
      headers: { Cookie: admin.cookie! },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await app.client().get(`/api/admin/contractors/${id}/insurance-certificate`)).status).toBe(401);

    await admin.patch(`/api/admin/contractors/${id}/approval`, { status: 'approved' });
    const portal = await portalOf(id);
    const own = await fetch(`${app.url}/api/contractor/insurance-certificate`, { headers: { Cookie: portal.cookie! } });
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await portal.get(`/api/admin/contractors/${id}/insurance-certificate`)).status).toBe(403);
    // Another contractor reads only its own (and has none).
    const other = await listed({
      registrationExpiresOn: addDays(REAL_TODAY, 300),
      insuranceExpiresOn: addDays(REAL_TODAY, 300),
    });
    expect((await (await portalOf(other.id)).get('/api/contractor/insurance-certificate')).status).toBe(404);
    // Once reviewed, the submission's token no longer uploads.
    expect(
      (await upload('/api/contractors/submit/certificate', PDF, 'application/pdf', { 'X-Upload-Token': token })).status,
    ).toBe(403);
  });

  it('takes a PDF or an image by its content, up to 5 MB', async () => {
    const { id } = await submit();
    const path = `/api/admin/contractors/${id}/insurance-certificate`;
    expect((await upload(path, PNG, 'application/octet-stream', {}, admin)).status).toBe(201);
    expect((await credentialsOf(id)).body.certificate?.contentType).toBe('image/png');

    const fake = await upload(
      path,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'application/pdf',
      {},
      admin,
    );
    expect(fake.status).toBe(400);
    expect(fake.body).toEqual({
      message: 'The certificate must be a PDF or an image (PNG, JPEG or WebP)',
      errors: { certificate: 'The certificate must be a PDF or an image (PNG, JPEG or WebP)' },
    });
    expect((await upload(path, Buffer.alloc(0), 'application/pdf', {}, admin)).status).toBe(400);
    const wrongType = await upload(path, PDF, 'text/html', {}, admin);
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.message).toMatch(/^The certificate must be a PDF or an image/);
    expect((await upload(path, PDF, 'application/json', {}, admin)).status).toBe(415);

    const largest = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 - 9, 0x20)]);
    expect((await upload(path, largest, 'application/pdf', {}, admin)).status).toBe(201);
    const tooLarge = await upload(path, Buffer.concat([largest, Buffer.from(' ')]), 'application/pdf', {}, admin);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: 'The certificate must be at most 5 MB' });
    expect((await credentialsOf(id)).body.certificate?.byteSize).toBe(largest.length);
  });

  it("sends the contractor's insurance back for checking when it uploads a new certificate", async () => {
    const c = await listed({
      registrationExpiresOn: addDays(REAL_TODAY, 300),
      insuranceExpiresOn: addDays(REAL_TODAY, 300),
    });
    const portal = await portalOf(c.id);
    const res = await upload('/api/contractor/insurance-certificate', PDF, 'application/pdf', {}, portal);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      badge: false,
      insurance: { verified: false },
      certificate: { uploadedBy: 'contractor' },
    });
  });

  it('refuses uploads without the right to make them, and from another site', async () => {
    const { id, token } = await submit();
    expect(
      (await upload('/api/contractors/submit/certificate', PDF, 'application/pdf', { 'X-Upload-Token': 'not-a-token' }))
        .status,
    ).toBe(403);
    expect((await upload('/api/contractors/submit/certificate', PDF, 'application/pdf')).status).toBe(403);
    expect((await upload(`/api/admin/contractors/${id}/insurance-certificate`, PDF, 'application/pdf')).status).toBe(
      401,
    );
    const foreign = await upload('/api/contractors/submit/certificate', PDF, 'application/pdf', {
      'X-Upload-Token': token,
      Origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/another site/);
    // The upload right lasts an hour from the submission (made at the app's noon).
    app.ctx.clock.now = () => new Date(Date.parse(`${REAL_TODAY}T16:00:00Z`) + 61 * 60_000);
    expect(
      (await upload('/api/contractors/submit/certificate', PDF, 'application/pdf', { 'X-Upload-Token': token })).status,
    ).toBe(403);
    // JSON routes keep the JSON-only rule.
    const notJson = await fetch(`${app.url}/api/contractors/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf' },
      body: PDF,
    });
    expect(notJson.status).toBe(415);
  });

  it('is rate limited per address like every write', async () => {
    const limited = await startTestApp({ RATE_LIMIT: 'true' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await fetch(`${limited.url}/api/contractors/submit/certificate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/pdf', 'X-Upload-Token': 'nope' },
          body: PDF,
        });
        statuses.push(res.status);
        if (res.status === 429)
          expect(await res.json()).toEqual({ message: 'Too many uploads from your network. Please try again later.' });
      }
      expect(statuses.slice(0, 20).every((s) => s === 403)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
