import { region } from '@shared/region';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { directoryQuerySchemaFor, SORTS } from '@shared/schemas/directory';
import { galleryQuerySchemaFor } from '@shared/schemas/gallery';
import type { Db } from '../../server/db/client';
import { createClock, todayOf } from '../../server/clock';
import { createDirectory } from '../../server/directory';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import {
  columnsRead,
  inline,
  recordingDb,
  uncovered,
  versionTriggers,
  type ColumnRead,
  type VersionTrigger,
} from '../support/version-coverage';

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

/** The triggers that bump the directory versions (functions directory_version_*, migrations/0017). */
const directoryTriggers = () => versionTriggers(db, 'directory_version_');

/** Columns read but not covered by the directory's triggers; the version itself needs none. */
const uncoveredByDirectory = (read: ColumnRead[], triggers: Map<string, VersionTrigger>) =>
  uncovered(read, triggers, { skip: ['directory_state', 'directory_versions'] });

/** Every statement the directory runs to answer all it answers: the snapshot's load, and the SQL reference for each sort, filter, profile and service page. */
async function directoryStatements() {
  const { db: recording, statements } = recordingDb(testDb.database);
  const database = { db: recording };
  const queries = [
    ...SORTS.map((sort) => directoryQuerySchemaFor(region).parse({ sort })),
    directoryQuerySchemaFor(region).parse({
      service: 'roofing,electrical',
      location: 'laporte',
      minRating: '4',
      licensed: 'true',
      sort: 'location',
    }),
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
    const triggers = await directoryTriggers();
    const statements = await directoryStatements();
    const read = (await Promise.all(statements.map((s) => columnsRead(db, inline(s))))).flat();
    const tablesRead = new Set(read.map((r) => r.table));
    // The recording saw the directory's reads: cards, profiles, their credentials, a pause (docs/decisions/0117-lead-routing.md),
    // a reply record (docs/decisions/0128-request-page-and-replies.md), photos, services, towns (of the served county), service areas.
    expect([...tablesRead].sort()).toEqual([
      'contractor_credentials',
      'contractor_lead_preferences',
      'contractor_photo_variants',
      'contractor_photos',
      'contractor_reply_records',
      'contractor_service_areas',
      'contractor_services',
      'contractors',
      'directory_versions',
      'region_services',
      'regions',
      'services',
      'towns',
    ]);
    for (const column of [
      'name',
      'rating',
      'verified',
      'certifications',
      'home_town_id',
      'approval_status',
      'is_visible',
      'is_featured',
    ]) {
      expect(read, column).toContainEqual({ table: 'contractors', column });
    }
    // The licence number, 'Registration verified {month}', 'Insured until' and the expiry dates that end the badge.
    for (const column of ['number', 'verified', 'verified_at', 'expires_on', 'credential']) {
      expect(read, `contractor_credentials.${column}`).toContainEqual({ table: 'contractor_credentials', column });
    }
    expect(
      uncoveredByDirectory(read, triggers),
      'columns the directory reads that no version trigger watches: add them to the trigger in a migration',
    ).toEqual([]);
  });

  it('finds a column that no trigger watches (the check can fail)', async () => {
    const triggers = await directoryTriggers();
    expect(triggers.get('contractors')?.columns).not.toContain('email');
    expect(triggers.get('contractor_credentials')?.columns).not.toContain('insurer');
    const read = await columnsRead(
      db,
      'select "name", "email", cc."insurer" from "contractors" c join "contractor_credentials" cc on cc."contractor_id" = c."id" and cc."credential" = \'insurance\' where "is_visible" = true order by lower("city")',
    );
    expect(read).toContainEqual({ table: 'contractors', column: 'city' });
    expect(uncoveredByDirectory(read, triggers)).toEqual(['contractor_credentials.insurer', 'contractors.email']);
    // Billing has no version trigger at all: a directory read of it is found too.
    expect(
      uncoveredByDirectory(await columnsRead(db, 'select "monthly_leads_used" from "contractor_billing"'), triggers),
    ).toEqual(['contractor_billing.monthly_leads_used']);
    // A table without a version trigger at all is found too.
    expect(uncoveredByDirectory(await columnsRead(db, 'select "email" from "leads"'), triggers)).toEqual([
      'leads.email',
    ]);
  });
});
