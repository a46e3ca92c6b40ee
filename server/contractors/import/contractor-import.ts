import type { Readable } from 'node:stream';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  IMPORT_MAX_ROWS,
  mapHeaders,
  type ImportAnswer,
  type ImportMapping,
  type ImportProgress,
  type ImportRowOutcome,
} from '@shared/contractor-import';
import { certificationsFor, SUBMISSION_DEFAULTS } from '@shared/submission-defaults';
import { inTransaction, type AppContext } from '../../context';
import {
  contractorAccounts,
  contractorCredentials,
  contractorImports,
  contractors,
  regions,
  services,
  towns,
} from '../../db/schema';
import type { AdminActor, AdminScope } from '../../domain/actors';
import { invalid, notFound } from '../../domain/errors';
import { covers } from '../../counties/admin-scope';
import { regionOf } from '../../counties/region-of';
import { servesCounty } from '../../directory/county';
import { duplicateKeys, readRow, type ImportedListing } from './import-rules';
import { readTable } from './import-table';
import { writeListingTaxonomy } from '../listing-taxonomy';

/**
 * Imports a county's contractor list (docs/decisions/0130-contractor-import.md): every row read
 * against the county, told apart as new, an update of a listing an earlier import made and nobody
 * has claimed, a duplicate (of an earlier row, or of a listing someone manages), or an error with
 * its reason. A preview writes nothing; a commit writes the valid rows in batches, each its own
 * transaction, so a big file's memory stays flat and its progress can be told.
 */

export interface ImportFile {
  fileName: string;
  /** The first bytes (HEAD_BYTES of them), to tell a workbook from CSV and find a CSV's delimiter. */
  head: Buffer;
  /** The whole file in memory (an upload), or a way to stream it (a file on disk). */
  body: Buffer | (() => Readable);
}

export interface ImportRequest {
  county: string;
  /** The administrator's mapping; the headers' own when not given. */
  mapping?: ImportMapping;
  commit: boolean;
  onProgress?: (progress: ImportProgress) => void;
}

/** Who imports: an administrator within their scope, or the operator at the command line (every county). */
export type Importer = { kind: 'admin'; scope: AdminScope; actor: AdminActor } | { kind: 'command-line' };

const BATCH = 500;
/** What ImportFile.head holds: enough for any header line. */
export const HEAD_BYTES = 64 * 1024;

/** A listing of the county, as duplicates are found against it. */
interface KnownListing {
  id: number;
  /** An earlier import made it, nobody claimed it and it has no account: a new import may update it. */
  updatable: boolean;
}

interface CountyTables {
  regionId: number;
  state: string;
  townId: Map<string, number>;
  serviceId: Map<string, number>;
  byRegistration: Map<string, KnownListing>;
  byPhone: Map<string, KnownListing>;
  byNameTown: Map<string, KnownListing>;
}

export async function importContractors(
  ctx: AppContext,
  importer: Importer,
  file: ImportFile,
  request: ImportRequest,
): Promise<ImportAnswer> {
  const [county] = await ctx.db
    .select({ id: regions.id, slug: regions.slug })
    .from(regions)
    .where(eq(regions.slug, request.county.trim().toLowerCase()));
  if (!county || (importer.kind === 'admin' && !covers(importer.scope, county.id))) throw notFound('County not found');
  const region = await regionOf(ctx, county.slug);
  const tables = await countyTables(ctx, county, region.state);

  const rows = readTable(file.body, file.head);
  const header = await rows.next();
  if (header.done) throw invalid('The file is empty: it needs a header row and a row per business');
  const headers = header.value.cells;
  const mapping = request.mapping ?? mapHeaders(headers);
  if (mapping.name === null || mapping.city === null)
    throw invalid('Choose the columns that hold the business name and the city or town');

  const answer: ImportAnswer = {
    county: county.slug,
    fileName: file.fileName,
    headers,
    mapping,
    rowCount: 0,
    counts: { new: 0, update: 0, duplicate: 0, error: 0 },
    rows: [],
    importId: null,
  };
  const importId = request.commit ? await startImport(ctx, importer, county.id, file.fileName) : null;
  const seen = {
    registration: new Map<string, number>(),
    phone: new Map<string, number>(),
    nameTown: new Map<string, number>(),
  };

  let batch: { row: number; reading: ReturnType<typeof readRow> }[] = [];
  const flush = async () => {
    const outcomes = await classify(ctx, tables, seen, batch);
    if (importId !== null) await writeBatch(ctx, tables, importId, outcomes);
    for (const { outcome } of outcomes) {
      answer.rows.push(outcome);
      answer.counts[outcome.outcome] += 1;
    }
    batch = [];
    request.onProgress?.({ stage: request.commit ? 'committing' : 'reading', rows: answer.rowCount, total: null });
  };
  for await (const { row, cells } of rows) {
    answer.rowCount += 1;
    if (answer.rowCount > IMPORT_MAX_ROWS)
      throw invalid(`The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: split it`);
    batch.push({ row, reading: readRow(cells, mapping, region) });
    if (batch.length === BATCH) await flush();
  }
  if (batch.length) await flush();

  if (importId !== null) {
    await ctx.db
      .update(contractorImports)
      .set({
        rowCount: answer.rowCount,
        createdCount: answer.counts.new,
        updatedCount: answer.counts.update,
        duplicateCount: answer.counts.duplicate,
        errorCount: answer.counts.error,
      })
      .where(eq(contractorImports.id, importId));
    answer.importId = importId;
  }
  return answer;
}

async function startImport(ctx: AppContext, importer: Importer, regionId: number, fileName: string): Promise<number> {
  const [row] = await ctx.db
    .insert(contractorImports)
    .values({
      regionId,
      fileName: fileName.slice(0, 255),
      adminUserId: importer.kind === 'admin' ? importer.actor.adminUserId : null,
      importedBy: importer.kind === 'admin' ? importer.actor.username : 'command line',
    })
    .returning({ id: contractorImports.id });
  return row!.id;
}

/** The county's towns and services by slug, and its listings by each duplicate key. */
async function countyTables(
  ctx: AppContext,
  county: { id: number; slug: string },
  state: string,
): Promise<CountyTables> {
  const townRows = await ctx.db
    .select({ id: towns.id, slug: towns.slug })
    .from(towns)
    .where(eq(towns.regionId, county.id));
  const serviceRows = await ctx.db.select({ id: services.id, slug: services.slug }).from(services);
  const listings = await ctx.db
    .select({
      id: contractors.id,
      name: contractors.name,
      phone: contractors.phone,
      townSlug: sql<string | null>`(select ${towns.slug} from ${towns} where ${towns.id} = ${contractors.homeTownId})`,
      registrationNumber: sql<
        string | null
      >`(select ${contractorCredentials.number} from ${contractorCredentials} where ${contractorCredentials.contractorId} = ${contractors.id} and ${contractorCredentials.credential} = 'registration')`,
      updatable: sql<boolean>`(${contractors.importId} is not null and ${contractors.claimedAt} is null and not exists (select 1 from ${contractorAccounts} where ${contractorAccounts.contractorId} = ${contractors.id}))`,
    })
    .from(contractors)
    .where(servesCounty(county.slug));
  const tables: CountyTables = {
    regionId: county.id,
    state,
    townId: new Map(townRows.map((t) => [t.slug, t.id])),
    serviceId: new Map(serviceRows.map((s) => [s.slug, s.id])),
    byRegistration: new Map(),
    byPhone: new Map(),
    byNameTown: new Map(),
  };
  for (const l of listings) {
    const known = { id: l.id, updatable: Boolean(l.updatable) };
    const keys = duplicateKeys({ ...l, townSlug: l.townSlug ?? '' });
    if (keys.registration) tables.byRegistration.set(keys.registration, known);
    if (keys.phone && !tables.byPhone.has(keys.phone)) tables.byPhone.set(keys.phone, known);
    if (l.townSlug && !tables.byNameTown.has(keys.nameTown)) tables.byNameTown.set(keys.nameTown, known);
  }
  return tables;
}

interface Classified {
  outcome: ImportRowOutcome;
  listing?: ImportedListing;
}

/** Each row's outcome: the file's own earlier rows first, then the county's listings, strongest key first. */
async function classify(
  ctx: AppContext,
  tables: CountyTables,
  seen: Record<'registration' | 'phone' | 'nameTown', Map<string, number>>,
  batch: { row: number; reading: ReturnType<typeof readRow> }[],
): Promise<Classified[]> {
  // A registration number is one listing's in the whole deployment, whichever county lists it.
  const numbers = batch.flatMap(({ reading }) =>
    'listing' in reading && reading.listing.registrationNumber ? [reading.listing.registrationNumber] : [],
  );
  const elsewhere = new Set(
    numbers.length
      ? (
          await ctx.db
            .select({ number: contractorCredentials.number })
            .from(contractorCredentials)
            .where(
              and(eq(contractorCredentials.credential, 'registration'), inArray(contractorCredentials.number, numbers)),
            )
        ).map((r) => r.number!)
      : [],
  );

  return batch.map(({ row, reading }) => {
    if ('error' in reading)
      return { outcome: { row, outcome: 'error', name: reading.name, town: null, error: reading.error } };
    const listing = reading.listing;
    const base = { row, name: listing.name, town: listing.townSlug };
    const keys = duplicateKeys(listing);
    const order = [
      ['registration', keys.registration],
      ['phone', keys.phone],
      ['nameTown', keys.nameTown],
    ] as const;
    for (const [kind, key] of order) {
      const earlier = key ? seen[kind].get(key) : undefined;
      if (earlier !== undefined) return { outcome: { ...base, outcome: 'duplicate', duplicateOfRow: earlier } };
    }
    for (const [kind, key] of order) if (key) seen[kind].set(key, row);

    const known =
      (keys.registration && tables.byRegistration.get(keys.registration)) ||
      (keys.phone && tables.byPhone.get(keys.phone)) ||
      tables.byNameTown.get(keys.nameTown);
    if (known) {
      if (!known.updatable) return { outcome: { ...base, outcome: 'duplicate', listingId: known.id } };
      return { outcome: { ...base, outcome: 'update', listingId: known.id }, listing };
    }
    if (keys.registration && elsewhere.has(keys.registration))
      return {
        outcome: {
          ...base,
          outcome: 'error',
          error: `The registration number ${keys.registration} is already listed in another county`,
        },
      };
    return { outcome: { ...base, outcome: 'new' }, listing };
  });
}

/** The listing's own columns, as an import writes them. */
function listingColumns(listing: ImportedListing, tables: CountyTables) {
  return {
    name: listing.name,
    email: listing.email,
    phone: listing.phone,
    website: listing.website,
    address: listing.address,
    city: listing.city,
    zip: listing.zip,
    homeTownId: tables.townId.get(listing.townSlug) ?? null,
    certifications: certificationsFor(listing.registrationNumber ?? undefined),
  };
}

/** One batch's new and updated listings, in one transaction. */
async function writeBatch(ctx: AppContext, tables: CountyTables, importId: number, outcomes: Classified[]) {
  const created = outcomes.filter((o) => o.outcome.outcome === 'new' && o.listing);
  const updated = outcomes.filter((o) => o.outcome.outcome === 'update' && o.listing);
  if (!created.length && !updated.length) return;
  await inTransaction(ctx, async (tx) => {
    if (created.length) {
      const inserted = await tx.db
        .insert(contractors)
        .values(
          created.map(({ listing }) => ({
            ...listingColumns(listing!, tables),
            state: tables.state,
            ...SUBMISSION_DEFAULTS,
            importId,
            approvalStatus: 'pending' as const,
            isVisible: false,
          })),
        )
        .returning({ id: contractors.id });
      // Postgres returns a multi-row insert's rows in the order given.
      inserted.forEach((r, i) => (created[i]!.outcome.listingId = r.id));
    }
    if (updated.length) {
      const ids = updated.map((u) => u.outcome.listingId!);
      // Only a listing still unclaimed and without an account: one claimed meanwhile is left as it is.
      const still = await tx.db
        .select({ id: contractors.id })
        .from(contractors)
        .where(
          and(
            inArray(contractors.id, ids),
            isNotNull(contractors.importId),
            isNull(contractors.claimedAt),
            sql`not exists (select 1 from ${contractorAccounts} where ${contractorAccounts.contractorId} = ${contractors.id})`,
          ),
        )
        .for('update');
      const open = new Set(still.map((r) => r.id));
      for (const u of updated) {
        if (!open.has(u.outcome.listingId!)) {
          u.outcome.outcome = 'duplicate';
          continue;
        }
        await tx.db
          .update(contractors)
          .set(listingColumns(u.listing!, tables))
          .where(eq(contractors.id, u.outcome.listingId!));
      }
      const written = updated.filter((u) => u.outcome.outcome === 'update').map((u) => u.outcome.listingId!);
      if (written.length) {
        await tx.db.delete(contractorCredentials).where(inArray(contractorCredentials.contractorId, written));
      }
    }
    const written = [...created, ...updated.filter((u) => u.outcome.outcome === 'update')];
    await writeListingTaxonomy(
      tx,
      written.map(({ outcome, listing }) => ({
        contractorId: outcome.listingId!,
        serviceIds: listing!.serviceSlugs.flatMap((slug) => tables.serviceId.get(slug) ?? []),
        townIds: tables.townId.has(listing!.townSlug) ? [tables.townId.get(listing!.townSlug)!] : [],
      })),
    );
    const credentialRows = written.flatMap(({ outcome, listing }) =>
      listing!.registrationNumber
        ? [
            {
              contractorId: outcome.listingId!,
              credential: 'registration' as const,
              number: listing!.registrationNumber,
              expiresOn: listing!.expiresOn,
            },
          ]
        : [],
    );
    if (credentialRows.length) await tx.db.insert(contractorCredentials).values(credentialRows);
  });
}
