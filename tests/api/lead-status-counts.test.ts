import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { leads, leadStatusCounts } from '../../server/db/schema';
import { createLeadsAtRandom } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// The admin's counts come from lead_status_counts, per county and status; the trigger must keep it equal to counting.
let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
  db = testDb.database.db;
}, 60_000);
afterAll(() => testDb?.drop());

async function expectCountsMatchTable() {
  const counted = (await db.execute(
    sql`select region_id, status, count(*)::int as leads, coalesce(sum(lead_price_cents), 0)::int as cents from leads group by region_id, status`,
  )) as unknown as {
    rows: { region_id: number; status: string; leads: number; cents: number }[];
  };
  const expected = Object.fromEntries(
    counted.rows.map((r) => [`${r.region_id} ${r.status}`, { leads: r.leads, priceCents: r.cents }]),
  );
  const kept = Object.fromEntries(
    (await db.select().from(leadStatusCounts))
      .filter((c) => c.leads !== 0 || c.priceCents !== 0)
      .map((c) => [`${c.regionId} ${c.status}`, { leads: c.leads, priceCents: c.priceCents }]),
  );
  expect(new Set(counted.rows.map((r) => r.region_id)).size).toBeGreaterThan(1);
  expect(kept).toEqual(expected);
}

describe('lead status counts', () => {
  it('follow batch inserts, status changes both ways, price edits and deletes', async () => {
    await createLeadsAtRandom(db, 600, { seed: 3, batch: 250 });
    // A second county's leads (a quarter moved there), so the counts are kept per county.
    await db.execute(
      sql`insert into regions (slug, name, state, template, site_title, short_title, tagline, time_zone, support_email) values ('second', 'Second', 'PA', 'pennsylvania', 'Second County Contractors', 'Second', 'Local builders', 'America/New_York', 'help@second.example')`,
    );
    await db.execute(sql`update leads set region_id = (select id from regions where slug = 'second') where id % 4 = 0`);
    await expectCountsMatchTable();
    await db.execute(sql`update leads set status = 'delivered' where status = 'new' and id % 3 = 0`);
    await db.execute(sql`update leads set status = 'new' where status = 'won' and id % 2 = 0`);
    await expectCountsMatchTable();
    await db.execute(sql`update leads set lead_price_cents = lead_price_cents + 150 where id % 5 = 0`);
    await db.execute(sql`update leads set updated_at = now()`);
    await expectCountsMatchTable();
    const some = (await db.select({ id: leads.id }).from(leads).limit(40)).map((r) => r.id);
    await db.delete(leads).where(inArray(leads.id, some));
    await expectCountsMatchTable();
  });

  it('stay exact under concurrent status moves in opposite directions', async () => {
    const ids = (await db.select({ id: leads.id }).from(leads).where(eq(leads.status, 'delivered')).limit(20)).map(
      (r) => r.id,
    );
    await Promise.all(
      ids.map((id, i) =>
        db.transaction(async (tx) => {
          await tx
            .update(leads)
            .set({ status: i % 2 ? 'new' : 'lost' })
            .where(eq(leads.id, id));
          await tx.update(leads).set({ status: 'contacted' }).where(eq(leads.id, id));
        }),
      ),
    );
    await expectCountsMatchTable();
  });
});
