import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxList, OutboxMessage } from '@shared/schemas/admin';
import { createApp } from '../../server/app';
import type { AdminScope } from '../../server/domain/actors';
import { inTransaction, type AppContext } from '../../server/context';
import { contractorLeadPreferences, leadDeliveries, outboxEmails, textOptOuts } from '../../server/db/schema';
import { readTaxonomyIds } from '../../server/directory/taxonomy';
import { createHttpServer } from '../../server/http/http-server';
import { createTextSender } from '../../server/integrations/texts';
import { listOutbox } from '../../server/notifications/outbox';
import {
  deliverQueuedText,
  NOT_A_NUMBER,
  OPTED_OUT,
  queueLeadText,
  queueText,
  SEND_TEXT,
} from '../../server/notifications/text-delivery';
import { adminClient } from '../support/admin-session';
import { createContractor, createLead } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-stand-in';

// Text messages (issue 34, part 4; docs/decisions/0118-text-messages.md): the real twilio library
// against a local stand-in, the STOP/START webhook with Twilio's signature, and the lead's text.

let twilio: TwilioStandIn;
let app: TestApp;
let admin: TestClient;

beforeAll(async () => {
  twilio = await startTwilioStandIn();
  app = await startTestApp({ ...twilio.appEnv(), RATE_LIMIT: 'false' });
  admin = await adminClient(app);
});
afterAll(async () => {
  await app?.close();
  await twilio?.close();
});

const rowOf = async (id: number) => (await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!;
const textJobs = async () =>
  (
    (await app.ctx.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${SEND_TEXT} and state = 'created'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
const queue = (to: string, body = 'Hello from the tests', ctx: Pick<AppContext, 'db' | 'texts' | 'jobs'> = app.ctx) =>
  inTransaction(ctx, (tx) => queueText(tx, { kind: 'lead-text', to, body }));

/** Posts Twilio's incoming-message form to the app, signed as Twilio signs it unless told otherwise. */
async function inbound(from: string, body: string, opts: { url?: string; signature?: string | null } = {}) {
  const base = opts.url ?? app.url;
  const params = {
    AccountSid: twilio.accountSid,
    MessageSid: `SM${'1'.repeat(32)}`,
    From: from,
    To: twilio.from,
    Body: body,
    NumMedia: '0',
  };
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const signature = opts.signature === undefined ? twilio.sign(`${base}/api/texts/inbound`, params) : opts.signature;
  if (signature !== null) headers['X-Twilio-Signature'] = signature;
  const res = await fetch(`${base}/api/texts/inbound`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

describe('sending', () => {
  it('sends a queued text through the twilio library to the stand-in and records it as sent', async () => {
    const before = twilio.messages.length;
    const id = await queue('(570) 555-0101', 'New lead: roofing in Laporte');
    // Queued in the transaction; nothing is sent inside it.
    expect(await rowOf(id)).toMatchObject({
      channel: 'text',
      toAddress: '+15705550101',
      subject: '',
      status: 'pending',
      attempts: 0,
    });
    expect(twilio.messages).toHaveLength(before);

    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect(twilio.messages.slice(before)).toEqual([
      {
        sid: expect.stringMatching(/^SM/),
        to: '+15705550101',
        from: twilio.from,
        messagingServiceSid: null,
        body: 'New lead: roofing in Laporte',
        acceptedAt: expect.any(Number),
      },
    ]);
    const sent = await rowOf(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(await app.ctx.jobs.runPending({ ignoreDelay: true })).toBe(0);
    expect(twilio.messages).toHaveLength(before + 1);
  });

  it('writes nothing when the change that caused the text rolls back', async () => {
    await expect(
      inTransaction(app.ctx, async (tx) => {
        await queueText(tx, { kind: 'lead-text', to: '+15705550102', body: 'Never committed' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, '+15705550102'))).toEqual([]);
    expect(await app.ctx.jobs.runPending()).toBe(0);
  });

  it('retries when Twilio fails, and fails at once when Twilio refuses the number for good', async () => {
    twilio.failNext(1);
    const id = await queue('+15705550103');
    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/Internal Server Error/),
    });
    expect(await app.ctx.jobs.runPending({ ignoreDelay: true })).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    // Twilio knows the number replied STOP (error 21610): failed without retries, and recorded here.
    twilio.unsubscribed.add('+15705550104');
    const refused = await queue('+15705550104');
    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect(await rowOf(refused)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringMatching(/21610/),
    });
    expect(await app.ctx.jobs.runPending({ ignoreDelay: true })).toBe(0);
    expect(await app.ctx.db.select().from(textOptOuts).where(eq(textOptOuts.phone, '+15705550104'))).toHaveLength(1);
  });

  it('does not queue a text to something that is not a phone number', async () => {
    const id = await queue('not a number');
    expect(await rowOf(id)).toMatchObject({ status: 'failed', lastError: NOT_A_NUMBER, toAddress: 'not a number' });
    expect(await textJobs()).toBe(0);
  });

  it('sends a failed text again from the outbox through the send-text job', async () => {
    const id = await queue('+15705550105');
    await app.ctx.db
      .update(outboxEmails)
      .set({ status: 'failed', attempts: 11, lastError: 'gave up' })
      .where(eq(outboxEmails.id, id));
    const before = twilio.requests;
    await app.ctx.jobs.runPending({ ignoreDelay: true });
    // The job finds it failed already: nothing is sent.
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 11 });
    expect(twilio.requests).toBe(before);
    const res = await admin.post<OutboxMessage>(`/api/admin/outbox/${id}/resend`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id, channel: 'text', status: 'pending' });
    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 12 });
    expect(twilio.messages.at(-1)).toMatchObject({ to: '+15705550105' });
  });
});

describe('without Twilio', () => {
  it('keeps the text in the outbox, queues no job, and in production the admin is told texts are not sent', async () => {
    const outboxCtx: AppContext = { ...app.ctx, texts: createTextSender({}) };
    const before = twilio.requests;
    const id = await queue('+15705550106', 'Kept here', outboxCtx);
    expect(await rowOf(id)).toMatchObject({ channel: 'text', status: 'kept', attempts: 0 });
    expect(await textJobs()).toBe(0);
    expect(await app.ctx.jobs.runPending({ ignoreDelay: true })).toBe(0);
    expect(twilio.requests).toBe(before);

    const listed = await admin.get<OutboxList>('/api/admin/outbox?status=kept&pageSize=100');
    expect(listed.body.items.find((m) => m.id === id)).toMatchObject({
      channel: 'text',
      to: '+15705550106',
      subject: '',
      text: 'Kept here',
      status: 'kept',
    });
    // This app has Twilio: texts are sent.
    expect(listed.body.textsNotSent).toBe(false);
    const page = { page: 1, pageSize: 5 };
    const scope: AdminScope = { adminUserId: 0, username: 'test', role: 'platform', regionIds: null };
    expect(
      (await listOutbox({ ...outboxCtx, env: { ...app.ctx.env, NODE_ENV: 'production' } }, scope, page)).textsNotSent,
    ).toBe(true);
    expect((await listOutbox(outboxCtx, scope, page)).textsNotSent).toBe(false);
    expect(
      (await listOutbox({ ...app.ctx, env: { ...app.ctx.env, NODE_ENV: 'production' } }, scope, page)).textsNotSent,
    ).toBe(false);
  });

  it('keeps a text queued before the Twilio settings were removed', async () => {
    const id = await queue('+15705550107');
    const before = twilio.requests;
    const server = await serve({ ...app.ctx, texts: createTextSender({}) });
    try {
      // The job runs in a process without Twilio: the text stays for the admin to read.
      await deliverQueuedText({ ...app.ctx, texts: createTextSender({}) }, id, { lastAttempt: false });
      expect(await rowOf(id)).toMatchObject({ status: 'kept', attempts: 0 });
      expect(twilio.requests).toBe(before);
      // And its webhook is not there.
      expect((await inbound('+15705550107', 'STOP', { url: server.url })).status).toBe(404);
    } finally {
      await server.close();
      await app.ctx.jobs.runPending({ ignoreDelay: true });
    }
  });
});

/** The app over the same database with another context (no Twilio), on a port of its own. */
async function serve(ctx: AppContext): Promise<{ url: string; close(): Promise<void> }> {
  const server: http.Server = createHttpServer(createApp({ ctx, sessionSecret: ctx.env.SESSION_SECRET! }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('STOP and START', () => {
  it('never sends to a number that answered STOP, and START lets texts through again', async () => {
    const number = '+15705550108';
    const before = twilio.messages.length;
    const queuedBefore = await queue(number, 'Queued before the STOP');

    const stop = await inbound(number, ' Stop. ');
    expect(stop).toEqual({
      status: 200,
      type: expect.stringMatching(/^text\/xml/),
      text: '<?xml version="1.0" encoding="UTF-8"?><Response/>',
    });
    expect(await app.ctx.db.select().from(textOptOuts).where(eq(textOptOuts.phone, number))).toHaveLength(1);
    // A repeated STOP changes nothing.
    expect((await inbound(number, 'UNSUBSCRIBE')).status).toBe(200);

    // The text queued before it is not sent; one queued after it is not even queued.
    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect(await rowOf(queuedBefore)).toMatchObject({ status: 'failed', lastError: OPTED_OUT });
    const queuedAfter = await queue('(570) 555-0108', 'Queued after the STOP');
    expect(await rowOf(queuedAfter)).toMatchObject({ status: 'failed', lastError: OPTED_OUT, toAddress: number });
    expect(await app.ctx.jobs.runPending({ ignoreDelay: true })).toBe(0);
    expect(twilio.messages).toHaveLength(before);

    // Words that are not a keyword change nothing.
    expect((await inbound(number, 'please start calling me')).status).toBe(200);
    expect(await app.ctx.db.select().from(textOptOuts).where(eq(textOptOuts.phone, number))).toHaveLength(1);

    expect((await inbound(number, 'start')).status).toBe(200);
    expect(await app.ctx.db.select().from(textOptOuts).where(eq(textOptOuts.phone, number))).toEqual([]);
    const again = await queue(number, 'After START');
    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect(await rowOf(again)).toMatchObject({ status: 'sent' });
    expect(twilio.messages.at(-1)).toMatchObject({ to: number, body: 'After START' });
  });

  it('refuses a request without a valid Twilio signature with 403, changing nothing', async () => {
    const number = '+15705550109';
    expect((await inbound(number, 'STOP', { signature: null })).status).toBe(403);
    expect((await inbound(number, 'STOP', { signature: 'bm90IGEgc2lnbmF0dXJl' })).status).toBe(403);
    // Signed for other fields: the body was changed on the way.
    const params = { From: number, Body: 'START' };
    const res = await fetch(`${app.url}/api/texts/inbound`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': twilio.sign(`${app.url}/api/texts/inbound`, params),
      },
      body: new URLSearchParams({ ...params, Body: 'STOP' }).toString(),
    });
    expect(res.status).toBe(403);
    // JSON is not what Twilio sends: unsigned, so refused the same way.
    expect((await app.client().post('/api/texts/inbound', { From: number, Body: 'STOP' })).status).toBe(403);
    expect(await app.ctx.db.select().from(textOptOuts).where(eq(textOptOuts.phone, number))).toEqual([]);
  });
});

describe("a lead's text", () => {
  async function delivery(
    opts: { optIn?: boolean; phone?: string | null; paymentState?: 'awaiting_payment' | 'credited' } = {},
  ) {
    const contractor = await createContractor(app.ctx.db);
    if (opts.phone !== null)
      await app.ctx.db.insert(contractorLeadPreferences).values({
        contractorId: contractor.id,
        textPhone: opts.phone ?? '570-555-0142',
        textOptIn: opts.optIn ?? true,
      });
    const { townId } = await readTaxonomyIds(app.ctx.db);
    const lead = await createLead(app.ctx.db, {
      name: 'Harriet Homeowner',
      email: 'harriet.homeowner@example.com',
      phone: '(570) 555-0177',
      serviceNeeded: 'Roofing',
      serviceSlugs: ['roofing'],
      location: '12 Elm Street, Laporte, PA',
      townId: townId.get('laporte')!,
      projectDetails: 'Call me at 570-555-0177 or harriet.homeowner@example.com about the roof.',
      status: 'delivered',
      requestedContractorId: contractor.id,
    });
    const [row] = await app.ctx.db
      .insert(leadDeliveries)
      .values({
        leadId: lead.id,
        contractorId: contractor.id,
        priceCents: 3500,
        paymentState: opts.paymentState ?? 'awaiting_payment',
        creditedAt: opts.paymentState === 'credited' ? new Date() : null,
      })
      .returning();
    return { contractor, lead, deliveryId: row!.id };
  }
  const leadTexts = (deliveryId: number) =>
    app.ctx.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.kind} = 'lead-text' and ${outboxEmails.textBody} like ${`%delivery=${deliveryId}`}`);

  it('queues one text per delivery: service, town, price and the portal link, none of the homeowner details', async () => {
    const { lead, deliveryId } = await delivery();
    const first = await inTransaction(app.ctx, (tx) => queueLeadText(tx, { deliveryId }));
    const second = await inTransaction(app.ctx, (tx) => queueLeadText(tx, { deliveryId }));
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    const rows = await leadTexts(deliveryId);
    expect(rows).toHaveLength(1);
    const [text] = rows;
    expect(text).toMatchObject({
      channel: 'text',
      kind: 'lead-text',
      toAddress: '+15705550142',
      subject: '',
      status: 'pending',
      regionId: lead.regionId,
    });
    expect(text!.textBody).toBe(
      [
        "Sullivan County Contractors: new lead, Roofing in Laporte, $35.00 to unlock the customer's details.",
        'Reply STOP to stop these texts.',
        `Open it: ${app.url}/contractor?section=leads&delivery=${deliveryId}`,
      ].join('\n'),
    );
    for (const detail of ['Harriet', 'harriet.homeowner@example.com', '555-0177', '5550177', 'Elm Street', 'Call me'])
      expect(text!.textBody).not.toContain(detail);

    expect(await app.ctx.jobs.runPending()).toBe(1);
    expect(twilio.messages.at(-1)).toMatchObject({ to: '+15705550142', body: text!.textBody });
    expect(await inTransaction(app.ctx, (tx) => queueLeadText(tx, { deliveryId }))).toBeNull();
    expect(await leadTexts(deliveryId)).toHaveLength(1);
  });

  it('queues one text when two calls for one delivery come at the same moment', async () => {
    const { deliveryId } = await delivery();
    const answers = await Promise.all(
      [0, 1].map(() => inTransaction(app.ctx, (tx) => queueLeadText(tx, { deliveryId }))),
    );
    expect(answers.filter((a) => a !== null)).toHaveLength(1);
    expect(await leadTexts(deliveryId)).toHaveLength(1);
    await app.ctx.jobs.runPending();
  });

  it('says a credited lead was taken from a plan credit', async () => {
    const { deliveryId } = await delivery({ paymentState: 'credited' });
    await inTransaction(app.ctx, (tx) => queueLeadText(tx, { deliveryId }));
    const [text] = await leadTexts(deliveryId);
    expect(text!.textBody).toMatch(
      /^Sullivan County Contractors: new lead, Roofing in Laporte, taken from a plan credit \(\$35\.00\)\.\n/,
    );
    await app.ctx.jobs.runPending();
  });

  it('texts only a contractor that gave a number and opted in', async () => {
    for (const opts of [{ optIn: false }, { phone: null }] as const) {
      const { deliveryId } = await delivery(opts);
      expect(await inTransaction(app.ctx, (tx) => queueLeadText(tx, { deliveryId }))).toBeNull();
      expect(await leadTexts(deliveryId)).toEqual([]);
    }
    expect(await inTransaction(app.ctx, (tx) => queueLeadText(tx, { deliveryId: 999_999 }))).toBeNull();
    expect(await textJobs()).toBe(0);
  });
});
