import type { EnrollmentExport } from '@portal/shared-data';
import { csvTimestamp, toCsv } from '@portal/shared-data/csv';

/** The exports' `t` (their namespace). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

// Course Management's CSV exports (a roster, all enrolments): headers and the status in the UI
// language, the progress as a number with a dot, moments as csvTimestamp writes them (UTC, to the
// second). Names and titles are typed by people: `toCsv` keeps any that looks like a formula as text.

const COLUMNS = [
  'course',
  'firstName',
  'lastName',
  'email',
  'enrolmentStatus',
  'progress',
  'enrolledAt',
] as const;

function cellOf(enrolment: EnrollmentExport, column: (typeof COLUMNS)[number], t: Translate) {
  switch (column) {
    case 'course':
      return enrolment.courseTitle;
    case 'firstName':
      return enrolment.student?.firstName;
    case 'lastName':
      return enrolment.student?.lastName;
    case 'email':
      return enrolment.student?.email;
    case 'enrolmentStatus':
      return t(`values.${enrolment.status}`);
    case 'progress':
      return enrolment.progress;
    case 'enrolledAt':
      return csvTimestamp(enrolment.enrolledAt);
  }
}

/** Enrolments (a course's roster, or all of them) as a CSV file's text, one row per enrolment. */
export function enrolmentsCsv(enrolments: readonly EnrollmentExport[], t: Translate): string {
  return toCsv(
    COLUMNS.map((column) => t(`columns.${column}`)),
    enrolments.map((enrolment) => COLUMNS.map((column) => cellOf(enrolment, column, t))),
  );
}

/** A course title as a file-name part: letters and digits kept, the rest as single dashes. */
export function fileNamePart(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'course'
  );
}
