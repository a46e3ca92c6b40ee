import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminLeadQuerySchema } from '@shared/schemas/admin-leads';
import type { Db } from '../../server/db/client';
import { regions } from '../../server/db/schema';
import { scopeOf } from '../../server/counties/admin-scope';
import { listAdminLeads } from '../../server/leads/admin-leads';
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
 * The admin lead table keeps its pages until a county's lead list version moves, and only
 * triggers move it (migrations/0033): a column the table shows, filters or sorts by, but which no
 * trigger watches, would be served stale. So every statement the table runs (every scope, every
 * status, a page past the last) is recorded, and each column it reads must be covered.
 */

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
  db = testDb.database.db;
});
afterAll(() => testDb?.drop());

const leadListTriggers = () => versionTriggers(db, 'lead_list_versions_of_');

/**
 * The version itself, and the counts a trigger on leads derives, need no trigger; a contractor
 * shows by name on a lead that names it, so only its renaming matters.
 */
const uncoveredByLeadList = (read: ColumnRead[], triggers: Map<string, VersionTrigger>) =>
  uncovered(read, triggers, { skip: ['lead_list_versions', 'lead_status_counts'], updateOnly: ['contractors'] });

/** Every statement the table runs, each read afresh (a new database handle keeps nothing). */
async function leadListStatements() {
  const { db: recording, statements } = recordingDb(testDb.database);
  const ctx = {
    db: recording,
    database: {
      ...testDb.database,
      db: recording,
      prepared: <T>(_name: string, build: (db: Db) => T) => build(recording),
    },
  };
  const regionIds = (await db.select({ id: regions.id }).from(regions)).map((r) => r.id);
  const scopes = [
    scopeOf(1, { username: 'platform', role: 'platform', regionIds: [] }, null),
    scopeOf(1, { username: 'platform', role: 'platform', regionIds: [] }, regionIds[0]),
    scopeOf(2, { username: 'county', role: 'county', regionIds }, null),
  ];
  for (const scope of scopes) {
    for (const query of [{}, { status: 'new' }, { page: '500' }])
      await listAdminLeads(ctx, scope, adminLeadQuerySchema.parse(query));
  }
  return statements.filter((s) => /^\s*(select|with)\b/i.test(s.query) && !/"lead_list_versions"/.test(s.query));
}

describe('lead list version triggers', () => {
  it('cover every column the admin lead table reads', async () => {
    const triggers = await leadListTriggers();
    const statements = await leadListStatements();
    const read = (await Promise.all(statements.map((s) => columnsRead(db, inline(s))))).flat();
    expect([...new Set(read.map((r) => r.table))].sort()).toEqual([
      'contractors',
      'lead_deliveries',
      'lead_status_counts',
      'leads',
    ]);
    for (const column of [
      'name',
      'phone',
      'status',
      'lead_price_cents',
      'erased_at',
      'withdrawn_at',
      'requested_contractor_id',
    ])
      expect(read, column).toContainEqual({ table: 'leads', column });
    expect(read).toContainEqual({ table: 'lead_deliveries', column: 'payment_state' });
    expect(read).toContainEqual({ table: 'contractors', column: 'name' });
    expect(
      uncoveredByLeadList(read, triggers),
      'columns the lead table reads that no lead list version trigger watches: add them to a trigger in a migration',
    ).toEqual([]);
  });

  it('finds a column no trigger watches (the check can fail)', async () => {
    const triggers = await leadListTriggers();
    expect(triggers.get('contractors')).toMatchObject({ columns: ['name'], events: ['update'] });
    expect(uncoveredByLeadList(await columnsRead(db, 'select "name", "email" from "contractors"'), triggers)).toEqual([
      'contractors.email',
    ]);
    expect(uncoveredByLeadList(await columnsRead(db, 'select "name" from "towns"'), triggers)).toEqual(['towns.name']);
  });
});
