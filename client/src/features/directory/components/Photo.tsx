import type { PhotoImage, PublicPhoto } from '@shared/schemas/photos';

/**
 * A stored photo as a <picture>: AVIF first, then WebP, each with its srcset and the layout's
 * `sizes`, so the browser fetches one rendition of the size it shows; width and height reserve the
 * space before any byte arrives (no layout shift); `lazy` for photos below the fold
 * (docs/decisions/0112-photos-on-the-public-site.md).
 */
export function Photo({
  image,
  alt,
  sizes,
  lazy = false,
  className,
}: {
  image: PhotoImage;
  alt: string;
  sizes: string;
  lazy?: boolean;
  className?: string;
}) {
  return (
    <picture>
      {image.srcset.avif && <source type="image/avif" srcSet={image.srcset.avif} sizes={sizes} />}
      {image.srcset.webp && <source type="image/webp" srcSet={image.srcset.webp} sizes={sizes} />}
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

/** The largest WebP rendition: what a thumbnail links to, the viewer's full-size image without JavaScript. */
export function largestOf(image: PhotoImage): string {
  const last = image.srcset.webp.split(', ').at(-1);
  return last ? last.split(' ')[0]! : image.src;
}

/** A project photo's text alternative: its caption, or which photo of whose it is. */
export const photoAlt = (p: PublicPhoto, i: number, contractorName: string) =>
  p.caption || `Project photo ${i + 1} by ${contractorName}`;
