/**
 * A contractor's credentials (docs/decisions/0032-credential-verification.md): the state
 * registration, whose number is the listing's licence number, and liability insurance. Each is
 * verified by an administrator on its own, and a verified credential counts only until its expiry
 * date. What a credential is called, its number's form and the words about it are the region's
 * (shared/region.ts, `credentials`); the rules here are the same everywhere.
 */

import { formatMoney } from './money';

export const CREDENTIALS = ['registration', 'insurance'] as const;
export type Credential = (typeof CREDENTIALS)[number];

/** What happened to a credential, in its history. */
export const CREDENTIAL_ACTIONS = ['submitted', 'updated', 'verified', 'unverified', 'lapsed', 'certificate'] as const;
export type CredentialAction = (typeof CREDENTIAL_ACTIONS)[number];

/** Who did it: an administrator, the contractor in the portal, the business owner submitting, or the daily job. */
export const CREDENTIAL_ACTORS = ['admin', 'contractor', 'applicant', 'system'] as const;
export type CredentialActor = (typeof CREDENTIAL_ACTORS)[number];

/** Reminders before an expiry: 30 and 7 days ahead (the admin's list uses 30). */
export const REMINDER_DAYS = [30, 7] as const;
export const REMINDER_AUDIENCES = ['contractor', 'admin'] as const;
export type ReminderAudience = (typeof REMINDER_AUDIENCES)[number];

/** The certificate of insurance: a PDF or an image, checked by its first bytes, at most 5 MB. */
export const CERTIFICATE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

/** The longest credential entries the schemas take (shared/schemas/credentials.ts), and the forms' input lengths. */
export const CREDENTIAL_LIMITS = {
  registrationNumber: 100,
  insurer: 120,
  policyNumber: 60,
  /** Input length of a coverage amount as typed ('$2,000,000.00'); the schema checks the amount. */
  coverage: 20,
} as const;

/**
 * A credential counts while it is verified and its expiry date is still ahead: on the expiry date
 * itself it has lapsed (an insurance policy ends at 12:01 a.m. that day, and the directory claims
 * nothing it cannot vouch for). Dates are the site's days, 'YYYY-MM-DD', so they compare as text.
 * A credential verified before expiry dates were kept has none and does not lapse by itself.
 */
export function isCurrent(verified: boolean, expiresOn: string | null, today: string): boolean {
  return verified && (expiresOn === null || expiresOn > today);
}

/**
 * The stored badge (contractors.verified, kept by every change and by the daily job) as it stands on
 * `today`: an expiry date that has come drops it at once, whether or not the job has run yet.
 */
export function badgeOn(
  verified: boolean,
  registrationExpiresOn: string | null,
  insuranceExpiresOn: string | null,
  today: string,
): boolean {
  return isCurrent(verified, registrationExpiresOn, today) && isCurrent(verified, insuranceExpiresOn, today);
}

export interface CredentialState {
  registrationVerified: boolean;
  registrationExpiresOn: string | null;
  insuranceVerified: boolean;
  insuranceExpiresOn: string | null;
}

/** The 'Verified Licensed' badge and 'Licensed & Insured Only': both credentials verified and neither expired. */
export function hasBadge(c: CredentialState, today: string): boolean {
  return (
    isCurrent(c.registrationVerified, c.registrationExpiresOn, today) &&
    isCurrent(c.insuranceVerified, c.insuranceExpiresOn, today)
  );
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Whole days from `today` to `day` (negative once past). */
export function daysBetween(today: string, day: string): number {
  return Math.round(dayNumber(day) - dayNumber(today));
}

/** 'YYYY-MM-DD' `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'March 31, 2027' for '2027-03-31'. */
export function formatDay(day: string): string {
  return dayLabel.format(new Date(`${day}T12:00:00Z`));
}

/** '$1,000,000' for 1000000 (whole dollars), in the one money format (shared/money.ts). */
export const formatCoverage = (dollars: number) => formatMoney(dollars * 100, { dropZeroCents: true });
