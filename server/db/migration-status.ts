import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';

/** Any Drizzle database handle (not imported from client.ts, which uses this file). */
interface Executes {
  execute(query: SQL): PromiseLike<unknown>;
}

interface JournalEntry {
  when: number;
  tag: string;
}

const journals = new Map<string, JournalEntry[]>();

/** The migrations the folder holds (its journal, read once per process). */
function journal(folder: string): JournalEntry[] {
  let entries = journals.get(folder);
  if (!entries) {
    entries = (
      JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }
    ).entries;
    journals.set(folder, entries);
  }
  return entries;
}

/**
 * Tags of the folder's migrations the database has not recorded as applied. Drizzle's migrator
 * records each applied migration's journal time in drizzle.__drizzle_migrations; a database
 * migrated further by a newer release has extra rows, which do not count against this one.
 */
export async function pendingMigrations(db: Executes, folder: string): Promise<string[]> {
  const entries = journal(folder);
  const table = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  const present = (table as unknown as { rows: { present: boolean }[] }).rows[0]?.present;
  if (!present) return entries.map((e) => e.tag);
  const applied = await db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
  const times = new Set(
    (applied as unknown as { rows: { created_at: string | number }[] }).rows.map((r) => Number(r.created_at)),
  );
  return entries.filter((e) => !times.has(e.when)).map((e) => e.tag);
}
