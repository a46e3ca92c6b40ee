import { sullivanCounty, type Region } from '../../../shared/region';

/**
 * A second region for tests: a New Jersey county, whose home improvement contractors register
 * with the Division of Consumer Affairs under numbers of another form ('13VH' and eight digits).
 * Only data differs from the served region (docs/decisions/0001-region-data.md,
 * docs/decisions/0034-credentials-by-region.md): the services and option lists are borrowed, the
 * place and the credential rules are its own.
 */
export const sussexCountyNj: Region = {
  ...sullivanCounty,
  county: 'Sussex County',
  state: 'NJ',
  stateName: 'New Jersey',
  displayName: 'Sussex County, NJ',
  allLocationsLabel: 'All of Sussex County',
  tagline: 'Serving Newton, Sparta & All Sussex County',
  shortTitle: 'Sussex Co. Contractors',
  siteTitle: 'Sussex County Contractors',
  supportEmail: 'support@sussexcountycontractors.com',
  towns: [
    {
      slug: 'newton',
      name: 'Newton',
      label: 'Newton Town',
      kind: 'borough',
      geo: { lat: 41.0582, lng: -74.7527 },
      aliases: ['newton'],
    },
    {
      slug: 'sparta',
      name: 'Sparta Township',
      label: 'Sparta Township',
      kind: 'township',
      geo: { lat: 41.0334, lng: -74.6385 },
      aliases: ['sparta township', 'sparta'],
    },
  ],
  serviceRadiusMiles: 30,
  credentials: {
    registration: {
      name: 'New Jersey Home Improvement Contractor registration',
      issuer: 'New Jersey Division of Consumer Affairs',
      pattern: /^13VH\d{8}$/,
      example: '13VH01234567',
      formatMessage: 'Enter the New Jersey registration number as 13VH followed by eight digits, e.g. 13VH01234567',
      explanation:
        'New Jersey requires home improvement contractors to register with the Division of Consumer Affairs every year and to carry liability insurance of at least $500,000 per occurrence.',
      lookupUrl: 'https://newjersey.mylicense.com/verification/',
      lookupLabel: 'Look up a registration with the Division of Consumer Affairs',
      checkedHow: 'Checked on the Division of Consumer Affairs license lookup',
    },
    insurance: {
      name: 'Commercial general liability insurance',
      checkedHow: 'Checked the certificate of insurance',
    },
  },
};
