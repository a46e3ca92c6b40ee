import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Header } from 'tar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../../server/db/client';
import { restoreDataImage } from '../../server/db/data-image';
import { writeDataImage } from '../../server/db/data-image-build';

/**
 * The embedded database's first start from the build's image (server/db/data-image.ts,
 * docs/decisions/0073-embedded-database-memory.md): unpacked into a folder without a database,
 * brought up to date by the migrations, never over a database, and safe to repeat after a start cut
 * short.
 */

const tmp = mkdtempSync(path.join(os.tmpdir(), 'data-image-'));
/** An image made by an older build: every migration but the last two. */
let olderImage: string;
let laterTags: string[];

beforeAll(async () => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const older = path.join(tmp, 'older-migrations');
  cpSync(migrationsFolder(), older, { recursive: true });
  writeFileSync(
    path.join(older, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, -2) }),
  );
  laterTags = journal.entries.slice(-2).map((e) => e.tag);
  olderImage = path.join(tmp, 'older.tar.gz');
  await writeDataImage(olderImage, older);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const folder = (name: string) => {
  const dir = path.join(tmp, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
};

describe('the data folder image', () => {
  it('is unpacked into a folder without a database, beside what the app keeps there, and migrated up to date', async () => {
    const dir = folder('first-start');
    writeFileSync(path.join(dir, 'session-secret'), 'kept');
    expect(restoreDataImage(dir, olderImage)).toBe(true);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe('kept');
    expect(readdirSync(dir).some((e) => e.startsWith('.image'))).toBe(false);
    // The image's PostgreSQL was running when it was dumped: its pid file is not brought along.
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
    const db = await openDatabase({ dataDir: dir });
    try {
      expect(await db.pendingMigrations()).toEqual(laterTags);
      await db.migrate();
      expect(await db.pendingMigrations()).toEqual([]);
      const towns = await db.db.execute(sql`select count(*)::int as n from towns`);
      expect((towns as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('is never unpacked over a database', async () => {
    const dir = folder('existing');
    expect(restoreDataImage(dir, olderImage)).toBe(true);
    const db = await openDatabase({ dataDir: dir });
    await db.migrate();
    await db.db.execute(
      sql`insert into towns (region_id, slug, name, label, kind, aliases, sort_order) select id, 'kept', 'Kept', 'Kept, PA', 'borough', '{}', 0 from regions where is_default`,
    );
    await db.close();
    // A start cut short after the marker went in leaves its staging folder: it goes, the database stays.
    mkdirSync(path.join(dir, '.image-unpacking', 'global'), { recursive: true });
    expect(restoreDataImage(dir, olderImage)).toBe(false);
    expect(existsSync(path.join(dir, '.image-unpacking'))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    try {
      const rows = await again.db.execute(sql`select slug from towns`);
      expect((rows as unknown as { rows: { slug: string }[] }).rows.map((r) => r.slug)).toEqual(['kept']);
    } finally {
      await again.close();
    }
  });

  it('is unpacked again after a start cut short, whatever that start left', async () => {
    const dir = folder('cut-short');
    // A previous unpacking stopped before the marker: half-moved entries and its staging folder.
    mkdirSync(path.join(dir, 'base', '1'), { recursive: true });
    writeFileSync(path.join(dir, 'base', '1', 'garbage'), 'x');
    mkdirSync(path.join(dir, '.image-unpacking', 'global'), { recursive: true });
    expect(restoreDataImage(dir, olderImage)).toBe(true);
    expect(existsSync(path.join(dir, 'base', '1', 'garbage'))).toBe(false);
    const db = await openDatabase({ dataDir: dir });
    try {
      await db.migrate();
      expect(await db.pendingMigrations()).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('writes nothing outside the folder, and refuses an archive without a database', () => {
    const entry = (name: string) => {
      const header = new Header({ path: name, type: 'File', size: 0, mode: 0o600, mtime: new Date() });
      header.encode();
      return header.block!;
    };
    const dir = folder('refused');
    const escaping = writeGzip(
      'escaping.tar.gz',
      Buffer.concat([entry('../escaped'), entry('../../escaped-further'), Buffer.alloc(1024)]),
    );
    expect(() => restoreDataImage(dir, escaping)).toThrow(/not a PostgreSQL data folder/);
    expect(existsSync(path.join(tmp, 'escaped'))).toBe(false);
    expect(existsSync(path.join(path.dirname(tmp), 'escaped-further'))).toBe(false);
    const other = writeGzip('not-an-image.tar.gz', Buffer.concat([entry('notes.txt'), Buffer.alloc(1024)]));
    expect(() => restoreDataImage(folder('not-an-image'), other)).toThrow(/not a PostgreSQL data folder/);
  });
});

function writeGzip(name: string, content: Buffer): string {
  const file = path.join(tmp, name);
  writeFileSync(file, gzipSync(content));
  return file;
}
