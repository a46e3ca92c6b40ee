import { z } from 'zod';
import type { LeadDeliveryMode } from './lead-routing';

/** GET /api/region: the county whose site the request's host is (docs/decisions/0098-counties-are-data.md). */
export interface RegionAnswer {
  slug: string;
  name: string;
  state: string;
  siteTitle: string;
  towns: { slug: string; name: string; label: string; geo: { lat: number; lng: number } | null }[];
  services: { slug: string; name: string }[];
}

/**
 * GET /api/admin/counties/:id: a county an administrator works in, its towns with their ids (what
 * location pricing rules name) and the services it offers (docs/decisions/0107-pricing-per-county.md).
 */
export interface AdminCountyAnswer {
  id: number;
  slug: string;
  name: string;
  towns: { id: number; slug: string; label: string }[];
  services: { slug: string; name: string }[];
  /** How its leads are delivered (docs/decisions/0117-lead-routing.md): its administrators see it, the platform administrator sets it. */
  leadDelivery: LeadDeliveryMode;
  releaseAfterHours: number;
}

/** A county of the deployment as the administrator's Counties page lists it. */
export interface CountySummary {
  id: number;
  slug: string;
  name: string;
  state: string;
  siteTitle: string;
  isDefault: boolean;
  towns: number;
  services: number;
  leadDelivery: LeadDeliveryMode;
  releaseAfterHours: number;
}

/**
 * A county's launch figures on the administrator's Counties page
 * (docs/decisions/0133-launch-figures-and-honest-home.md): what its imports became, what its site
 * lists, and its quote requests this month, so an operator sees when it is worth announcing.
 */
export interface CountyLaunchFigures {
  /** Listings an import made whose home town is one of the county's. */
  imported: number;
  /** Of those, approved by an administrator. */
  approved: number;
  /** Of those, claimed by their business. */
  claimed: number;
  /** Contractors its site lists (approved, visible, serving one of its towns). */
  listed: number;
  /** Of those, with at least one approved photo (a logo or a project photo). */
  withPhotos: number;
  /** Quote requests made on its site since the 1st of this month, in its time zone. */
  requestsThisMonth: number;
  /**
   * How many more it needs before it is worth announcing: listed contractors (a full featured row
   * on its home page) and listings with photos. Both 0: ready to announce.
   */
  toAnnounce: { listed: number; withPhotos: number };
}

/** GET /api/admin/counties: each county with its launch figures. */
export interface CountyListing extends CountySummary {
  launch: CountyLaunchFigures;
}

/**
 * GET /api/region/figures: what a county's home page says of its own directory
 * (docs/decisions/0133-launch-figures-and-honest-home.md). A figure not yet worth saying is left
 * out: a new county's answer is `{}`.
 */
export interface SiteFigures {
  /** Contractors the site lists; left out while none. */
  listed?: number;
  /** The percentage of them with a verified, unexpired registration, rounded down; left out under 3 listed or while none is verified. */
  verifiedPercent?: number;
  /** Quote requests made on the site whose homeowner hired the contractor (status won); left out while none. */
  jobsWon?: number;
}

/** POST /api/admin/counties: a Pennsylvania county to add, as typed ('wyoming', 'Wyoming County'). */
export const addCountySchema = z.object({
  county: z
    .string()
    .trim()
    .min(2, 'Enter the name of a Pennsylvania county')
    .max(40, 'A county name is at most 40 characters'),
});
export type AddCounty = z.infer<typeof addCountySchema>;
