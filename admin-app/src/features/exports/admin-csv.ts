import type { AppUser, EnrollmentExport } from '@portal/shared-data';
import { csvTimestamp, toCsv } from '@portal/shared-data/csv';

/** The exports' `t` (their namespace; `ns` reaches `common` for role names). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

// The admin's CSV exports: headers and words in the UI language, numbers with a dot and moments as
// csvTimestamp writes them, so a spreadsheet reads them whatever its locale. Names, titles and
// places are typed by people: shared-data's `toCsv` keeps any that looks like a formula as text.

const USER_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'role',
  'account',
  'phone',
  'location',
  'joined',
  'lastSignIn',
] as const;

function userCell(user: AppUser, column: (typeof USER_COLUMNS)[number], t: Translate) {
  switch (column) {
    case 'firstName':
      return user.firstName;
    case 'lastName':
      return user.lastName;
    case 'email':
      return user.email;
    case 'role':
      return t(`roles.${user.role}`, { ns: 'common' });
    case 'account':
      return user.isActive ? t('values.active') : t('values.inactive');
    case 'phone':
      return user.phone;
    case 'location':
      return user.location;
    case 'joined':
      return csvTimestamp(user.createdAt);
    case 'lastSignIn':
      return csvTimestamp(user.lastLogin);
  }
}

/** User Management's list as a CSV file's text, one row per user. */
export function usersCsv(users: readonly AppUser[], t: Translate): string {
  return toCsv(
    USER_COLUMNS.map((column) => t(`columns.${column}`)),
    users.map((user) => USER_COLUMNS.map((column) => userCell(user, column, t))),
  );
}

const ENROLMENT_COLUMNS = [
  'course',
  'firstName',
  'lastName',
  'email',
  'enrolmentStatus',
  'progress',
  'enrolledAt',
] as const;

function enrolmentCell(
  enrolment: EnrollmentExport,
  column: (typeof ENROLMENT_COLUMNS)[number],
  t: Translate,
) {
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
      return t(`values.enrolment.${enrolment.status}`);
    case 'progress':
      return enrolment.progress;
    case 'enrolledAt':
      return csvTimestamp(enrolment.enrolledAt);
  }
}

/** Enrolments (a course's roster, or all of them) as a CSV file's text, one row per enrolment. */
export function enrolmentsCsv(enrolments: readonly EnrollmentExport[], t: Translate): string {
  return toCsv(
    ENROLMENT_COLUMNS.map((column) => t(`columns.${column}`)),
    enrolments.map((enrolment) => ENROLMENT_COLUMNS.map((column) => enrolmentCell(enrolment, column, t))),
  );
}

/** The local date of a file name (2026-03-10). */
export function fileDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
