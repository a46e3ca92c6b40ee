import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostedForm } from '@shared/forms';
import type { AdminContractorList, OutboxMessage, Paged } from '@shared/schemas/admin';
import type { AdminLead } from '@shared/schemas/admin-leads';
import { reviewRequests, reviews } from '../../server/db/schema';
import { signReviewLink } from '../../server/reviews/review-tokens';
import { adminClient } from '../support/admin-session';
import { createContractor, nextLicenceNumber } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { servePages } from '../support/page-server';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The public forms without JavaScript (issue 16; docs/decisions/0023-forms-without-javascript.md): the
 * quote request, the newsletter, the business submission and the review post web forms to their pages,
 * checked as the API checks them (origin, body type, limit, honeypot, shared schema). A sent form is
 * answered with a redirect (303), a refused one with its page again: the values typed, the field
 * errors, the message, under the error's status.
 */

type Fields = Record<string, string | string[]>;

interface Answer {
  status: number;
  headers: Headers;
  html: string;
  /** The refused form as the page hands it to the browser (the boot data). */
  posted: PostedForm | null;
}

let app: TestApp;
let admin: TestClient;
let pagesUrl: string;
/** The test app's pages (the API-only app has none): served with the server renderer. */
let closePages: (() => Promise<void>) | undefined;
let contractorId: number;
/** Each test counts its limits on its own client address (TRUST_PROXY reads X-Forwarded-For). */
let nextAddress = 1;
const address = () => `203.0.113.${nextAddress++}`;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true' });
  admin = await adminClient(app);
  ({ url: pagesUrl, close: closePages } = await servePages(app.ctx));
  contractorId = (await createContractor(app.ctx.db)).id;
});
afterAll(async () => {
  await closePages?.();
  await app?.close();
});

function encode(fields: Fields): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  return body.toString();
}

async function send(path: string, body: string | undefined, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${pagesUrl}${path}`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': address(), ...headers },
    body,
    redirect: 'manual',
  });
  const html = await res.text();
  const boot = /<script id="__BOOT__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  const posted = boot ? ((JSON.parse(boot) as { postedForm?: PostedForm }).postedForm ?? null) : null;
  return { status: res.status, headers: res.headers, html, posted };
}

/** A web form as a browser sends it (no JavaScript). */
const post = (path: string, fields: Fields, headers: Record<string, string> = {}) =>
  send(path, encode(fields), { 'Content-Type': 'application/x-www-form-urlencoded', ...headers });

const get = async (path: string) => {
  const res = await fetch(`${pagesUrl}${path}`);
  return { status: res.status, html: await res.text() };
};

/** The text of an HTML fragment, as a reader sees it (React escapes apostrophes and ampersands). */
const unescape = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

const quote = (over: Fields = {}): Fields => ({
  name: 'Nora Noscript',
  email: 'nora.noscript@example.com',
  phone: '(570) 555-0177',
  serviceNeeded: 'Roofing & Siding',
  location: 'Laporte, PA',
  projectDetails: 'A new metal roof on the barn before the snow.',
  budgetRange: '$10,000 - $25,000',
  companyFax: '',
  ...over,
});

const submission = (name: string, over: Fields = {}): Fields => ({
  name,
  yearsInBusiness: '12',
  description: 'Timber frames, additions and careful restoration of older farmhouses.',
  email: `${name.toLowerCase().replace(/\W+/g, '-')}@builders.example`,
  phone: '(570) 555-0142',
  website: 'www.builders.example.com',
  address: '48 Muncy Street',
  city: 'Laporte',
  zip: '18626',
  // One listing per registration number: each submission its own.
  licenseNumber: nextLicenceNumber(),
  insuranceInfo: 'General liability $1,000,000 with Keystone Mutual',
  projectGalleryUrl: '',
  services: ['Roofing', 'Windows & Doors'],
  companyFax: '',
  ...over,
});

const leadsNamed = async (name: string) =>
  ((await admin.get<{ leads: AdminLead[] }>('/api/leads?pageSize=100')).body.leads ?? []).filter(
    (l) => l.name === name,
  );
const contractorsNamed = async (name: string) =>
  (
    await admin.get<AdminContractorList>(`/api/admin/contractors?search=${encodeURIComponent(name)}`)
  ).body.contractors.filter((c) => c.name === name);
const mailTo = async (to: string) =>
  (await admin.get<Paged<OutboxMessage>>('/api/admin/outbox?pageSize=100')).body.items.filter((m) => m.to === to);

/** Rows of every table a form writes, to show a refused form wrote nothing. */
async function fingerprint(): Promise<string> {
  const res = (await app.ctx.db.execute(sql`select
    (select count(*) from leads)::text as leads,
    (select count(*) from contractors)::text as contractors,
    (select count(*) from newsletter_subscribers)::text || '/' || (select coalesce(max(updated_at), 'epoch')::text from newsletter_subscribers) as subscribers,
    (select count(*) from outbox_emails)::text as outbox`)) as unknown as { rows: Record<string, string>[] };
  return JSON.stringify(res.rows[0]);
}

describe('the quote request without JavaScript', () => {
  it('answers bad fields with the quote page again: the errors, what was typed, 400, not cached, nothing stored', async () => {
    const before = await fingerprint();
    const res = await post(
      `/contractor/${contractorId}/quote`,
      quote({ name: 'N', email: 'not-an-email', serviceNeeded: '', projectDetails: 'Roof' }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.posted).toMatchObject({
      form: 'quote',
      path: `/contractor/${contractorId}/quote`,
      message: 'Please check the highlighted fields',
      errors: {
        name: 'Name must be at least 2 characters',
        email: 'Invalid email address',
        serviceNeeded: 'Please select a service',
        projectDetails: 'Please provide more details about your project',
      },
      values: {
        name: 'N',
        email: 'not-an-email',
        phone: '(570) 555-0177',
        location: 'Laporte, PA',
        budgetRange: '$10,000 - $25,000',
      },
    });
    expect(res.posted?.values).not.toHaveProperty('companyFax');
    // The server render shows them: the messages under their fields, the values in them.
    const page = unescape(res.html);
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email address',
      'Please select a service',
      'Please provide more details about your project',
    ])
      expect(page).toContain(message);
    expect(page).toMatch(/<input[^>]*name="email"[^>]*value="not-an-email"/);
    expect(page).toMatch(/<option value="\$10,000 - \$25,000" selected="">/);
    expect(page).toContain('<h1 class="mt-4 text-3xl font-bold">Request a Free Quote</h1>');
    expect(await fingerprint()).toBe(before);
  });

  it('stores a good request through the lead service and answers 303 to the page that says it was sent', async () => {
    const res = await post(`/contractor/${contractorId}/quote`, quote({ name: 'Quinn Noscript' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/contractor/${contractorId}/quote?sent=1`);
    const [lead, ...more] = await leadsNamed('Quinn Noscript');
    expect(more).toEqual([]);
    expect(lead).toMatchObject({
      email: 'nora.noscript@example.com',
      serviceNeeded: 'Roofing & Siding',
      location: 'Laporte, PA',
      budgetRange: '$10,000 - $25,000',
      status: 'new',
    });
    // As for the API's leads, the admin is told.
    expect(
      (await mailTo('admin@outbox.local')).some(
        (m) => m.subject.startsWith('New quote request for ') && m.createdAt >= lead!.createdAt,
      ),
    ).toBe(true);

    const sent = await get(res.headers.get('location')!);
    expect(sent.status).toBe(200);
    expect(unescape(sent.html)).toContain('Quote Request Sent!');
    expect(unescape(sent.html)).toMatch(/Your request has been sent to [^<]+\. They will contact you soon\./);
    expect(sent.html).toContain('<meta name="robots" content="noindex, nofollow" data-head>');
  });

  it('answers a contractor that is not listed with the not-found page, 404', async () => {
    const before = await fingerprint();
    const res = await post('/contractor/999999/quote', quote());
    expect(res.status).toBe(404);
    expect(res.html).toContain('Contractor Not Found');
    expect(await fingerprint()).toBe(before);
    expect((await post('/contractor/not-a-number/quote', quote())).status).toBe(404);
  });

  it('the quote page is there for a GET, noindex, and 404 for a contractor that is not listed', async () => {
    const page = await get(`/contractor/${contractorId}/quote`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<meta name="robots" content="noindex, nofollow" data-head>');
    expect(page.html).toMatch(new RegExp(`<form [^>]*action="/contractor/${contractorId}/quote" method="post"`));
    expect((await get('/contractor/999999/quote')).status).toBe(404);
  });

  it("links 'Get Free Quote' to the quote page in the server's HTML (profile and cards)", async () => {
    const profile = await get(`/contractor/${contractorId}`);
    expect(
      profile.html.match(
        new RegExp(`<a [^>]*href="/contractor/${contractorId}/quote" rel="nofollow"[^>]*>Get Free Quote</a>`, 'g'),
      ),
    ).toHaveLength(2);
    const browse = await get('/browse');
    expect(
      browse.html.match(/<a [^>]*href="\/contractor\/\d+\/quote" rel="nofollow"[^>]*>Get Free Quote<\/a>/g)?.length,
    ).toBeGreaterThan(1);
  });
});

describe('the newsletter without JavaScript', () => {
  it('answers a bad address with the home page again, the message and the address kept, 400', async () => {
    const before = await fingerprint();
    const res = await post('/', { email: 'not an email', companyFax: '' });
    expect(res.status).toBe(400);
    expect(res.posted).toMatchObject({
      form: 'newsletter',
      path: '/',
      values: { email: 'not an email' },
      errors: { email: 'Please enter a valid email address' },
    });
    expect(res.html).toContain('Please enter a valid email address');
    expect(res.html).toMatch(/<input[^>]*name="email"[^>]*value="not an email"/);
    expect(await fingerprint()).toBe(before);
  });

  it('subscribes through the newsletter service, 303 to the home page saying so; a second time says already subscribed (409)', async () => {
    const email = `reader-${Date.now()}@example.com`;
    const res = await post('/', { email, companyFax: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?newsletter=subscribed#newsletter');
    // The welcome email with its unsubscribe link is the subscription's trace in the admin's outbox.
    const [welcome] = await mailTo(email);
    expect(welcome?.text).toMatch(/\/newsletter\/unsubscribe\?token=/);

    const home = await get('/?newsletter=subscribed');
    expect(unescape(home.html)).toContain('Subscribed!');
    expect(unescape(home.html)).toContain("You've been subscribed to our newsletter. Thank you!");

    const again = await post('/', { email: email.toUpperCase(), companyFax: '' });
    expect(again.status).toBe(409);
    expect(unescape(again.html)).toContain('Already Subscribed');
    expect(unescape(again.html)).toContain("You're already subscribed to our newsletter.");
  });
});

describe('the business submission without JavaScript', () => {
  it('answers bad fields with the page again, the errors and every value kept, ticked services included, 400', async () => {
    const before = await fingerprint();
    const res = await post(
      '/submit-business',
      submission('Halfway Builders', { yearsInBusiness: 'twelve', zip: '186', website: 'not a site' }),
    );
    expect(res.status).toBe(400);
    expect(res.posted).toMatchObject({
      form: 'submission',
      errors: {
        yearsInBusiness: 'Years in business must be a number',
        zip: 'Please enter a valid ZIP code',
        website: 'Please enter a valid website address',
      },
      values: {
        name: 'Halfway Builders',
        yearsInBusiness: 'twelve',
        zip: '186',
        services: ['Roofing', 'Windows & Doors'],
      },
    });
    const page = unescape(res.html);
    expect(page).toContain('Submission Failed');
    expect(page).toContain('Years in business must be a number');
    expect(page).toMatch(/<input[^>]*name="name"[^>]*value="Halfway Builders"/);
    const box = (service: string) =>
      new RegExp(`<input type="checkbox"[^>]*name="services"[^>]*value="${service}"/>`).exec(page)?.[0];
    expect(box('Roofing')).toContain('checked=""');
    expect(box('Windows & Doors')).toContain('checked=""');
    expect(box('Plumbing')).not.toContain('checked');
    expect(await fingerprint()).toBe(before);
  });

  it("without a service: the spec's 'Services Required' notice", async () => {
    const res = await post('/submit-business', submission('Serviceless Builders', { services: [] }));
    expect(res.status).toBe(400);
    expect(res.posted?.errors.services).toBe('Please select at least one service you provide');
    expect(unescape(res.html)).toContain('Services Required');
  });

  it('stores a good one, pending and hidden, through the submission service, and answers 303 to the success screen', async () => {
    const res = await post(
      '/submit-business',
      submission('Noscript Timber Works', { approvalStatus: 'approved', isVisible: 'true' }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/submit-business?submitted=1');
    const [stored, ...more] = await contractorsNamed('Noscript Timber Works');
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ approvalStatus: 'pending', isVisible: false });

    const done = await get('/submit-business?submitted=1');
    expect(unescape(done.html)).toContain('Thank You for Your Submission!');
    expect(unescape(done.html)).toContain('Submission Received!');
    expect(unescape(done.html)).toContain('Your business information has been submitted for review.');
    expect(done.html).toContain('<meta name="robots" content="noindex, nofollow" data-head>');
  });
});

describe('the review form without JavaScript', () => {
  const DAY_MS = 86_400_000;
  /** A quote request delivered with a plan credit, and the link of its follow-up email (recorded as sent, as the follow-up job does). */
  async function reviewLink() {
    const c = await createContractor(app.ctx.db, {
      email: `office-${Date.now()}@reviewed-builders.example`,
      billing: { subscriptionPlan: 'free', monthlyLeadsUsed: 0 },
    });
    const lead = await app
      .client()
      .request(
        'POST',
        '/api/leads',
        { ...quote({ name: 'Rita Noscript', email: `rita-${Date.now()}@example.com` }), contractorId: c.id },
        { headers: { 'X-Forwarded-For': address() } },
      );
    expect(lead.status, lead.text).toBe(201);
    const delivery = await admin.post<{ id: number; paymentState: string }>('/api/lead-deliveries', {
      leadId: lead.body.id,
      contractorId: c.id,
    });
    expect(delivery.body.paymentState, delivery.text).toBe('credited');
    const expiresAt = new Date(Date.now() + 30 * DAY_MS);
    await app.ctx.db.insert(reviewRequests).values({ deliveryId: delivery.body.id, status: 'sent', expiresAt });
    const token = signReviewLink(app.ctx.env, { deliveryId: delivery.body.id, expiresAt });
    return { token, contractorId: c.id, deliveryId: delivery.body.id };
  }
  /** The radios a page shows ticked, as name=value. */
  const checked = (html: string) =>
    [...html.matchAll(/<input type="radio"[^>]*>/g)]
      .filter((m) => m[0].includes('checked=""'))
      .map((m) => `${/name="(\w+)"/.exec(m[0])![1]}=${/value="(\w+)"/.exec(m[0])![1]}`);
  const reviewOf = async (deliveryId: number) =>
    (await app.ctx.db.select().from(reviews).where(eq(reviews.deliveryId, deliveryId)))[0];

  it('the page is a form posted to itself, its stars plain radios a browser can tick', async () => {
    const { token } = await reviewLink();
    const page = await get(`/review/${token}`);
    expect(page.status).toBe(200);
    const form = /<form [^>]*>/.exec(page.html)?.[0] ?? '';
    expect(form).toContain(`action="/review/${token}"`);
    expect(form).toContain('method="post"');
    const radios = (name: string) =>
      [...page.html.matchAll(new RegExp(`<input type="radio"[^>]* name="${name}" value="(\\w+)"`, 'g'))].map(
        (m) => m[1],
      );
    expect(radios('rating')).toEqual(['5', '4', '3', '2', '1']);
    expect(radios('contacted')).toEqual(['yes', 'no']);
    expect(radios('hired')).toEqual(['yes', 'no']);
    expect(page.html).toContain('5 stars: Excellent');
  });

  it('answers missing answers with the page again: the errors, what was typed, 400, nothing stored', async () => {
    const { token, deliveryId } = await reviewLink();
    const res = await post(`/review/${token}`, {
      contacted: 'yes',
      hired: 'maybe',
      rating: '9',
      comment: 'They called the same day.',
    });
    expect(res.status).toBe(400);
    expect(res.posted).toMatchObject({
      form: 'review',
      path: `/review/${token}`,
      values: { contacted: 'yes', hired: 'maybe', rating: '9', comment: 'They called the same day.' },
      errors: { hired: 'Please answer: did you hire them?', rating: 'Please choose a rating from 1 to 5 stars' },
    });
    const page = unescape(res.html);
    expect(page).toContain('Please answer: did you hire them?');
    expect(page).toContain('Please choose a rating from 1 to 5 stars');
    expect(page).toContain('They called the same day.</textarea>');
    expect(checked(page)).toEqual(['contacted=yes']);
    // A star chosen is kept too.
    const again = await post(`/review/${token}`, { contacted: 'no', rating: '3' });
    expect(again.posted?.errors).toEqual({ hired: 'Please answer: did you hire them?' });
    expect(checked(again.html)).toEqual(['contacted=no', 'rating=3']);
    expect(await reviewOf(deliveryId)).toBeUndefined();
  });

  it('stores a good answer through the review service, 303 to the thanks; the link then says it was used (409)', async () => {
    const { token, deliveryId } = await reviewLink();
    const res = await post(`/review/${token}`, {
      contacted: 'yes',
      hired: 'no',
      rating: '4',
      comment: 'Quick to call back.',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/review/${token}?sent=1`);
    expect(await reviewOf(deliveryId)).toMatchObject({
      contacted: true,
      hired: false,
      rating: 4,
      comment: 'Quick to call back.',
      authorName: 'Rita',
    });
    const thanks = await get(res.headers.get('location')!);
    expect(thanks.status).toBe(200);
    expect(unescape(thanks.html)).toMatch(/Your review of [^<]+ is published\./);
    const again = await post(`/review/${token}`, { contacted: 'yes', hired: 'yes', rating: '1' });
    expect(again.status).toBe(409);
    expect(unescape(again.html)).toContain('You have already answered');
    expect(await reviewOf(deliveryId)).toMatchObject({ rating: 4 });
  });

  it('answers a link that is not ours with the not-valid page, 404', async () => {
    const forged = await post('/review/1.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA', {
      contacted: 'yes',
      hired: 'yes',
      rating: '5',
    });
    expect(forged.status).toBe(404);
    expect(forged.html).toContain('This review link is not valid');
  });

  it("counts attempts against the API's limit of 20 an hour: 429 and the message on the page", async () => {
    const { token } = await reviewLink();
    const from = { 'X-Forwarded-For': address() };
    for (let i = 0; i < 10; i++)
      expect(
        (await app.client().request('POST', '/api/reviews', { token, contacted: true }, { headers: from })).status,
      ).toBe(400);
    for (let i = 0; i < 10; i++) expect((await post(`/review/${token}`, { contacted: 'yes' }, from)).status).toBe(400);
    const over = await post(`/review/${token}`, { contacted: 'yes', hired: 'yes', rating: '5' }, from);
    expect(over.status).toBe(429);
    expect(over.html).toContain('Too many review attempts from your network. Please try again later.');
  });
});

describe('the guards the API has', () => {
  const forms: [string, Fields][] = [
    [`/contractor/{id}/quote`, quote({ name: 'Guarded Quote' })],
    ['/', { email: 'guarded@example.com', companyFax: '' }],
    ['/submit-business', submission('Guarded Builders')],
  ];
  const path = (p: string) => p.replace('{id}', String(contractorId));

  it.each(forms)(
    '%s takes web forms only: JSON, multipart and text are refused with 415, nothing stored',
    async (p, fields) => {
      const before = await fingerprint();
      const json = await send(path(p), JSON.stringify(fields), { 'Content-Type': 'application/json' });
      expect(json.status).toBe(415);
      expect(json.html).toContain('Send the form as a web form (Content-Type: application/x-www-form-urlencoded)');
      const multipart = await send(
        path(p),
        '--zz\r\nContent-Disposition: form-data; name="email"\r\n\r\nm@example.com\r\n--zz--\r\n',
        { 'Content-Type': 'multipart/form-data; boundary=zz' },
      );
      expect(multipart.status).toBe(415);
      expect((await send(path(p), 'email=t@example.com', { 'Content-Type': 'text/plain' })).status).toBe(415);
      expect(await fingerprint()).toBe(before);
    },
  );

  it.each(forms)('%s: a filled honeypot is answered as a success (303) and nothing is stored', async (p, fields) => {
    const before = await fingerprint();
    const res = await post(path(p), { ...fields, companyFax: '570-555-0100' });
    expect(res.status).toBe(303);
    expect(await fingerprint()).toBe(before);
  });

  it.each(forms)('%s refuses a post from another site (403) and takes one from its own', async (p, fields) => {
    const before = await fingerprint();
    const foreign = await post(path(p), fields, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(foreign.status).toBe(403);
    expect(foreign.html).toContain('This request came from another site and was refused. Please use the site itself.');
    expect((await post(path(p), fields, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(await fingerprint()).toBe(before);
    const own = await post(
      path(p),
      { ...fields, email: `own-${Date.now()}@example.com` },
      { Origin: pagesUrl, 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(own.status).toBe(303);
  });

  it("counts quote requests against the API's limit of 10 an hour: 429 with Retry-After and the message on the page", async () => {
    const from = { 'X-Forwarded-For': address() };
    for (let i = 0; i < 5; i++)
      expect(
        (
          await app
            .client()
            .request('POST', '/api/leads', { ...quote({ name: 'Limited Quote' }), contractorId }, { headers: from })
        ).status,
      ).toBe(201);
    for (let i = 0; i < 5; i++)
      expect((await post(`/contractor/${contractorId}/quote`, quote({ name: 'Limited Quote' }), from)).status).toBe(
        303,
      );
    const over = await post(`/contractor/${contractorId}/quote`, quote({ name: 'Limited Quote' }), from);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.html).toContain('Too many quote requests from your network. Please try again later.');
    // What was typed stays in the form.
    expect(over.posted?.values.name).toBe('Limited Quote');
    expect(await leadsNamed('Limited Quote')).toHaveLength(10);
  });

  it('counts submissions (5 an hour) and newsletter sign-ups (10 an hour) as the API does', async () => {
    const from = { 'X-Forwarded-For': address() };
    for (let i = 0; i < 5; i++)
      expect((await post('/submit-business', submission(`Limited Builders ${i}`), from)).status).toBe(303);
    const over = await post('/submit-business', submission('Limited Builders 5'), from);
    expect(over.status).toBe(429);
    expect(over.html).toContain('Too many submissions from your network. Please try again later.');
    for (let i = 0; i < 10; i++)
      expect((await post('/', { email: `limited-${i}-${Date.now()}@example.com` }, from)).status).toBe(303);
    expect((await post('/', { email: `limited-10-${Date.now()}@example.com` }, from)).status).toBe(429);
  });

  it("pages tell browsers to send this site's own origin with their forms (Referrer-Policy: same-origin, not no-referrer)", async () => {
    // Under no-referrer a browser sends 'Origin: null' with a form's POST, which the cross-site check refuses.
    const res = await fetch(`${pagesUrl}/submit-business`);
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const opaque = await post('/submit-business', submission('Opaque Origin Builders'), { Origin: 'null' });
    expect(opaque.status).toBe(403);
  });

  it('the JSON API still refuses web forms with 415', async () => {
    const res = await fetch(`${app.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: encode({ ...quote(), contractorId: String(contractorId) }),
    });
    expect(res.status).toBe(415);
  });
});

describe('in production, behind a TLS proxy', () => {
  let prod: TestApp;
  let pages: Awaited<ReturnType<typeof servePages>> | undefined;
  beforeAll(async () => {
    prod = await startTestApp({
      NODE_ENV: 'production',
      PAYMENTS: 'demo',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://contractors.example.org',
    });
    pages = await servePages(prod.ctx);
  });
  afterAll(async () => {
    await pages?.close();
    await prod?.close();
  });

  const viaProxy = (path: string, fields: Fields, origin: string) =>
    fetch(`${pages!.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-For': address(),
        Origin: origin,
        'Sec-Fetch-Site': 'same-origin',
      },
      body: encode(fields),
    });

  it('takes a form from the published site, answers a refused one with its page, and refuses another origin', async () => {
    const sent = await viaProxy(
      '/',
      { email: `production-${Date.now()}@example.com`, companyFax: '' },
      'https://contractors.example.org',
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/?newsletter=subscribed#newsletter');
    const refused = await viaProxy('/', { email: 'nope', companyFax: '' }, 'https://contractors.example.org');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Please enter a valid email address');
    // The same host over plain http is another origin.
    expect(
      (await viaProxy('/', { email: `production-http-${Date.now()}@example.com` }, 'http://contractors.example.org'))
        .status,
    ).toBe(403);
  });
});

describe('hostile input to the page forms', () => {
  const strings = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '🏠🔨',
      '__proto__',
      'constructor',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      'x'.repeat(6000),
    ),
  );
  const names = (fields: string[]) =>
    fc.oneof(
      fc.constantFrom(...fields, 'companyFax', '__proto__', 'services[]', 'email[x]'),
      fc.string({ maxLength: 8 }),
    );
  const body = (fields: string[]) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .array(fc.tuple(names(fields), strings), { maxLength: 12 })
          .map((pairs) =>
            pairs
              .map(
                ([k, v]) =>
                  `${encodeURIComponent(k)}=${encodeURIComponent((v as string & { toWellFormed(): string }).toWellFormed())}`,
              )
              .join('&'),
          ),
      },
      // Broken escapes and separators as they are.
      {
        weight: 1,
        arbitrary: fc.constantFrom('%', 'email=%E0%A4%A', 'a=%ZZ&&&=', 'services=%00&services', '&'.repeat(50), '='),
      },
    );
  const cases: [string, string[]][] = [
    [
      '/contractor/{id}/quote',
      ['name', 'email', 'phone', 'serviceNeeded', 'location', 'projectDetails', 'budgetRange'],
    ],
    ['/', ['email']],
    [
      '/submit-business',
      [
        'name',
        'yearsInBusiness',
        'description',
        'email',
        'phone',
        'website',
        'address',
        'city',
        'zip',
        'licenseNumber',
        'insuranceInfo',
        'projectGalleryUrl',
        'services',
      ],
    ],
  ];

  it.each(cases)('%s: never a 5xx, and a refused form writes nothing', async (p, fields) => {
    const ids = fc.oneof(
      fc.constant(String(contractorId)),
      fc.constantFrom('0', '-1', '99999999999', 'abc', '%20', '1.5'),
    );
    await fc.assert(
      fc.asyncProperty(ids, body(fields), async (id, raw) => {
        const before = await fingerprint();
        const res = await send(p.replace('{id}', id), raw, { 'Content-Type': 'application/x-www-form-urlencoded' });
        expect(res.status, `${p} ${raw.slice(0, 200)} -> ${res.status}`).toBeLessThan(500);
        expect(res.html).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/);
        if (res.status >= 400) expect(await fingerprint()).toBe(before);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150), endOnFailure: true },
    );
  });
});
