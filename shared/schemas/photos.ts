import { z } from 'zod';

/**
 * A contractor's logo and project photos (docs/decisions/0110-contractor-photos.md): what the
 * portal, the admin review and the public profile agree on. The files themselves are processed on
 * the server; only the caption, the kind and the review's reason are typed by people.
 */

export const PHOTO_KINDS = ['logo', 'project'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const PHOTO_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];
export const PHOTO_FORMATS = ['webp', 'avif'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** What an upload may be, by its bytes: JPEG, PNG, WebP or HEIC (iPhone). */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export type PhotoUploadType = (typeof PHOTO_UPLOAD_TYPES)[number];
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Decoded size refused before decoding: a 48 MP phone photo fits, a small file declaring 50,000 x 50,000 does not. */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PROJECT_PHOTOS_MAX = 20;
export const CAPTION_MAX = 200;
export const PHOTO_REJECTION_MAX = 500;
/** The field of the multipart upload holding the file. */
export const PHOTO_FILE_FIELD = 'photo';

const noControl = (s: string) => [...s].every((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f);

export const captionSchema = z
  .string({ error: 'The caption must be text' })
  .trim()
  .max(CAPTION_MAX, `The caption must be at most ${CAPTION_MAX} characters`)
  .refine(noControl, 'The caption must be one line of text');

/** The text fields of POST /api/contractor/photos (multipart, beside the file). */
export const photoUploadFieldsSchema = z.object({
  kind: z.enum(PHOTO_KINDS, { error: "kind must be 'logo' or 'project'" }).default('project'),
  caption: captionSchema.optional().default(''),
});
export type PhotoUploadFields = z.output<typeof photoUploadFieldsSchema>;

/** PATCH /api/contractor/photos/:id */
export const photoCaptionSchema = z.object({ caption: captionSchema });

/** POST /api/admin/photos/:id/reject */
export const photoRejectionSchema = z.object({
  reason: z
    .string({ error: 'Please give the reason, it is sent to the contractor' })
    .trim()
    .min(1, 'Please give the reason, it is sent to the contractor')
    .max(PHOTO_REJECTION_MAX, `The reason must be at most ${PHOTO_REJECTION_MAX} characters`),
});

/** GET /api/admin/photos?status= */
export const adminPhotoQuerySchema = z.object({
  status: z.enum(PHOTO_STATUSES, { error: 'status must be pending, approved or rejected' }).default('pending'),
});

/** One stored rendition: served at `url` (/media/<sha-256>.<format>), never changing. */
export interface PhotoVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  url: string;
}

/**
 * What an <img>/<picture> needs without layout shift: the largest rendition's width and height
 * (the aspect ratio), `src` a WebP fallback, and one srcset per format ('url 640w, ...').
 */
export interface PhotoImage {
  width: number;
  height: number;
  src: string;
  srcset: Record<PhotoFormat, string>;
}

/** A photo as its contractor (portal) and the administrators see it. */
export interface OwnPhoto extends PhotoImage {
  id: number;
  kind: PhotoKind;
  caption: string;
  status: PhotoStatus;
  rejectionReason: string | null;
  position: number;
  createdAt: string;
  variants: PhotoVariant[];
}

export interface OwnPhotoList {
  photos: OwnPhoto[];
  /** Project photos counted against the limit (pending and approved). */
  projectCount: number;
  projectMax: number;
}

export interface AdminPhoto extends OwnPhoto {
  contractorId: number;
  contractorName: string;
}

/** A photo as the public sees it: approved only. */
export interface PublicPhoto extends PhotoImage {
  id: number;
  caption: string;
}

export interface PublicPhotos {
  logo: PublicPhoto | null;
  projects: PublicPhoto[];
}
