import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_BUSINESS_HOURS } from '@shared/business-hours';
import { badgeOn, isCurrent } from '@shared/credentials';
import { RECORD_MIN_LEADS, replyLabel } from '@shared/reply-time';
import { siteMonth } from '@shared/site-calendar';
import { formatLocation } from '@shared/taxonomy';
import type { ContractorProfile, DirectorySort, PublicContractor } from '@shared/schemas/directory';
import type { PublicPhoto } from '@shared/schemas/photos';
import { insurance, registration } from '../db/credential-joins';
import { contractorLeadPreferences, contractorReplyRecords, contractors, type ContractorRow } from '../db/schema';

/**
 * What both paths of the directory (the snapshot in memory, the SQL reference) share: who is
 * public, the sort orders and how a row becomes a card or a profile, so they cannot drift apart.
 */

/** Only approved and visible contractors are ever public (docs/decisions/0002-server-side-filtering.md). */
export const isListed = and(eq(contractors.approvalStatus, 'approved'), eq(contractors.isVisible, true))!;

/**
 * What the directory reads of the credentials (the licence number, the expiry dates that end the
 * badge, the profile's claims): every listing read joins both beside the listing
 * (`.leftJoin(registration, onRegistration).leftJoin(insurance, onInsurance)`, server/db/credential-joins.ts),
 * so filters and columns may name either. Each is taken once: an aliased column is a new object
 * at every access, and the snapshot keys its filter columns by object.
 */
export const credentialColumns = {
  licenseNumber: registration.number,
  registrationVerified: registration.verified,
  registrationVerifiedAt: registration.verifiedAt,
  registrationExpiresOn: registration.expiresOn,
  insuranceVerified: insurance.verified,
  insuranceExpiresOn: insurance.expiresOn,
};

/** Each sort's order, id last so paging is stable. The snapshot ranks rows by these in the database, so collation matches. */
export const ORDER: Record<DirectorySort, SQL[]> = {
  rating: [sql`${contractors.rating} desc`, sql`${contractors.reviewCount} desc`, sql`${contractors.id} asc`],
  name: [sql`lower(${contractors.name}) asc`, sql`${contractors.id} asc`],
  reviews: [sql`${contractors.reviewCount} desc`, sql`${contractors.rating} desc`, sql`${contractors.id} asc`],
  location: [sql`lower(${contractors.city}) asc`, sql`lower(${contractors.name}) asc`, sql`${contractors.id} asc`],
  featured: [
    sql`${contractors.isFeatured} desc`,
    sql`${contractors.rating} desc`,
    sql`${contractors.reviewCount} desc`,
    sql`${contractors.id} asc`,
  ],
};

export const cardColumns = {
  id: contractors.id,
  name: contractors.name,
  city: contractors.city,
  state: contractors.state,
  description: contractors.description,
  rating: contractors.rating,
  reviewCount: contractors.reviewCount,
  verified: contractors.verified,
  // The badge stands only until an expiry date comes (docs/decisions/0033-credential-expiry.md).
  registrationExpiresOn: credentialColumns.registrationExpiresOn,
  insuranceExpiresOn: credentialColumns.insuranceExpiresOn,
  licenseNumber: credentialColumns.licenseNumber,
  isFeatured: contractors.isFeatured,
  // Paused by the contractor (docs/decisions/0117-lead-routing.md): read through `withPreferences`.
  pausedUntil: contractorLeadPreferences.pausedUntil,
  // Its measured reply time (docs/decisions/0128-request-page-and-replies.md): read through `withReplyRecord`.
  replyMedianMinutes: contractorReplyRecords.medianMinutes,
  // An imported listing nobody has claimed yet (docs/decisions/0131-listing-claims.md).
  importId: contractors.importId,
  claimedAt: contractors.claimedAt,
};

/** What a profile shows beyond its card. */
export const profileOnlyColumns = {
  city: contractors.city,
  state: contractors.state,
  zip: contractors.zip,
  homeTownId: contractors.homeTownId,
  yearsInBusiness: contractors.yearsInBusiness,
  registrationVerified: credentialColumns.registrationVerified,
  registrationVerifiedAt: credentialColumns.registrationVerifiedAt,
  registrationExpiresOn: credentialColumns.registrationExpiresOn,
  insuranceVerified: credentialColumns.insuranceVerified,
  insuranceExpiresOn: credentialColumns.insuranceExpiresOn,
  website: contractors.website,
  certifications: contractors.certifications,
  priceRange: contractors.priceRange,
  availability: contractors.availability,
  responseTime: contractors.responseTime,
  businessHours: contractors.businessHours,
  contactedYes: contractorReplyRecords.contactedYes,
  contactedAnswers: contractorReplyRecords.contactedAnswers,
  phone: contractors.phone,
};

export const profileColumns = { ...cardColumns, ...profileOnlyColumns };

/**
 * The join every card read makes for `pausedUntil`: `.leftJoin(contractorLeadPreferences, withPreferences)`
 * (no row: the defaults, taking requests).
 */
export const withPreferences = eq(contractorLeadPreferences.contractorId, contractors.id);

/** The join every card read makes for its reply record: `.leftJoin(contractorReplyRecords, withReplyRecord)` (no row: no record). */
export const withReplyRecord = eq(contractorReplyRecords.contractorId, contractors.id);

/** A listing as the directory reads it: its credential columns are null when the credential has no row, as is `pausedUntil` without preferences. */
type ListingRead = ContractorRow & {
  [K in keyof typeof credentialColumns]: (typeof credentialColumns)[K]['_']['data'] | null;
} & {
  pausedUntil: string | null;
  replyMedianMinutes: number | null;
  contactedYes: number | null;
  contactedAnswers: number | null;
};
export type CardRow = Pick<ListingRead, keyof typeof cardColumns>;
export type ProfileOnlyRow = Pick<ListingRead, keyof typeof profileOnlyColumns>;
export type ProfileRow = Pick<ListingRead, keyof typeof profileColumns>;

/** `today`: the site's day ('YYYY-MM-DD') the answer is for; an expiry date on or before it has lapsed. `logo`: its approved logo (photos.ts). */
export function toPublic(
  row: CardRow,
  serviceNames: string[],
  today: string,
  logo: PublicPhoto | null = null,
): PublicContractor {
  return {
    id: row.id,
    name: row.name,
    location: formatLocation(row.city, row.state),
    description: row.description,
    services: serviceNames,
    rating: row.rating,
    reviewCount: row.reviewCount,
    verified: badgeOn(row.verified, row.registrationExpiresOn, row.insuranceExpiresOn, today),
    licenseNumber: row.licenseNumber,
    featured: row.isFeatured,
    logo,
    // "Until" is the first day it takes requests again: from that day on it is simply listed.
    pausedUntil: row.pausedUntil && row.pausedUntil > today ? row.pausedUntil : null,
    replies: row.replyMedianMinutes === null ? null : replyLabel(row.replyMedianMinutes),
    unclaimed: row.importId !== null && row.claimedAt === null,
  };
}

/** `areas`: the towns of the contractor's service areas in town order; the home town is listed first either way. */
/** `homeSite`: the site of its home county when that is another county's (null: this site's), for its canonical address. */
export function toProfile(
  card: PublicContractor,
  row: ProfileOnlyRow,
  homeTown: string | null,
  areas: readonly { id: number; name: string }[],
  today: string,
  homeSite: string | null,
  /** Its approved project photos (photos.ts). */
  photos: PublicPhoto[] = [],
): ContractorProfile {
  const registration = isCurrent(row.registrationVerified ?? false, row.registrationExpiresOn, today);
  const insurance = isCurrent(row.insuranceVerified ?? false, row.insuranceExpiresOn, today);
  return {
    ...card,
    city: row.city,
    state: row.state,
    zip: row.zip,
    homeTown,
    canonicalUrl: homeSite ? `${homeSite}/contractor/${card.id}` : null,
    serviceAreas: [...(homeTown ? [homeTown] : []), ...areas.filter((a) => a.id !== row.homeTownId).map((a) => a.name)],
    yearsInBusiness: row.yearsInBusiness,
    credentials: {
      registration: {
        verified: registration,
        verifiedMonth: registration && row.registrationVerifiedAt ? siteMonth(row.registrationVerifiedAt) : null,
      },
      insurance: { verified: insurance, insuredUntil: insurance ? row.insuranceExpiresOn : null },
    },
    website: row.website,
    certifications: row.certifications,
    priceRange: row.priceRange,
    availability: row.availability,
    responseTime: row.responseTime,
    // Null until the contractor sets its own: the specification's fixed hours (docs/decisions/0111-listing-edits.md).
    businessHours: row.businessHours ?? DEFAULT_BUSINESS_HOURS,
    photos,
    // Said once 3 homeowners answered (docs/decisions/0128-request-page-and-replies.md).
    contacted:
      row.contactedAnswers !== null && row.contactedAnswers >= RECORD_MIN_LEADS
        ? { yes: row.contactedYes ?? 0, of: row.contactedAnswers }
        : null,
    // An unclaimed listing shows the phone of the public record it came from; a listing its business manages sells contact through leads.
    phone: card.unclaimed && row.phone ? row.phone : null,
  };
}
