import { z } from 'zod';
import {
  CREDENTIAL_LIMITS,
  type Credential,
  type CredentialAction,
  type CredentialActor,
  type CertificateType,
} from '../credentials';
import type { CredentialRules } from '../region';

/**
 * The credential fields (docs/decisions/0031-credentials-stored.md) as the business submission, the
 * portal's profile and the administrator send them, checked the same way in the browser and on
 * the server. The registration number's form is the county's (its Region's credential rules: the
 * server's, or the browser's from the page, docs/decisions/0102-region-in-boot-data.md), so another
 * state's county changes data, not this file.
 */

/** 'pa 123-456' is PA123456: case, spaces and hyphens are how people write a number, not part of it. */
export const normalizeRegistrationNumber = (v: string) => v.trim().toUpperCase().replace(/[\s-]/g, '');

/** A registration number of the region's form; '' is none (null). */
export function registrationNumberSchema(rules: CredentialRules['registration']) {
  return z
    .string({ error: rules.formatMessage })
    .max(CREDENTIAL_LIMITS.registrationNumber, rules.formatMessage)
    .transform(normalizeRegistrationNumber)
    .refine((v) => v === '' || rules.pattern.test(v), rules.formatMessage)
    .transform((v) => v || null);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isDate = (v: string) => {
  const m = DATE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 2100 && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
};

/** A date as a date input sends it ('2027-03-31'); '' is none (null). */
export const expiryDateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .trim()
    .refine((v) => v === '' || isDate(v), `${label} must be a date, e.g. 2027-03-31`)
    .transform((v) => v || null);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => v || null);

const MAX_COVERAGE = 2_000_000_000;
/** Whole dollars: '$1,000,000', '1000000' and 1000000 are the same; '' is none (null). */
export const coverageSchema = (label: string) => {
  const message = `${label} must be an amount in dollars, e.g. 1,000,000`;
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((v) =>
      typeof v === 'number'
        ? String(v)
        : v
            .trim()
            .replace(/^\$/, '')
            .replace(/[,\s]/g, '')
            .replace(/\.00?$/, ''),
    )
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= MAX_COVERAGE), message)
    .transform((v) => (v === '' ? null : Number(v)));
};

/** The credential facts beside the licence number, as every form takes them: each may be left out, empty or null (none). */
export const credentialFields = {
  registrationExpiresOn: expiryDateSchema('Registration expiry date').nullish(),
  insurer: optionalText('Insurer', CREDENTIAL_LIMITS.insurer).nullish(),
  insurancePolicyNumber: optionalText('Policy number', CREDENTIAL_LIMITS.policyNumber).nullish(),
  insuranceCoverageOccurrence: coverageSchema('Coverage per occurrence').nullish(),
  insuranceCoverageAggregate: coverageSchema('Aggregate coverage').nullish(),
  insuranceExpiresOn: expiryDateSchema('Insurance expiry date').nullish(),
};

export type CredentialFieldName = keyof typeof credentialFields | 'licenseNumber';

/** PATCH /api/contractor/credentials and /api/admin/contractors/:id/credentials: what is sent changes, what is left out stays. */
export function credentialsUpdateSchemaFor(rules: CredentialRules['registration']) {
  return z.object({ licenseNumber: registrationNumberSchema(rules).optional(), ...credentialFields });
}
export type CredentialsUpdate = z.output<ReturnType<typeof credentialsUpdateSchemaFor>>;
export type CredentialsForm = z.input<ReturnType<typeof credentialsUpdateSchemaFor>>;

export const credentialParamSchema = z.object({
  credential: z.enum(['registration', 'insurance'], { error: 'credential must be registration or insurance' }),
});

export const VERIFIED_HOW_MAX = 200;

/** POST .../credentials/:credential/verify: how it was checked, kept in the history. */
export const verifyCredentialSchema = z.object({
  how: z
    .string({ error: 'Say how it was checked' })
    .trim()
    .min(1, 'Say how it was checked')
    .max(VERIFIED_HOW_MAX, `How it was checked must be at most ${VERIFIED_HOW_MAX} characters`),
});

/** POST .../credentials/:credential/unverify */
export const unverifyCredentialSchema = z.object({
  reason: z
    .string({ error: 'The reason must be text' })
    .trim()
    .max(200, 'The reason must be at most 200 characters')
    .optional(),
});

export interface CredentialVerification {
  verified: boolean;
  /** Who and when; null for verifications made before they were recorded. */
  verifiedAt: string | null;
  verifiedBy: string | null;
  how: string | null;
  expiresOn: string | null;
  /** Verified, but its expiry date has come: the badge is gone until it is renewed and checked again. */
  lapsed: boolean;
}

export interface CertificateInfo {
  contentType: CertificateType;
  byteSize: number;
  fileName: string;
  uploadedAt: string;
  uploadedBy: 'admin' | 'contractor' | 'applicant';
}

export interface CredentialEvent {
  id: number;
  credential: Credential;
  action: CredentialAction;
  detail: string;
  actor: CredentialActor;
  /** The administrator's name; null for the contractor, the applicant and the daily job. */
  actorName: string | null;
  at: string;
}

/** A contractor's credentials as the administrator and the contractor see them. */
export interface ContractorCredentials {
  contractorId: number;
  name: string;
  licenseNumber: string | null;
  registrationExpiresOn: string | null;
  insurer: string | null;
  insurancePolicyNumber: string | null;
  insuranceCoverageOccurrence: number | null;
  insuranceCoverageAggregate: number | null;
  insuranceExpiresOn: string | null;
  /** The free-text insurance summary of the submission. */
  insuranceInfo: string | null;
  registration: CredentialVerification;
  insurance: CredentialVerification;
  /** The 'Verified Licensed' badge today. */
  badge: boolean;
  certificate: CertificateInfo | null;
  /** Newest first; the administrator's view only (the contractor sees an empty list). */
  history: CredentialEvent[];
}

/** GET /api/admin/credentials/attention: what the dashboard lists. */
export interface CredentialAttention {
  contractorId: number;
  name: string;
  credential: Credential;
  expiresOn: string;
  /** Negative once expired. */
  daysLeft: number;
}
export interface CredentialAttentionList {
  lapsed: CredentialAttention[];
  expiringSoon: CredentialAttention[];
}

/** What the public profile shows of the credentials (docs/decisions/0034-credentials-by-region.md). */
export interface PublicCredentials {
  registration: {
    /** Verified and not expired. */
    verified: boolean;
    /** 'YYYY-MM' of the verification, for 'Registration verified March 2026'; null when not verified or not recorded. */
    verifiedMonth: string | null;
  };
  insurance: {
    verified: boolean;
    /** 'Insured until {date}': the verified policy's expiry. */
    insuredUntil: string | null;
  };
}
