import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signInAdmin } from './fixtures/admin';
import { uniqueLicenceNumber } from './fixtures/licence-number';
import { expect, test, type TestInfo } from './fixtures/test';
import { expectNoAxeViolations, expectNoSidewaysScroll, open } from './helpers';

/**
 * The administrator imports a county's contractor list (docs/decisions/0130-contractor-import.md):
 * previews the sample registry file (docs/samples/README.md says what it gives), changes a column
 * and previews again, downloads the failed rows, imports, approves all of the import and finds a
 * business on the public site. The desktop and phone projects share one database, so each run
 * imports its own copy of the sample: the same rows with its own names, registration numbers and
 * phone numbers, so each sees 9 new listings and never the other's.
 */

const SAMPLE = path.resolve(import.meta.dirname, '../../docs/samples/contractor-registry-sample.csv');

const stampOf = (testInfo: TestInfo) =>
  `${Date.now().toString(36)}${testInfo.project.name === 'desktop' ? 'd' : 'p'}${testInfo.workerIndex}`;

/**
 * The sample with this run's own values: each name gets the stamp, each well-formed registration
 * number and each phone number a unique one (the same for the rows that repeat it, so row 11 still
 * repeats row 2). Phone numbers are valid NANP numbers outside the 555 exchange the seed uses.
 */
async function sampleCopy(testInfo: TestInfo, stamp: string): Promise<{ file: string; names: string[] }> {
  const [header, ...rows] = (await readFile(SAMPLE, 'utf8')).trim().split(/\r?\n/);
  const numbers = new Map<string, string>();
  const phones = new Map<string, string>();
  const exchange = 200 + Math.floor(Math.random() * 700);
  const fresh = (old: string, kept: Map<string, string>, make: () => string) => {
    if (!kept.has(old)) kept.set(old, make());
    return kept.get(old)!;
  };
  const names: string[] = [];
  const lines = rows.map((line) => {
    // The sample has no quoted cells: Business Name, Registration Number, Expiration Date, Type of Work, Phone, ...
    const cells = line.split(',');
    cells[0] = `${cells[0]} ${stamp}`;
    names.push(cells[0]);
    if (/^PA\d{6}$/.test(cells[1]!)) cells[1] = fresh(cells[1]!, numbers, uniqueLicenceNumber);
    cells[4] = fresh(cells[4]!.replace(/\D/g, ''), phones, () => {
      const line = `${testInfo.workerIndex % 10}${String(phones.size).padStart(3, '0')}`;
      return `570-${exchange === 555 ? 556 : exchange}-${line}`;
    });
    return cells.join(',');
  });
  const file = testInfo.outputPath(`registry-${stamp}.csv`);
  await writeFile(file, [header, ...lines].join('\r\n') + '\r\n');
  return { file, names };
}

test('the administrator previews, imports and approves a county contractor list', async ({
  page,
  isMobile,
}, testInfo) => {
  // Three previews, an import, an approval and the public page, with an axe pass: more than the default 30 s on a phone under load.
  test.slow();
  const stamp = stampOf(testInfo);
  const { file, names } = await sampleCopy(testInfo, stamp);
  const fileName = path.basename(file);

  await signInAdmin(page.request);
  await open(page, '/admin/contractors');
  if (isMobile) {
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Import' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import' }).click();
  }
  await expect(page).toHaveURL(/\/admin\/imports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import contractors' })).toBeVisible();

  // Without a file the form says so on its field.
  const form = page.getByRole('form', { name: 'Contractor list' });
  await form.getByLabel('County to import into').selectOption({ label: 'Sullivan County' });
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByText('Choose a CSV or .xlsx file to import')).toBeVisible();

  await form.getByLabel('Contractor list (CSV or .xlsx)').setInputFiles(file);
  await form.getByRole('button', { name: 'Preview' }).click();
  const status = page.getByTestId('import-status');
  const result = page.getByTestId('import-result');
  const counts = result.getByTestId('import-counts');
  await expect(result.getByRole('heading', { name: `Preview of ${fileName}` })).toBeVisible();
  await expect(counts).toHaveText('9 new, 0 updates, 1 duplicate, 3 errors');
  await expect(status).toContainText('Preview ready: 9 new, 0 updates, 1 duplicate, 3 errors');

  const rows = result.getByTestId('import-row');
  await expect(rows).toHaveCount(13);
  await expect(rows.filter({ hasText: names[10]! })).toContainText('"Scranton" is not a town of Sullivan County');
  await expect(rows.filter({ hasText: names[9]! })).toContainText('Duplicate of row 2');
  await expect(rows.filter({ hasText: names[3]! })).toContainText('New');
  await result.getByLabel('Show only errors').check();
  await expect(rows).toHaveCount(3);
  await result.getByLabel('Show only errors').uncheck();
  await expect(rows).toHaveCount(13);
  await expectNoAxeViolations(page);
  if (isMobile) await expectNoSidewaysScroll(page);

  // A column taken away: every row misses its type of work, and nothing could be imported.
  const services = result.getByLabel('Type of work or services');
  await services.selectOption({ label: 'Not in the file' });
  await expect(result.getByRole('button', { name: /^Import / })).toBeDisabled();
  await result.getByRole('button', { name: 'Preview again' }).click();
  await expect(counts).toHaveText('0 new, 0 updates, 0 duplicates, 13 errors');
  await expect(rows.filter({ hasText: names[3]! })).toContainText('The type of work is missing');
  // The business name cannot be left out.
  await result.getByLabel('Business name (needed)').selectOption({ label: 'Not in the file' });
  await expect(result.getByText('Choose the column that holds the business name')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Preview again' })).toBeDisabled();
  await result.getByLabel('Business name (needed)').selectOption({ label: 'Business Name' });
  await services.selectOption({ label: 'Type of Work' });
  await result.getByRole('button', { name: 'Preview again' }).click();
  await expect(counts).toHaveText('9 new, 0 updates, 1 duplicate, 3 errors');

  // The failed rows as CSV, to correct and import again.
  const download = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download errors (CSV)' }).click();
  const errors = await download;
  expect(errors.suggestedFilename()).toBe(`registry-${stamp}-errors.csv`);
  const csv = await readFile((await errors.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Row,Business name,Error');
  expect(csv).toContain('Scranton');
  expect(csv).toContain('"""Pest Control"" is not a service of Sullivan County"');
  expect(csv.trim().split('\r\n')).toHaveLength(4);

  await result.getByRole('button', { name: 'Import 9 listings' }).click();
  await expect(result.getByRole('heading', { name: `Imported ${fileName}` })).toBeVisible();
  await expect(status).toContainText(
    'Imported 9 listings into Sullivan County: 9 new, 0 updates, 1 duplicate, 3 errors',
  );
  await expect(rows.filter({ hasText: names[3]! })).toContainText(/New listing #\d+/);
  const past = page.getByTestId('past-import').filter({ hasText: fileName });
  await expect(past).toContainText('9 new, 0 updates, 1 duplicate, 3 errors');
  await expect(past.getByRole('button', { name: `Approve all 9 listings of ${fileName}` })).toBeVisible();

  await result.getByRole('button', { name: 'Approve all 9 listings of this import' }).click();
  await expect(status).toHaveText(`9 listings of ${fileName} approved: listed in the directory now.`);
  await expect(result.getByRole('button', { name: /^Approve all/ })).toHaveCount(0);
  await expect(past).toContainText('Nothing waiting');

  // Listed on the public site (Mildred is a village of Cherry Township), among the contractors whose
  // registration nobody has verified yet: the search keeps those behind a button.
  await open(page, '/search?service=concrete-masonry&location=cherry-township');
  await page.getByRole('button', { name: 'Show unverified contractors' }).click();
  await expect(page.getByTestId('contractor-card').filter({ hasText: names[3]! })).toBeVisible();
});
