import { DEFAULT_LEAD_PRICE_CENTS } from '@shared/pricing';
import type { leads, NewContractorBillingRow, NewContractorCredentialRow, NewContractorRow } from '../schema';

/**
 * Row factories: a valid row of each table with every field it needs, changed by overrides. The
 * sample seed builds its rows with them, and the tests and benchmarks re-export them from
 * tests/support/factories.ts (server code never imports from tests/). Pure: nothing is written here.
 */

export type NewLeadRow = typeof leads.$inferInsert;

/** Deterministic pseudo-random numbers, so seeded data is the same on every run. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Factory rows count from 1 in each process; every database a process fills gets distinct values.
let sequence = 0;
const next = () => ++sequence;

/**
 * A registration number as the region writes it ('PA' and six digits), distinct for each n. From
 * PA200001 up: above the sample contractors' numbers (PA031877-PA170315), so factory rows never
 * collide with them under the unique index, and room for the 100,000 of the scale benchmark.
 */
export function licenceNumber(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 799_999) throw new RangeError(`No registration number for row ${n}`);
  return `PA${200_000 + n}`;
}

/** A registration number no factory row of this process has, for a form a test posts. */
export const nextLicenceNumber = (): string => licenceNumber(next());

/** A credential's row without its contractor. */
export type CredentialValues = Omit<NewContractorCredentialRow, 'contractorId'>;
/** What a contractor's billing row holds beyond the Free plan the database gives every contractor. */
export type BillingValues = Partial<Omit<NewContractorBillingRow, 'contractorId'>>;

/** A contractor as its tables store it (docs/decisions/0091-contractor-record.md); insertContractors writes it. */
export interface ContractorRecordValues {
  listing: NewContractorRow;
  /** A row for each credential something is known of. */
  credentials: CredentialValues[];
  billing: BillingValues;
}

export interface ContractorOverrides extends Partial<NewContractorRow> {
  /** The registration's facts and verification (default: a unique number only); null: no registration row. */
  registration?: Partial<Omit<CredentialValues, 'credential'>> | null;
  /** The insurance's (default: none, no row). */
  insurance?: Partial<Omit<CredentialValues, 'credential'>>;
  billing?: BillingValues;
}

/** A contractor as an approved, listed submission leaves it: contact details, a unique licence, no reviews, not verified, on the Free plan. */
export function contractorValues({
  registration = {},
  insurance,
  billing = {},
  ...overrides
}: ContractorOverrides = {}): ContractorRecordValues {
  const n = next();
  const credentials: CredentialValues[] = [
    ...(registration ? [{ number: licenceNumber(n), ...registration, credential: 'registration' as const }] : []),
    ...(insurance ? [{ ...insurance, credential: 'insurance' as const }] : []),
  ];
  return { listing: listingValues(n, overrides), credentials, billing };
}

function listingValues(n: number, overrides: Partial<NewContractorRow>): NewContractorRow {
  return {
    name: `Factory Builders ${n}`,
    email: `office${n}@factory-builders.example`,
    phone: '(570) 555-0100',
    city: 'Laporte',
    state: 'PA',
    zip: '18626',
    description: 'Local contractor serving Sullivan County homeowners with careful, licensed work.',
    insuranceInfo: 'General liability $1M',
    approvalStatus: 'approved',
    isVisible: true,
    ...overrides,
  };
}

/** A new quote request as the form stores it, at the default lead price; not addressed to anyone unless overridden. */
export function leadValues(overrides: Partial<NewLeadRow> = {}): NewLeadRow {
  const n = next();
  return {
    name: `Homeowner ${n}`,
    email: `homeowner${n}@example.com`,
    phone: '(570) 555-0199',
    serviceNeeded: 'General Contracting',
    serviceSlugs: ['general-contracting'],
    location: 'Laporte, PA',
    projectDetails: 'Looking for a quote on a project at our place this season.',
    leadPriceCents: DEFAULT_LEAD_PRICE_CENTS,
    status: 'new',
    ...overrides,
    // Made outside the quote form, so no routing job looks at it: a new lead waits for an
    // administrator as a manual county's does, any other was delivered (docs/decisions/0117-lead-routing.md).
    ...((overrides.status ?? 'new') === 'new'
      ? { routing: 'held' as const, routingReason: 'manual' }
      : { routing: 'delivered' as const }),
    ...(overrides.routing ? { routing: overrides.routing, routingReason: overrides.routingReason ?? null } : {}),
  };
}
