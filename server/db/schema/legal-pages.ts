import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { LEGAL_PAGE_SLUGS } from '../../../shared/legal-pages';
import { adminUsers } from './admin-users';
import { timestamps } from './columns';

/**
 * The platform administrator's text of /privacy or /terms (docs/decisions/0114-homeowner-privacy.md):
 * markdown with {county}-style placeholders filled in per site. No row: the default text shipped in
 * the repository (shared/legal-pages.ts).
 */
export const legalPages = pgTable(
  'legal_pages',
  {
    slug: text('slug', { enum: LEGAL_PAGE_SLUGS }).primaryKey(),
    markdown: text('markdown').notNull(),
    updatedByAdminId: integer('updated_by_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('legal_pages_slug_check', sql`${t.slug} in ('privacy', 'terms')`),
    check('legal_pages_markdown_length_check', sql`char_length(${t.markdown}) <= 100000`),
  ],
);

export type LegalPageRow = typeof legalPages.$inferSelect;
