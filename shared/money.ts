/** Money is kept as integer cents and shown as a decimal string such as '25.00' (docs/decisions.md §1.4). */

export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const DECIMAL = /^\d{1,7}(\.\d{1,2})?$/;

/** Cents for '25', '25.5' or '25.50'; null for anything else (negative, 3 decimals, words). */
export function decimalToCents(value: string | number): number | null {
  const s = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim();
  if (!DECIMAL.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** '$25.00' for display. */
export function formatMoney(cents: number): string {
  return `$${centsToDecimal(cents)}`;
}
