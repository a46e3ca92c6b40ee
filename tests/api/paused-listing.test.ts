import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractorProfile, PublicContractor } from '@shared/schemas/directory';
import { addCounty } from '../../server/counties/counties';
import { contractorLeadPreferences, contractors, outboxEmails, regions } from '../../server/db/schema';
import { today } from '../../server/clock';
import { createContractor } from '../support/factories';
import { requestOnHost } from '../support/host-request';
import { postPageForm, servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A paused contractor on the public site (issue 34; docs/decisions/0117-lead-routing.md): its
 * cards and profile say until when, its quote page offers others in place of the form, and a
 * released request's "Send my request to them" link works as a page, with or without JavaScript,
 * on its own county's site only.
 */
let app: TestApp;
let pagesUrl: string;
let closePages: (() => Promise<void>) | undefined;
let n = 0;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true', RATE_LIMIT: 'false' });
  ({ url: pagesUrl, close: closePages } = await servePages(app.ctx));
  await app.ctx.db.update(regions).set({ leadDelivery: 'automatic' });
});
afterAll(async () => {
  await closePages?.();
  await app?.close();
});

const pause = (contractorId: number, pausedUntil: string) =>
  app.ctx.db
    .insert(contractorLeadPreferences)
    .values({ contractorId, pausedUntil })
    .onConflictDoUpdate({ target: contractorLeadPreferences.contractorId, set: { pausedUntil } });

/** Each test its own service, so one test's contractors are not among another's alternatives. */
async function plumber(name: string, opts: { service?: string; verified?: boolean; rating?: number } = {}) {
  const c = await createContractor(app.ctx.db, { services: [opts.service ?? 'plumbing'], name });
  await app.ctx.db
    .update(contractors)
    .set({ verified: opts.verified ?? false, rating: opts.rating ?? 0, reviewCount: opts.rating ? 500 : 0 })
    .where(eq(contractors.id, c.id));
  return c;
}

/** A page as a browser without JavaScript gets it. */
const page = async (path: string) => {
  const res = await fetch(`${pagesUrl}${path}`, { redirect: 'manual' });
  return {
    status: res.status,
    html: (await res.text()).replace(/&#x27;/g, "'").replace(/&amp;/g, '&'),
    location: res.headers.get('location'),
  };
};

describe('a paused contractor in the directory', () => {
  it('says until when on its card and profile, and from that day on is simply listed', async () => {
    const c = await plumber(`Wintering Plumbing ${++n}`, { service: 'roofing', verified: true, rating: 5 });
    await pause(c.id, '2099-03-02');
    const profile = (await app.client().get(`/api/contractors/${c.id}`)).body as ContractorProfile;
    expect(profile.pausedUntil).toBe('2099-03-02');
    const search = (await app.client().get('/api/contractors?service=roofing&sort=rating')).body
      .contractors as PublicContractor[];
    expect(search.find((x) => x.id === c.id)?.pausedUntil).toBe('2099-03-02');
    // Search still finds it.
    expect(search.map((x) => x.id)).toContain(c.id);

    await pause(c.id, today(app.ctx.clock));
    expect(((await app.client().get(`/api/contractors/${c.id}`)).body as ContractorProfile).pausedUntil).toBeNull();
  });

  it('offers up to three others of the county who take its services, never itself or a paused one; nothing while it takes requests', async () => {
    const c = await plumber(`Closed Plumbing ${++n}`);
    const best = await plumber(`Best Plumbing ${n}`, { verified: true, rating: 5 });
    const alsoPaused = await plumber(`Away Plumbing ${n}`, { verified: true, rating: 5 });
    await pause(alsoPaused.id, '2099-01-01');
    await pause(c.id, '2099-03-02');
    const others = (await app.client().get(`/api/contractors/${c.id}/others`)).body as PublicContractor[];
    expect(others.length).toBeGreaterThan(0);
    expect(others.length).toBeLessThanOrEqual(3);
    expect(others[0]!.id).toBe(best.id);
    expect(others.map((o) => o.id)).not.toContain(c.id);
    expect(others.map((o) => o.id)).not.toContain(alsoPaused.id);
    expect(others.every((o) => o.services.includes('Plumbing'))).toBe(true);
    expect((await app.client().get(`/api/contractors/${best.id}/others`)).body).toEqual([]);
    expect((await app.client().get('/api/contractors/abc/others')).status).toBe(400);
  });

  it('its quote page, without JavaScript, shows the others in place of the form', async () => {
    const c = await plumber(`Snowed In Plumbing ${++n}`, { service: 'painting' });
    const other = await plumber(`Open Plumbing ${n}`, { service: 'painting', verified: true, rating: 5 });
    await pause(c.id, '2099-03-02');
    const quote = await page(`/contractor/${c.id}/quote`);
    expect(quote.status).toBe(200);
    expect(quote.html).toContain(`Snowed In Plumbing ${n} is not taking new requests`);
    expect(quote.html).toContain('Not taking new requests until March 2');
    expect(quote.html).toContain(`Open Plumbing ${n}`);
    expect(quote.html).toContain(`href="/contractor/${other.id}"`);
    expect(quote.html).not.toContain(`action="/contractor/${c.id}/quote"`);
    const profile = await page(`/contractor/${c.id}`);
    expect(profile.html).toContain('Not taking new requests until March 2');
    expect(profile.html).toContain('See Other Contractors');
    expect(profile.html).not.toContain('Get Free Quote</a>');
  });
});

describe('the "Send my request to them" page', () => {
  async function releasedOffer() {
    const c = await plumber(`Full Plumbing ${++n}`, { service: 'electrical' });
    const other = await plumber(`Free Plumbing ${n}`, { service: 'electrical', verified: true, rating: 5 });
    await pause(c.id, '2099-03-02');
    const email = `released-${n}@example.com`;
    const res = await app.client().post('/api/leads', {
      name: 'Sam Homeowner',
      email,
      phone: `(570) 555-${String(3000 + n).slice(-4)}`,
      serviceNeeded: 'Electrical',
      location: 'Laporte, PA',
      projectDetails: 'The kitchen sink drains slowly and gurgles.',
      contractorId: c.id,
    });
    expect(res.status, res.text).toBe(201);
    await app.ctx.jobs.runPending();
    const [mail] = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'lead-alternatives')));
    const line = mail!.textBody.split('\n').findIndex((l) => l.includes(`Free Plumbing ${n}`));
    const token = /\/alternatives\/([\w-]+)/.exec(mail!.textBody.split('\n').slice(line).join('\n'))![1]!;
    return { token, other };
  }

  it('opening it changes nothing; its form sends the request once, without JavaScript', async () => {
    const { token, other } = await releasedOffer();
    const opened = await page(`/alternatives/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(`Send your request to Free Plumbing ${n}?`);
    expect(opened.html).toContain(`action="/alternatives/${token}"`);
    expect(opened.html).toContain('noindex');
    expect((await app.client().get(`/api/alternatives/${token}`)).body.state).toBe('open');

    const sent = await postPageForm(pagesUrl, `/alternatives/${token}`);
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`/alternatives/${token}?sent=1`);
    const landed = await page(`/alternatives/${token}?sent=1`);
    expect(landed.html).toContain(`Your request was sent to Free Plumbing ${n}. They will contact you directly.`);
    await app.ctx.jobs.runPending();
    const delivered = await app.ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, other.email), eq(outboxEmails.kind, 'lead-delivered')));
    expect(delivered).toHaveLength(1);

    // A second post (the back button, a second tab): refused with its message, nothing sent again.
    const again = await postPageForm(pagesUrl, `/alternatives/${token}`);
    expect(again.status).toBe(409);
    expect(again.posted?.message).toMatch(/already sent/);
    expect((await page(`/alternatives/${token}`)).html).toContain('Already sent');
  });

  it('a link not ours is a 404 page; on another county site the link is not known', async () => {
    expect((await page(`/alternatives/${'x'.repeat(43)}`)).status).toBe(404);
    const { token } = await releasedOffer();
    await addCounty(app.ctx, 'wyoming').catch(() => {});
    expect((await requestOnHost(app.url, 'wyoming.localhost', 'GET', `/api/alternatives/${token}`)).status).toBe(404);
    expect(
      (await requestOnHost(app.url, 'wyoming.localhost', 'POST', `/api/alternatives/${token}`, { body: {} })).status,
    ).toBe(404);
    expect((await app.client().get(`/api/alternatives/${token}`)).body.state).toBe('open');
  });
});
