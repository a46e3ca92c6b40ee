import { readFileSync } from 'node:fs';
import { count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer, ImportSummary } from '@shared/contractor-import';
import { addCounty } from '../../server/counties/counties';
import {
  contractorAccounts,
  contractorCredentials,
  contractorServiceAreas,
  contractorServices,
  contractors,
  outboxEmails,
  regions,
} from '../../server/db/schema';
import { adminClient, countyAdminClient } from '../support/admin-session';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A county's contractor list imported (issue 38; docs/decisions/0130-contractor-import.md): the
 * preview says each row's outcome and writes nothing, the commit writes the valid rows, a
 * re-import updates what it made and nobody claimed, 'approve all' lists them unclaimed without
 * accounts, and a county administrator reaches only its own counties. Runs on both databases.
 */
let app: TestApp;
let platform: TestClient;
let wyomingAdmin: TestClient;
let wyoming: number;

const SAMPLE = readFileSync('docs/samples/contractor-registry-sample.csv');

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT: 'false' });
  await addCounty(app.ctx, 'wyoming');
  wyoming = (await app.ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.slug, 'wyoming')))[0]!.id;
  platform = await adminClient(app);
  wyomingAdmin = (await countyAdminClient(app, [wyoming])).client;
});
afterAll(() => app?.close());

const send = (
  client: TestClient,
  path: string,
  bytes: Buffer | string,
  fields: Record<string, string> = { county: 'sullivan' },
  name = 'registry.csv',
) => client.upload<ImportAnswer>(path, fields, { field: 'file', bytes, name, type: 'text/csv' });

const imported = () => app.ctx.db.select().from(contractors).where(inArray(contractors.name, SAMPLE_NAMES));
const SAMPLE_NAMES = [
  'Bitter Creek Roofing LLC',
  'Hemlock Hollow Builders',
  'Loyalsock Plumbing & Heating',
  'Mildred Masonry',
  'Eagles Mere Painting Co.',
  'Muncy Valley Windows & Doors',
  'Lopez Electric',
  'Estella Decks and Patios',
  'Sonestown Flooring',
];

describe('the sample registry file into Sullivan County', () => {
  let importId: number;

  it('previews every row without writing anything', async () => {
    const res = await send(platform, '/api/admin/imports/preview', SAMPLE);
    expect(res.status, res.text).toBe(200);

    expect(res.body.counts).toEqual({ new: 9, update: 0, duplicate: 1, error: 3 });
    expect(res.body.mapping).toMatchObject({ name: 0, registrationNumber: 1, expiresOn: 2, services: 3, city: 6 });
    const byRow = new Map(res.body.rows.map((r) => [r.row, r]));
    expect(byRow.get(11)).toMatchObject({ outcome: 'duplicate', duplicateOfRow: 2 });
    expect(byRow.get(12)).toMatchObject({ outcome: 'error', error: '"Scranton" is not a town of Sullivan County' });
    expect(byRow.get(13)!.error).toBe('"Pest Control" is not a service of Sullivan County');
    expect(byRow.get(14)!.error).toMatch(/PA19012 is not of the form PA123456/);
    // Villages and 'Twp'/'Boro' find their towns.
    expect(byRow.get(5)!.town).toBe('cherry-township');
    expect(byRow.get(8)!.town).toBe('colley-township');
    expect(byRow.get(3)!.town).toBe('laporte');
    expect(res.body.importId).toBeNull();
    expect(await imported()).toHaveLength(0);
  });

  it('commits the valid rows as pending listings with their town, services and registration', async () => {
    const res = await send(platform, '/api/admin/imports', SAMPLE);
    expect(res.status, res.text).toBe(201);
    expect(res.body.counts).toEqual({ new: 9, update: 0, duplicate: 1, error: 3 });
    importId = res.body.importId!;
    const rows = await imported();
    expect(rows).toHaveLength(9);
    expect(rows.every((r) => r.approvalStatus === 'pending' && !r.isVisible && r.importId === importId)).toBe(true);
    const roofer = rows.find((r) => r.name === 'Bitter Creek Roofing LLC')!;
    const [credential] = await app.ctx.db
      .select()
      .from(contractorCredentials)
      .where(eq(contractorCredentials.contractorId, roofer.id));
    expect(credential).toMatchObject({ number: 'PA190101', expiresOn: '2027-06-30', verified: false });
    const services = await app.ctx.db
      .select()
      .from(contractorServices)
      .where(eq(contractorServices.contractorId, roofer.id));
    expect(services).toHaveLength(2);
    const areas = await app.ctx.db
      .select()
      .from(contractorServiceAreas)
      .where(eq(contractorServiceAreas.contractorId, roofer.id));
    expect(areas).toHaveLength(1);

    const list = await platform.get<ImportSummary[]>('/api/admin/imports');
    expect(list.body.find((i) => i.id === importId)).toMatchObject({ createdCount: 9, errorCount: 3, pendingCount: 9 });
  });

  it('updates what it made on a second import, and never a claimed listing', async () => {
    const [hemlock] = await app.ctx.db
      .select()
      .from(contractors)
      .where(eq(contractors.name, 'Hemlock Hollow Builders'));
    const [lopez] = await app.ctx.db.select().from(contractors).where(eq(contractors.name, 'Lopez Electric'));
    await app.ctx.db.update(contractors).set({ claimedAt: new Date() }).where(eq(contractors.id, lopez!.id));
    const corrected = SAMPLE.toString()
      .replace('Hemlock Hollow Builders,PA190102', 'Hemlock Hollow Builders Inc,PA190102')
      .replace('Lopez Electric,PA190107', 'Lopez Electric Company,PA190107');
    const res = await send(platform, '/api/admin/imports', corrected);
    expect(res.status, res.text).toBe(201);
    expect(res.body.counts).toEqual({ new: 0, update: 8, duplicate: 2, error: 3 });
    expect(res.body.rows.find((r) => r.row === 8)).toMatchObject({ outcome: 'duplicate', listingId: lopez!.id });
    const [after] = await app.ctx.db.select().from(contractors).where(eq(contractors.id, hemlock!.id));
    expect(after!.name).toBe('Hemlock Hollow Builders Inc');
    const [untouched] = await app.ctx.db.select().from(contractors).where(eq(contractors.id, lopez!.id));
    expect(untouched!.name).toBe('Lopez Electric');
    await app.ctx.db.update(contractors).set({ claimedAt: null }).where(eq(contractors.id, lopez!.id));
  });

  it('approves all of an import at once, with no account made and nothing sent', async () => {
    const mailsBefore = (await app.ctx.db.select({ n: count() }).from(outboxEmails))[0]!.n;
    const res = await platform.post(`/api/admin/imports/${importId}/approve`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.approved).toBe(9);
    const rows = await imported();
    expect(rows.every((r) => r.approvalStatus === 'approved' && r.isVisible)).toBe(true);
    const accounts = await app.ctx.db
      .select()
      .from(contractorAccounts)
      .where(
        inArray(
          contractorAccounts.contractorId,
          rows.map((r) => r.id),
        ),
      );
    expect(accounts).toHaveLength(0);
    expect((await app.ctx.db.select({ n: count() }).from(outboxEmails))[0]!.n).toBe(mailsBefore);
  });

  it('keeps a county administrator to its own counties', async () => {
    const into = await send(wyomingAdmin, '/api/admin/imports/preview', SAMPLE);
    expect(into.status).toBe(404);
    expect((into.body as unknown as { message: string }).message).toBe('County not found');
    const list = await wyomingAdmin.get<ImportSummary[]>('/api/admin/imports');
    expect(list.body.some((i) => i.id === importId)).toBe(false);
    expect((await wyomingAdmin.post(`/api/admin/imports/${importId}/approve`)).status).toBe(404);
  });
});

describe('an .xlsx workbook into another county', () => {
  it('reads the first sheet, its dates and its numbers', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Search results');
    sheet.addRow(['Business Name', 'Registration #', 'Expiration Date', 'Type of Work', 'Phone', 'City', 'County']);
    sheet.addRow([
      'Tunkhannock Roofers',
      'PA 290 001',
      new Date(Date.UTC(2027, 8, 30)),
      'Roofing',
      5705550161,
      'Tunkhannock',
      'Wyoming',
    ]);
    sheet.addRow([
      'Elsewhere Builders',
      'PA290002',
      '2027-01-31',
      'Additions',
      '570-555-0162',
      'Tunkhannock',
      'Bradford',
    ]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await send(wyomingAdmin, '/api/admin/imports', bytes, { county: 'wyoming' }, 'wyoming.xlsx');
    expect(res.status, res.text).toBe(201);
    expect(res.body.counts).toEqual({ new: 1, update: 0, duplicate: 0, error: 1 });
    expect(res.body.rows[1]).toMatchObject({
      row: 3,
      outcome: 'error',
      error: 'The county is Bradford, not Wyoming County',
    });
    const [row] = await app.ctx.db.select().from(contractors).where(eq(contractors.name, 'Tunkhannock Roofers'));
    const [credential] = await app.ctx.db
      .select()
      .from(contractorCredentials)
      .where(eq(contractorCredentials.contractorId, row!.id));
    expect(credential).toMatchObject({ number: 'PA290001', expiresOn: '2027-09-30' });
    expect(row!.phone).toBe('5705550161');
  });
});

describe('progress while a big file is read', () => {
  it('streams a line per batch, then the answer, to a caller that asks for it', async () => {
    const rows = Array.from(
      { length: 1200 },
      (_, i) =>
        `Progress Builders ${i},PA${String(810000 + i)},Roofing,570-38${i % 10}-${String(1000 + (i % 9000)).padStart(4, '0')},Dushore`,
    );
    const form = new FormData();
    form.set('county', 'sullivan');
    form.set(
      'file',
      new Blob([['Business Name,Registration Number,Type of Work,Phone,City', ...rows].join('\n')]),
      'big.csv',
    );
    const res = await fetch(`${app.url}/api/admin/imports/preview`, {
      method: 'POST',
      headers: { Cookie: platform.cookie!, Accept: 'application/x-ndjson' },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const progress = lines.filter((l) => l.progress).map((l) => l.progress.rows);
    expect(progress).toEqual([500, 1000, 1200]);
    expect(lines.at(-1).answer.rowCount).toBe(1200);
  });

  it('a file refused at once is an ordinary 4xx, not a stream', async () => {
    const form = new FormData();
    form.set('county', 'atlantis');
    form.set('file', new Blob([SAMPLE]), 'x.csv');
    const res = await fetch(`${app.url}/api/admin/imports/preview`, {
      method: 'POST',
      headers: { Cookie: platform.cookie!, Accept: 'application/x-ndjson' },
      body: form,
    });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('County not found');
  });
});

describe('bad input', () => {
  it.each([
    [
      'no file',
      () =>
        platform.upload(
          '/api/admin/imports/preview',
          { county: 'sullivan' },
          { field: 'other', bytes: 'x', name: 'x.csv' },
        ),
      400,
    ],
    ['JSON instead of a form', () => platform.post('/api/admin/imports/preview', { county: 'sullivan' }), 415],
    ['no county', () => send(platform, '/api/admin/imports/preview', SAMPLE, {}), 400],
    ['an unknown county', () => send(platform, '/api/admin/imports/preview', SAMPLE, { county: 'atlantis' }), 404],
    [
      'a mapping that is not JSON',
      () => send(platform, '/api/admin/imports/preview', SAMPLE, { county: 'sullivan', mapping: '{' }),
      400,
    ],
    [
      'a mapping without a name column',
      () => send(platform, '/api/admin/imports/preview', SAMPLE, { county: 'sullivan', mapping: '{"city":6}' }),
      400,
    ],
    ['an empty file', () => send(platform, '/api/admin/imports/preview', ''), 400],
    [
      'a broken workbook',
      () => send(platform, '/api/admin/imports/preview', Buffer.from('PK\u0003\u0004garbage')),
      422,
    ],
    ['no session', () => send(app.client(), '/api/admin/imports/preview', SAMPLE), 401],
  ])('%s is a clear 4xx', async (_label, call, status) => {
    const res = await call();
    expect(res.status, res.text).toBe(status);
    expect(typeof res.body.message).toBe('string');
  });

  it('a mapping the administrator chose is used', async () => {
    // Business name read from the address column: every row's 'name' is its street.
    const mapping = JSON.stringify({ name: 5, city: 6, services: 3, phone: 4 });
    const res = await send(platform, '/api/admin/imports/preview', SAMPLE, { county: 'sullivan', mapping });
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows[0]!.name).toBe('12 Ridge Rd');
  });
});
