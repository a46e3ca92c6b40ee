import { asc, inArray } from 'drizzle-orm';
import { PHOTO_FORMATS, type OwnPhoto, type PhotoFormat, type PhotoImage, type PhotoVariant } from '@shared/schemas/photos';
import type { DbCtx } from '../context';
import { contractorPhotoVariants, type ContractorPhotoRow, type ContractorPhotoVariantRow } from '../db/schema';

/**
 * How stored photos are shown (docs/decisions/0110-contractor-photos.md): each variant's immutable
 * URL, and what an <img> or <picture> needs to reserve its space and pick a size.
 */

/** The address a variant is served at: its content hash, so it never changes and is cached for good. */
export const mediaUrl = (hash: string, format: PhotoFormat) => `/media/${hash}.${format}`;

export const mediaTypeOf: Record<PhotoFormat, 'image/webp' | 'image/avif'> = { webp: 'image/webp', avif: 'image/avif' };

/** Variants of these photos, by photo, narrowest first. */
export async function variantsOf(ctx: DbCtx, photoIds: number[]): Promise<Map<number, ContractorPhotoVariantRow[]>> {
  const out = new Map<number, ContractorPhotoVariantRow[]>();
  if (photoIds.length === 0) return out;
  const rows = await ctx.db.select().from(contractorPhotoVariants).where(inArray(contractorPhotoVariants.photoId, photoIds)).orderBy(asc(contractorPhotoVariants.width));
  for (const r of rows) out.set(r.photoId, [...(out.get(r.photoId) ?? []), r]);
  return out;
}

/** Width, height and a srcset per format; `src` is a middle-sized WebP, for browsers reading no srcset. */
export function imageOf(photo: Pick<ContractorPhotoRow, 'width' | 'height'>, variants: ContractorPhotoVariantRow[]): PhotoImage {
  const srcsetOf = (format: PhotoFormat) =>
    variants
      .filter((v) => v.format === format)
      .map((v) => `${mediaUrl(v.hash, format)} ${v.width}w`)
      .join(', ');
  const webp = variants.filter((v) => v.format === 'webp');
  const middle = webp[Math.floor(webp.length / 2)];
  return {
    width: photo.width,
    height: photo.height,
    src: middle ? mediaUrl(middle.hash, 'webp') : '',
    srcset: Object.fromEntries(PHOTO_FORMATS.map((f) => [f, srcsetOf(f)])) as Record<PhotoFormat, string>,
  };
}

export function ownPhotoOf(photo: ContractorPhotoRow, variants: ContractorPhotoVariantRow[]): OwnPhoto {
  const list: PhotoVariant[] = variants.map((v) => ({ format: v.format, width: v.width, height: v.height, url: mediaUrl(v.hash, v.format) }));
  return {
    id: photo.id,
    kind: photo.kind,
    caption: photo.caption,
    status: photo.status,
    rejectionReason: photo.rejectionReason,
    position: photo.position,
    createdAt: photo.createdAt.toISOString(),
    ...imageOf(photo, variants),
    variants: list,
  };
}
