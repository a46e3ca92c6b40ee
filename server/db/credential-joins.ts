import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Credential } from '@shared/credentials';
import { contractorCredentials, contractors, type ContractorCredentialRow } from './schema';

/**
 * A contractor's two credentials read beside its listing in one query (docs/decisions/0091-contractor-record.md): `.leftJoin(registration, onRegistration).leftJoin(insurance, onInsurance)`.
 * Left joins, because a credential nothing was given for has no row. Kept out of schema/, whose
 * every export is a table.
 */
export const registration = alias(contractorCredentials, 'registration');
export const insurance = alias(contractorCredentials, 'insurance');
export const onRegistration = and(
  eq(registration.contractorId, contractors.id),
  eq(registration.credential, 'registration'),
)!;
export const onInsurance = and(eq(insurance.contractorId, contractors.id), eq(insurance.credential, 'insurance'))!;

/** One credential's facts and verification, as its row holds them. */
export type StoredCredential = Omit<ContractorCredentialRow, 'contractorId' | 'credential' | 'createdAt' | 'updatedAt'>;
export type Credentials = Record<Credential, StoredCredential>;

/** A credential without a row: nothing given, not verified. */
export const NO_CREDENTIAL: Readonly<StoredCredential> = Object.freeze({
  number: null,
  insurer: null,
  coverageOccurrence: null,
  coverageAggregate: null,
  expiresOn: null,
  verified: false,
  verifiedAt: null,
  verifiedByAdminId: null,
  verifiedBy: null,
  verifiedHow: null,
});

/** Both credentials from a query's joined rows (null: no row). */
export const credentialsFrom = (r: {
  registration: StoredCredential | null;
  insurance: StoredCredential | null;
}): Credentials => ({
  registration: r.registration ?? NO_CREDENTIAL,
  insurance: r.insurance ?? NO_CREDENTIAL,
});
