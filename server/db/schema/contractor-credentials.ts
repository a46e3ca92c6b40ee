import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CREDENTIALS } from '../../../shared/credentials';
import { adminUsers } from './admin-users';
import { belongsTo, timestamps } from './columns';
import { contractors } from './contractors';

/**
 * A contractor's credentials (docs/decisions/0031-credentials-stored.md), one row per credential: the
 * state registration (its number is the listing's licence number) and the liability insurance
 * (its number is the policy number). A row exists once anything about that credential was given
 * or checked; no row reads as nothing given and not verified. Each is verified by an
 * administrator on its own, with who, when and how.
 */
export const contractorCredentials = pgTable(
  'contractor_credentials',
  {
    contractorId: belongsTo('contractor_id', () => contractors.id),
    credential: text('credential', { enum: CREDENTIALS }).notNull(),
    /** The registration number (stored as the shared schema writes it: 'PA123456') or the policy number. */
    number: text('number'),
    /** The insurance's only: who insures, and the coverage limits in whole dollars (a policy's limits have no cents). */
    insurer: text('insurer'),
    coverageOccurrence: integer('coverage_occurrence'),
    coverageAggregate: integer('coverage_aggregate'),
    expiresOn: date('expires_on', { mode: 'string' }),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedByAdminId: integer('verified_by_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The administrator's username at the time, kept if that account is renamed or removed. */
    verifiedBy: text('verified_by'),
    /** How it was checked ('Checked on the Attorney General's registration lookup'). */
    verifiedHow: text('verified_how'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.contractorId, t.credential] }),
    check('contractor_credentials_credential_check', sql`${t.credential} in ('registration', 'insurance')`),
    check('contractor_credentials_coverage_check', sql`${t.coverageOccurrence} >= 0 and ${t.coverageAggregate} >= 0`),
    check(
      'contractor_credentials_insurance_only_check',
      sql`${t.credential} = 'insurance' or (${t.insurer} is null and ${t.coverageOccurrence} is null and ${t.coverageAggregate} is null)`,
    ),
    // One listing per registration number.
    uniqueIndex('contractor_credentials_registration_number_key')
      .on(t.number)
      .where(sql`credential = 'registration' and number is not null`),
  ],
);

export type ContractorCredentialRow = typeof contractorCredentials.$inferSelect;
export type NewContractorCredentialRow = typeof contractorCredentials.$inferInsert;
