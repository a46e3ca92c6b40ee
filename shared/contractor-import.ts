import { z } from 'zod';
import { toCsv } from './csv';

/**
 * A contractor list brought into a county (docs/decisions/0130-contractor-import.md): the fields a
 * row may carry, how a file's headers map onto them, and what the preview and the commit answer.
 * The browser's mapping editor and the server read the same words.
 */

export const IMPORT_FIELDS = [
  'name',
  'registrationNumber',
  'address',
  'city',
  'zip',
  'county',
  'phone',
  'email',
  'website',
  'services',
  'expiresOn',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Business name',
  registrationNumber: 'Registration number',
  address: 'Address',
  city: 'City or town',
  zip: 'ZIP',
  county: 'County',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  services: 'Type of work or services',
  expiresOn: 'Expiration date',
};

/** Header words each field is known by, as keyed by headerKey; the Attorney General's export's own first. */
const HEADER_WORDS: Record<ImportField, string[]> = {
  name: ['business name', 'name', 'company', 'company name', 'contractor', 'contractor name', 'business', 'dba'],
  registrationNumber: [
    'registration number',
    'registration',
    'registration no',
    'reg number',
    'hic number',
    'hic',
    'license number',
    'licence number',
    'license',
  ],
  address: ['address', 'street', 'street address', 'address 1', 'address line 1', 'mailing address'],
  city: ['city', 'town', 'city or town', 'municipality', 'township', 'locality'],
  zip: ['zip', 'zip code', 'postal code', 'zipcode', 'postcode'],
  county: ['county'],
  phone: ['phone', 'phone number', 'telephone', 'telephone number', 'tel', 'business phone'],
  email: ['email', 'e mail', 'email address', 'e mail address'],
  website: ['website', 'web site', 'url', 'web address'],
  services: ['type of work', 'types of work', 'services', 'service', 'trade', 'work type', 'category', 'specialty'],
  expiresOn: ['expiration date', 'expiration', 'expires', 'expires on', 'expiry', 'expiry date'],
};

/** A header as compared: lower case, '#' read as 'number', other punctuation as spaces. */
export const headerKey = (header: string) =>
  header
    .toLowerCase()
    .replace(/#/g, ' number ')
    .replace(/\bno\.?(?=\s|$)/g, 'number')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bnumber number\b/, 'number');

/** Which column (0-based) each field is read from; null: not in the file. */
export type ImportMapping = Record<ImportField, number | null>;

/**
 * The mapping read off the headers: a header that is a field's known word maps to it, each column
 * to one field at most, the first such column winning.
 */
export function mapHeaders(headers: readonly string[]): ImportMapping {
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as ImportMapping;
  const taken = new Set<number>();
  const keys = headers.map(headerKey);
  for (const field of IMPORT_FIELDS) {
    const words = HEADER_WORDS[field];
    const column = keys.findIndex((k, i) => !taken.has(i) && words.includes(k));
    if (column >= 0) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return mapping;
}

export const MAX_IMPORT_COLUMNS = 200;

export const importMappingSchema = z
  .object(
    Object.fromEntries(
      IMPORT_FIELDS.map((f) => [f, z.number().int().min(0).max(MAX_IMPORT_COLUMNS).nullable().default(null)]),
    ) as Record<ImportField, z.ZodDefault<z.ZodNullable<z.ZodNumber>>>,
  )
  .refine((m) => m.name !== null, { message: 'Choose the column that holds the business name', path: ['name'] })
  .refine((m) => m.city !== null, { message: 'Choose the column that holds the city or town', path: ['city'] });

/** The query of a preview or a commit: the county, and the mapping when the administrator changed it. */
export const importQuerySchema = z.object({
  county: z.string({ error: 'Choose the county to import into' }).trim().min(1, 'Choose the county to import into'),
  mapping: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The column mapping is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(importMappingSchema.optional()),
});

export const IMPORT_OUTCOMES = ['new', 'update', 'duplicate', 'error'] as const;
export type ImportOutcomeKind = (typeof IMPORT_OUTCOMES)[number];

/** What became (or, in a preview, will become) of one row. `row` is the file's row number, the header being row 1. */
export interface ImportRowOutcome {
  row: number;
  outcome: ImportOutcomeKind;
  name: string;
  town: string | null;
  /** The listing updated, or the one this row duplicates. */
  listingId?: number;
  /** The earlier row of the same file this one duplicates. */
  duplicateOfRow?: number;
  error?: string;
}

export type ImportCounts = Record<ImportOutcomeKind, number>;

export interface ImportAnswer {
  county: string;
  fileName: string;
  headers: string[];
  mapping: ImportMapping;
  rowCount: number;
  counts: ImportCounts;
  /** Every row's outcome, in file order. */
  rows: ImportRowOutcome[];
  /** Set once committed: the import the new listings belong to. */
  importId: number | null;
}

/** In words: '1 new, 2 updates, 0 duplicates, 3 errors'. */
export function importCountsText(c: ImportCounts): string {
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  return [
    n(c.new, 'new', 'new'),
    n(c.update, 'update', 'updates'),
    n(c.duplicate, 'duplicate', 'duplicates'),
    n(c.error, 'error', 'errors'),
  ].join(', ');
}

/** A line of progress while a big file is read or committed. */
export interface ImportProgress {
  stage: 'reading' | 'committing';
  rows: number;
  total: number | null;
}

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;

/** The rows that failed, as CSV for the administrator to correct and import again. */
export function importErrorsCsv(answer: Pick<ImportAnswer, 'rows'>): string {
  return toCsv(
    ['Row', 'Business name', 'Error'],
    answer.rows.filter((r) => r.outcome === 'error').map((r) => [r.row, r.name, r.error ?? '']),
  );
}

/** An import as the admin's list shows it. */
export interface ImportSummary {
  id: number;
  county: string;
  countyName: string;
  fileName: string;
  importedBy: string;
  createdAt: string;
  rowCount: number;
  createdCount: number;
  updatedCount: number;
  duplicateCount: number;
  errorCount: number;
  /** Its listings still waiting for approval. */
  pendingCount: number;
}
