import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { region } from '@shared/region';
import { directoryQuerySchema, SORTS } from '@shared/schemas/directory';
import { rng, seedScaleContractors } from '../../bench/lib/scale-seed';
import type { Db } from '../../server/db/client';
import { contractors } from '../../server/db/schema';
import { listContractors } from '../../server/services/directory';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// The in-memory index must answer exactly what the SQL reference answers, for any query.
let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
  db = testDb.database.db;
  await seedScaleContractors(db, 400, 11, 200);
  // Ties the sorts must break the same way: equal names in other cases, equal ratings and reviews.
  await db.execute(sql`update contractors set name = upper(name), rating = 4.5, review_count = 10 where id % 7 = 0`);
  await db.execute(sql`update contractors set is_visible = false where id % 11 = 0`);
  await db.execute(sql`update contractors set approval_status = 'pending' where id % 13 = 0`);
  await db.execute(sql`update contractors set is_featured = true where id % 5 = 0`);
}, 120_000);
afterAll(() => testDb?.drop());

const rand = rng(5);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const serviceValues = [...region.homeSearchServices.map((o) => o.value), ...region.services.map((s) => s.slug)];

function randomQuery() {
  const raw: Record<string, string> = { sort: pick(SORTS), page: String(1 + Math.floor(rand() * 4)), pageSize: String(pick([6, 12, 24, 48])) };
  if (rand() < 0.7) raw.service = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(serviceValues)).join(',');
  if (rand() < 0.6) raw.location = pick(region.towns).slug;
  if (rand() < 0.4) raw.minRating = pick(['3', '3.5', '4', '4.5', '4.8']);
  if (rand() < 0.4) raw.licensed = 'true';
  return directoryQuerySchema.parse(raw);
}

async function expectSameAnswers(count: number) {
  for (let i = 0; i < count; i++) {
    const q = randomQuery();
    const [fromIndex, fromSql] = await Promise.all([listContractors(db, q), listContractors(db, q, { cache: false })]);
    expect(fromIndex, JSON.stringify(q)).toEqual(fromSql);
  }
}

describe('directory index', () => {
  it('answers 300 random queries exactly as SQL does: rows, order, services, counts', async () => {
    await expectSameAnswers(300);
  });

  it('sees every change at once: hidden, re-rated, re-listed', async () => {
    const q = directoryQuerySchema.parse({ pageSize: '48' });
    const before = await listContractors(db, q);
    const [top, second] = before.contractors;
    await db.update(contractors).set({ isVisible: false }).where(eq(contractors.id, top!.id));
    await db.update(contractors).set({ rating: 0.5 }).where(eq(contractors.id, second!.id));
    const after = await listContractors(db, q);
    expect(after.totalAll).toBe(before.totalAll - 1);
    expect(after.contractors.map((c) => c.id)).not.toContain(top!.id);
    expect(after.contractors.map((c) => c.id)).not.toContain(second!.id);
    await db.update(contractors).set({ isVisible: true }).where(eq(contractors.id, top!.id));
    expect((await listContractors(db, q)).contractors[0]!.id).toBe(top!.id);
    await expectSameAnswers(50);
  });
});
