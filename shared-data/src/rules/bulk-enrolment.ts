// Bulk enrolment (docs/product-rules.md "Bulk actions"): an administrator enrols a list of students in
// one course, from the picker's multi-select or a CSV of emails. The server decides every row
// (enroll_students_in_course); these rules only turn a file's rows into the list it is sent.

/** The longest list one call takes (the server refuses more with 22023). */
export const BULK_ENROLMENT_MAX_ROWS = 1000;

/** Why a row was not enrolled, as the server says it; 'ready' is a row that was fine. */
export const BULK_ENROLMENT_ROW_STATUSES = [
  'enrolled',
  'ready',
  'invalid_email',
  'duplicate',
  'unknown_email',
  'not_student',
  'inactive',
  'already_enrolled',
  'already_completed',
  'course_full',
] as const;

export type BulkEnrolmentRowStatus = (typeof BULK_ENROLMENT_ROW_STATUSES)[number];

/**
 * The emails of a CSV's rows (already split into cells): the column headed "email" (any case) when
 * the first row is a header, else the first column. Blank cells are skipped; a cell that is not an
 * address is kept, so the server's report names it.
 */
export function emailsFromCsvRows(rows: readonly (readonly string[])[]): string[] {
  const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const headed = header.includes('email');
  const column = headed ? header.indexOf('email') : 0;
  return rows
    .slice(headed ? 1 : 0)
    .map((row) => (row[column] ?? '').trim())
    .filter((email) => email !== '');
}
