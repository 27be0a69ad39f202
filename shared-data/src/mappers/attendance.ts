import type { Tables } from '../database.types';

/** A row of `public.class_attendance` (one per class and student). */
export type AttendanceRow = Pick<
  Tables<'class_attendance'>,
  'id' | 'class_id' | 'user_id' | 'attended' | 'attended_at' | 'marked_by'
>;

export type Attendance = {
  id: string;
  classId: string;
  userId: string;
  attended: boolean;
  attendedAt: string | null;
  markedBy: string | null;
};

export type AttendanceMark = { classId: string; userId: string; attended: boolean };

/** `marked_by` is left to the database (the caller), so a client cannot claim someone else marked it. */
export type AttendanceWriteRow = Pick<
  AttendanceRow,
  'class_id' | 'user_id' | 'attended' | 'attended_at'
>;

export const ATTENDANCE_COLUMNS = 'id, class_id, user_id, attended, attended_at, marked_by';

export function toAttendance(row: AttendanceRow): Attendance {
  return {
    id: row.id,
    classId: row.class_id,
    userId: row.user_id,
    attended: row.attended,
    attendedAt: row.attended_at,
    markedBy: row.marked_by,
  };
}

/** Marking present stamps the time; marking absent clears it. */
export function toAttendanceWriteRow(mark: AttendanceMark, now: Date): AttendanceWriteRow {
  return {
    class_id: mark.classId,
    user_id: mark.userId,
    attended: mark.attended,
    attended_at: mark.attended ? now.toISOString() : null,
  };
}
