import type { Role } from '../mappers/user';
import type { NewUserInput } from '../mappers/user-changes';
import type { ServiceError } from '../result';
import type { UiSiteLanguage } from './settings';
import { isValidEmail } from './validation';
import { USER_TEXT_LIMITS, userTextLength, type UserFormMessageKey } from './user-form';

// Importing users from a CSV file (docs/product-rules.md "User Management"): the columns, the checks
// each row gets before anything is sent (the user form's rules), the limits, and the report that
// pairs each row with what the admin-users function answered. The file is parsed by the screen
// (papaparse); this module takes its header and records.

/** A file with more rows than this is refused as a whole. */
export const USER_IMPORT_MAX_ROWS = 500;

/** Rows per call to the admin-users function (its `import` action takes at most 100). */
export const USER_IMPORT_BATCH_SIZE = 50;

export const USER_IMPORT_REQUIRED_COLUMNS = ['first_name', 'last_name', 'email', 'role'] as const;
export const USER_IMPORT_OPTIONAL_COLUMNS = ['phone', 'location', 'language'] as const;
export const USER_IMPORT_COLUMNS = [
  ...USER_IMPORT_REQUIRED_COLUMNS,
  ...USER_IMPORT_OPTIONAL_COLUMNS,
] as const;

export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** i18n keys in the `validation` namespace: the user form's, plus the file's own. */
export type UserImportMessageKey =
  | UserFormMessageKey
  | 'userImportDuplicateEmail'
  | 'userImportEmpty'
  | 'userImportTooManyRows'
  | 'userImportMissingColumns'
  | 'userImportLanguageInvalid';

/** One thing wrong with a row: the column, the message key and its variables. */
export type UserImportProblem = {
  column: UserImportColumn;
  key: UserImportMessageKey;
  /** `userTextTooLong`: the column's limit. */
  max?: number;
  /** `userImportDuplicateEmail`: the line where the address first appears. */
  line?: number;
};

/** A row of the file as read, with its line number (the header is line 1). */
export type UserImportRow = {
  line: number;
  values: Record<UserImportColumn, string>;
  /** What would be sent; null when the row has problems. */
  input: NewUserInput | null;
  problems: UserImportProblem[];
};

/** Why a file cannot be imported at all. */
export type UserImportFileProblem =
  | { key: 'userImportEmpty' }
  | { key: 'userImportTooManyRows'; count: number; max: number }
  | { key: 'userImportMissingColumns'; columns: string[] };

export type UserImportPreview = {
  /** Every data row (none when the file itself is refused). */
  rows: UserImportRow[];
  fileProblem: UserImportFileProblem | null;
  /** Rows that will be sent. */
  valid: number;
  /** Rows with at least one problem, reported as failed without being sent. */
  invalid: number;
};

/** A column name as people write it: 'First Name', 'first-name' and ' FIRST_NAME ' are first_name. */
export function normalizeColumn(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

// Roles as written in either language of the portal.
const ROLE_NAMES: Record<string, Role> = {
  student: 'student',
  teacher: 'teacher',
  admin: 'admin',
  administrator: 'admin',
  estudiante: 'student',
  alumno: 'student',
  alumna: 'student',
  profesor: 'teacher',
  profesora: 'teacher',
  docente: 'teacher',
  administrador: 'admin',
  administradora: 'admin',
};

// Languages as written in either language of the portal (accents optional); a blank cell is the
// school's default.
const LANGUAGE_NAMES: Record<string, UiSiteLanguage> = {
  en: 'en',
  english: 'en',
  inglés: 'en',
  ingles: 'en',
  es: 'es',
  spanish: 'es',
  español: 'es',
  espanol: 'es',
};

/** The language a cell names (either language, any case), or null. */
export function parseImportLanguage(value: string): UiSiteLanguage | null {
  return LANGUAGE_NAMES[value.trim().toLowerCase()] ?? null;
}

/** The role a cell names (either language, any case), or null. */
export function parseImportRole(value: string): Role | null {
  return ROLE_NAMES[value.trim().toLowerCase()] ?? null;
}

function rowValues(record: Readonly<Record<string, string | null | undefined>>) {
  const byColumn = new Map<string, string>();
  for (const [name, value] of Object.entries(record)) {
    byColumn.set(normalizeColumn(name), typeof value === 'string' ? value : '');
  }
  const values = {} as Record<UserImportColumn, string>;
  for (const column of USER_IMPORT_COLUMNS) values[column] = (byColumn.get(column) ?? '').trim();
  return values;
}

function problemsOf(values: Record<UserImportColumn, string>): UserImportProblem[] {
  const problems: UserImportProblem[] = [];
  const tooLong = (column: UserImportColumn, field: keyof typeof USER_TEXT_LIMITS) => {
    if (userTextLength(values[column]) > USER_TEXT_LIMITS[field])
      problems.push({ column, key: 'userTextTooLong', max: USER_TEXT_LIMITS[field] });
  };
  if (values.first_name === '')
    problems.push({ column: 'first_name', key: 'userFirstNameRequired' });
  else tooLong('first_name', 'firstName');
  if (values.last_name === '') problems.push({ column: 'last_name', key: 'userLastNameRequired' });
  else tooLong('last_name', 'lastName');
  if (values.email === '') problems.push({ column: 'email', key: 'userEmailRequired' });
  else if (!isValidEmail(values.email)) problems.push({ column: 'email', key: 'userEmailInvalid' });
  else tooLong('email', 'email');
  if (values.role === '') problems.push({ column: 'role', key: 'userRoleRequired' });
  else if (!parseImportRole(values.role)) problems.push({ column: 'role', key: 'userRoleInvalid' });
  tooLong('phone', 'phone');
  tooLong('location', 'location');
  if (values.language !== '' && !parseImportLanguage(values.language))
    problems.push({ column: 'language', key: 'userImportLanguageInvalid' });
  return problems;
}

const isBlankRecord = (record: Readonly<Record<string, string | null | undefined>>) =>
  Object.values(record).every((value) => typeof value !== 'string' || value.trim() === '');

/**
 * The preview of a parsed file: the header's columns (as the parser read them) and its records.
 * Refuses a file without the required columns, without rows, or with more than
 * USER_IMPORT_MAX_ROWS rows; otherwise checks every row, including the same email twice in the file
 * (case-insensitive; the later rows are the ones refused).
 */
export function previewUserImport(
  columns: readonly string[],
  records: ReadonlyArray<Readonly<Record<string, string | null | undefined>>>,
): UserImportPreview {
  const refused = (fileProblem: UserImportFileProblem): UserImportPreview => ({
    rows: [],
    fileProblem,
    valid: 0,
    invalid: 0,
  });
  const present = new Set(columns.map(normalizeColumn));
  const missing = USER_IMPORT_REQUIRED_COLUMNS.filter((column) => !present.has(column));
  if (missing.length > 0) return refused({ key: 'userImportMissingColumns', columns: missing });

  // Line numbers count the header and the blank lines skipped, as a spreadsheet shows them.
  const numbered = records
    .map((record, index) => ({ record, line: index + 2 }))
    .filter(({ record }) => !isBlankRecord(record));
  if (numbered.length === 0) return refused({ key: 'userImportEmpty' });
  if (numbered.length > USER_IMPORT_MAX_ROWS) {
    return refused({
      key: 'userImportTooManyRows',
      count: numbered.length,
      max: USER_IMPORT_MAX_ROWS,
    });
  }

  const firstLineOfEmail = new Map<string, number>();
  const rows = numbered.map(({ record, line }): UserImportRow => {
    const values = rowValues(record);
    const problems = problemsOf(values);
    const email = values.email.toLowerCase();
    if (email !== '') {
      const first = firstLineOfEmail.get(email);
      if (first === undefined) firstLineOfEmail.set(email, line);
      else problems.push({ column: 'email', key: 'userImportDuplicateEmail', line: first });
    }
    const role = parseImportRole(values.role);
    const language = parseImportLanguage(values.language);
    const input: NewUserInput | null =
      problems.length === 0 && role
        ? {
            email: values.email,
            firstName: values.first_name,
            lastName: values.last_name,
            role,
            phone: values.phone || null,
            location: values.location || null,
            ...(language ? { language } : {}),
          }
        : null;
    return { line, values, input, problems };
  });
  const valid = rows.filter((row) => row.input !== null).length;
  return { rows, fileProblem: null, valid, invalid: rows.length - valid };
}

/** What the admin-users function answered for one row sent (in the order sent). */
export type UserImportResult =
  | { status: 'created'; userId: string; temporaryPassword: string }
  | { status: 'failed'; error: ServiceError };

/** A row of the import's report. */
export type UserImportOutcome = {
  line: number;
  values: Record<UserImportColumn, string>;
} & (
  | { status: 'created'; userId: string; temporaryPassword: string }
  | { status: 'invalid'; problems: UserImportProblem[] }
  | { status: 'failed'; error: ServiceError }
);

/**
 * The report: every row of the preview in file order, created (with its one-time password) or not
 * and why: its own problems (never sent) or the server's refusal. `results` are the answers for the
 * rows sent, in the order `rowsToSend` gave them.
 */
export function userImportReport(
  preview: UserImportPreview,
  results: readonly UserImportResult[],
): UserImportOutcome[] {
  let next = 0;
  return preview.rows.map((row): UserImportOutcome => {
    const base = { line: row.line, values: row.values };
    if (row.input === null) return { ...base, status: 'invalid', problems: row.problems };
    const result = results[next++];
    if (!result) {
      return {
        ...base,
        status: 'failed',
        error: { code: 'CREATE_USERS_ERROR', message: 'No answer for this row' },
      };
    }
    return { ...base, ...result };
  });
}

/** The inputs to send, in file order (the rows without problems). */
export function rowsToSend(preview: UserImportPreview): NewUserInput[] {
  return preview.rows.flatMap((row) => (row.input ? [row.input] : []));
}

/** Splits what is sent into calls of at most `size` rows. */
export function importBatches<T>(items: readonly T[], size = USER_IMPORT_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    batches.push(items.slice(start, start + size));
  return batches;
}

/** How many rows of a report were created and how many were not. */
export function importSummary(outcomes: readonly UserImportOutcome[]) {
  const created = outcomes.filter((outcome) => outcome.status === 'created').length;
  return { created, failed: outcomes.length - created };
}
