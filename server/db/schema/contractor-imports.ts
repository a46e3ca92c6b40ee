import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { timestamps } from './columns';
import { regions } from './regions';

/**
 * One committed import of a county's contractor list (docs/decisions/0130-contractor-import.md):
 * who brought which file into which county, and what became of its rows. The listings it created
 * point back at it (contractors.import_id), so 'approve all of this import' and a re-import's
 * updates find them.
 */
export const contractorImports = pgTable(
  'contractor_imports',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    fileName: text('file_name').notNull().default(''),
    adminUserId: integer('admin_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The administrator's username at the time (the command line says 'command line'). */
    importedBy: text('imported_by').notNull(),
    rowCount: integer('row_count').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('contractor_imports_region_id_idx').on(t.regionId, t.createdAt)],
);

export type ContractorImportRow = typeof contractorImports.$inferSelect;
