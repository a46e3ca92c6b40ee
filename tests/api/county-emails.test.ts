import bcrypt from 'bcryptjs';
import { DEFAULT_BUSINESS_HOURS } from '@shared/business-hours';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/credentials';
import { today } from '../../server/clock';
import {
  contractorAccounts,
  contractorListingChanges,
  contractorPhotos,
  contractorServiceAreas,
  contractors,
  demoPayments,
  directoryVersions,
  leadDeliveries,
  leads,
  outboxEmails,
  regions,
  towns,
} from '../../server/db/schema';
import { createDirectory } from '../../server/directory';
import { regionOf } from '../../server/counties/region-of';
import { sendAdminDigest } from '../../server/notifications/admin-digest';
import { sendClaimNotice } from '../../server/leads/claim-emails';
import { issueSetupCode } from '../../server/contractors/contractor-accounts';
import { sendCredentialReminders } from '../../server/contractors/credential-jobs';
import { monthStart } from '../../server/leads/credits';
import { addCounty } from '../../server/counties/counties';
import { adminClient } from '../support/admin-session';
import { createContractor, createLead, nextLicenceNumber } from '../support/factories';
import { getOnHost, requestOnHost } from '../support/host-request';
import type { TestClient } from '../support/http-client';
import { canonical, jsonLdOf } from '../support/page-markup';
import { servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Every county's emails and jobs are its own (docs/decisions/0106-county-emails-and-jobs.md): an
 * item's notice links to its county's site and reaches that county's administrators (and the
 * platform's address), the daily digest and the credential lists go to each county's
 * administrators with their counties' items, a contractor's emails are its home county's, a lead's
 * delivery links to the lead's county; a profile shown on a county it serves has its canonical
 * address on its home county's site, and only there is it in the sitemap.
 */

const PLATFORM = 'platform@example.com';
const WYOMING_OFFICE = 'wyoming-office@example.com';
const SULLIVAN_OFFICE = 'sullivan-office@example.com';
const FORMER = 'former-wyoming@example.com';

let app: TestApp;
let platform: TestClient;
let sullivan: number;
let wyoming: number;
/** Wyoming's site, on the test app's port. */
let wyomingSite: string;
/** A listed contractor whose home town is Tunkhannock, Wyoming County. */
let wyomingContractor: typeof contractors.$inferSelect;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false', ADMIN_EMAIL: PLATFORM });
  platform = await adminClient(app);
  await addCounty(app.ctx, 'wyoming');
  const ids = await app.ctx.db.select({ id: regions.id, slug: regions.slug }).from(regions);
  sullivan = ids.find((r) => r.slug === 'sullivan')!.id;
  wyoming = ids.find((r) => r.slug === 'wyoming')!.id;
  wyomingSite = `http://wyoming.localhost:${new URL(app.url).port}`;
  wyomingContractor = await createContractor(app.ctx.db, {
    county: 'wyoming',
    homeTown: 'tunkhannock',
    name: 'Tunkhannock Ridge Builders',
  });
  const account = async (username: string, regionIds: number[], email?: string) => {
    const res = await platform.post('/api/admin/users', {
      username,
      password: 'long enough password 9',
      role: 'county',
      regionIds,
      ...(email ? { email } : {}),
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; email: string | null };
  };
  await account('wyoming-office', [wyoming], WYOMING_OFFICE);
  await account('sullivan-office', [sullivan], SULLIVAN_OFFICE);
  await account('wyoming-no-email', [wyoming]);
  const former = await account('former-wyoming', [wyoming], FORMER);
  expect((await platform.patch(`/api/admin/users/${former.id}`, { disabled: true })).status).toBe(200);
});
afterAll(() => app?.close());

/** The outbox's last id: what a step sends comes after it. */
const mark = async () =>
  (
    await app.ctx.db
      .select({ id: sql<number>`coalesce(max(${outboxEmails.id}), 0)`.mapWith(Number) })
      .from(outboxEmails)
  )[0]!.id;
/** The emails of a kind queued since `since`, by address. */
async function sent(kind: string, since: number) {
  const rows = await app.ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, kind), gt(outboxEmails.id, since)))
    .orderBy(asc(outboxEmails.toAddress), asc(outboxEmails.id));
  return rows;
}
const addresses = (rows: { toAddress: string }[]) => rows.map((r) => r.toAddress);

describe("a county administrator's email address", () => {
  it('is set when the account is created, changed, cleared, and refused when it is not an address', async () => {
    const created = await platform.post('/api/admin/users', {
      username: 'address-check',
      password: 'long enough password 9',
      role: 'county',
      regionIds: [wyoming],
      email: ' Office@Example.com ',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.email).toBe('Office@Example.com');
    const id = created.body.id as number;
    const bad = await platform.patch(`/api/admin/users/${id}`, { email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBe('Please enter a valid email address');
    const badCreate = await platform.post('/api/admin/users', {
      username: 'address-check-2',
      password: 'long enough password 9',
      role: 'platform',
      email: 42,
    });
    expect(badCreate.status).toBe(400);
    expect(badCreate.body.errors.email).toBeTruthy();
    expect((await platform.patch(`/api/admin/users/${id}`, { email: 'new-office@example.com' })).body.email).toBe(
      'new-office@example.com',
    );
    const cleared = await platform.patch(`/api/admin/users/${id}`, { email: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.email).toBeNull();
    const list = await platform.get('/api/admin/users');
    expect(list.body.accounts.find((a: { username: string }) => a.username === 'wyoming-office').email).toBe(
      WYOMING_OFFICE,
    );
  });
});

describe("an item's notice", () => {
  it("of a lead sent on Wyoming's site links to Wyoming's site and reaches Wyoming's administrators, not Sullivan's", async () => {
    const quote = {
      name: 'Casey Homeowner',
      email: 'casey@example.com',
      phone: '(570) 555-0142',
      serviceNeeded: 'Roofing & Siding',
      location: 'Tunkhannock, PA',
      projectDetails: 'A new metal roof on the cabin before the snow.',
      contractorId: wyomingContractor.id,
    };
    let since = await mark();
    const res = await requestOnHost(app.url, 'wyoming.localhost', 'POST', '/api/leads', { body: quote });
    expect(res.status, res.text).toBe(201);
    const notices = await sent('lead-notice', since);
    expect(addresses(notices)).toEqual([PLATFORM, WYOMING_OFFICE]);
    for (const n of notices) {
      expect(n.regionId).toBe(wyoming);
      expect(n.textBody).toContain(`Follow it, or deliver it if it is held, at ${wyomingSite}/admin/leads`);
    }

    // The same on Sullivan's site: Sullivan's administrators, Sullivan's address.
    const local = await createContractor(app.ctx.db);
    since = await mark();
    expect(
      (await app.client().post('/api/leads', { ...quote, location: 'Laporte, PA', contractorId: local.id })).status,
    ).toBe(201);
    const sullivans = await sent('lead-notice', since);
    expect(addresses(sullivans)).toEqual([PLATFORM, SULLIVAN_OFFICE]);
    expect(sullivans[0]!.textBody).toContain(`Follow it, or deliver it if it is held, at ${app.url}/admin/leads`);
  });

  it("of a business submitted on Wyoming's site links to its site and reaches its county's administrators", async () => {
    const since = await mark();
    const res = await requestOnHost(app.url, 'wyoming.localhost', 'POST', '/api/contractors/submit', {
      body: {
        name: 'River Bend Roofing',
        email: 'river.bend@example.com',
        phone: '(570) 555-0123',
        website: '',
        address: '1 Bridge Street',
        city: 'Tunkhannock',
        zip: '18657',
        description: 'Roofs and gutters along the river since 1999, fully insured.',
        yearsInBusiness: '10',
        licenseNumber: nextLicenceNumber(),
        insuranceInfo: 'General liability $1M',
        projectGalleryUrl: '',
        services: ['Roofing'],
      },
    });
    expect(res.status, res.text).toBe(201);
    const notices = await sent('submission-notice', since);
    expect(addresses(notices)).toEqual([PLATFORM, WYOMING_OFFICE]);
    expect(notices[1]!.textBody).toContain(`Review it at ${wyomingSite}/admin/contractors`);
    expect(notices[1]!.regionId).toBe(wyoming);
  });

  it("of a claim on a Wyoming lead links to Wyoming's claims and reaches its administrators", async () => {
    const lead = await createLead(app.ctx.db, { regionId: wyoming, requestedContractorId: wyomingContractor.id });
    const [delivery] = await app.ctx.db
      .insert(leadDeliveries)
      .values({
        leadId: lead.id,
        contractorId: wyomingContractor.id,
        priceCents: 2500,
        paymentState: 'credited',
        creditedAt: new Date(),
      })
      .returning();
    const since = await mark();
    await sendClaimNotice(app.ctx, delivery!.id, { reason: 'not_real', details: '' });
    const notices = await sent('claim-notice', since);
    expect(addresses(notices)).toEqual([PLATFORM, WYOMING_OFFICE]);
    expect(notices[0]!.textBody).toContain(`Approve or deny it: ${wyomingSite}/admin/claims`);
  });
});

describe("a contractor's and a lead's emails", () => {
  it("the setup code is worded for and links to the contractor's home county's site", async () => {
    const since = await mark();
    await issueSetupCode(app.ctx, wyomingContractor.id);
    const local = await createContractor(app.ctx.db);
    await issueSetupCode(app.ctx, local.id);
    const [ours, theirs] = [wyomingContractor, local].map((c) => c.email.toLowerCase());
    const welcomes = await sent('welcome', since);
    const mine = welcomes.find((m) => m.toAddress === ours)!;
    expect(mine.subject).toBe('Welcome to Wyoming County Contractors: your setup code');
    expect(mine.textBody).toContain(`open ${wyomingSite}/contractor/login`);
    const other = welcomes.find((m) => m.toAddress === theirs)!;
    expect(other.subject).toBe('Welcome to Sullivan County Contractors: your setup code');
    expect(other.textBody).toContain(`open ${app.url}/contractor/login`);
  });

  it("a Wyoming lead's delivery links the contractor to Wyoming's site to buy it", async () => {
    const spent = await createContractor(app.ctx.db, {
      county: 'wyoming',
      homeTown: 'tunkhannock',
      billing: { monthlyLeadsUsed: 1_000, creditsPeriodStart: monthStart(app.ctx.clock.now()) },
    });
    const lead = await createLead(app.ctx.db, {
      regionId: wyoming,
      location: 'Tunkhannock, PA',
      requestedContractorId: spent.id,
    });
    const since = await mark();
    const res = await platform.post('/api/lead-deliveries', { leadId: lead.id, contractorId: spent.id });
    expect(res.status, res.text).toBe(201);
    expect(res.body.paymentState).toBe('awaiting_payment');
    const [email] = await sent('lead-delivered', since);
    expect(email!.textBody).toContain(
      `Buy this lead: ${wyomingSite}/buy-lead?leadId=${lead.id}&contractorId=${spent.id}`,
    );
  });

  it("a credential reminder links to the home county's site in its words; each county's administrators get their contractors' list", async () => {
    const expires = addDays(today(app.ctx.clock), 30);
    const registration = { expiresOn: expires, verified: true, verifiedAt: new Date() };
    const upRiver = await createContractor(app.ctx.db, {
      county: 'wyoming',
      homeTown: 'tunkhannock',
      name: 'Up River Masonry',
      registration,
    });
    await createContractor(app.ctx.db, { name: 'Laporte Lapse Carpentry', registration });
    const since = await mark();
    await sendCredentialReminders(app.ctx);

    const reminder = (await sent('credential-reminder', since)).find((m) => m.toAddress === upRiver.email)!;
    const words = (await regionOf(app.ctx, 'wyoming')).credentials.registration.name;
    expect(reminder.subject.startsWith(`Your ${words} expires on `)).toBe(true);
    expect(reminder.textBody).toContain(`${wyomingSite}/contractor?section=profile`);

    const lists = await sent('credential-expiry-list', since);
    expect(addresses(lists)).toEqual([PLATFORM, SULLIVAN_OFFICE, WYOMING_OFFICE]);
    const [toPlatform, toSullivan, toWyoming] = lists.map((m) => m.textBody);
    expect(toPlatform).toContain('- Up River Masonry: ');
    expect(toPlatform).toContain('- Laporte Lapse Carpentry: ');
    expect(toWyoming).toContain('- Up River Masonry: ');
    expect(toWyoming).not.toContain('Laporte Lapse Carpentry');
    expect(toWyoming).toContain(`dashboard: ${wyomingSite}/admin`);
    expect(toSullivan).toContain('- Laporte Lapse Carpentry: ');
    expect(toSullivan).not.toContain('Up River Masonry');
    expect(toSullivan).toContain(`dashboard: ${app.url}/admin`);
    expect(lists.find((m) => m.toAddress === WYOMING_OFFICE)!.regionId).toBe(wyoming);
  });
});

describe("a contractor's own emails, wherever the action happened", () => {
  /** A Wyoming contractor with a portal account, signed in on the deployment's address (Sullivan's site). */
  async function wyomingOwner(name: string) {
    const contractor = await createContractor(app.ctx.db, { county: 'wyoming', homeTown: 'tunkhannock', name });
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`;
    const password = 'a long enough password 42';
    await app.ctx.db
      .insert(contractorAccounts)
      .values({ contractorId: contractor.id, email, passwordHash: await bcrypt.hash(password, 4) });
    const client = app.client();
    const login = await client.post('/api/contractor/login', { email, password });
    expect(login.status, login.text).toBe(200);
    return { contractor, email, password, client };
  }
  const lastTo = async (kind: string, to: string, since: number) =>
    (await sent(kind, since)).filter((m) => m.toAddress === to).at(-1)!;

  it("link to its home county's site: the reset link, the email change and the password notice", async () => {
    const owner = await wyomingOwner('Nicholson Home Builders');
    let since = await mark();
    expect((await owner.client.post('/api/contractor/forgot-password', { email: owner.email })).status).toBe(202);
    await app.ctx.jobs.runPending();
    const reset = await lastTo('password-reset', owner.email, since);
    expect(reset.subject).toBe('Reset your Wyoming County Contractors password');
    expect(reset.textBody).toContain(`${wyomingSite}/contractor/reset-password?token=`);

    since = await mark();
    const newEmail = 'nicholson-new@example.com';
    expect(
      (await owner.client.post('/api/contractor/email', { email: newEmail, currentPassword: owner.password })).status,
    ).toBe(202);
    const change = await lastTo('email-change', newEmail, since);
    expect(change.subject).toBe('Confirm your new Wyoming County Contractors sign-in email');
    const token = new RegExp(`${wyomingSite}/contractor/confirm-email\\?token=([\\w-]+)`).exec(change.textBody)?.[1];
    expect(token, change.textBody).toBeDefined();
    expect((await app.client().post('/api/contractor/confirm-email', { token })).status).toBe(200);
    expect((await lastTo('email-changed', owner.email, since)).subject).toBe(
      'Your Wyoming County Contractors sign-in email was changed',
    );

    since = await mark();
    const changed = await owner.client.post('/api/contractor/password', {
      currentPassword: owner.password,
      password: 'another long password 43',
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await lastTo('password-changed', newEmail, since)).textBody).toContain(
      `tell us: ${wyomingSite}/contractor/login`,
    );
  });

  it("link to its home county's site: a photo's and a listing change's decision", async () => {
    const owner = await wyomingOwner('Mehoopany Deck Builders');
    const [photo] = await app.ctx.db
      .insert(contractorPhotos)
      .values({ contractorId: owner.contractor.id, kind: 'project', caption: 'New deck', width: 640, height: 480 })
      .returning();
    const [change] = await app.ctx.db
      .insert(contractorListingChanges)
      .values({
        contractorId: owner.contractor.id,
        description: 'Decks and porches.',
        phone: '570-555-0101',
        serviceIds: [],
        townIds: [],
        businessHours: DEFAULT_BUSINESS_HOURS,
        submittedAt: new Date(),
      })
      .returning();
    const since = await mark();
    expect((await platform.post(`/api/admin/photos/${photo!.id}/approve`, {})).status).toBe(200);
    expect(
      (await platform.post(`/api/admin/listing-changes/${change!.id}/reject`, { reason: 'Please add your towns.' }))
        .status,
    ).toBe(200);
    expect((await lastTo('photo-decision', owner.email, since)).textBody).toContain(
      `${wyomingSite}/contractor?section=photos`,
    );
    expect((await lastTo('listing-decision', owner.email, since)).textBody).toContain(
      `${wyomingSite}/contractor?section=profile`,
    );
  });
});

describe("a contractor's plan checkout", () => {
  it("started on Wyoming's site returns to Wyoming's site, where its session cookie is", async () => {
    const email = 'tunkhannock-owner@example.com';
    const password = 'a long enough password 42';
    const subscriber = await createContractor(app.ctx.db, {
      county: 'wyoming',
      homeTown: 'tunkhannock',
      name: 'Lake Winola Builders',
    });
    await app.ctx.db
      .insert(contractorAccounts)
      .values({ contractorId: subscriber.id, email, passwordHash: await bcrypt.hash(password, 4) });
    const login = await requestOnHost(app.url, 'wyoming.localhost', 'POST', '/api/contractor/login', {
      body: { email, password },
    });
    expect(login.status, login.text).toBe(200);
    const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    const started = await requestOnHost(app.url, 'wyoming.localhost', 'POST', '/api/stripe/create-subscription', {
      body: { planId: 'pro' },
      headers: { Cookie: cookie },
    });
    expect(started.status, started.text).toBe(200);
    expect(started.json().subscriptionUrl).toMatch(new RegExp(`^${wyomingSite}/demo-checkout\\?session_id=`));
    const [session] = await app.ctx.db
      .select({ data: demoPayments.data })
      .from(demoPayments)
      .where(eq(demoPayments.kind, 'checkout_session'))
      .orderBy(desc(demoPayments.createdAt))
      .limit(1);
    expect(session!.data).toMatchObject({
      successUrl: expect.stringMatching(new RegExp(`^${wyomingSite}/subscription-success\\?session_id=`)),
      cancelUrl: `${wyomingSite}/contractor-pricing`,
    });
  });
});

describe('the daily digest', () => {
  it("gives the platform every county with each site's links, and each county's administrators their county's only", async () => {
    // Only this test's items wait.
    await app.ctx.db
      .update(contractors)
      .set({ approvalStatus: 'approved' })
      .where(eq(contractors.approvalStatus, 'pending'));
    await app.ctx.db.update(leads).set({ status: 'lost' }).where(eq(leads.status, 'new'));
    await createContractor(app.ctx.db, {
      county: 'wyoming',
      homeTown: 'nicholson',
      name: 'Nicholson Pending Builders',
      approvalStatus: 'pending',
      isVisible: false,
    });
    await createLead(app.ctx.db, {
      regionId: wyoming,
      serviceNeeded: 'Wyoming Porch Repair',
      location: 'Tunkhannock, PA',
    });
    await createLead(app.ctx.db, { serviceNeeded: 'Sullivan Roof Repair' });

    const since = await mark();
    expect(await sendAdminDigest(app.ctx)).toBe(3);
    const digests = await sent('admin-digest', since);
    expect(addresses(digests)).toEqual([PLATFORM, SULLIVAN_OFFICE, WYOMING_OFFICE]);
    const [toPlatform, toSullivan, toWyoming] = digests;

    expect(toPlatform!.subject).toBe('Daily summary: 1 submission to review, 2 leads to deliver');
    expect(toPlatform!.textBody).toContain('Sullivan County Contractors (Sullivan County, PA)');
    expect(toPlatform!.textBody).toContain('Wyoming County Contractors (Wyoming County, PA)');
    expect(toPlatform!.textBody).toContain(`Deliver them at ${app.url}/admin/leads`);
    expect(toPlatform!.textBody).toContain(`Deliver them at ${wyomingSite}/admin/leads`);
    expect(toPlatform!.textBody).toContain(`Review them at ${wyomingSite}/admin/contractors`);
    // Each county's items under its own heading.
    const wyomingPart = toPlatform!.textBody.slice(toPlatform!.textBody.indexOf('Wyoming County Contractors ('));
    expect(wyomingPart).toContain('Wyoming Porch Repair');
    expect(wyomingPart).toContain('Nicholson Pending Builders');
    expect(wyomingPart).not.toContain('Sullivan Roof Repair');

    expect(toWyoming!.subject).toBe('Daily summary for Wyoming County: 1 submission to review, 1 lead to deliver');
    expect(toWyoming!.regionId).toBe(wyoming);
    expect(toWyoming!.textBody).toContain(`Deliver them at ${wyomingSite}/admin/leads`);
    expect(toWyoming!.textBody).toContain('Nicholson Pending Builders');
    expect(toWyoming!.textBody).not.toContain('Sullivan');
    expect(toWyoming!.textBody).not.toContain(`${app.url}/`);

    expect(toSullivan!.subject).toBe('Daily summary for Sullivan County: 0 submissions to review, 1 lead to deliver');
    expect(toSullivan!.textBody).toContain('Business submissions to review: none.');
    expect(toSullivan!.textBody).toContain(`Deliver them at ${app.url}/admin/leads`);
    expect(toSullivan!.textBody).not.toContain('Wyoming');

    // Nothing waiting in Sullivan: only the platform and Wyoming hear; nothing at all: no email.
    await app.ctx.db.update(leads).set({ status: 'lost' }).where(eq(leads.serviceNeeded, 'Sullivan Roof Repair'));
    const next = await mark();
    expect(await sendAdminDigest(app.ctx)).toBe(2);
    expect(addresses(await sent('admin-digest', next))).toEqual([PLATFORM, WYOMING_OFFICE]);
    await app.ctx.db
      .update(contractors)
      .set({ approvalStatus: 'approved' })
      .where(eq(contractors.approvalStatus, 'pending'));
    await app.ctx.db.update(leads).set({ status: 'lost' }).where(eq(leads.status, 'new'));
    expect(await sendAdminDigest(app.ctx)).toBe(0);
  });
});

describe("a profile's canonical address", () => {
  let pages: Awaited<ReturnType<typeof servePages>>;
  beforeAll(async () => {
    pages = await servePages(app.ctx);
  });
  afterAll(() => pages?.close());

  const townId = async (county: number, slug: string) =>
    (
      await app.ctx.db
        .select({ id: towns.id })
        .from(towns)
        .where(and(eq(towns.regionId, county), eq(towns.slug, slug)))
    )[0]!.id;
  const profileOn = async (host: string, id: number) => {
    const res = await getOnHost(app.url, host, `/api/contractors/${id}`);
    expect(res.status, res.text).toBe(200);
    return res.json().canonicalUrl as string | null;
  };
  const page = async (host: string, id: number) => {
    const res = await getOnHost(pages.url, host, `/contractor/${id}`, { Accept: 'text/html' });
    expect(res.status).toBe(200);
    return { canonical: canonical(res.text), url: jsonLdOf(res.text, 'HomeAndConstructionBusiness').url as string };
  };
  const sitemap = async (host: string) => (await getOnHost(app.url, host, '/sitemap.xml')).text;

  it("is on its home county's site wherever it is shown, and only that site's sitemap lists it", async () => {
    // Home in Laporte (Sullivan), also serving Tunkhannock (Wyoming): listed on both sites.
    const both = await createContractor(app.ctx.db, { name: 'Two County Builders' });
    await app.ctx.db
      .insert(contractorServiceAreas)
      .values({ contractorId: both.id, townId: await townId(wyoming, 'tunkhannock') });
    const home = `${app.url}/contractor/${both.id}`;

    expect(await profileOn('wyoming.localhost', both.id)).toBe(home);
    expect(await profileOn('localhost', both.id)).toBeNull();
    expect(await profileOn('wyoming.localhost', wyomingContractor.id)).toBeNull();
    // The SQL reference says the same.
    const reference = createDirectory(app.ctx.database, {
      cache: false,
      staleIfErrorMs: 0,
      today: () => today(app.ctx.clock),
      siteUrl: () => app.ctx.siteUrl,
    });
    expect((await reference.profile('wyoming', both.id)).canonicalUrl).toBe(home);
    expect((await reference.profile('sullivan', both.id)).canonicalUrl).toBeNull();

    // The page's canonical link and its structured data name the home county's address.
    expect(await page('wyoming.localhost', both.id)).toEqual({ canonical: home, url: home });
    expect(await page('localhost', both.id)).toEqual({ canonical: home, url: home });
    const own = `${wyomingSite}/contractor/${wyomingContractor.id}`;
    expect(await page('wyoming.localhost', wyomingContractor.id)).toEqual({ canonical: own, url: own });

    const wyomingMap = await sitemap('wyoming.localhost');
    expect(wyomingMap).toContain(`<loc>${own}</loc>`);
    expect(wyomingMap).not.toContain(`/contractor/${both.id}<`);
    expect(await sitemap('localhost')).toContain(`<loc>${home}</loc>`);
  });

  it("follows a county's new public address on every county's site showing its contractors", async () => {
    // Home in Tunkhannock (Wyoming), also serving Laporte (Sullivan).
    const upstream = await createContractor(app.ctx.db, {
      county: 'wyoming',
      homeTown: 'tunkhannock',
      name: 'Upstream Builders',
    });
    await app.ctx.db
      .insert(contractorServiceAreas)
      .values({ contractorId: upstream.id, townId: await townId(sullivan, 'laporte') });
    expect(await profileOn('localhost', upstream.id)).toBe(`${wyomingSite}/contractor/${upstream.id}`);
    const sullivanVersion = async () =>
      (
        await app.ctx.db
          .select({ v: directoryVersions.version })
          .from(directoryVersions)
          .where(eq(directoryVersions.regionId, sullivan))
      )[0]!.v;
    const before = await sullivanVersion();
    await app.ctx.db.update(regions).set({ publicUrl: 'https://wyoming.example.org' }).where(eq(regions.id, wyoming));
    try {
      expect(await sullivanVersion()).toBeGreaterThan(before);
      expect(await profileOn('localhost', upstream.id)).toBe(`https://wyoming.example.org/contractor/${upstream.id}`);
    } finally {
      await app.ctx.db.update(regions).set({ publicUrl: null }).where(eq(regions.id, wyoming));
    }
    // Another change to a county (its tagline) moves only its own version.
    const after = await sullivanVersion();
    await app.ctx.db.update(regions).set({ tagline: 'Serving the Endless Mountains' }).where(eq(regions.id, wyoming));
    expect(await sullivanVersion()).toBe(after);
  });
});
