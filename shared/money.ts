/**
 * Money is kept as integer cents, sent by the API as a decimal string such as '25.00', and shown
 * one way everywhere (portal, admin, public price table, emails): '$1,234.00', with US thousands
 * separators and always two decimals; a plan price may drop '.00' ('$45/month'), as the spec
 * shows plan prices (docs/decisions/0005-money-display.md).
 */

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

/** '1234567' -> '1,234,567' (by hand rather than Intl, so server and every browser agree). */
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export interface MoneyFormat {
  /** '$45' instead of '$45.00' when there are no cents: plan prices, as the spec writes them. */
  dropZeroCents?: boolean;
}

/** The one display format: '$1,234.00' from integer cents ('-$5.00' below zero). */
export function formatMoney(cents: number, { dropZeroCents = false }: MoneyFormat = {}): string {
  const [whole, frac] = centsToDecimal(Math.abs(cents)).split('.') as [string, string];
  const sign = cents < 0 && Math.trunc(cents) !== 0 ? '-' : '';
  return `${sign}$${group(whole)}${dropZeroCents && frac === '00' ? '' : `.${frac}`}`;
}

/** The same from the API's decimal string ('25.00' -> '$25.00'); text that is not a price is shown as it came, and none as '—'. */
export function formatPrice(decimal: string | null): string {
  if (decimal === null) return '—';
  const cents = decimalToCents(decimal);
  return cents === null ? decimal : formatMoney(cents);
}
