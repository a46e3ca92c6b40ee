import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { region } from '../../shared/region';
import { VersionSource } from '../../server/directory/version';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// Every version comes from one read shared by all counties' requests; a request may take a read
// sent after it arrived, never one sent before (server/directory/version.ts).
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
}, 60_000);
afterAll(() => testDb?.drop());

const bump = () =>
  testDb.database.db.execute(
    sql`update directory_versions set version = version + 1 where region_id = (select id from regions where slug = ${region.slug})`,
  );

describe('directory version reads', () => {
  it('see every write committed before the request arrived, and share a read sent after it', async () => {
    const versions = new VersionSource(testDb.database.db);
    const first = await versions.current(region.slug, performance.now());
    expect(first).toBeGreaterThanOrEqual(0);

    await bump();
    // Arrived after the write: the read before it is not taken.
    const arrived = performance.now();
    expect(await versions.current(region.slug, arrived)).toBe(first + 1);
    // That read was sent after the request arrived, so it answers for it again (the host check's, then its county's): a write since came after the request.
    await bump();
    expect(await versions.current(region.slug, arrived)).toBe(first + 1);
    // A request without an arrival time, or arriving now, reads again.
    expect(await versions.current(region.slug)).toBe(first + 2);
    expect(await versions.current('no-such-county', performance.now())).toBe(0);
  });
});
