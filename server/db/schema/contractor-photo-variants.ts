import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { PHOTO_FORMATS } from '../../../shared/schemas/photos';
import { contractorPhotos } from './contractor-photos';

/**
 * One rendition of a photo: its format, size and the SHA-256 of its bytes, which is both its key in
 * the photo store and its name in the URL (/media/<hash>.<format>). The hash index answers "may this
 * file be served to anyone" (an approved photo uses it) and "is this file still used" on delete.
 */
export const contractorPhotoVariants = pgTable(
  'contractor_photo_variants',
  {
    photoId: belongsTo('photo_id', () => contractorPhotos.id),
    format: text('format', { enum: PHOTO_FORMATS }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    hash: text('hash').notNull(),
    byteSize: integer('byte_size').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.format, t.width] }),
    index('contractor_photo_variants_hash_idx').on(t.hash),
    check('contractor_photo_variants_format_check', sql`${t.format} in ('webp', 'avif')`),
    check('contractor_photo_variants_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);

export type ContractorPhotoVariantRow = typeof contractorPhotoVariants.$inferSelect;
