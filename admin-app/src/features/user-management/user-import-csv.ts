import Papa from 'papaparse';
import {
  USER_IMPORT_COLUMNS,
  type UserImportOutcome,
  type UserImportProblem,
} from '@portal/shared-data';
import { toCsv } from '@portal/shared-data/csv';

/** The screen's `t` (its namespace; `ns` reaches `validation` and `errors`). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

// The CSV side of importing users: reading the file the admin chose (papaparse), and writing the
// template and the report (shared-data's `toCsv`, which keeps a cell that looks like a formula as
// text). Which rows are valid is shared-data's rules/user-import.ts.

/** A parsed file: its header's columns as written, and one record per line after it. */
export type ParsedUserCsv = {
  columns: string[];
  records: Array<Record<string, string | undefined>>;
};

type CsvRecord = Record<string, string | undefined>;

const READ = { header: true, skipEmptyLines: false } as const;

function toParsed(result: Papa.ParseResult<CsvRecord>): ParsedUserCsv | null {
  const columns = (result.meta.fields ?? []).filter((column) => column.trim() !== '');
  return columns.length === 0 ? null : { columns, records: result.data };
}

/**
 * Reads a CSV file (or its text) with a header row. Blank lines are kept as empty records (the rules
 * skip them), so each record's position still gives its line in the file. Null when there is no
 * header at all; rejects when the file cannot be read.
 */
export function parseUserCsv(input: File | string): Promise<ParsedUserCsv | null> {
  if (typeof input === 'string')
    return Promise.resolve(toParsed(Papa.parse<CsvRecord>(input, READ)));
  return new Promise((resolve, reject) => {
    Papa.parse<CsvRecord, File>(input, {
      ...READ,
      complete: (result) => resolve(toParsed(result)),
      error: (error) => reject(error),
    });
  });
}

/** A header and one example row, in the columns the import reads. */
export function userImportTemplateCsv(): string {
  return toCsv(USER_IMPORT_COLUMNS, [
    ['Lucía', 'Ortega', 'lucia.ortega@example.com', 'student', '+34 600 000 000', 'Madrid', 'es'],
  ]);
}

/** One row's problems in the user's language, joined. */
export function describeProblems(problems: readonly UserImportProblem[], t: Translate): string {
  return problems
    .map((problem) => t(problem.key, { ns: 'validation', max: problem.max, line: problem.line }))
    .join('; ');
}

/**
 * The report as CSV text, headers in the UI language: each row of the file, created or not and why,
 * and for each created account its temporary password (this file is the only place it appears).
 */
export function userImportReportCsv(
  outcomes: readonly UserImportOutcome[],
  t: Translate,
  reasonOf: (outcome: UserImportOutcome) => string,
): string {
  const column = (name: string) => t(`import.columns.${name}`);
  // The cells come from an uploaded file: a name like "=HYPERLINK(…)" must stay text in a spreadsheet.
  return toCsv(
    [
      column('line'),
      column('firstName'),
      column('lastName'),
      column('email'),
      column('role'),
      column('result'),
      column('reason'),
      column('temporaryPassword'),
    ],
    outcomes.map((outcome) => [
      outcome.line,
      outcome.values.first_name,
      outcome.values.last_name,
      outcome.values.email,
      outcome.values.role,
      outcome.status === 'created' ? t('import.created') : t('import.notCreated'),
      outcome.status === 'created' ? '' : reasonOf(outcome),
      outcome.status === 'created' ? outcome.temporaryPassword : '',
    ]),
  );
}

/** The report's file name in the UI language, dated in local time (user-import-2026-03-10.csv). */
export function userImportReportFileName(t: Translate, now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return t('import.reportFile', { date });
}
