import { z } from 'zod';
import { pageParam } from './list-query';
import type { PublicContractor } from './directory';

/**
 * The service pages (docs/decisions/0030-service-pages.md): one per service for the whole county
 * (`/contractors/roofing`) and one per service and town (`/contractors/roofing/laporte`), for
 * every combination with at least one listed contractor.
 */

/** Contractors a service page lists at a time. */
export const SERVICE_PAGE_SIZE = 12;

const slug = z.string().trim().max(100, 'Must be at most 100 characters');

/** GET /api/service-pages/:service[/:town]: slugs of the taxonomy (anything else is a 404, as the page's address is), and the page. */
export const servicePageParams = z.object({
  service: slug,
  town: slug.optional(),
  page: pageParam(10_000),
});
export type ServicePageParams = z.output<typeof servicePageParams>;

/** A service or a town with how many listed contractors the combination has. */
export interface PlaceCount {
  slug: string;
  count: number;
}

/** Which services listed contractors offer, and in which towns (a town: the home town or a service area): what has a page. */
export interface ServiceCoverage {
  /** Services with at least one listed contractor, in taxonomy order, with the towns where they are offered (town order). */
  services: (PlaceCount & { towns: PlaceCount[] })[];
}

export interface ServicePageAnswer {
  /** The service's slug, and the town's (null: the whole county). */
  service: string;
  town: string | null;
  /** One page of the matching contractors, in the search page's order (highest rated first). */
  contractors: PublicContractor[];
  total: number;
  page: number;
  pageSize: number;
  /** Towns where listed contractors offer this service, in town order. */
  towns: PlaceCount[];
  /** Services listed contractors offer in this place (the town, or the county), in taxonomy order; this one included. */
  services: PlaceCount[];
}
