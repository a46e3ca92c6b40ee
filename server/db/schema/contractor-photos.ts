import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CAPTION_MAX, PHOTO_KINDS, PHOTO_REJECTION_MAX, PHOTO_STATUSES } from '../../../shared/schemas/photos';
import { adminUsers } from './admin-users';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';

/**
 * A contractor's logo or project photo (docs/decisions/0110-contractor-photos.md). Public only once
 * an administrator approved it; a new upload or a new caption is pending until then. The files are
 * its variants (contractor_photo_variants), kept in the photo store.
 */
export const contractorPhotos = pgTable(
  'contractor_photos',
  {
    id: serial('id').primaryKey(),
    contractorId: belongsTo('contractor_id', () => contractors.id),
    kind: text('kind', { enum: PHOTO_KINDS }).notNull(),
    caption: text('caption').notNull().default(''),
    status: text('status', { enum: PHOTO_STATUSES }).notNull().default('pending'),
    /** Sent to the contractor with a rejection, and shown in its portal. */
    rejectionReason: text('rejection_reason'),
    /** Order in the gallery: new photos go last. */
    position: integer('position').notNull().default(0),
    /** The largest variant's size, upright: the aspect ratio the page reserves. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('contractor_photos_contractor_idx').on(t.contractorId, t.kind, t.position),
    index('contractor_photos_status_idx').on(t.status),
    check('contractor_photos_kind_check', sql`${t.kind} in ('logo', 'project')`),
    check('contractor_photos_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('contractor_photos_caption_check', sql`char_length(${t.caption}) <= ${sql.raw(String(CAPTION_MAX))}`),
    check(
      'contractor_photos_reason_check',
      sql`${t.rejectionReason} is null or char_length(${t.rejectionReason}) <= ${sql.raw(String(PHOTO_REJECTION_MAX))}`,
    ),
    check('contractor_photos_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

export type ContractorPhotoRow = typeof contractorPhotos.$inferSelect;
