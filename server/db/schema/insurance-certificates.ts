import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CERTIFICATE_TYPES } from '../../../shared/credentials';
import { bytea } from './bytea';
import { contractors } from './contractors';

/**
 * A contractor's current certificate of insurance (docs/decisions/0031-credentials-stored.md): kept
 * in the database, so every app process serves it and backups hold it; a new upload replaces it (the
 * history records each one by its SHA-256). Served only to the administrator and the contractor.
 */
export const insuranceCertificates = pgTable(
  'insurance_certificates',
  {
    contractorId: integer('contractor_id')
      .primaryKey()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    /** Found from the first bytes, never taken from the upload's headers. */
    contentType: text('content_type', { enum: CERTIFICATE_TYPES }).notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    /** The name the file had, as the browser sent it (shown, never used as a path). */
    fileName: text('file_name').notNull().default(''),
    uploadedBy: text('uploaded_by', { enum: ['admin', 'contractor', 'applicant'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'insurance_certificates_type_check',
      sql`${t.contentType} in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')`,
    ),
    check('insurance_certificates_size_check', sql`${t.byteSize} > 0 and ${t.byteSize} <= 5242880`),
    check('insurance_certificates_uploaded_by_check', sql`${t.uploadedBy} in ('admin', 'contractor', 'applicant')`),
  ],
);

export type InsuranceCertificateRow = typeof insuranceCertificates.$inferSelect;
