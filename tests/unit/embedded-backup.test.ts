import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backupEmbedded, restoreEmbedded } from '../../server/db/backup';
import { openDatabase } from '../../server/db/client';
import { DataDirLockedError } from '../../server/db/data-dir-lock';
import { pricingRules } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed';
import { photoStoreOf } from '../../server/photos/select-store';

/** `npm run db:backup` / `db:restore` on the embedded database (issue 13). */
describe('embedded database backup and restore', () => {
  it('backs up a stopped database and restores it, keeping the replaced one and the session secret', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'backup-'));
    const dataDir = path.join(root, 'data');
    const database = await openDatabase({ dataDir });
    expect(statSync(dataDir).mode & 0o077).toBe(0);
    await database.migrate();
    await seedDatabase(database.db, { sampleData: false });
    writeFileSync(path.join(dataDir, 'session-secret'), 'the-secret');
    // Photo files live in the database (docs/decisions/0110-contractor-photos.md): backups hold them.
    const photoKey = 'ab'.repeat(32);
    await photoStoreOf(database).put(photoKey, {
      contentType: 'image/webp',
      bytes: Buffer.from('RIFF....WEBPVP8 photo'),
    });

    // While the app has the folder open, a backup is refused rather than copying a moving target.
    await expect(backupEmbedded(dataDir, path.join(root, 'refused.tar.gz'))).rejects.toBeInstanceOf(DataDirLockedError);
    await database.close();

    const file = path.join(root, 'backups', 'one.tar.gz');
    const { bytes } = await backupEmbedded(dataDir, file);
    expect(bytes).toBeGreaterThan(1000);
    expect(statSync(file).mode & 0o077).toBe(0);

    // A change after the backup...
    const later = await openDatabase({ dataDir });
    await later.db.update(pricingRules).set({ leadPriceCents: 9900 });
    await later.close();

    // ...is gone after the restore; the replaced database is kept aside.
    const { kept } = await restoreEmbedded(dataDir, file, new Date('2026-11-24T10:00:00Z'));
    expect(kept).toBe(`${dataDir}.before-restore-2026-11-24T10-00-00-000Z`);
    expect(existsSync(path.join(kept!, 'PG_VERSION'))).toBe(true);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe('the-secret');
    expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
    const restored = await openDatabase({ dataDir });
    const [rule] = await restored.db.select().from(pricingRules).where(eq(pricingRules.ruleType, 'global'));
    expect(rule!.leadPriceCents).toBe(2500);
    expect((await photoStoreOf(restored).get(photoKey))?.bytes.toString()).toBe('RIFF....WEBPVP8 photo');
    await restored.close();
  }, 60_000);

  it('refuses a file that is not a backup and leaves the database as it was', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'backup-'));
    const dataDir = path.join(root, 'data');
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.close();
    const bogus = path.join(root, 'bogus.tar.gz');
    writeFileSync(bogus, 'not a backup');
    await expect(restoreEmbedded(dataDir, bogus)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${dataDir}.restoring`)).toBe(false);
  }, 60_000);
});
