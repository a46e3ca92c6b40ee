import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { region } from '@shared/region';
import {
  directoryQuerySchemaFor,
  SORTS,
  type ContractorPage,
  type ContractorProfile,
  type PublicContractor,
} from '@shared/schemas/directory';
import type { Db } from '../../server/db/client';
import { contractors } from '../../server/db/schema';
import { createClock, todayOf } from '../../server/clock';
import { createDirectory, type Directory } from '../../server/directory';
import { createContractorsAtRandom, rng } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

/** Hundreds of queries on the SQL reference path of the embedded database: over half a minute on a busy two-core machine. */
const SQL_REFERENCE_TIMEOUT = 120_000;

// The in-memory snapshot must answer exactly what the SQL reference answers, for any query.
let testDb: TestDatabase;
let db: Db;
/** DIRECTORY_CACHE on (the snapshot) and off (the SQL reference). */
let memory: Directory;
let reference: Directory;
beforeAll(async () => {
  testDb = await createTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
  db = testDb.database.db;
  memory = createDirectory(testDb.database, { cache: true, staleIfErrorMs: 0, today: todayOf(createClock()) });
  reference = createDirectory(testDb.database, { cache: false, staleIfErrorMs: 0, today: todayOf(createClock()) });
  await createContractorsAtRandom(db, 400, { seed: 11, batch: 200 });
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
  const raw: Record<string, string> = {
    sort: pick(SORTS),
    page: String(1 + Math.floor(rand() * 4)),
    pageSize: String(pick([6, 12, 24, 48])),
  };
  if (rand() < 0.7)
    raw.service = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(serviceValues)).join(',');
  if (rand() < 0.6) raw.location = pick(region.towns).slug;
  if (rand() < 0.4) raw.minRating = pick(['3', '3.5', '4', '4.5', '4.8']);
  if (rand() < 0.4) raw.licensed = 'true';
  return directoryQuerySchemaFor(region).parse(raw);
}

/** Compares both paths; returns how many answers counted matches the licensed filter hid. */
async function expectSameAnswers(count: number) {
  let hiding = 0;
  for (let i = 0; i < count; i++) {
    const q = randomQuery();
    const [fromIndex, fromSql] = await Promise.all([
      memory.contractors(region.slug, q),
      reference.contractors(region.slug, q),
    ]);
    expect(fromIndex, JSON.stringify(q)).toEqual(fromSql);
    if (fromSql.unverifiedMatches) hiding++;
  }
  return hiding;
}

describe('directory index', () => {
  it(
    'answers 300 random queries exactly as SQL does: rows, order, services, counts',
    { timeout: SQL_REFERENCE_TIMEOUT },
    async () => {
      // Including the count of unverified matches the licensed filter hides.
      expect(await expectSameAnswers(300)).toBeGreaterThan(30);
    },
  );

  it('sees every change at once: hidden, re-rated, re-listed', async () => {
    const q = directoryQuerySchemaFor(region).parse({ pageSize: '48' });
    const before = await memory.contractors(region.slug, q);
    const [top, second] = before.contractors;
    await db.update(contractors).set({ isVisible: false }).where(eq(contractors.id, top!.id));
    await db.update(contractors).set({ rating: 0.5 }).where(eq(contractors.id, second!.id));
    const after = await memory.contractors(region.slug, q);
    expect(after.totalAll).toBe(before.totalAll - 1);
    expect(after.contractors.map((c) => c.id)).not.toContain(top!.id);
    expect(after.contractors.map((c) => c.id)).not.toContain(second!.id);
    await db.update(contractors).set({ isVisible: true }).where(eq(contractors.id, top!.id));
    expect((await memory.contractors(region.slug, q)).contractors[0]!.id).toBe(top!.id);
    await expectSameAnswers(50);
  });

  it('answers every profile exactly as SQL does, and not found for contractors that are not listed', async () => {
    const rows = await db.select({ id: contractors.id }).from(contractors);
    const outcome = (p: Promise<unknown>) => p.catch((e: { kind?: string }) => e.kind);
    let listed = 0;
    let withAreas = 0;
    for (const { id } of [...rows, { id: 999_999 }]) {
      const [fromIndex, fromSql] = await Promise.all([
        outcome(memory.profile(region.slug, id)),
        outcome(reference.profile(region.slug, id)),
      ]);
      expect(fromIndex, String(id)).toEqual(fromSql);
      if (typeof fromSql === 'object') listed++;
      if ((fromSql as ContractorProfile).serviceAreas?.length > 1) withAreas++;
    }
    expect(listed).toBeGreaterThan(300);
    expect(withAreas).toBeGreaterThan(100);
    expect(listed).toBeLessThan(rows.length);
  });

  it(
    'answers what has a service page, and every service page, exactly as SQL does',
    { timeout: SQL_REFERENCE_TIMEOUT },
    async () => {
      expect(await memory.coverage(region.slug)).toEqual(await reference.coverage(region.slug));
      const outcome = (p: Promise<unknown>) => p.catch((e: { kind?: string }) => e.kind);
      let found = 0;
      for (const s of region.services) {
        for (const town of [undefined, ...region.towns.map((t) => t.slug)]) {
          for (const page of [1, 2]) {
            const p = { service: s.slug, town, page };
            const [fromIndex, fromSql] = await Promise.all([
              outcome(memory.servicePage(region.slug, p)),
              outcome(reference.servicePage(region.slug, p)),
            ]);
            expect(fromIndex, JSON.stringify(p)).toEqual(fromSql);
            if (typeof fromSql === 'object' && (fromSql as { contractors: unknown[] }).contractors.length) found++;
          }
        }
      }
      // Pages with contractors, second pages among them.
      expect(found).toBeGreaterThan(150);
      // The page itself is frozen, like every answer.
      const page = await memory.servicePage(region.slug, { service: 'roofing', page: 1 });
      expect(() => (page.towns as unknown as unknown[]).pop()).toThrow(TypeError);
    },
  );

  it('hands out frozen answers: changing a page, a card or a profile throws, on both paths', async () => {
    for (const directory of [memory, reference]) {
      const page = await directory.contractors(region.slug, directoryQuerySchemaFor(region).parse({ pageSize: '6' }));
      const card = page.contractors[0]!;
      expect(() => ((page as ContractorPage).total = 0)).toThrow(TypeError);
      expect(() => (page.contractors as PublicContractor[]).pop()).toThrow(TypeError);
      expect(() => ((card as PublicContractor).name = 'Changed')).toThrow(TypeError);
      expect(() => (card.services as string[]).push('Changed')).toThrow(TypeError);
      const profile = await directory.profile(region.slug, card.id);
      expect(() => ((profile as ContractorProfile).rating = 0)).toThrow(TypeError);
      expect(() => (profile.serviceAreas as string[]).push('Changed')).toThrow(TypeError);
      expect(() => (profile.certifications as string[]).push('Changed')).toThrow(TypeError);
    }
  });
});
