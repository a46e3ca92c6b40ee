import { addDays } from '@shared/credentials';
import type { Region } from '@shared/region';
import { siteDay } from '@shared/site-calendar';
import type { SeedContractor } from './data/contractors';
import type { ContractorOverrides } from './factories';

const DAY_MS = 86_400_000;

/**
 * Sample credentials for a seeded contractor (sample data only,
 * docs/decisions/0031-credentials-stored.md): the insurer and coverage read from its insurance
 * summary, a policy number, expiry dates spread from 6 weeks to 2 years ahead of the day it is
 * seeded (none within the 30 days of a reminder), and the verified ones checked in the region's
 * usual way some days before.
 */
export function sampleCredentials(
  c: SeedContractor,
  r: Region,
  now: Date,
): Pick<ContractorOverrides, 'registration' | 'insurance'> {
  const n = Number(c.licenseNumber.replace(/\D/g, '')) || 1;
  const today = siteDay(now);
  const occurrence = /\$(\d+)([MK])/.exec(c.insuranceInfo);
  const coverage = occurrence ? Number(occurrence[1]) * (occurrence[2] === 'M' ? 1_000_000 : 1_000) : null;
  const checkedAt = new Date(now.getTime() - (10 + (n % 80)) * DAY_MS);
  const verified = (how: string) => (c.verified ? { verifiedAt: checkedAt, how } : { verifiedAt: null, how: null });
  const registration = verified(r.credentials.registration.checkedHow);
  const insurance = verified(r.credentials.insurance.checkedHow);
  return {
    registration: {
      number: c.licenseNumber,
      expiresOn: addDays(today, 120 + (n % 600)),
      verified: c.verified,
      verifiedAt: registration.verifiedAt,
      verifiedHow: registration.how,
    },
    insurance: {
      insurer: /\(([^)]+)\)/.exec(c.insuranceInfo)?.[1] ?? null,
      number: `GL-${String(n).padStart(6, '0')}-${(n % 7) + 1}`,
      coverageOccurrence: coverage,
      coverageAggregate: coverage === null ? null : coverage * 2,
      expiresOn: addDays(today, 45 + (n % 300)),
      verified: c.verified,
      verifiedAt: insurance.verifiedAt,
      verifiedHow: insurance.how,
    },
  };
}
