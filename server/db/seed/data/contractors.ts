/**
 * Seed contractors for the Sullivan County, PA directory. All contact details are fictional:
 * phone numbers sit in the reserved 555-01xx range and e-mail and web addresses use the
 * reserved .example top-level domain. Town and service slugs are the canonical ones from
 * shared/region.ts.
 */
import data from './contractors.json' with { type: 'json' };

export interface SeedContractor {
  name: string;
  email: string;
  phone: string;
  website: string | null;
  address: string;
  city: string;
  zip: string;
  /** A town slug from shared/region.ts. */
  homeTown: string;
  /** Town slugs the contractor works in (2-6, home town included). */
  serviceAreas: string[];
  /** Canonical service slugs from shared/region.ts (1-6). */
  services: string[];
  description: string;
  yearsInBusiness: number;
  /** Pennsylvania Home Improvement Contractor registration: 'PA' followed by 6 digits. */
  licenseNumber: string;
  insuranceInfo: string;
  projectGalleryUrl: string | null;
  rating: number;
  reviewCount: number;
  verified: boolean;
  approvalStatus: 'approved' | 'pending';
}

/**
 * The records themselves are data (contractors.json); the type is what the seed relies on, and
 * tests/unit/seed-contractors.test.ts checks each record against the rules a submission obeys.
 */
export const seedContractors = data as SeedContractor[];
