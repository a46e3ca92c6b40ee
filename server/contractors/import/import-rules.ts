import { z } from 'zod';
import type { ImportMapping } from '@shared/contractor-import';
import { phoneKey, toE164 } from '@shared/phone-numbers';
import type { Region } from '@shared/region';
import { normalizeRegistrationNumber } from '@shared/schemas/credentials';
import { optionalUrl } from '@shared/schemas/submission';
import { SUBMISSION_LIMITS } from '@shared/submission-defaults';
import { resolveService, resolveTown, townFromText } from '@shared/taxonomy';

/**
 * What one row of an imported list says, checked against the county it goes into
 * (docs/decisions/0130-contractor-import.md). Towns and services are matched to the county's own,
 * never made up: a value that matches none is the row's error.
 */
export interface ImportedListing {
  name: string;
  registrationNumber: string | null;
  address: string;
  /** The place as the file writes it, kept as the listing's city. */
  city: string;
  townSlug: string;
  zip: string;
  phone: string;
  email: string;
  website: string | null;
  serviceSlugs: string[];
  expiresOn: string | null;
}

export type RowReading = { listing: ImportedListing } | { error: string; name: string };

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** 'Cherry Twp.' is 'cherry township', 'Dushore Boro' is 'dushore borough'. */
function placeWords(text: string): string {
  return norm(text)
    .replace(/\btwp\b\.?/g, 'township')
    .replace(/\b(?:boro|bor)\b\.?/g, 'borough')
    .replace(/\s*,?\s*(?:pa|pennsylvania)\.?$/, '');
}

/**
 * The county's town a place names: its name or label in any case, 'Twp' for 'Township', a
 * village inside a township by the township's aliases, or a bare name ('Cherry') of a township or
 * borough. Null when it names none of the county's.
 */
export function matchTown(text: string, region: Region): string | null {
  const v = placeWords(text);
  if (!v) return null;
  for (const candidate of [v, `${v} township`, `${v} borough`]) {
    const slug = resolveTown(candidate, region);
    if (slug) return slug;
  }
  return townFromText(v, region);
}

/**
 * The registry's type-of-work words (and other common trade words) to the taxonomy's services.
 * A county offers some of these; a word whose service the county does not offer is not matched.
 */
const WORK_WORDS: Record<string, string> = {
  'general contractor': 'general-contracting',
  'general contracting': 'general-contracting',
  'home improvement': 'general-contracting',
  remodeling: 'general-contracting',
  'new home construction': 'home-building',
  'new construction': 'home-building',
  'home building': 'home-building',
  kitchens: 'kitchen-bath',
  kitchen: 'kitchen-bath',
  bathrooms: 'kitchen-bath',
  bathroom: 'kitchen-bath',
  'kitchen and bath': 'kitchen-bath',
  roofing: 'roofing',
  roofs: 'roofing',
  electrical: 'electrical',
  electric: 'electrical',
  plumbing: 'plumbing',
  hvac: 'hvac',
  heating: 'hvac',
  'air conditioning': 'hvac',
  'heating and air conditioning': 'hvac',
  flooring: 'flooring',
  floors: 'flooring',
  carpet: 'flooring',
  tile: 'flooring',
  painting: 'painting',
  'painting and wallpapering': 'painting',
  wallpapering: 'painting',
  landscaping: 'landscaping',
  decks: 'landscaping',
  patios: 'landscaping',
  fencing: 'landscaping',
  fences: 'landscaping',
  pools: 'landscaping',
  additions: 'additions',
  sunrooms: 'additions',
  porches: 'additions',
  basements: 'basement',
  basement: 'basement',
  'basement waterproofing': 'basement',
  waterproofing: 'basement',
  windows: 'windows-doors',
  doors: 'windows-doors',
  'windows and doors': 'windows-doors',
  siding: 'siding',
  gutters: 'siding',
  exteriors: 'siding',
  masonry: 'concrete-masonry',
  concrete: 'concrete-masonry',
  paving: 'concrete-masonry',
  driveways: 'concrete-masonry',
  chimneys: 'concrete-masonry',
};

/** The services a type-of-work cell names (split at commas, semicolons, slashes and bars), or the first word that matches none. */
export function matchServices(text: string, region: Region): { slugs: string[] } | { unknown: string } {
  const offered = new Set(region.services.map((s) => s.slug));
  const slugs = new Set<string>();
  for (const part of text.split(/[,;|/]/)) {
    const word = norm(part);
    if (!word) continue;
    const known = resolveService(word, region) ?? [];
    const fromWords = WORK_WORDS[word.replace(/&/g, 'and').replace(/\s+/g, ' ')];
    const found = known.length ? known : fromWords && offered.has(fromWords) ? [fromWords] : [];
    if (!found.length) return { unknown: part.trim() };
    found.forEach((s) => slugs.add(s));
  }
  return { slugs: [...slugs] };
}

/** 2027-03-31, 3/31/2027 and 03/31/27 as 2027-03-31; null for anything else or a day that does not exist. */
export function importDate(text: string): string | null {
  const v = text.trim();
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(v);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(v);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3]!.length === 2 ? `20${us[3]}` : us[3])];
  else return null;
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return at.toISOString().slice(0, 10);
}

/** A business name as compared for duplicates: case, punctuation and the company's form (LLC, Inc.) aside. */
export function nameKey(name: string): string {
  return norm(name)
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\b(?:the|llc|l l c|inc|incorporated|co|corp|corporation|company|ltd)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The keys two listings are the same business by, strongest first (registration number, then phone, then name and town). */
export function duplicateKeys(listing: Pick<ImportedListing, 'registrationNumber' | 'phone' | 'name' | 'townSlug'>) {
  const phone = phoneKey(listing.phone);
  return {
    registration: listing.registrationNumber,
    phone: phone.length === 10 ? phone : null,
    nameTown: `${nameKey(listing.name)}|${listing.townSlug}`,
  };
}

const emailSchema = z.email();
const websiteSchema = optionalUrl('bad');
const countyWords = (s: string) => norm(s).replace(/\s+county$/, '');

/** One row read against its county: the listing it describes, or why it cannot be one. */
export function readRow(cells: readonly string[], mapping: ImportMapping, region: Region): RowReading {
  const cell = (field: keyof ImportMapping) => {
    const column = mapping[field];
    return column === null ? '' : (cells[column] ?? '').trim();
  };
  const name = cell('name');
  const fail = (error: string): RowReading => ({ error, name });
  if (!name) return fail('The business name is missing');
  if (name.length > SUBMISSION_LIMITS.name)
    return fail(`The business name is longer than ${SUBMISSION_LIMITS.name} characters`);

  const county = cell('county');
  if (county && countyWords(county) !== countyWords(region.county))
    return fail(`The county is ${county}, not ${region.county}`);

  const city = cell('city');
  if (!city) return fail('The city or town is missing');
  const townSlug = matchTown(city, region);
  if (!townSlug) return fail(`"${city}" is not a town of ${region.county}`);

  const rules = region.credentials.registration;
  const rawNumber = cell('registrationNumber');
  const registrationNumber = rawNumber ? normalizeRegistrationNumber(rawNumber) : null;
  if (registrationNumber && !rules.pattern.test(registrationNumber))
    return fail(`The registration number ${rawNumber} is not of the form ${rules.example}`);

  const phone = cell('phone');
  if (phone && (phone.length > SUBMISSION_LIMITS.phone || !toE164(phone)))
    return fail(`The phone number ${phone} is not a valid phone number`);
  const email = cell('email').toLowerCase();
  if (email && !emailSchema.safeParse(email).success) return fail(`The email address ${email} is not valid`);
  const websiteRead = websiteSchema.safeParse(cell('website'));
  if (!websiteRead.success) return fail(`The website ${cell('website')} is not a valid address`);

  const work = cell('services');
  if (!work) return fail('The type of work is missing');
  const services = matchServices(work, region);
  if ('unknown' in services) return fail(`"${services.unknown}" is not a service of ${region.county}`);

  const expiry = cell('expiresOn');
  const expiresOn = expiry ? importDate(expiry) : null;
  if (expiry && !expiresOn) return fail(`The expiration date ${expiry} is not a date`);
  if (expiresOn && !registrationNumber) return fail('An expiration date is given without a registration number');

  const address = cell('address');
  if (address.length > SUBMISSION_LIMITS.address)
    return fail(`The address is longer than ${SUBMISSION_LIMITS.address} characters`);
  return {
    listing: {
      name,
      registrationNumber,
      address,
      city: city.slice(0, SUBMISSION_LIMITS.city),
      townSlug,
      zip: cell('zip').slice(0, SUBMISSION_LIMITS.zip),
      phone,
      email,
      website: websiteRead.data || null,
      serviceSlugs: services.slugs,
      expiresOn,
    },
  };
}
