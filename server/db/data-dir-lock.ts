import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database folder (docs/decisions/0015-embedded-database-lock.md). PGlite
 * is a single-user PostgreSQL inside the process: two processes on one folder each cache and write
 * the same files, and one's writes are silently lost. The folder holds a lock file with the pid of
 * the process using it; a lock whose process is gone (killed, crashed, a restarted container) is
 * taken over.
 */

export const LOCK_FILE = 'app.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `The embedded database in ${dir} is already open in this process.`
        : `The embedded database in ${dir} is in use by process ${pid} (lock file ${path.join(dir, LOCK_FILE)}). ` +
            'Two processes on one folder lose data: stop that process first, or give this one another DATA_DIR (or a PostgreSQL server with DATABASE_URL). ' +
            'If no such process is running, delete the lock file.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  file: string;
  /** Removes the lock file if it is still this process's. */
  release(): void;
}

/** Lock files this process holds, removed at exit if nobody released them. */
const held = new Set<string>();
let exitHookInstalled = false;

function readPid(file: string): number | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return /^\d{1,10}$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeIfOurs(file: string) {
  if (readPid(file) === process.pid) rmSync(file, { force: true });
}

/** Creates the lock file with its content at once; throws EEXIST when there is one. */
function createExclusive(temp: string, file: string) {
  try {
    linkSync(temp, file);
  } catch (err) {
    // A file system without hard links: an exclusive create (briefly empty, which reads as stale).
    if (!['EPERM', 'ENOTSUP', 'ENOSYS'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (held.has(file)) throw new DataDirLockedError(dir, process.pid);
  mkdirSync(dir, { recursive: true });
  // Written aside and linked into place, so the lock file is never seen without its pid.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${process.pid}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        createExclusive(temp, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      }
      const holder = readPid(file);
      // Our own pid here is a leftover of an earlier process that had it (this one holds nothing here).
      if (holder !== null && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dir, holder);
      rmSync(file, { force: true });
    }
  } finally {
    unlinkSync(temp);
  }
  held.add(file);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Covers process.exit() and a crash; SIGTERM and SIGINT close the database first (server/main.ts).
    process.on('exit', () => held.forEach(removeIfOurs));
  }
  return {
    file,
    release: () => {
      if (!held.delete(file)) return;
      removeIfOurs(file);
    },
  };
}
