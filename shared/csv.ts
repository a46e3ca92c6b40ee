/**
 * CSV for the bookkeeper (docs/decisions/0113-self-service-billing.md): RFC 4180 quoting, CRLF
 * lines, and a cell a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) prefixed with an apostrophe, so a homeowner's or contractor's text cannot
 * become a formula in the bookkeeper's spreadsheet (CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Row = readonly (string | number | null | undefined)[];

/** Rows as CSV lines, each ending in CRLF. */
export function csvLines(rows: readonly Row[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

export function toCsv(header: readonly string[], rows: readonly Row[]): string {
  return csvLines([header, ...rows]);
}
