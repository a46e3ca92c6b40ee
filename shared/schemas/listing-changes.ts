import { z } from 'zod';
import { DEFAULT_BUSINESS_HOURS, WEEKDAY_LABELS, WEEKDAYS, type WeeklyHours } from '../business-hours';
import { SUBMISSION_LIMITS } from '../submission-defaults';
import { optionalUrl } from './submission';

/**
 * A contractor's edit of its own listing (docs/decisions/0111-listing-edits.md): it becomes a
 * pending change an administrator approves or rejects with a reason; until then the public keeps
 * the old values. The business name and the registration number are not the contractor's to change
 * here (the credentials were verified against them): a body naming them is refused.
 */

export const LISTING_CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ListingChangeStatus = (typeof LISTING_CHANGE_STATUSES)[number];
export const LISTING_REJECTION_MAX = 500;
export const LISTING_SERVICES_MAX = 50;
export const LISTING_TOWNS_MAX = 60;
/** Fields only the administrator changes; the contractor's API answers 400 when they are sent. */
export const ADMIN_ONLY_FIELDS = ['name', 'licenseNumber', 'registrationNumber'] as const;
export const ADMIN_ONLY_MESSAGE =
  'The business name and registration number are changed only by the administrator: please contact us';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

// Kept here, not beside the hours' formatting, so the public profile's page loads no zod.
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: 'Enter a time' }).regex(TIME, 'Enter a time as HH:MM');

export const weeklyHoursSchema = z
  .array(
    z.union([z.null(), z.object({ open: time, close: time })], { error: 'Each day is open with two times, or closed' }),
    { error: 'Business hours must list the seven days' },
  )
  .length(7, 'Business hours must list the seven days')
  .superRefine((days, ctx) => {
    days.forEach((d, i) => {
      if (d && d.close <= d.open)
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `${WEEKDAY_LABELS[WEEKDAYS[i]!]}: closing time must be after opening time`,
        });
    });
  });

const YEARS = 'Years in business must be a whole number from 0 to 150';
// The form sends what was typed ('' when left empty); other clients may send a number or null.
const yearsInBusiness = z
  .union([z.number(), z.null(), z.string().trim().regex(/^\d*$/, YEARS)], { error: YEARS })
  .transform((v) => (v === '' || v === null ? null : Number(v)))
  .pipe(z.number().int(YEARS).min(0, YEARS).max(SUBMISSION_LIMITS.yearsInBusiness, YEARS).nullable());

const townId = z.coerce
  .number({ error: 'Please choose towns from the list' })
  .int('Please choose towns from the list')
  .positive('Please choose towns from the list')
  .max(2_147_483_647, 'Please choose towns from the list');

/** PUT /api/contractor/listing: the listing as the contractor wants it shown. */
export const listingEditSchema = z
  .object({
    description: text('Business description', SUBMISSION_LIMITS.description),
    phone: text('Phone number', SUBMISSION_LIMITS.phone).refine(
      (v) => v.replace(/\D/g, '').length >= 10,
      'Please enter a valid phone number',
    ),
    // null: none (what the form's checked values carry when sent on).
    website: optionalUrl('Please enter a valid website address').nullable(),
    yearsInBusiness: yearsInBusiness.optional().default(null),
    /** Service slugs, in the contractor's order. */
    services: z
      .array(z.string().max(100), { error: 'Please select at least one service you provide' })
      .min(1, 'Please select at least one service you provide')
      .max(LISTING_SERVICES_MAX, 'Please choose services from the list'),
    /** Town ids, of any county. */
    serviceAreas: z
      .array(townId, { error: 'Please choose at least one town you serve' })
      .min(1, 'Please choose at least one town you serve')
      .max(LISTING_TOWNS_MAX, `Please choose at most ${LISTING_TOWNS_MAX} towns`),
    businessHours: weeklyHoursSchema,
    // Named so a body carrying them is refused with a clear message, not silently ignored.
    name: z.unknown().optional(),
    licenseNumber: z.unknown().optional(),
    registrationNumber: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    for (const field of ADMIN_ONLY_FIELDS)
      if (v[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: ADMIN_ONLY_MESSAGE });
  })
  .transform(({ name: _n, licenseNumber: _l, registrationNumber: _r, website, services, serviceAreas, ...rest }) => ({
    ...rest,
    website: website || null,
    services: [...new Set(services)],
    serviceAreas: [...new Set(serviceAreas)],
  }));

export type ListingEdit = z.output<typeof listingEditSchema>;

/** The form's controls for a day's hours: `open-mon`, `close-mon` and the box `closed-mon`. */
export const hoursControl = (kind: 'open' | 'close' | 'closed', day: (typeof WEEKDAYS)[number]) => `${kind}-${day}`;

/** What the portal's form holds (plain named controls) as the API's input: the same schema checks both. */
export function listingEditInputOf(values: Record<string, string | string[] | undefined>): unknown {
  const one = (name: string) => {
    const v = values[name];
    return typeof v === 'string' ? v : '';
  };
  const businessHours: WeeklyHours = WEEKDAYS.map((day) =>
    one(hoursControl('closed', day))
      ? null
      : { open: one(hoursControl('open', day)), close: one(hoursControl('close', day)) },
  );
  return {
    description: one('description'),
    phone: one('phone'),
    website: one('website'),
    yearsInBusiness: one('yearsInBusiness'),
    services: values.services ?? [],
    serviceAreas: values.serviceAreas ?? [],
    businessHours,
  };
}

/** POST /api/admin/listing-changes/:id/reject */
export const listingRejectionSchema = z.object({
  reason: z
    .string({ error: 'Please give the reason, it is sent to the contractor' })
    .trim()
    .min(1, 'Please give the reason, it is sent to the contractor')
    .max(LISTING_REJECTION_MAX, `The reason must be at most ${LISTING_REJECTION_MAX} characters`),
});

/** GET /api/admin/listing-changes?status= */
export const listingChangeQuerySchema = z.object({
  status: z
    .enum(LISTING_CHANGE_STATUSES, { error: 'status must be pending, approved, rejected or withdrawn' })
    .default('pending'),
});

/** A listing's editable values, with the names a person reads beside the ids. */
export interface ListingValues {
  description: string;
  phone: string;
  website: string | null;
  yearsInBusiness: number | null;
  /** Service slugs and names, in the contractor's order. */
  services: { slug: string; name: string }[];
  /** Towns with their county: 'Laporte (Sullivan County)'. */
  serviceAreas: { id: number; label: string; county: string }[];
  businessHours: WeeklyHours;
}

export interface ListingChangeDto {
  id: number;
  status: ListingChangeStatus;
  proposed: ListingValues;
  rejectionReason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
}

/** GET /api/contractor/listing: what the public sees now, and the latest change (pending, or decided and not yet followed by another). */
export interface OwnListing {
  current: ListingValues;
  change: ListingChangeDto | null;
}

/** GET /api/contractor/listing/options: what the form offers. */
export interface ListingOptions {
  services: { slug: string; name: string }[];
  counties: { slug: string; name: string; towns: { id: number; label: string }[] }[];
}

/** GET /api/admin/listing-changes: a change with the listing as it is now, side by side. */
export interface AdminListingChange extends ListingChangeDto {
  contractorId: number;
  contractorName: string;
  current: ListingValues;
  reviewedBy: string | null;
}

export { DEFAULT_BUSINESS_HOURS };
