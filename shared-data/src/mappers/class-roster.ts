import type { Tables } from '../database.types';
import { avatarOf } from './avatar';
import { toNumber, toNumberOrNull } from './fields';
import { fullNameOf } from './person-name';

/** A row of the `class_roster` view: one actively enrolled student of a class's course. */
export type ClassRosterRow = Tables<'class_roster'>;

/** A student on a class's roster with their attendance mark. */
export type RosterStudent = {
  classId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  /** Null when the person has no name (screens show their word for an unknown person). */
  name: string | null;
  email: string;
  avatarUrl: string | null;
  /** False when absent or not marked yet. */
  attended: boolean;
  attendedAt: string | null;
  markedBy: string | null;
  /** Whether a mark has been saved at all. */
  isMarked: boolean;
};

export const CLASS_ROSTER_COLUMNS =
  'class_id, student_id, first_name, last_name, email, avatar_url, attended, attended_at, marked_by, is_marked';

export function toRosterStudent(row: ClassRosterRow): RosterStudent {
  return {
    classId: row.class_id ?? '',
    studentId: row.student_id ?? '',
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    name: fullNameOf({ first_name: row.first_name, last_name: row.last_name }),
    email: row.email ?? '',
    avatarUrl: avatarOf(row.avatar_url),
    attended: row.attended === true,
    attendedAt: row.attended_at,
    markedBy: row.marked_by,
    isMarked: row.is_marked === true,
  };
}

/** A `class_attendance_figures` row (each class of Class Management's page carries its own). */
export type AttendanceSummaryRow = {
  class_id: string | null;
  roster_count: number | string | null;
  attended_count: number | string | null;
  attendance_rate: number | string | null;
};

/** A class's attendance: its roster (active students), how many attended, and the rate. */
export type ClassAttendanceSummary = {
  classId: string;
  rosterCount: number;
  attendedCount: number;
  /** Percent with one decimal; null without a roster. */
  attendanceRate: number | null;
};

export function toAttendanceSummary(row: AttendanceSummaryRow): ClassAttendanceSummary {
  return {
    classId: row.class_id ?? '',
    rosterCount: toNumber(row.roster_count),
    attendedCount: toNumber(row.attended_count),
    attendanceRate: toNumberOrNull(row.attendance_rate),
  };
}
