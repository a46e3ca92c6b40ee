import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DirectoryQuery } from '@shared/schemas/directory';
import type { GalleryPage, GalleryPhoto, GalleryQuery } from '@shared/schemas/gallery';
import { GALLERY_PAGE_SIZE } from '@shared/schemas/gallery';
import type { PublicPhoto } from '@shared/schemas/photos';
import type { Executor } from '../db/client';
import { contractorPhotos, contractorPhotoVariants, contractors, type ContractorPhotoVariantRow } from '../db/schema';
import { imageOf } from '../photos/image-of';
import { FILTERS, type DirectoryFilter } from './filters';

/**
 * The approved photos the directory shows (docs/decisions/0112-photos-on-the-public-site.md): a
 * card's logo, a profile's project photos and the county's gallery. Read with the rest of the
 * listing, by the snapshot's load and by the SQL reference alike, so they are cached with it and
 * a photo approved, taken down or deleted moves the directory version like any other write to a
 * listing (migrations/0028_photo_directory_versions.sql).
 */

/** A project photo with what the gallery orders it by: when it was approved (the newest first), then its id. */
export interface ListedProject extends PublicPhoto {
  approvedAt: number;
}

export interface ListingPhotos {
  logo: PublicPhoto | null;
  projects: ListedProject[];
}

/**
 * A card shows the logo small (at most 64 CSS pixels): its 128 and 256 pixel renditions are all a
 * screen up to 4x needs, and a page of cards carries no larger ones.
 */
export const CARD_LOGO_MAX_WIDTH = 256;

/** The approved photos of the contractors meeting `where` (a condition on the contractors row), by contractor, in gallery order. */
export async function listingPhotos(db: Executor, where: SQL): Promise<Map<number, ListingPhotos>> {
  const approved = and(eq(contractorPhotos.status, 'approved'), where)!;
  const photos = await db
    .select({
      id: contractorPhotos.id,
      contractorId: contractorPhotos.contractorId,
      kind: contractorPhotos.kind,
      caption: contractorPhotos.caption,
      width: contractorPhotos.width,
      height: contractorPhotos.height,
      reviewedAt: contractorPhotos.reviewedAt,
      createdAt: contractorPhotos.createdAt,
    })
    .from(contractorPhotos)
    .innerJoin(contractors, eq(contractors.id, contractorPhotos.contractorId))
    .where(approved)
    .orderBy(asc(contractorPhotos.contractorId), asc(contractorPhotos.position), asc(contractorPhotos.id));
  const out = new Map<number, ListingPhotos>();
  const variantRows = await db
    .select({ variant: contractorPhotoVariants })
    .from(contractorPhotoVariants)
    .innerJoin(contractorPhotos, eq(contractorPhotos.id, contractorPhotoVariants.photoId))
    .innerJoin(contractors, eq(contractors.id, contractorPhotos.contractorId))
    .where(approved)
    .orderBy(asc(contractorPhotoVariants.photoId), asc(contractorPhotoVariants.width));
  const variants = new Map<number, ContractorPhotoVariantRow[]>();
  for (const { variant } of variantRows)
    (variants.get(variant.photoId) ?? variants.set(variant.photoId, []).get(variant.photoId)!).push(variant);
  for (const p of photos) {
    const files = variants.get(p.id) ?? [];
    // A photo without files (never written so) would show an empty frame: left out.
    if (files.length === 0) continue;
    const entry = out.get(p.contractorId) ?? out.set(p.contractorId, { logo: null, projects: [] }).get(p.contractorId)!;
    if (p.kind === 'logo') {
      const small = files.filter((v) => v.width <= CARD_LOGO_MAX_WIDTH);
      entry.logo = { id: p.id, caption: p.caption, ...imageOf(p, small.length ? small : files.slice(0, 1)) };
    } else
      entry.projects.push({
        id: p.id,
        caption: p.caption,
        ...imageOf(p, files),
        approvedAt: (p.reviewedAt ?? p.createdAt).getTime(),
      });
  }
  return out;
}

/** A project photo as a profile shows it (without what only the gallery's order reads). */
export const publicPhoto = ({ approvedAt: _approvedAt, ...photo }: ListedProject): PublicPhoto => photo;

/** The gallery's order: the newest approval first, then the newest photo. */
export const galleryOrder = (a: ListedProject, b: ListedProject) => b.approvedAt - a.approvedAt || b.id - a.id;

/** The directory's filters the gallery has: services and town, read the same way on both paths. */
export const GALLERY_FILTERS: readonly DirectoryFilter[] = [FILTERS.services, FILTERS.town];

/** The directory filters the gallery shares with search (server/directory/filters.ts): its services and town, nothing else. */
export function directoryQueryOfGallery(q: GalleryQuery): DirectoryQuery {
  return {
    services: q.services,
    town: q.town,
    minRating: null,
    licensedOnly: false,
    sort: 'rating',
    page: 1,
    pageSize: GALLERY_PAGE_SIZE,
  };
}

export interface GalleryEntry {
  photo: ListedProject;
  contractor: { id: number; name: string; location: string };
}

/** One page of the gallery from its entries, already filtered and in gallery order. */
export function galleryPageOf(entries: readonly GalleryEntry[], page: number): GalleryPage {
  const from = (page - 1) * GALLERY_PAGE_SIZE;
  const photos: GalleryPhoto[] = entries.slice(from, from + GALLERY_PAGE_SIZE).map(({ photo, contractor }) => ({
    ...publicPhoto(photo),
    contractorId: contractor.id,
    contractorName: contractor.name,
    contractorLocation: contractor.location,
  }));
  return { photos, total: entries.length, page, pageSize: GALLERY_PAGE_SIZE };
}
