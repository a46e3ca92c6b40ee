import { z } from 'zod';
import { pageParam, pageSizeParam } from './list-query';
import type { WeeklyHours } from '../business-hours';
import type { PublicCredentials } from './credentials';
import type { PublicPhoto } from './photos';
import type { Region } from '../region';
import { resolveServices, resolveTown } from '../taxonomy';

/** Sorts the directory offers (browse adds 'location'); 'featured' is the home page's order. */
export const SORTS = ['rating', 'name', 'reviews', 'location', 'featured'] as const;
export type DirectorySort = (typeof SORTS)[number];

export const MAX_PAGE_SIZE = 48;

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/**
 * Query of GET /api/contractors and /api/contractors/search
 * (docs/decisions/0002-server-side-filtering.md). `service` (or the browse page's `serviceType`) is a
 * comma-separated list of service slugs or names; unknown values are a 400, not an empty result, so a
 * typo is visible. Towns and services are the county's whose site is asked
 * (docs/decisions/0101-read-model-per-county.md).
 */
export const directoryQuerySchemaFor = (region: Region) =>
  z
    .object({
      service: text(500).optional(),
      serviceType: text(500).optional(),
      location: text(100).optional(),
      minRating: z.coerce
        .number({ error: 'Minimum rating must be a number' })
        .min(0, 'Minimum rating must be between 0 and 5')
        .max(5, 'Minimum rating must be between 0 and 5')
        .optional(),
      licensed: z.enum(['true', 'false'], { error: "licensed must be 'true' or 'false'" }).optional(),
      sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).default('rating'),
      page: pageParam(10_000),
      pageSize: pageSizeParam(24, MAX_PAGE_SIZE),
    })
    .transform((q, ctx) => {
      const raw = q.service || q.serviceType || '';
      const services = raw
        ? resolveServices(
            raw.split(',').filter((s) => s.trim() !== ''),
            region,
          )
        : [];
      if (services === null)
        ctx.addIssue({ code: 'custom', path: [q.service ? 'service' : 'serviceType'], message: 'Unknown service' });
      const town = q.location ? resolveTown(q.location, region) : '';
      if (town === null) ctx.addIssue({ code: 'custom', path: ['location'], message: 'Unknown location' });
      return {
        services: services ?? [],
        town: town || null,
        minRating: q.minRating && q.minRating > 0 ? q.minRating : null,
        licensedOnly: q.licensed === 'true',
        sort: q.sort,
        page: q.page,
        pageSize: q.pageSize,
      };
    });

export type DirectoryQuery = z.output<ReturnType<typeof directoryQuerySchemaFor>>;

export const contractorIdSchema = z.object({
  id: z.coerce
    .number({ error: 'Contractor id must be a number' })
    .int('Contractor id must be a whole number')
    .positive('Contractor id must be positive')
    .max(2_147_483_647, 'Contractor id is too large'),
});

/** A contractor as the public directory shows it: nothing only the admin or the contractor may see. */
export interface PublicContractor {
  id: number;
  name: string;
  /** 'City, ST' */
  location: string;
  description: string;
  /** Service names, in the contractor's order. */
  services: string[];
  rating: number;
  reviewCount: number;
  verified: boolean;
  licenseNumber: string | null;
  featured: boolean;
  /** The approved logo, its smaller renditions only (docs/decisions/0112-photos-on-the-public-site.md); null without one. */
  logo: PublicPhoto | null;
  /**
   * Set while the contractor is not taking new requests (docs/decisions/0117-lead-routing.md): the
   * first day ('YYYY-MM-DD') it takes them again. Its cards and profile say so and offer others instead of the form.
   */
  pausedUntil: string | null;
  /**
   * Its measured reply time, "Usually replies within 2 hours", once 3 leads of the last 90 days count
   * (docs/decisions/0128-request-page-and-replies.md); null: no record yet.
   */
  replies: string | null;
  /**
   * An imported listing its business has not claimed (docs/decisions/0131-listing-claims.md): shown
   * marked 'Unclaimed', with no rating, photos or badges, and 'Is this your business? Claim it'.
   */
  unclaimed: boolean;
}

export interface ContractorProfile extends PublicContractor {
  city: string;
  state: string;
  zip: string;
  homeTown: string | null;
  /**
   * Its profile's address on its home county's site, when that is another county's site than the
   * one showing it: the page's canonical link and structured data name it
   * (docs/decisions/0106-county-emails-and-jobs.md). Null: this site's own address is canonical.
   */
  canonicalUrl: string | null;
  /** Town names the contractor serves, home town first. */
  serviceAreas: string[];
  yearsInBusiness: number | null;
  /** The registration and insurance as verified today (docs/decisions/0033-credential-expiry.md). */
  credentials: PublicCredentials;
  website: string | null;
  certifications: string[];
  priceRange: string;
  availability: string;
  responseTime: string;
  /** Monday to Sunday, null closed; the specification's fixed hours unless the contractor set its own. */
  businessHours: WeeklyHours;
  /** Approved project photos in the contractor's order (docs/decisions/0112-photos-on-the-public-site.md). */
  photos: PublicPhoto[];
  /** How many homeowners of its leads of the last 90 days said whether it contacted them, and how many yes; null under 3. */
  contacted: { yes: number; of: number } | null;
  /** An unclaimed listing's phone, from the public record it was imported from; null for every other listing. */
  phone: string | null;
}

export interface ContractorPage {
  contractors: PublicContractor[];
  /** Contractors matching the filters. */
  total: number;
  /** Every listed contractor, for 'M of N contractors'. */
  totalAll: number;
  /**
   * With `licensed=true`: how many more contractors match every other filter but are not verified
   * yet, so the search page can say the box hides them
   * (docs/decisions/0018-licensed-and-insured-filter.md). 0 without the filter.
   */
  unverifiedMatches: number;
  page: number;
  pageSize: number;
}
