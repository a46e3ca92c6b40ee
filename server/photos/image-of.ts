import { PHOTO_FORMATS, type PhotoFormat, type PhotoImage } from '@shared/schemas/photos';
import type { ContractorPhotoRow, ContractorPhotoVariantRow } from '../db/schema';

/**
 * A stored photo's addresses and what an <img> or <picture> needs (docs/decisions/0110-contractor-photos.md):
 * pure functions of its rows, shared by the services and the directory's read model (which must
 * not depend on the app's context).
 */

/** The address a variant is served at: its content hash, so it never changes and is cached for good. */
export const mediaUrl = (hash: string, format: PhotoFormat) => `/media/${hash}.${format}`;

export const mediaTypeOf: Record<PhotoFormat, 'image/webp' | 'image/avif'> = { webp: 'image/webp', avif: 'image/avif' };

/** Width, height and a srcset per format; `src` is a middle-sized WebP, for browsers reading no srcset. */
export function imageOf(
  photo: Pick<ContractorPhotoRow, 'width' | 'height'>,
  variants: ContractorPhotoVariantRow[],
): PhotoImage {
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
