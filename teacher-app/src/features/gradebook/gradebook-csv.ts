import type { Gradebook, GradebookCell } from '@portal/shared-data';
import { toCsv } from '@portal/shared-data/csv';

// The gradebook's CSV export (docs/assessment.md "Screens"): one row per student, through the portal's
// one CSV writer (`toCsv`, which keeps any cell from running as a formula).

/** The export's words, in the user's language. */
export type GradebookCsvLabels = {
  name: string;
  email: string;
  total: string;
  /** A cell past its due date with nothing handed in. */
  missing: string;
  /** Handed in, waiting for a grade. */
  submitted: string;
};

/** A cell as the file writes it: the grade (a number), the word for Missing or Submitted, or nothing. */
export function gradebookCsvCell(cell: GradebookCell, labels: GradebookCsvLabels): string | number {
  switch (cell.state) {
    case 'graded':
      return cell.grade ?? '';
    case 'missing':
      return labels.missing;
    case 'submitted':
      return labels.submitted;
    default:
      return '';
  }
}

/**
 * The file: name, email, one column per activity ("Title (/max)") and the total in percent, empty
 * while nothing counts.
 */
export function gradebookCsv(gradebook: Gradebook, labels: GradebookCsvLabels): string {
  const fields = [
    labels.name,
    labels.email,
    ...gradebook.activities.map((activity) => `${activity.title} (/${activity.maxPoints})`),
    labels.total,
  ];
  const rows = gradebook.students.map((student) => [
    student.name,
    student.email,
    ...student.cells.map((cell) => gradebookCsvCell(cell, labels)),
    student.total,
  ]);
  return toCsv(fields, rows);
}

/** The file's name: `gradebook-<course title>-<date>.csv`, the title cut to safe characters. */
export function gradebookCsvFileName(courseTitle: string, date: string): string {
  const slug = courseTitle
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `gradebook-${slug || 'course'}-${date}.csv`;
}
