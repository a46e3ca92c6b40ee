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

/** POST /api/admin/counties: a Pennsylvania county to add, as typed ('wyoming', 'Wyoming County'). */
export const addCountySchema = z.object({
  county: z
    .string()
    .trim()
    .min(2, 'Enter the name of a Pennsylvania county')
    .max(40, 'A county name is at most 40 characters'),
});
export type AddCounty = z.infer<typeof addCountySchema>;
