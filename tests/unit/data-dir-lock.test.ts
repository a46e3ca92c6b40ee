import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, type DataDirLock } from '../../server/db/data-dir-lock';
import { openDatabase } from '../../server/db/client';

// One process per embedded database folder (issue 11, item 7): a second one refuses instead of losing writes.
const held: DataDirLock[] = [];
const dir = () => mkdtempSync(path.join(os.tmpdir(), 'lock-'));
const acquire = (d: string) => {
  const lock = acquireDataDirLock(d);
  held.push(lock);
  return lock;
};
/** A pid that belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
});

describe('the embedded database folder lock', () => {
  it('writes this process id into the folder and removes it on release', () => {
    const d = dir();
    const lock = acquire(d);
    expect(lock.file).toBe(path.join(d, LOCK_FILE));
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('refuses a folder a live process holds, naming the folder and the process', () => {
    const d = dir();
    // The test runner's parent is alive for as long as this test runs.
    writeFileSync(path.join(d, LOCK_FILE), `${process.ppid}\n`);
    let err: unknown;
    try {
      acquire(d);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirLockedError);
    const message = (err as Error).message;
    expect(message).toContain(path.resolve(d));
    expect(message).toContain(`process ${process.ppid}`);
    expect(message).toMatch(/DATA_DIR|DATABASE_URL/);
    // The other process's lock is left alone.
    expect(readFileSync(path.join(d, LOCK_FILE), 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that is gone', () => {
    const d = dir();
    const pid = deadPid();
    writeFileSync(path.join(d, LOCK_FILE), `${pid}\n`);
    const lock = acquire(d);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
  });

  it('takes over an unreadable lock and one left by an earlier process with this same id (a restarted container)', () => {
    const garbled = dir();
    writeFileSync(path.join(garbled, LOCK_FILE), 'not a pid');
    expect(readFileSync(acquire(garbled).file, 'utf8').trim()).toBe(String(process.pid));
    const reused = dir();
    writeFileSync(path.join(reused, LOCK_FILE), `${process.pid}\n`);
    expect(readFileSync(acquire(reused).file, 'utf8').trim()).toBe(String(process.pid));
  });

  it('refuses a second open of the same folder in this process', () => {
    const d = dir();
    acquire(d);
    expect(() => acquire(d)).toThrow(DataDirLockedError);
    expect(() => acquire(d)).toThrow(/this process/);
  });

  it('does not remove a lock that another process has taken since', () => {
    const d = dir();
    const lock = acquire(d);
    writeFileSync(lock.file, `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('is released when the process exits normally without closing the database', () => {
    const d = dir();
    const script = `import { acquireDataDirLock } from ${JSON.stringify(path.resolve('server/db/data-dir-lock.ts'))}; acquireDataDirLock(${JSON.stringify(d)}); console.log('locked'); process.exit(0);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.stdout).toContain('locked');
    expect(run.status).toBe(0);
    expect(existsSync(path.join(d, LOCK_FILE))).toBe(false);
  });

  it('is taken over after a process holding it is killed', async () => {
    const d = dir();
    const script = `import { acquireDataDirLock } from ${JSON.stringify(path.resolve('server/db/data-dir-lock.ts'))}; acquireDataDirLock(${JSON.stringify(d)}); console.log('locked'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => String(d).includes('locked') && resolve()),
    );
    expect(() => acquireDataDirLock(d)).toThrow(`process ${child.pid}`);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(readFileSync(acquire(d).file, 'utf8').trim()).toBe(String(process.pid));
    // Starting a TypeScript child takes seconds on a busy two-core machine.
  }, 30_000);

  it('guards openDatabase: a second open of the folder fails until the first is closed', async () => {
    const d = dir();
    const first = await openDatabase({ dataDir: d });
    await expect(openDatabase({ dataDir: d })).rejects.toThrow(DataDirLockedError);
    await first.close();
    expect(existsSync(path.join(d, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir: d });
    await again.close();
    // The in-memory database has no folder to guard.
    const a = await openDatabase({ dataDir: 'memory://' });
    const b = await openDatabase({ dataDir: 'memory://' });
    await Promise.all([a.close(), b.close()]);
  }, 60_000);
});
