import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '@shared/csv';

describe('CSV for the bookkeeper', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1 570 555 0100')).toBe(`'+1 570 555 0100`);
    expect(csvCell('-2+3')).toBe(`'-2+3`);
    expect(csvCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvCell('\tcmd')).toBe(`'\tcmd`);
    expect(csvCell('Roof repair')).toBe('Roof repair');
    expect(csvCell('25.00')).toBe('25.00');
  });

  it('quotes commas, quotes and line breaks, and writes CRLF lines', () => {
    expect(csvCell('Laporte, PA')).toBe('"Laporte, PA"');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
