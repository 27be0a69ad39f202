import Papa from 'papaparse';

// The one CSV writer of the portal (docs/security.md "CSV exports"): every export a person opens in a
// spreadsheet goes through `toCsv`, so none can carry a formula. Its own entry,
// `@portal/shared-data/csv`, is bundled by the apps that export, not shared.

/** The media type of the files `toCsv` writes. */
export const CSV_CONTENT_TYPE = 'text/csv;charset=utf-8';

/** One cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/**
 * A cell a spreadsheet would read as a formula: one starting with =, +, -, @, a tab or a carriage
 * return. papaparse's own pattern (`/^[=+\-@\t\r].*$/`) misses a cell whose formula spans lines,
 * since `.` stops at a line break; this one looks at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text of a CSV file: a header row and one row per record, lines ended by CRLF, with a
 * byte-order mark so spreadsheets read UTF-8 (papaparse's reader drops it). A text cell that a
 * spreadsheet would run is written with a leading apostrophe, which makes it text (OWASP's
 * "CSV injection" advice); numbers are written as they are.
 */
export function toCsv(fields: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const csv = Papa.unparse(
    {
      fields: [...fields],
      data: rows.map((row) => row.map((cell) => cell ?? '')),
    },
    { escapeFormulae: FORMULA_START },
  );
  return `${Papa.BYTE_ORDER_MARK}${csv}`;
}

/**
 * A moment as every export writes it: ISO 8601 in UTC to the second (`2026-03-10T09:05:00Z`), which
 * spreadsheets read as a date whatever their locale; empty when there is none or it is not a date.
 */
export function csvTimestamp(value: string | null | undefined): string {
  if (!value) return '';
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? '' : time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The local date of an export's file name (`users-2026-03-10.csv`). */
export function csvFileDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
