import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';

/**
 * Proving that a cache kept by a version is never served stale: every statement behind what is
 * kept is recorded, PostgreSQL itself says which columns each one reads (a view over it records
 * them in pg_depend), and each must be covered by a trigger that moves the version. Used for the
 * directory (directory-version-coverage.test.ts) and the admin lead list
 * (lead-list-version-coverage.test.ts).
 */

export interface ColumnRead {
  table: string;
  column: string;
}

/** A second Drizzle over the same connection(s) that records every statement with its parameters. */
export function recordingDb(database: Database): { db: Db; statements: { query: string; params: unknown[] }[] } {
  const statements: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ query, params }) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const recording =
    database.driver === 'pg'
      ? drizzlePg({ client: client as pg.Pool, schema, casing: 'snake_case', logger })
      : drizzlePglite({ client: client as PGlite, schema, casing: 'snake_case', logger });
  return { db: recording as unknown as Db, statements };
}

/** The statement with its parameters written in, so it can define a view. */
export function inline({ query, params }: { query: string; params: unknown[] }): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
    throw new Error(`cannot inline parameter ${JSON.stringify(v)} of: ${query}`);
  });
}

let views = 0;
/** The table columns a SELECT reads anywhere (output, filters, orders, windows, subqueries), as PostgreSQL records them for a view. */
export async function columnsRead(db: Db, select: string): Promise<ColumnRead[]> {
  const view = `coverage_${process.pid}_${++views}`;
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
    return (res as unknown as { rows: ColumnRead[] }).rows;
  } finally {
    await db.execute(sql.raw(`drop view ${view}`));
  }
}

export interface VersionTrigger {
  table: string;
  /** null: any column (no UPDATE OF list). */
  columns: string[] | null;
  events: string[];
}

/**
 * The triggers whose functions' names start with `prefix`, merged per table: the events some
 * trigger fires on, and the UPDATE OF columns of its update triggers (null: any column).
 */
export async function versionTriggers(db: Db, prefix: string): Promise<Map<string, VersionTrigger>> {
  const res = await db.execute(
    sql.raw(`
      select c.relname as "table", t.tgtype as "type",
        (select array_agg(a.attname::text order by a.attname) from pg_attribute a where a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])) as "columns"
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where starts_with(p.proname, '${prefix}') and not t.tgisinternal`),
  );
  const rows = (res as unknown as { rows: { table: string; type: number; columns: string[] | null }[] }).rows;
  // pg_trigger.tgtype bits: INSERT 4, DELETE 8, UPDATE 16.
  const events = (type: number) =>
    [type & 4 && 'insert', type & 8 && 'delete', type & 16 && 'update'].filter(Boolean) as string[];
  const out = new Map<string, VersionTrigger>();
  for (const r of rows) {
    const t = out.get(r.table) ?? { table: r.table, columns: [], events: [] };
    const own = events(r.type);
    t.events = [...new Set([...t.events, ...own])];
    if (own.includes('update'))
      t.columns = t.columns === null || !r.columns?.length ? null : [...t.columns, ...r.columns];
    out.set(r.table, t);
  }
  for (const t of out.values()) if (t.columns?.length === 0) t.columns = null;
  return out;
}

/**
 * Columns read but not covered: no trigger on the table for every kind of write, or an UPDATE OF
 * list without the column. Primary keys never change (rows come and go by insert and delete);
 * `skip` names tables that need no trigger (the version itself, or what a trigger derives);
 * `updateOnly` names tables whose rows are only looked up by a covered row, so that only their
 * updates matter (their inserts are not referenced yet, and their deletes reach the referencing
 * rows through foreign keys).
 */
export function uncovered(
  read: ColumnRead[],
  triggers: Map<string, VersionTrigger>,
  opts: { skip: string[]; updateOnly?: string[] },
): string[] {
  const out = new Set<string>();
  for (const { table, column } of read) {
    if (opts.skip.includes(table) || column === 'id') continue;
    const t = triggers.get(table);
    const events = opts.updateOnly?.includes(table) ? ['update'] : ['insert', 'delete', 'update'];
    if (!t || events.some((e) => !t.events.includes(e)) || (t.columns && !t.columns.includes(column)))
      out.add(`${table}.${column}`);
  }
  return [...out].sort();
}
