import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatLocation } from '@shared/taxonomy';
import type { DirectorySort, PublicContractor } from '@shared/schemas/directory';
import { contractors } from '../db/schema';

/**
 * What the directory's two paths (SQL in directory.ts, memory in directory-index.ts) share:
 * who is public, the sort orders and how a row becomes a card, so they cannot drift apart.
 */

/** Only approved and visible contractors are ever public (docs/decisions.md §1.2). */
export const isListed = and(eq(contractors.approvalStatus, 'approved'), eq(contractors.isVisible, true))!;

export const ORDER: Record<DirectorySort, SQL[]> = {
  rating: [sql`${contractors.rating} desc`, sql`${contractors.reviewCount} desc`, sql`${contractors.id} asc`],
  name: [sql`lower(${contractors.name}) asc`, sql`${contractors.id} asc`],
  reviews: [sql`${contractors.reviewCount} desc`, sql`${contractors.rating} desc`, sql`${contractors.id} asc`],
  location: [sql`lower(${contractors.city}) asc`, sql`lower(${contractors.name}) asc`, sql`${contractors.id} asc`],
  featured: [sql`${contractors.isFeatured} desc`, sql`${contractors.rating} desc`, sql`${contractors.reviewCount} desc`, sql`${contractors.id} asc`],
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
  licenseNumber: contractors.licenseNumber,
  isFeatured: contractors.isFeatured,
};

export type CardRow = Pick<typeof contractors.$inferSelect, keyof typeof cardColumns>;

export function toPublic(row: CardRow, serviceNames: string[]): PublicContractor {
  return {
    id: row.id,
    name: row.name,
    location: formatLocation(row.city, row.state),
    description: row.description,
    services: serviceNames,
    rating: row.rating,
    reviewCount: row.reviewCount,
    verified: row.verified,
    licenseNumber: row.licenseNumber,
    featured: row.isFeatured,
  };
}
