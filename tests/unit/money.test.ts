import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents, formatMoney } from '@shared/money';

describe('money', () => {
  it('shows cents as a two-decimal string', () => {
    expect(centsToDecimal(2500)).toBe('25.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(formatMoney(4500)).toBe('$45.00');
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
