import { DEFAULT_BUSINESS_HOURS } from '@shared/business-hours';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sullivanCounty, type Region } from '@shared/region';
import { credentialsUpdateSchemaFor, registrationNumberSchema } from '@shared/schemas/credentials';
import type { ContractorProfile } from '@shared/schemas/directory';
import { submissionFormSchemaFor } from '@shared/schemas/submission';
import { CredentialsDetails } from '@/features/directory/components/Credentials';
import { localBusinessJsonLd } from '@/features/directory/local-business';
import { sussexCountyNj } from '../support/regions/sussex-county-nj';

/**
 * Region as data (issue 15, docs/decisions/0034-credentials-by-region.md): which credential, its
 * number's form and every word about it come from the region object. A second region, a New Jersey
 * county with numbers of another form, changes what is accepted and what the profile says with no
 * code changed.
 */

const REGIONS: [string, Region][] = [
  ['Sullivan County, PA', sullivanCounty],
  ['Sussex County, NJ', sussexCountyNj],
];

/** The profile of a contractor whose registration and insurance an administrator verified. */
const profile = (licenseNumber: string, r: Region): ContractorProfile => ({
  id: 7,
  name: 'Ridge Line Builders',
  location: `${r.towns[0]!.name}, ${r.state}`,
  description: 'Additions and porches.',
  services: ['Additions & Extensions'],
  rating: 4.5,
  reviewCount: 0,
  verified: true,
  licenseNumber,
  featured: false,
  logo: null,
  pausedUntil: null,
  replies: null,
  unclaimed: false,
  phone: null,
  contacted: null,
  photos: [],
  city: r.towns[0]!.name,
  state: r.state,
  zip: '07860',
  homeTown: r.towns[0]!.name,
  canonicalUrl: null,
  serviceAreas: [r.towns[0]!.name],
  yearsInBusiness: 12,
  credentials: {
    registration: { verified: true, verifiedMonth: '2026-03' },
    insurance: { verified: true, insuredUntil: '2027-01-15' },
  },
  website: null,
  certifications: [],
  priceRange: '$$',
  availability: 'Available',
  responseTime: 'Within a day',
  businessHours: DEFAULT_BUSINESS_HOURS,
});

/** The example number of the region, written as people write it: lower case, a space and a hyphen. */
const casually = (example: string) => `${example.slice(0, 2).toLowerCase()} ${example.slice(2, 5)}-${example.slice(5)}`;

describe('the registration number follows the region', () => {
  it.each(REGIONS)('%s: its own form is taken, written in any case, with spaces and hyphens', (_name, r) => {
    const rules = r.credentials.registration;
    expect(registrationNumberSchema(rules).parse(casually(rules.example))).toBe(rules.example);
    expect(credentialsUpdateSchemaFor(rules).parse({ licenseNumber: rules.example })).toEqual({
      licenseNumber: rules.example,
    });
  });

  it.each(REGIONS)(
    "%s: the other region's number is refused with this region's message, which shows the expected form",
    (_name, r) => {
      const rules = r.credentials.registration;
      const other = REGIONS.find(([, o]) => o !== r)![1].credentials.registration;
      const refused = credentialsUpdateSchemaFor(rules).safeParse({ licenseNumber: other.example });
      expect(refused.success).toBe(false);
      expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['licenseNumber', rules.formatMessage],
      ]);
      expect(rules.formatMessage).toContain(rules.example);
    },
  );

  it('the two regions disagree on every example, so the checks above are not vacuous', () => {
    expect(sullivanCounty.credentials.registration.pattern.test(sussexCountyNj.credentials.registration.example)).toBe(
      false,
    );
    expect(sussexCountyNj.credentials.registration.pattern.test(sullivanCounty.credentials.registration.example)).toBe(
      false,
    );
  });

  it.each(REGIONS)("%s: the business submission takes the region's number and refuses the other's", (_name, r) => {
    const other = REGIONS.find(([, o]) => o !== r)![1];
    const licenseNumber = (n: string) =>
      submissionFormSchemaFor(r.credentials.registration).shape.licenseNumber.safeParse(n).success;
    expect(licenseNumber(r.credentials.registration.example)).toBe(true);
    expect(licenseNumber(other.credentials.registration.example)).toBe(false);
  });
});

describe("the profile's words follow the region", () => {
  it.each(REGIONS)(
    "%s: the profile explains the region's registration and links the region's lookup, and says nothing of the other's",
    (_name, r) => {
      const rules = r.credentials;
      const other = REGIONS.find(([, o]) => o !== r)![1].credentials;
      const html = renderToStaticMarkup(
        <CredentialsDetails c={profile(rules.registration.example, r)} rules={rules} />,
      );
      expect(html).toContain(rules.registration.example);
      expect(html).toContain('Registration verified March 2026');
      expect(html).toContain('Insured until January 15, 2027');
      expect(html).toContain(escape(rules.registration.explanation));
      expect(html).toContain(`href="${rules.registration.lookupUrl}"`);
      expect(html).toContain(escape(rules.registration.lookupLabel));
      expect(html).not.toContain(escape(other.registration.explanation));
      expect(html).not.toContain(other.registration.lookupUrl);
    },
  );

  it.each(REGIONS)("%s: the structured data names the region's credential and issuer", (_name, r) => {
    const ld = localBusinessJsonLd(
      profile(r.credentials.registration.example, r),
      'https://contractors.example',
      r,
    ) as Record<string, unknown>;
    expect(ld.hasCredential).toEqual({
      '@type': 'EducationalOccupationalCredential',
      credentialCategory: 'license',
      name: r.credentials.registration.name,
      identifier: r.credentials.registration.example,
      recognizedBy: { '@type': 'GovernmentOrganization', name: r.credentials.registration.issuer },
    });
    expect(ld.areaServed).toContainEqual({ '@type': 'Place', name: `${r.towns[0]!.name}, ${r.state}` });
  });
});

/** Text as React writes it into markup. */
function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}
