import type { MyStudent } from '@portal/shared-data';
import { toCsv } from '@portal/shared-data/csv';

/** The screen's `t` (its namespace). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

// The CSV export of My Students: headers in the UI language, values as data (numbers with a dot,
// times as ISO 8601), so a spreadsheet reads them whatever its locale. Names and course titles are
// typed by people: shared-data's `toCsv` keeps any that looks like a formula as text.

const COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'courses',
  'progress',
  'attendance',
  'attendedClasses',
  'heldClasses',
  'studyHours',
  'submissions',
  'graded',
  'lastActivity',
  'atRisk',
  'status',
] as const;

type Column = (typeof COLUMNS)[number];

function valueOf(student: MyStudent, column: Column, t: Translate): string | number {
  switch (column) {
    case 'firstName':
      return student.firstName;
    case 'lastName':
      return student.lastName;
    case 'email':
      return student.email;
    case 'courses':
      return student.courses.map((course) => course.courseTitle).join('; ');
    case 'progress':
      return student.averageProgress ?? '';
    case 'attendance':
      return student.attendanceRate ?? '';
    case 'attendedClasses':
      return student.attendedHeldClasses;
    case 'heldClasses':
      return student.heldClasses;
    case 'studyHours':
      return student.studyHours;
    case 'submissions':
      return student.submissionCount;
    case 'graded':
      return student.gradedCount;
    case 'lastActivity':
      return student.lastActivityAt ?? '';
    case 'atRisk':
      return student.atRisk ? t('export.yes') : t('export.no');
    case 'status':
      return student.isActive ? t('export.active') : t('export.inactive');
  }
}

/** The students as a CSV file's text, one row each, headers in the UI language. */
export function myStudentsCsv(students: readonly MyStudent[], t: Translate): string {
  return toCsv(
    COLUMNS.map((column) => t(`export.columns.${column}`)),
    students.map((student) => COLUMNS.map((column) => valueOf(student, column, t))),
  );
}

/** The export's file name in the UI language, dated in local time (my-students-2026-03-10.csv). */
export function myStudentsFileName(t: Translate, now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return t('export.fileName', { date });
}
