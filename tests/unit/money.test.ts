import { describe, expect, it } from 'vitest';
import { formatCoverage } from '@shared/credentials';
import { centsToDecimal, decimalToCents, formatMoney, formatPrice } from '@shared/money';

describe('money', () => {
  it('keeps cents as a two-decimal string for the API', () => {
    expect(centsToDecimal(2500)).toBe('25.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
  });

  it('parses decimals into cents and refuses anything else', () => {
    expect(decimalToCents('25')).toBe(2500);
    expect(decimalToCents('25.5')).toBe(2550);
    expect(decimalToCents('25.05')).toBe(2505);
    expect(decimalToCents(19.99)).toBe(1999);
    for (const bad of ['-1', '1.234', 'abc', '', '1e3', '12345678']) expect(decimalToCents(bad)).toBeNull();
    expect(decimalToCents(Number.NaN)).toBeNull();
  });
});

/** The one display format (docs/decisions/0005-money-display.md): '$1,234.00', whatever the screen or email. */
describe('formatMoney', () => {
  it('shows dollars with thousands separators and two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(4500)).toBe('$45.00');
    expect(formatMoney(99_999)).toBe('$999.99');
    expect(formatMoney(123_400)).toBe('$1,234.00');
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
    expect(formatMoney(-250_050)).toBe('-$2,500.50');
  });

  it('drops .00 only when asked and only when there are no cents (plan prices)', () => {
    expect(formatMoney(4500, { dropZeroCents: true })).toBe('$45');
    expect(formatMoney(10_000_000, { dropZeroCents: true })).toBe('$100,000');
    expect(formatMoney(4550, { dropZeroCents: true })).toBe('$45.50');
  });

  it('reads the API decimal the same way, and shows anything else as it came', () => {
    expect(formatPrice('25.00')).toBe('$25.00');
    expect(formatPrice('1234.5')).toBe('$1,234.50');
    expect(formatPrice(null)).toBe('—');
    expect(formatPrice('n/a')).toBe('n/a');
  });

  it('is what insurance coverage uses too', () => {
    expect(formatCoverage(1_000_000)).toBe('$1,000,000');
    expect(formatCoverage(500_000)).toBe('$500,000');
  });
});
