import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, LOCK_FILE } from './data-dir-lock';

/**
 * Backups of the embedded database (docs/decisions/0083-backups.md): a copy of the whole data
 * folder as a gzipped tar, taken by PGlite itself, so it is consistent. The folder's lock makes
 * sure no app process writes meanwhile: stop the app (a few seconds), back up, start it again. A
 * PostgreSQL server is backed up with pg_dump instead (README, Production).
 */

/** Files of DATA_DIR that are not the database and survive a restore. */
const KEPT_FILES = ['session-secret'];

export async function backupEmbedded(dataDir: string, file: string): Promise<{ file: string; bytes: number }> {
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(`No embedded database in ${dir} (set DATA_DIR to its folder).`);
  const lock = acquireDataDirLock(dir);
  try {
    const client = await PGlite.create(dir);
    try {
      const dump = await client.dumpDataDir('gzip');
      const out = path.resolve(file);
      mkdirSync(path.dirname(out), { recursive: true });
      // Written aside and renamed, so a backup file is never half written; readable by the owner only.
      writeFileSync(`${out}.partial`, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      renameSync(`${out}.partial`, out);
      return { file: out, bytes: statSync(out).size };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Replaces the embedded database with a backup. The backup is loaded and checked in a folder
 * beside DATA_DIR first; only then are the folders swapped. The replaced folder is kept as
 * `DATA_DIR.before-restore-<time>` until the operator deletes it.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  now = new Date(),
): Promise<{ kept: string | null }> {
  const dir = path.resolve(dataDir);
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Error(`No backup file at ${source}.`);
  const staging = `${dir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  const current = existsSync(dir) ? acquireDataDirLock(dir) : null;
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const incoming = acquireDataDirLock(staging);
  try {
    const client = await PGlite.create(staging, { loadDataDir: new Blob([readFileSync(source)]) });
    try {
      // A backup that does not open as a database of this app stops here, before anything is replaced.
      await client.query('select count(*) from contractors');
    } finally {
      await client.close();
    }
    let kept: string | null = null;
    if (existsSync(dir)) {
      kept = `${dir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dir, kept);
      for (const name of KEPT_FILES)
        if (existsSync(path.join(kept, name))) cpSync(path.join(kept, name), path.join(staging, name));
    }
    renameSync(staging, dir);
    chmodSync(dir, 0o700);
    rmSync(path.join(dir, LOCK_FILE), { force: true });
    if (kept) rmSync(path.join(kept, LOCK_FILE), { force: true });
    return { kept };
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  } finally {
    incoming.release();
    current?.release();
  }
}
