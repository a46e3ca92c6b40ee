import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sullivanCounty } from '../../shared/region';
import { seedContractors } from '../../server/db/seed/data/contractors';

// The sample contractors are a JSON file cast to SeedContractor: this is the check the cast leaves
// to a test, so a record with a misspelt key, a town or service the county does not have, or a
// value of the wrong kind fails here rather than in a first start.
const towns = sullivanCounty.towns.map((t) => t.slug) as [string, ...string[]];
const services = sullivanCounty.services.map((s) => s.slug) as [string, ...string[]];
const record = z.strictObject({
  name: z.string().min(1),
  email: z.email().endsWith('.example'),
  phone: z.string().regex(/^\(570\) 555-01\d\d$/),
  website: z.url().nullable(),
  address: z.string().min(1),
  city: z.string().min(1),
  zip: z.string().regex(/^\d{5}$/),
  homeTown: z.enum(towns),
  serviceAreas: z.array(z.enum(towns)).min(2).max(6),
  services: z.array(z.enum(services)).min(1).max(6),
  description: z.string().min(1),
  yearsInBusiness: z.int().min(0),
  licenseNumber: z.string().regex(/^PA\d{6}$/),
  insuranceInfo: z.string().min(1),
  projectGalleryUrl: z.url().nullable(),
  rating: z.number().min(0).max(5),
  reviewCount: z.int().min(0),
  verified: z.boolean(),
  approvalStatus: z.enum(['approved', 'pending']),
});

describe('the sample contractors', () => {
  it.each(seedContractors.map((c) => [c.name, c] as const))('%s is a well-formed record', (_, c) => {
    expect(record.safeParse(c).error?.issues ?? []).toEqual([]);
    expect(c.serviceAreas).toContain(c.homeTown);
  });

  it('have names and emails of their own', () => {
    expect(new Set(seedContractors.map((c) => c.name)).size).toBe(seedContractors.length);
    expect(new Set(seedContractors.map((c) => c.email)).size).toBe(seedContractors.length);
  });

  it('fail the check on a misspelt key or a town the county does not have', () => {
    const [first] = seedContractors;
    expect(record.safeParse({ ...first, homeTwon: 'laporte' }).success).toBe(false);
    expect(record.safeParse({ ...first, homeTown: 'scranton' }).success).toBe(false);
  });
});
