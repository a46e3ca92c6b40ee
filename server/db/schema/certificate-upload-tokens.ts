import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { contractors } from './contractors';

/**
 * The right to upload a certificate of insurance for a business just submitted
 * (docs/decisions/0031-credentials-stored.md): the submission's answer carries the token, only its
 * SHA-256 is kept, and it works for an hour while the submission waits for review.
 */
export const certificateUploadTokens = pgTable('certificate_upload_tokens', {
  contractorId: integer('contractor_id')
    .primaryKey()
    .references(() => contractors.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
