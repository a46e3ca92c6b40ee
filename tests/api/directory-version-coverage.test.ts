import type { PGlite } from '@electric-sql/pglite';
import { region } from '@shared/region';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { directoryQuerySchemaFor, SORTS } from '@shared/schemas/directory';
import { galleryQuerySchemaFor } from '@shared/schemas/gallery';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { createClock, todayOf } from '../../server/clock';
import { createDirectory } from '../../server/directory';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

/**
 * The directory is cached until its version moves, and only triggers move it (migrations 0002,
 * 0005, 0014): a column a card, profile or the home page's featured list shows, filters or sorts by,
 * but which no trigger watches, would be served stale only when the cache is on. So every
 * statement the directory runs (the snapshot's load and the SQL reference, every sort and filter)
 * is recorded, and PostgreSQL itself says which columns each one reads (a view over it records
 * them in pg_depend); each must be covered by a version trigger.
 */

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
  db = testDb.database.db;
});
afterAll(() => testDb?.drop());

/** A second Drizzle over the same connection(s) that records every statement with its parameters. */
function recordingDb(): { db: Db; statements: { query: string; params: unknown[] }[] } {
  const statements: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ query, params }) };
  const client = (db as unknown as { $client: unknown }).$client;
  const recording =
    testDb.database.driver === 'pg'
      ? drizzlePg({ client: client as pg.Pool, schema, casing: 'snake_case', logger })
      : drizzlePglite({ client: client as PGlite, schema, casing: 'snake_case', logger });
  return { db: recording as unknown as Db, statements };
}

/** The statement with its parameters written in, so it can define a view. */
function inline({ query, params }: { query: string; params: unknown[] }): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
    throw new Error(`cannot inline parameter ${JSON.stringify(v)} of: ${query}`);
  });
}

let views = 0;
/** The table columns a SELECT reads anywhere (output, filters, orders, windows, subqueries), as PostgreSQL records them for a view. */
async function columnsRead(select: string): Promise<{ table: string; column: string }[]> {
  const view = `coverage_${++views}`;
  // Wrapped, so duplicate output names (contractors.name and towns.name) are allowed.
  await db.execute(sql.raw(`create view ${view} as select 1 as one from (${select}) q`));
  try {
    const res = await db.execute(
      sql.raw(`
        select distinct t.relname as "table", a.attname as "column"
        from pg_depend d
        join pg_rewrite r on r.oid = d.objid
        join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where r.ev_class = '${view}'::regclass and d.refobjid <> '${view}'::regclass and d.refobjsubid > 0`),
    );
    return (res as unknown as { rows: { table: string; column: string }[] }).rows;
  } finally {
    await db.execute(sql.raw(`drop view ${view}`));
  }
}

interface VersionTrigger {
  table: string;
  /** null: any column (no UPDATE OF list). */
  columns: string[] | null;
  events: string[];
}

/**
 * The triggers that bump the directory versions (functions directory_version_*, migrations/0017),
 * merged per table: the events some trigger fires on, and the UPDATE OF columns of its update
 * triggers (null: any column). Inserts and deletes are statement triggers, updates of the listing
 * and its credentials row triggers with an UPDATE OF list (PostgreSQL gives transition tables only
 * to triggers without one).
 */
async function versionTriggers(): Promise<Map<string, VersionTrigger>> {
  const res = await db.execute(
    sql.raw(`
      select c.relname as "table", t.tgtype as "type",
        (select array_agg(a.attname::text order by a.attname) from pg_attribute a where a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])) as "columns"
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where starts_with(p.proname, 'directory_version_') and not t.tgisinternal`),
  );
  const rows = (res as unknown as { rows: { table: string; type: number; columns: string[] | null }[] }).rows;
  // pg_trigger.tgtype bits: INSERT 4, DELETE 8, UPDATE 16.
  const events = (type: number) => [type & 4 && 'insert', type & 8 && 'delete', type & 16 && 'update'].filter(Boolean) as string[];
  const out = new Map<string, VersionTrigger>();
  for (const r of rows) {
    const t = out.get(r.table) ?? { table: r.table, columns: [], events: [] };
    const own = events(r.type);
    t.events = [...new Set([...t.events, ...own])];
    if (own.includes('update')) t.columns = t.columns === null || !r.columns?.length ? null : [...t.columns, ...r.columns];
    out.set(r.table, t);
  }
  for (const t of out.values()) if (t.columns?.length === 0) t.columns = null;
  return out;
}

/** Columns read but not covered: no trigger on the table for every kind of write, or an UPDATE OF list without the column. */
function uncovered(read: { table: string; column: string }[], triggers: Map<string, VersionTrigger>): string[] {
  const out = new Set<string>();
  for (const { table, column } of read) {
    // The version itself; and primary keys, which never change (rows come and go by insert and delete, which the triggers cover).
    if (table === 'directory_state' || table === 'directory_versions' || column === 'id') continue;
    const t = triggers.get(table);
    if (!t || t.events.length < 3 || (t.columns && !t.columns.includes(column))) out.add(`${table}.${column}`);
  }
  return [...out].sort();
}

/** Every statement the directory runs to answer all it answers: the snapshot's load, and the SQL reference for each sort, filter, profile and service page. */
async function directoryStatements() {
  const { db: recording, statements } = recordingDb();
  const database = { db: recording };
  const queries = [
    ...SORTS.map((sort) => directoryQuerySchemaFor(region).parse({ sort })),
    directoryQuerySchemaFor(region).parse({ service: 'roofing,electrical', location: 'laporte', minRating: '4', licensed: 'true', sort: 'location' }),
    // Past the last page: the total needs its own count.
    directoryQuerySchemaFor(region).parse({ service: 'roofing', page: '500' }),
  ];
  for (const cache of [true, false]) {
    const directory = createDirectory(database, { cache, staleIfErrorMs: 0, today: todayOf(createClock()) });
    for (const q of queries) await directory.contractors(region.slug, q);
    const { contractors } = await directory.contractors(region.slug, directoryQuerySchemaFor(region).parse({}));
    for (const c of contractors.slice(0, 3)) await directory.profile(region.slug, c.id);
    // The service pages: what has one, and one of them (docs/decisions/0065-directory-read-model.md).
    await directory.coverage(region.slug);
    await directory.servicePage(region.slug, { service: 'general-contracting', town: 'laporte', page: 1 });
    // The project gallery, filtered and not (docs/decisions/0112-photos-on-the-public-site.md).
    await directory.gallery(region.slug, galleryQuerySchemaFor(region).parse({}));
    await directory.gallery(region.slug, galleryQuerySchemaFor(region).parse({ service: 'roofing', town: 'laporte' }));
  }
  return statements.filter((s) => /^\s*(select|with)\b/i.test(s.query));
}

describe('directory version trigger', () => {
  it('covers every column the directory reads, on the snapshot and the SQL paths', async () => {
    const triggers = await versionTriggers();
    const statements = await directoryStatements();
    const read = (await Promise.all(statements.map((s) => columnsRead(inline(s))))).flat();
    const tablesRead = new Set(read.map((r) => r.table));
    // The recording saw the directory's reads: cards, profiles, their credentials, photos, services, towns (of the served county), service areas.
    expect([...tablesRead].sort()).toEqual([
      'contractor_credentials',
      'contractor_photo_variants',
      'contractor_photos',
      'contractor_service_areas',
      'contractor_services',
      'contractors',
      'directory_versions',
      'region_services',
      'regions',
      'services',
      'towns',
    ]);
    for (const column of ['name', 'rating', 'verified', 'certifications', 'home_town_id', 'approval_status', 'is_visible', 'is_featured']) {
      expect(read, column).toContainEqual({ table: 'contractors', column });
    }
    // The licence number, 'Registration verified {month}', 'Insured until' and the expiry dates that end the badge.
    for (const column of ['number', 'verified', 'verified_at', 'expires_on', 'credential']) {
      expect(read, `contractor_credentials.${column}`).toContainEqual({ table: 'contractor_credentials', column });
    }
    expect(uncovered(read, triggers), 'columns the directory reads that no version trigger watches: add them to the trigger in a migration').toEqual([]);
  });

  it('finds a column that no trigger watches (the check can fail)', async () => {
    const triggers = await versionTriggers();
    expect(triggers.get('contractors')?.columns).not.toContain('email');
    expect(triggers.get('contractor_credentials')?.columns).not.toContain('insurer');
    const read = await columnsRead(
      'select "name", "email", cc."insurer" from "contractors" c join "contractor_credentials" cc on cc."contractor_id" = c."id" and cc."credential" = \'insurance\' where "is_visible" = true order by lower("city")',
    );
    expect(read).toContainEqual({ table: 'contractors', column: 'city' });
    expect(uncovered(read, triggers)).toEqual(['contractor_credentials.insurer', 'contractors.email']);
    // Billing has no version trigger at all: a directory read of it is found too.
    expect(uncovered(await columnsRead('select "monthly_leads_used" from "contractor_billing"'), triggers)).toEqual(['contractor_billing.monthly_leads_used']);
    // A table without a version trigger at all is found too.
    expect(uncovered(await columnsRead('select "email" from "leads"'), triggers)).toEqual(['leads.email']);
  });
});
