import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('CSV cells', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvLine(['a', 'say "hi"', 12, null, undefined, { x: 1 }])).toBe('"a","say ""hi""","12","","","{""x"":1}"');
  });

  it('neutralises what a spreadsheet would run as a formula, and keeps negative numbers numbers', () => {
    for (const formula of ['=1+1', '+1', '@SUM(A1)', '\t=1', '\r=1', '-1+1', '-cmd'])
      expect(csvCell(formula)).toBe(`"'${formula}"`);
    expect(csvCell('-12.00')).toBe('"-12.00"');
    expect(csvCell('-7')).toBe('"-7"');
  });

  it('writes a timestamp as its ISO text, whether the database gave a Date or text', () => {
    expect(csvCell(new Date('2026-11-30T12:00:00.000Z'))).toBe('"2026-11-30T12:00:00.000Z"');
    expect(csvCell('2026-11-30T12:00:00.000Z')).toBe('"2026-11-30T12:00:00.000Z"');
  });
});
