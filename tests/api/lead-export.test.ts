import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadDeliveries, leadRefunds, leads, subscriptionPayments } from '../../server/db/schema';
import { scopeOf } from '../../server/counties/admin-scope';
import { leadsCsv, paymentsCsv } from '../../server/billing/billing-exports';
import { historyRows } from '../../server/billing/billing-history';
import { adminClient } from '../support/admin-session';
import { createContractor, createLead } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The leads export is written batch by batch as it is read (docs/decisions/0113-self-service-billing.md),
 * so an export of every county never sits whole in memory: every lead comes once, in creation order,
 * however the batches fall, even among leads created in the same microsecond or within one millisecond
 * (a JavaScript date keeps milliseconds only, so the next batch resumes from PostgreSQL's own time).
 */

let app: TestApp;
const platform = scopeOf(1, { username: 'platform', role: 'platform', regionIds: [] }, null);

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  await app.ctx.db.delete(leads);
});
afterAll(() => app?.close());

const idsOf = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => Number(line.split(',')[0]));

async function exported(batch: number): Promise<{ text: string; pieces: number }> {
  let text = '';
  let pieces = 0;
  for await (const piece of leadsCsv(app.ctx, platform, {}, batch)) {
    text += piece;
    pieces++;
  }
  return { text, pieces };
}

describe('the leads export', () => {
  it('holds every lead once, in creation order, whatever the batch size', async () => {
    const made: number[] = [];
    for (let i = 0; i < 9; i++) made.push((await createLead(app.ctx.db, { name: `Export ${i}` })).id);
    // Three share one microsecond, two more fall within the same millisecond, one is older than all.
    await app.ctx.db
      .update(leads)
      .set({ createdAt: sql`'2026-03-01 10:00:00.123456+00'::timestamptz` })
      .where(sql`${leads.id} in (${made[1]}, ${made[4]}, ${made[6]})`);
    await app.ctx.db
      .update(leads)
      .set({ createdAt: sql`'2026-03-01 10:00:00.123789+00'::timestamptz` })
      .where(sql`${leads.id} in (${made[2]}, ${made[3]})`);
    await app.ctx.db
      .update(leads)
      .set({ createdAt: sql`'2025-01-01 00:00:00+00'::timestamptz` })
      .where(eq(leads.id, made[8]!));
    const order = (await app.ctx.db.select({ id: leads.id }).from(leads).orderBy(leads.createdAt, leads.id)).map(
      (r) => r.id,
    );
    expect(order.slice(0, 6)).toEqual([made[8], made[1], made[4], made[6], made[2], made[3]]);

    const whole = await exported(1000);
    expect(idsOf(whole.text)).toEqual(order);
    for (const batch of [1, 2, 3, 4]) {
      const inBatches = await exported(batch);
      expect(inBatches.text, `batches of ${batch}`).toBe(whole.text);
      // The header, then one piece a batch.
      expect(inBatches.pieces).toBe(1 + Math.ceil(order.length / batch));
    }
  });

  it('answers the same text over HTTP, and only the header for no lead', async () => {
    const admin = await adminClient(app);
    const res = await admin.get('/api/admin/exports/leads.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.text).toBe((await exported(1000)).text);
    const none = await admin.get('/api/admin/exports/leads.csv?from=2099-01-01');
    expect(none.status).toBe(200);
    expect(none.text).toBe(
      'lead_id,created_at,county,service,location,status,lead_price,contractor_id,contractor,payment_state,price_charged,delivered_at,paid_at,credited_at\r\n',
    );
    expect((await admin.get('/api/admin/exports/leads.csv?from=yesterday')).status).toBe(400);
  });
});

async function exportedPayments(batch: number): Promise<{ text: string; pieces: number }> {
  let text = '';
  let pieces = 0;
  for await (const piece of paymentsCsv(app.ctx, platform, {}, batch)) {
    text += piece;
    pieces++;
  }
  return { text, pieces };
}

const entryIdsOf = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[1]!);

describe('the payments export', () => {
  it('holds every entry once, newest first, whatever the batch size, with ties within and across kinds', async () => {
    const contractor = await createContractor(app.ctx.db, { name: 'Export Payments Builders' });
    const at = (text: string) => sql`${text}::timestamptz`;
    // Nine deliveries: paid and credited, three sharing a microsecond, two within one millisecond.
    const times = [
      '2026-03-01 10:00:00.123456+00',
      '2026-03-01 10:00:00.123456+00',
      '2026-03-01 10:00:00.123456+00',
      '2026-03-01 10:00:00.123789+00',
      '2026-03-01 10:00:00.123001+00',
      '2026-02-01 08:00:00+00',
      '2026-02-02 08:00:00+00',
      '2026-01-15 12:00:00+00',
      '2025-12-31 23:59:59.999999+00',
    ];
    const deliveries: number[] = [];
    for (const [i, time] of times.entries()) {
      const lead = await createLead(app.ctx.db, { name: `Payment export ${i}` });
      const paid = i % 3 !== 2;
      const [d] = await app.ctx.db
        .insert(leadDeliveries)
        .values({
          leadId: lead.id,
          contractorId: contractor.id,
          priceCents: 2500 + i,
          paymentState: paid ? 'paid' : 'credited',
          ...(paid ? { paidAt: at(time) } : { creditedAt: at(time) }),
        })
        .returning({ id: leadDeliveries.id });
      deliveries.push(d!.id);
    }
    // Refunds and plan payments at the same moments as some deliveries.
    for (const [i, d] of [deliveries[0]!, deliveries[3]!, deliveries[6]!].entries())
      await app.ctx.db.insert(leadRefunds).values({
        deliveryId: d,
        cause: 'claim',
        method: 'offline',
        status: 'succeeded',
        amountCents: 1000 + i,
        refundedAt: at(times[[0, 3, 6][i]!]!),
      });
    for (const [i, time] of [times[0]!, times[7]!].entries())
      await app.ctx.db.insert(subscriptionPayments).values({
        contractorId: contractor.id,
        providerInvoiceId: `in_export_${i}`,
        planId: 'pro',
        amountCents: 4900,
        paidAt: at(time),
      });

    const expected = (await historyRows(app.ctx, { scope: platform })).map((r) => r.id);
    expect(expected.length).toBe(14);
    const whole = await exportedPayments(1000);
    const ids = entryIdsOf(whole.text);
    // Every entry once, newest first.
    expect([...ids].sort()).toEqual([...expected].sort());
    const dates = whole.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]!);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const batch of [1, 2, 3, 4]) {
      const inBatches = await exportedPayments(batch);
      expect(inBatches.text, `batches of ${batch}`).toBe(whole.text);
      // The header, then one piece for each batch of entries.
      expect(inBatches.pieces).toBe(1 + Math.ceil(ids.length / batch));
    }
    const admin = await adminClient(app);
    const res = await admin.get('/api/admin/exports/payments.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.text).toBe(whole.text);
    const none = await admin.get('/api/admin/exports/payments.csv?from=2099-01-01');
    expect(none.text).toBe(
      'date,entry_id,kind,contractor_id,contractor,county,lead_id,description,method,status,amount,currency\r\n',
    );
    // A period: only what falls in it.
    const february = entryIdsOf(
      (await admin.get('/api/admin/exports/payments.csv?from=2026-02-01&to=2026-02-28')).text,
    );
    expect(february.sort()).toEqual(
      [
        `credit-${deliveries[5]}`,
        `lead-${deliveries[6]}`,
        `refund-${(await app.ctx.db.select({ id: leadRefunds.id }).from(leadRefunds).where(eq(leadRefunds.deliveryId, deliveries[6]!)))[0]!.id}`,
      ].sort(),
    );
  });
});
