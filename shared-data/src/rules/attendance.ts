// Taking attendance (the roster of one class) and attendance rates. The database keeps the marks
// (`save_class_attendance`, 20261122000500_classes.sql; `class_attendance_figures`); these
// are the same facts for the screen: what a save sends and what the rate reads while marks are edited.

/** Students shown per page of a class's roster. */
export const ROSTER_PAGE_SIZE = 50;

/** Attended out of total as a percentage with one decimal; null when there is nobody to count. */
export function attendanceRate(attended: number, total: number): number | null {
  if (!(total > 0)) return null;
  return Math.round((Math.max(attended, 0) / total) * 1000) / 10;
}

/** One student's mark as saved, and what the teacher set it to (undefined: not touched). */
export type RosterMark = { saved: boolean; marked?: boolean };

/** What a roster save sends: the students whose mark changed, by their new mark. */
export type AttendanceChanges = { present: string[]; absent: string[] };

/** The students whose mark differs from what is saved, split into present and absent. */
export function attendanceChanges(marks: Readonly<Record<string, RosterMark>>): AttendanceChanges {
  const present: string[] = [];
  const absent: string[] = [];
  for (const [userId, mark] of Object.entries(marks)) {
    if (mark.marked === undefined || mark.marked === mark.saved) continue;
    (mark.marked ? present : absent).push(userId);
  }
  return { present, absent };
}

/** The class's attended count once the edited marks are saved. */
export function attendedAfterChanges(
  savedAttended: number,
  marks: Readonly<Record<string, RosterMark>>,
): number {
  const { present, absent } = attendanceChanges(marks);
  return savedAttended + present.length - absent.length;
}
