import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { unprocessable } from '../../domain/errors';

/**
 * The rows of an uploaded list, read as a stream by the libraries that do it well
 * (docs/decisions/0130-contractor-import.md): csv-parse for CSV (a comma, semicolon or tab between
 * fields, a byte-order mark allowed) and exceljs's streaming reader for an .xlsx workbook (its
 * first sheet). Cells come out as text: a date as 2027-03-31, a number as written.
 */
export interface TableRow {
  /** The row's number in the file, the header being 1 (a CSV row that spans lines: its first line). */
  row: number;
  cells: string[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An .xlsx workbook is a zip file; anything else is read as CSV text. */
export function isWorkbook(head: Buffer): boolean {
  return head.subarray(0, 4).equals(ZIP_MAGIC);
}

export const NOT_A_TABLE = 'The file could not be read as CSV or as an .xlsx workbook';

/** Every row, the header first; empty rows are left out. */
export async function* readTable(source: Buffer | (() => Readable), head: Buffer): AsyncGenerator<TableRow> {
  const open = () => (Buffer.isBuffer(source) ? Readable.from([source]) : source());
  try {
    if (isWorkbook(head)) yield* workbookRows(open());
    else yield* csvRows(open(), delimiterOf(head));
  } catch (e) {
    if (e instanceof Error && !('kind' in e)) throw unprocessable(`${NOT_A_TABLE}: ${e.message}`);
    throw e;
  }
}

/**
 * The CSV's delimiter, from its header line: the commonest of comma, semicolon and tab (a
 * registry's 'Roofing; Gutters' cell is one field of a comma-separated file).
 */
export function delimiterOf(head: Buffer): string {
  const line = head.toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => ({ d, n: line.split(d).length - 1 }));
  return counts.reduce((best, c) => (c.n > best.n ? c : best)).d;
}

async function* csvRows(input: Readable, delimiter: string): AsyncGenerator<TableRow> {
  const parser = input.pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (record.every((c) => c === '')) continue;
    yield { row: info.lines, cells: record };
  }
}

async function* workbookRows(input: Readable): AsyncGenerator<TableRow> {
  // Loaded with the first workbook: most processes never read one (docs/decisions/0130-contractor-import.md).
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1).map(cellText);
      if (values.every((c) => c === '')) continue;
      yield { row: row.number, cells: values };
    }
    // The first sheet is the list; the rest of the workbook is not read.
    return;
  }
}

/** One cell as text, whatever exceljs made of it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { text?: unknown; richText?: { text: string }[]; result?: unknown; hyperlink?: string };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    if (v.hyperlink) return v.hyperlink;
    return '';
  }
  return String(value).trim();
}
