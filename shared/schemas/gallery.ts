import { z } from 'zod';
import { pageParam } from './list-query';
import type { Region } from '../region';
import { resolveServices, resolveTown } from '../taxonomy';
import type { PublicPhoto } from './photos';

/**
 * The county's project gallery, /gallery and GET /api/gallery
 * (docs/decisions/0112-photos-on-the-public-site.md): approved project photos of the contractors
 * the county's site lists, newest approval first, filtered like the directory by one service and
 * one town (the county's own; 'all' or nothing is no filter, an unknown value a 400).
 */

export const GALLERY_PAGE_SIZE = 24;

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

export const galleryQuerySchemaFor = (region: Region) =>
  z
    .object({
      service: text(100).optional(),
      town: text(100).optional(),
      page: pageParam(1_000),
    })
    .transform((q, ctx) => {
      const services = q.service ? resolveServices([q.service], region) : [];
      if (services === null) ctx.addIssue({ code: 'custom', path: ['service'], message: 'Unknown service' });
      const town = q.town ? resolveTown(q.town, region) : '';
      if (town === null) ctx.addIssue({ code: 'custom', path: ['town'], message: 'Unknown town' });
      // A service option may name several canonical services (as on the search page): any of them.
      return { services: services ?? [], town: town || null, page: q.page };
    });

export type GalleryQuery = z.output<ReturnType<typeof galleryQuerySchemaFor>>;

/** A project photo in the gallery, with the contractor whose profile it links to. */
export interface GalleryPhoto extends PublicPhoto {
  contractorId: number;
  contractorName: string;
  /** 'City, ST' */
  contractorLocation: string;
}

export interface GalleryPage {
  photos: GalleryPhoto[];
  /** Photos matching the filters. */
  total: number;
  page: number;
  pageSize: number;
}
