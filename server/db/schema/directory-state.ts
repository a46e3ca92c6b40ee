import { bigint, check, integer, pgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns';

/**
 * One row whose version moves whenever anything the public directory shows changes. Triggers
 * (migrations/0001, 0017) bump it on every write path, so cached directory answers in any app
 * process know when they are stale.
 */
export const directoryState = pgTable(
  'directory_state',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [check('directory_state_single_row', sql`${t.id} = 1`)],
);
