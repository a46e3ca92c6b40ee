/**
 * The region the directory serves: its towns, its service taxonomy and every option list the
 * screens show. Another county is another object of this shape (docs/decisions/0001-region-data.md);
 * nothing else in the code names a town or a service.
 */

export interface Town {
  slug: string;
  /** The place name used in a contractor's 'City, ST' location. */
  name: string;
  /** The label the location selectors show. */
  label: string;
  kind: 'borough' | 'township' | 'other';
  /** Lower-case place names inside this town, used to recognise free-text locations. */
  aliases: string[];
  /** Approximate centre, for structured data (service radius). */
  geo: { lat: number; lng: number };
}

export interface Service {
  slug: string;
  name: string;
}

/** A choice in a select that stands for one or more canonical services. */
export interface ServiceOption {
  value: string;
  label: string;
  services: string[];
}

/**
 * What the region's law asks of a contractor and how the directory shows it
 * (docs/decisions/0034-credentials-by-region.md): the registration whose number is the listing's
 * licence number (its form, the message for another form, one sentence on what it means, the public
 * lookup), and the insurance.
 */
export interface CredentialRules {
  registration: {
    /** 'Pennsylvania Home Improvement Contractor registration' */
    name: string;
    /** Who issues it, for structured data. */
    issuer: string;
    /** The number's form, after upper-casing and dropping spaces and hyphens. */
    pattern: RegExp;
    example: string;
    /** Refusing a number of another form: it shows the expected one. */
    formatMessage: string;
    /** The profile's one sentence on what the registration means. */
    explanation: string;
    /** The public lookup, linked (never fetched) from profiles. */
    lookupUrl: string;
    lookupLabel: string;
    /** The administrator's usual way of checking it, offered when verifying. */
    checkedHow: string;
  };
  insurance: {
    name: string;
    checkedHow: string;
  };
}

export interface Region {
  /** The county's key: its row in the regions table and its host name (docs/decisions/0098-counties-are-data.md). */
  slug: string;
  county: string;
  state: string;
  stateName: string;
  /** Phrase used in headings, e.g. 'Sullivan County, PA'. */
  displayName: string;
  allLocationsLabel: string;
  tagline: string;
  shortTitle: string;
  siteTitle: string;
  /** Where visitors and contractors write with questions (payments, plans, reviews). */
  supportEmail: string;
  /** The IANA zone its days and months are counted in. */
  timeZone: string;
  towns: Town[];
  services: Service[];
  homeSearchServices: ServiceOption[];
  quoteServices: ServiceOption[];
  budgetOptions: string[];
  /** The home page's services overview: typical cost and time per kind of project. */
  projectOverview: { title: string; price: string; duration: string; description: string }[];
  /** Service radius in miles, for structured data. */
  serviceRadiusMiles: number;
  credentials: CredentialRules;
}

export { ALL } from './all-choice';

export const sullivanCounty: Region = {
  slug: 'sullivan',
  county: 'Sullivan County',
  state: 'PA',
  stateName: 'Pennsylvania',
  displayName: 'Sullivan County, PA',
  allLocationsLabel: 'All of Sullivan County',
  tagline: 'Serving Laporte, Dushore, Eagles Mere & All Sullivan County',
  shortTitle: 'Sullivan Co. Contractors',
  siteTitle: 'Sullivan County Contractors',
  supportEmail: 'support@sullivancountycontractors.com',
  timeZone: 'America/New_York',
  towns: [
    {
      slug: 'laporte',
      name: 'Laporte',
      label: 'Laporte Borough',
      kind: 'borough',
      geo: { lat: 41.4237, lng: -76.4941 },
      aliases: ['laporte borough', 'laporte'],
    },
    {
      slug: 'dushore',
      name: 'Dushore',
      label: 'Dushore Borough',
      kind: 'borough',
      geo: { lat: 41.5237, lng: -76.3966 },
      aliases: ['dushore'],
    },
    {
      slug: 'eagles-mere',
      name: 'Eagles Mere',
      label: 'Eagles Mere Borough',
      kind: 'borough',
      geo: { lat: 41.4101, lng: -76.5833 },
      aliases: ['eagles mere', 'eaglesmere'],
    },
    {
      slug: 'forksville',
      name: 'Forksville',
      label: 'Forksville Borough',
      kind: 'borough',
      geo: { lat: 41.4906, lng: -76.6019 },
      aliases: ['forksville'],
    },
    {
      slug: 'cherry-township',
      name: 'Cherry Township',
      label: 'Cherry Township',
      kind: 'township',
      geo: { lat: 41.4773, lng: -76.3827 },
      aliases: ['cherry township', 'mildred', 'cherry'],
    },
    {
      slug: 'colley-township',
      name: 'Colley Township',
      label: 'Colley Township',
      kind: 'township',
      geo: { lat: 41.4512, lng: -76.3382 },
      aliases: ['colley township', 'lopez', 'colley'],
    },
    {
      slug: 'davidson-township',
      name: 'Davidson Township',
      label: 'Davidson Township',
      kind: 'township',
      geo: { lat: 41.3523, lng: -76.5796 },
      aliases: ['davidson township', 'muncy valley', 'sonestown', 'nordmont', 'davidson'],
    },
    {
      slug: 'elkland-township',
      name: 'Elkland Township',
      label: 'Elkland Township',
      kind: 'township',
      geo: { lat: 41.5681, lng: -76.488 },
      aliases: ['elkland township', 'estella', 'elkland'],
    },
    {
      slug: 'other-townships',
      name: 'Other Townships',
      label: 'Other Townships',
      kind: 'other',
      geo: { lat: 41.45, lng: -76.51 },
      aliases: [
        'other townships',
        'laporte township',
        'forks township',
        'fox township',
        'hillsgrove',
        'jordan township',
        'shrewsbury township',
        'shunk',
        'forks',
        'fox',
        'jordan',
        'shrewsbury',
      ],
    },
  ],
  services: [
    { slug: 'general-contracting', name: 'General Contracting' },
    { slug: 'home-building', name: 'Home Building & New Construction' },
    { slug: 'kitchen-bath', name: 'Kitchen & Bath Remodeling' },
    { slug: 'roofing', name: 'Roofing' },
    { slug: 'electrical', name: 'Electrical' },
    { slug: 'plumbing', name: 'Plumbing' },
    { slug: 'hvac', name: 'HVAC' },
    { slug: 'flooring', name: 'Flooring' },
    { slug: 'painting', name: 'Painting & Decorating' },
    { slug: 'landscaping', name: 'Landscaping & Outdoor' },
    { slug: 'additions', name: 'Additions & Extensions' },
    { slug: 'basement', name: 'Basement Finishing' },
    { slug: 'windows-doors', name: 'Windows & Doors' },
    { slug: 'siding', name: 'Siding & Exteriors' },
    { slug: 'concrete-masonry', name: 'Concrete & Masonry' },
  ],
  homeSearchServices: [
    { value: 'home-building', label: 'Home Building & New Construction', services: ['home-building'] },
    { value: 'kitchen-bath', label: 'Kitchen & Bathroom Remodeling', services: ['kitchen-bath'] },
    { value: 'additions', label: 'Home Additions & Expansions', services: ['additions'] },
    { value: 'electrical', label: 'Electrical Work & Wiring', services: ['electrical'] },
    { value: 'roofing-siding', label: 'Roofing & Siding', services: ['roofing', 'siding'] },
    { value: 'general-contracting', label: 'General Contracting', services: ['general-contracting'] },
  ],
  quoteServices: [
    { value: 'general-contracting', label: 'General Contracting', services: ['general-contracting'] },
    { value: 'home-building', label: 'Home Building & New Construction', services: ['home-building'] },
    { value: 'kitchen-remodeling', label: 'Kitchen Remodeling', services: ['kitchen-bath'] },
    { value: 'bathroom-remodeling', label: 'Bathroom Remodeling', services: ['kitchen-bath'] },
    { value: 'additions', label: 'Home Additions & Expansions', services: ['additions'] },
    { value: 'electrical', label: 'Electrical Work & Wiring', services: ['electrical'] },
    { value: 'roofing-siding', label: 'Roofing & Siding', services: ['roofing', 'siding'] },
    { value: 'flooring', label: 'Flooring Installation', services: ['flooring'] },
    { value: 'deck-patio', label: 'Deck & Patio Construction', services: ['landscaping', 'concrete-masonry'] },
    { value: 'other', label: 'Other', services: [] },
  ],
  projectOverview: [
    {
      title: 'New Home Construction',
      price: '$150k-$400k',
      duration: '6-12 months',
      description: 'Custom homes, cabins and camps built for mountain winters.',
    },
    {
      title: 'Remodeling Projects',
      price: '$25k-$85k',
      duration: '2-8 weeks',
      description: 'Kitchens, baths and whole-house updates for older homes.',
    },
    {
      title: 'Home Additions',
      price: '$40k-$120k',
      duration: '3-6 months',
      description: 'More room for family: bedrooms, sunrooms and garages.',
    },
    {
      title: 'Electrical Services',
      price: '$2k-$15k',
      duration: '1-3 days',
      description: 'Panel upgrades, rewiring, generators and new circuits.',
    },
  ],
  serviceRadiusMiles: 50,
  credentials: {
    registration: {
      name: 'Pennsylvania Home Improvement Contractor registration',
      issuer: 'Pennsylvania Office of Attorney General',
      pattern: /^PA\d{6}$/,
      example: 'PA123456',
      formatMessage: 'Enter the Pennsylvania registration number as PA followed by six digits, e.g. PA123456',
      explanation:
        "Pennsylvania requires contractors who do more than $5,000 a year of home improvement work to register with the Attorney General's office every two years and to carry liability insurance; registration is a legal requirement, not a rating of their work.",
      lookupUrl: 'https://hicsearch.attorneygeneral.gov/',
      lookupLabel: "Look up a registration on the Attorney General's site",
      checkedHow: "Checked on the Attorney General's registration lookup",
    },
    insurance: {
      name: 'Liability insurance',
      checkedHow: 'Checked the certificate of insurance',
    },
  },
  budgetOptions: [
    'Under $5,000',
    '$5,000 - $10,000',
    '$10,000 - $25,000',
    '$25,000 - $50,000',
    '$50,000 - $100,000',
    'Over $100,000',
    'Not sure yet',
  ],
};

/** The region this deployment serves. */
export const region: Region = sullivanCounty;
