import { asc, inArray } from 'drizzle-orm';
import type { OwnPhoto, PhotoVariant } from '@shared/schemas/photos';
import type { DbCtx } from '../context';
import { contractorPhotoVariants, type ContractorPhotoRow, type ContractorPhotoVariantRow } from '../db/schema';
import { imageOf, mediaUrl } from '../photos/image-of';

export { imageOf, mediaTypeOf, mediaUrl } from '../photos/image-of';

/**
 * How stored photos are shown (docs/decisions/0110-contractor-photos.md): each variant's immutable
 * URL, and what an <img> or <picture> needs to reserve its space and pick a size.
 */

/** Variants of these photos, by photo, narrowest first. */
export async function variantsOf(ctx: DbCtx, photoIds: number[]): Promise<Map<number, ContractorPhotoVariantRow[]>> {
  const out = new Map<number, ContractorPhotoVariantRow[]>();
  if (photoIds.length === 0) return out;
  const rows = await ctx.db
    .select()
    .from(contractorPhotoVariants)
    .where(inArray(contractorPhotoVariants.photoId, photoIds))
    .orderBy(asc(contractorPhotoVariants.width));
  for (const r of rows) out.set(r.photoId, [...(out.get(r.photoId) ?? []), r]);
  return out;
}

export function ownPhotoOf(photo: ContractorPhotoRow, variants: ContractorPhotoVariantRow[]): OwnPhoto {
  const list: PhotoVariant[] = variants.map((v) => ({
    format: v.format,
    width: v.width,
    height: v.height,
    url: mediaUrl(v.hash, v.format),
  }));
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
