// One CSV cell rule for every file the site hands out (the console's exports, a fan's own payments): every cell
// quoted, and a cell a spreadsheet would run as a formula — starting with =, +, @, a tab or a carriage return, or
// with - when it is not a plain number — prefixed with ' (CSV injection; OWASP). '-12.00' stays a number.

const FORMULA = /^[=+@\t\r]/;
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  // A read model's timestamp is a Date on one back end and text on the other: both give the ISO text.
  const s = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const safe = FORMULA.test(s) || (s.startsWith('-') && !NEGATIVE_NUMBER.test(s)) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: readonly unknown[]): string => cells.map(csvCell).join(',');

/** One column of a CSV file: its header and how a row gives its cell (api/csv.ts writes the file). */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

/** Cents → "12.34" (no currency sign, so spreadsheets read it as a number). */
export const centsToDecimal = (cents: unknown) => (cents === null || cents === undefined || cents === '' ? '' : (Number(cents) / 100).toFixed(2));
