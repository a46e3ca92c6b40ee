import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer } from '@shared/contractor-import';
import { addCounty } from '../../server/counties/counties';
import {
  contractorAccounts,
  contractorBilling,
  contractors,
  doNotContact,
  leadDeliveries,
  leads,
  listingClaims,
  outboxEmails,
  regions,
} from '../../server/db/schema';
import { releaseUnclaimedLeads } from '../../server/leads/routing/claimed-listing';
import { adminClient } from '../support/admin-session';
import { requestOnHost } from '../support/host-request';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Unclaimed listings and their claims (issue 38; docs/decisions/0131-listing-claims.md,
 * 0132-claim-invitations.md): an imported, approved listing shows as unclaimed; a quote request
 * to it is held and the business invited; its owner proves it with a code sent to the listing's
 * own email or phone (shown masked), gets an account through the first-time setup, and the held
 * request reaches the portal. Codes expire and are limited; the opt-out holds. Both databases.
 */
let app: TestApp;
let platform: TestClient;
let n = 0;
const NOW = new Date('2026-12-07T15:00:00Z');
let now = NOW;

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  app.ctx.clock.now = () => now;
  platform = await adminClient(app);
  await addCounty(app.ctx, 'wyoming');
  await app.ctx.db.update(regions).set({ leadDelivery: 'automatic' });
});
afterAll(() => app?.close());

/** Imports and approves one business of Dushore; its id. */
async function unclaimed(opts: { email?: string; phone?: string } = {}): Promise<number> {
  const i = ++n;
  const email = opts.email ?? `owner${i}@claimtest.example`;
  const phone = opts.phone ?? `570-382-${String(1000 + i).slice(-4)}`;
  const csv = `Business Name,Registration Number,Type of Work,Phone,Email,City\nClaim Test Roofing ${i},PA${String(700000 + i)},Roofing,${phone},${email},Dushore\n`;
  const res = await platform.upload<ImportAnswer>(
    '/api/admin/imports',
    { county: 'sullivan' },
    { field: 'file', bytes: csv, name: 'claims.csv', type: 'text/csv' },
  );
  expect(res.status, res.text).toBe(201);
  expect(res.body.counts.new, res.text).toBe(1);
  expect((await platform.post(`/api/admin/imports/${res.body.importId}/approve`)).status).toBe(200);
  return res.body.rows[0]!.listingId!;
}

async function ask(contractorId: number): Promise<number> {
  const res = await app.client().post('/api/leads', {
    name: 'Dana Homeowner',
    email: `dana${++n}@example.com`,
    phone: `(570) 555-${String(1000 + n).slice(-4)}`,
    serviceNeeded: 'Roofing',
    location: 'Dushore, PA',
    projectDetails: 'The roof over the porch leaks when it rains hard.',
    contractorId,
  });
  expect(res.status, res.text).toBe(201);
  await app.ctx.jobs.runPending();
  return res.body.id;
}

const leadRow = async (id: number) => (await app.ctx.db.select().from(leads).where(eq(leads.id, id)))[0]!;
const lastMail = async (to: string, kind: string) =>
  (
    await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, kind)))
      .orderBy(desc(outboxEmails.id))
  )[0];
const codeIn = (text: string) => /: (\d{6})\./.exec(text)?.[1];

describe('an unclaimed listing on the site', () => {
  it('shows marked unclaimed, with its phone, and no account behind it', async () => {
    const id = await unclaimed({ phone: '570-382-0142' });
    const res = await app.client().get(`/api/contractors/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ unclaimed: true, phone: '570-382-0142', verified: false });
    expect(await app.ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, id))).toEqual(
      [],
    );
  });

  it('holds a quote request to it and invites the business by email and text', async () => {
    const id = await unclaimed({ email: 'invite@claimtest.example', phone: '570-382-0150' });
    const leadId = await ask(id);
    expect(await leadRow(leadId)).toMatchObject({ routing: 'held', routingReason: 'unclaimed', status: 'new' });
    const invitation = await lastMail('invite@claimtest.example', 'claim-invitation');
    expect(invitation!.textBody).toContain(`/claim/${id}`);
    expect(invitation!.textBody).toMatch(/never write again: http\S+\/api\/claims\/opt-out\//);
    // The homeowner's contact details are not in it.
    expect(invitation!.textBody).not.toContain('Dana');
    const text = await lastMail('+15703820150', 'claim-invitation');
    expect(text!.textBody).toContain(`/claim/${id}`);
  });
});

describe('claiming by a code sent to the listing', () => {
  it('shows the channels masked only, and sends the code to the listing own address', async () => {
    const id = await unclaimed({ email: 'john.smith@claimtest.example', phone: '570-382-0143' });
    const target = await app.client().get(`/api/claims/${id}`);
    expect(target.status, target.text).toBe(200);
    expect(target.body.channels).toEqual([
      { channel: 'phone', masked: '***-***-0143' },
      { channel: 'email', masked: 'j***@claimtest.example' },
    ]);
    expect(target.text).not.toContain('john.smith');
    expect(target.text).not.toContain('382');
    const sent = await app
      .client()
      .post(`/api/claims/${id}/code`, { channel: 'email', email: 'attacker@evil.example' });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.text).not.toContain('john.smith');
    expect(await lastMail('attacker@evil.example', 'listing-claim-code')).toBeUndefined();
    expect(codeIn((await lastMail('john.smith@claimtest.example', 'listing-claim-code'))!.textBody)).toMatch(/^\d{6}$/);
  });

  it('turns a right code into an account, and the held request reaches the portal', async () => {
    const id = await unclaimed({ email: 'owner.claim@claimtest.example' });
    const leadId = await ask(id);
    // The new owner takes its first lead with the Free plan's credit.
    await app.ctx.db
      .update(contractorBilling)
      .set({ subscriptionPlan: 'free', monthlyLeadsUsed: 0, bonusCredits: 0, creditsPeriodStart: now })
      .where(eq(contractorBilling.contractorId, id));
    const visitor = app.client();
    expect((await visitor.post(`/api/claims/${id}/code`, { channel: 'email' })).status).toBe(202);
    const wrong = await visitor.post(`/api/claims/${id}/verify`, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('That code is not right.');
    const code = codeIn((await lastMail('owner.claim@claimtest.example', 'listing-claim-code'))!.textBody)!;
    const verified = await visitor.post(`/api/claims/${id}/verify`, { code });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.email).toBe('owner.claim@claimtest.example');
    const [listing] = await app.ctx.db.select().from(contractors).where(eq(contractors.id, id));
    expect(listing!.claimedAt).not.toBeNull();
    // The first-time setup with the code the claim handed back.
    const setup = await visitor.post('/api/contractor/setup', {
      email: verified.body.email,
      token: verified.body.setupCode,
      password: 'a-long-claimed-password-77',
    });
    expect(setup.status, setup.text).toBe(200);
    await app.ctx.jobs.runPending();
    expect(await leadRow(leadId)).toMatchObject({ routing: 'delivered' });
    const portal = app.client();
    const login = await portal.post('/api/contractor/login', {
      email: 'owner.claim@claimtest.example',
      password: 'a-long-claimed-password-77',
    });
    expect(login.status, login.text).toBe(200);
    const portalLeads = await portal.get('/api/contractor/leads');
    expect(portalLeads.status, portalLeads.text).toBe(200);
    expect(JSON.stringify(portalLeads.body)).toContain('The roof over the porch leaks');
    // Claimed: no longer claimable, shown as any listing.
    expect((await app.client().get(`/api/claims/${id}`)).status).toBe(404);
    expect((await app.client().get(`/api/contractors/${id}`)).body).toMatchObject({ unclaimed: false, phone: null });
    const [claim] = await app.ctx.db.select().from(listingClaims).where(eq(listingClaims.contractorId, id));
    expect(claim).toMatchObject({ status: 'verified', channel: 'email', failedAttempts: 1 });
  });

  it('a phone claim asks for the account email', async () => {
    const id = await unclaimed({ phone: '570-382-0177' });
    const visitor = app.client();
    expect((await visitor.post(`/api/claims/${id}/code`, { channel: 'phone' })).status).toBe(202);
    const code = codeIn((await lastMail('+15703820177', 'claim-code'))!.textBody)!;
    const noEmail = await visitor.post(`/api/claims/${id}/verify`, { code });
    expect(noEmail.status).toBe(400);
    const ok = await visitor.post(`/api/claims/${id}/verify`, { code, email: 'texted.owner@claimtest.example' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.email).toBe('texted.owner@claimtest.example');
  });

  it('expires codes, limits them, and closes a claim after five wrong tries', async () => {
    const id = await unclaimed();
    const visitor = app.client();
    expect((await visitor.post(`/api/claims/${id}/code`, { channel: 'email' })).status).toBe(202);
    const email = `owner${n}@claimtest.example`;
    const code = codeIn((await lastMail(email, 'listing-claim-code'))!.textBody)!;
    now = new Date(NOW.getTime() + 16 * 60_000);
    const late = await visitor.post(`/api/claims/${id}/verify`, { code });
    expect(late.body.message).toBe('The code has expired. Ask for a new one.');
    expect((await visitor.post(`/api/claims/${id}/code`, { channel: 'email' })).status).toBe(202);
    expect((await visitor.post(`/api/claims/${id}/code`, { channel: 'email' })).status).toBe(202);
    const fourth = await visitor.post(`/api/claims/${id}/code`, { channel: 'email' });
    expect(fourth.status).toBe(429);
    for (let i = 0; i < 4; i++)
      expect((await visitor.post(`/api/claims/${id}/verify`, { code: '111111' })).status).toBe(400);
    const fifth = await visitor.post(`/api/claims/${id}/verify`, { code: '111111' });
    expect(fifth.body.message).toMatch(/Too many wrong codes/);
    const right = codeIn((await lastMail(email, 'listing-claim-code'))!.textBody)!;
    expect((await visitor.post(`/api/claims/${id}/verify`, { code: right })).status).toBe(400);
    now = NOW;
  });

  it('is not found on another county site, and refuses bad input clearly', async () => {
    const id = await unclaimed();
    const other = await requestOnHost(app.url, 'wyoming.localhost', 'GET', `/api/claims/${id}`);
    expect(other.status).toBe(404);
    expect((await app.client().post(`/api/claims/${id}/code`, { channel: 'fax' })).status).toBe(400);
    expect((await app.client().post(`/api/claims/${id}/verify`, { code: 'abc' })).status).toBe(400);
    expect((await app.client().get('/api/claims/abc')).status).toBe(400);
    const [seeded] = await app.ctx.db.select({ id: contractors.id }).from(contractors).limit(1);
    expect((await app.client().get(`/api/claims/${seeded!.id}`)).status).toBe(404);
  });
});

/** A PDF as a browser sends a document. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('claiming by a document, and what administrators decide', () => {
  it('takes a document for an administrator, who approves it: the claimant gets a setup code', async () => {
    const id = await unclaimed({ email: '', phone: '' });
    expect((await app.client().get(`/api/claims/${id}`)).body.channels).toEqual([]);
    const sent = await app
      .client()
      .upload(
        `/api/claims/${id}/document`,
        { name: 'Pat Owner', email: 'pat.owner@claimtest.example' },
        { field: 'document', bytes: PDF, name: 'registration.pdf', type: 'application/pdf' },
      );
    expect(sent.status, sent.text).toBe(202);
    const again = await app
      .client()
      .upload(
        `/api/claims/${id}/document`,
        { name: 'Someone Else', email: 'else@claimtest.example' },
        { field: 'document', bytes: PDF, name: 'mine.pdf', type: 'application/pdf' },
      );
    expect(again.status).toBe(409);
    const list = await platform.get('/api/admin/listing-claims');
    const claim = list.body.find((c: { contractorId: number }) => c.contractorId === id);
    expect(claim).toMatchObject({ channel: 'document', status: 'open', accountEmail: 'pat.owner@claimtest.example' });
    const approved = await platform.post(`/api/admin/listing-claims/${claim.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect((await lastMail('pat.owner@claimtest.example', 'welcome'))!.textBody).toMatch(/setup code/i);
    expect((await app.client().get(`/api/contractors/${id}`)).body.unclaimed).toBe(false);
    expect((await platform.post(`/api/admin/listing-claims/${claim.id}/approve`)).status).toBe(409);
  });

  it('rejects a document claim with a reason, and refuses what is not a document', async () => {
    const id = await unclaimed({ email: '', phone: '' });
    const notPdf = await app
      .client()
      .upload(
        `/api/claims/${id}/document`,
        { name: 'Pat', email: 'pat2@claimtest.example' },
        { field: 'document', bytes: 'hello', name: 'x.txt', type: 'text/plain' },
      );
    expect(notPdf.status).toBe(400);
    const noEmail = await app
      .client()
      .upload(`/api/claims/${id}/document`, { name: 'Pat' }, { field: 'document', bytes: PDF, name: 'a.pdf' });
    expect(noEmail.status).toBe(400);
    expect(
      (
        await app
          .client()
          .upload(
            `/api/claims/${id}/document`,
            { name: 'Pat', email: 'pat2@claimtest.example' },
            { field: 'document', bytes: PDF, name: 'a.pdf' },
          )
      ).status,
    ).toBe(202);
    const claim = (await platform.get('/api/admin/listing-claims')).body.find(
      (c: { contractorId: number }) => c.contractorId === id,
    );
    expect((await platform.post(`/api/admin/listing-claims/${claim.id}/reject`, {})).status).toBe(400);
    const rejected = await platform.post(`/api/admin/listing-claims/${claim.id}/reject`, { note: 'Not the business' });
    expect(rejected.status, rejected.text).toBe(200);
    expect((await app.client().get(`/api/claims/${id}`)).status).toBe(200);
  });

  it('undoes a verified claim: the account goes and the listing is unclaimed again', async () => {
    const id = await unclaimed({ email: 'undo.owner@claimtest.example' });
    const visitor = app.client();
    await visitor.post(`/api/claims/${id}/code`, { channel: 'email' });
    const code = codeIn((await lastMail('undo.owner@claimtest.example', 'listing-claim-code'))!.textBody)!;
    expect((await visitor.post(`/api/claims/${id}/verify`, { code })).status).toBe(200);
    const claim = (await platform.get('/api/admin/listing-claims')).body.find(
      (c: { contractorId: number; status: string }) => c.contractorId === id && c.status === 'verified',
    );
    const undone = await platform.post(`/api/admin/listing-claims/${claim.id}/undo`, { note: 'Wrong owner' });
    expect(undone.status, undone.text).toBe(200);
    expect(await app.ctx.db.select().from(contractorAccounts).where(eq(contractorAccounts.contractorId, id))).toEqual(
      [],
    );
    expect((await app.client().get(`/api/contractors/${id}`)).body.unclaimed).toBe(true);
    const history = (await platform.get('/api/admin/listing-claims')).body.filter(
      (c: { contractorId: number }) => c.contractorId === id,
    );
    expect(history.map((c: { status: string }) => c.status)).toEqual(['undone']);
    expect((await platform.post(`/api/admin/listing-claims/${claim.id}/undo`, {})).status).toBe(409);
  });
});

describe('invitations and the opt-out', () => {
  it('never writes again to an address that opted out', async () => {
    const id = await unclaimed({ email: 'optout@claimtest.example' });
    await ask(id);
    const invitation = await lastMail('optout@claimtest.example', 'claim-invitation');
    const link = /never write again: (\S+)/.exec(invitation!.textBody)![1]!;
    const res = await fetch(`${app.url}${new URL(link).pathname}`);
    expect(res.status).toBe(200);
    expect(await app.ctx.db.select().from(doNotContact)).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'optout@claimtest.example' })]),
    );
    await ask(id);
    const mails = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, 'optout@claimtest.example'), eq(outboxEmails.kind, 'claim-invitation')));
    expect(mails).toHaveLength(1);
    expect((await fetch(`${app.url}/api/claims/opt-out/not-a-token`)).status).toBe(404);
  });

  it('an administrator invites an import: once, then two reminders a week apart, and no more', async () => {
    const csv = `Business Name,Registration Number,Type of Work,Phone,Email,City\nInvited Roofing,PA790001,Roofing,570-382-0901,invited@claimtest.example,Dushore\nNo Mail Roofing,PA790002,Roofing,570-382-0902,,Dushore\n`;
    const imported = await platform.upload<ImportAnswer>(
      '/api/admin/imports',
      { county: 'sullivan' },
      { field: 'file', bytes: csv, name: 'invite.csv', type: 'text/csv' },
    );
    const importId = imported.body.importId!;
    // Not approved yet: nobody is invited to a listing the site does not show.
    const early = await platform.post(`/api/admin/imports/${importId}/invite`);
    expect(early.body.queued, early.text).toBe(0);
    await platform.post(`/api/admin/imports/${importId}/approve`);
    const sends = async () => {
      const res = await platform.post(`/api/admin/imports/${importId}/invite`);
      expect(res.status, res.text).toBe(202);
      await app.ctx.jobs.runPending({ ignoreDelay: true });
      return (
        await app.ctx.db
          .select()
          .from(outboxEmails)
          .where(
            and(eq(outboxEmails.toAddress, 'invited@claimtest.example'), eq(outboxEmails.kind, 'claim-invitation')),
          )
      ).map((m) => m.subject);
    };
    try {
      expect(await sends()).toEqual(['Claim Invited Roofing on Sullivan County Contractors']);
      // Again the same day: nothing more.
      expect(await sends()).toHaveLength(1);
      now = new Date(NOW.getTime() + 8 * 86_400_000);
      expect(await sends()).toHaveLength(2);
      now = new Date(NOW.getTime() + 16 * 86_400_000);
      expect(await sends()).toHaveLength(3);
      now = new Date(NOW.getTime() + 24 * 86_400_000);
      expect(await sends()).toHaveLength(3);
    } finally {
      now = NOW;
    }
    const last = await lastMail('invited@claimtest.example', 'claim-invitation');
    expect(last!.subject).toMatch(/^Reminder: claim Invited Roofing/);
    expect(last!.textBody).toContain('never write again');
  });

  it('releases a request still unclaimed after the county hours, and offers others', async () => {
    const id = await unclaimed();
    const leadId = await ask(id);
    expect(await releaseUnclaimedLeads(app.ctx)).toBe(0);
    now = new Date(NOW.getTime() + 49 * 3600_000);
    try {
      expect(await releaseUnclaimedLeads(app.ctx)).toBeGreaterThanOrEqual(1);
    } finally {
      now = NOW;
    }
    expect(await leadRow(leadId)).toMatchObject({ routing: 'released', routingReason: 'unclaimed' });
    expect(await app.ctx.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId))).toEqual([]);
  });
});
