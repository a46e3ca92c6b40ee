import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './bytea';

/**
 * The PostgreSQL photo store (server/photos/pg-store.ts, docs/decisions/0110-contractor-photos.md):
 * each rendered file once, named by the SHA-256 of its bytes, so identical files are kept once,
 * every app process serves them and backups hold them. Which photo uses a file is said by
 * contractor_photo_variants; this table knows only files.
 */
export const photoBlobs = pgTable(
  'photo_blobs',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type', { enum: ['image/webp', 'image/avif'] }).notNull(),
    content: bytea('content').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('photo_blobs_key_check', sql`${t.key} ~ '^[0-9a-f]{64}$'`),
    check('photo_blobs_type_check', sql`${t.contentType} in ('image/webp', 'image/avif')`),
    check('photo_blobs_size_check', sql`${t.byteSize} > 0`),
  ],
);
