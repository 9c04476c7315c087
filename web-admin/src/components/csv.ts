import { downloadCSV } from 'react-admin';

const cell = (value: unknown): string => {
  if (value == null) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Writes rows as CSV (header from `columns`) and lets the browser download it. */
export function exportCsv<T>(rows: T[], columns: { header: string; value: (row: T) => unknown }[], filename: string) {
  const lines = [columns.map(c => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map(c => cell(c.value(row))).join(','));
  downloadCSV(lines.join('\r\n'), filename);
}

/** Cents → "12.34" (no currency sign, so spreadsheets read it as a number). */
export const centsToDecimal = (cents: number | null | undefined) =>
  typeof cents === 'number' ? (cents / 100).toFixed(2) : '';
