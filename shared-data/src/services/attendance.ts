import { getClient } from '../client';
import {
  CLASS_ROSTER_COLUMNS,
  toAttendanceSummary,
  toRosterStudent,
  type AttendanceSummaryRow,
  type ClassAttendanceSummary,
  type ClassRosterRow,
  type RosterStudent,
} from '../mappers/class-roster';
import { toAttendance, type Attendance, type AttendanceRow } from '../mappers/attendance';
import {
  ATTENDANCE_SUMMARY_LIMIT,
  ROSTER_PAGE_SIZE,
  type AttendanceChanges,
} from '../rules/attendance';
import type { PageRequest, Paged } from '../rules/paging';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';
import { pageWindow, toPagedResult } from './list-query';

// Taking attendance of one class (20261123000400_students_attendance.sql): its roster (the course's
// active students with their marks), the attendance of a page of classes, and saving the marks that
// changed in one request.

// No fixed product text exists for these; the provider's message is used whenever it has one.
const GET_ATTENDANCE_FAILED = 'Failed to fetch attendance';
const MARK_ATTENDANCE_FAILED = 'Failed to mark attendance';
const TOO_MANY_CLASSES = `At most ${ATTENDANCE_SUMMARY_LIMIT} classes at a time`;

/** One page of a class's roster, by last name then first name. */
async function roster(
  classId: string,
  paging: PageRequest = {},
): Promise<Result<Paged<RosterStudent>>> {
  return settle('GET_ATTENDANCE_ERROR', GET_ATTENDANCE_FAILED, async () => {
    const window = pageWindow({ page: paging.page, limit: paging.limit ?? ROSTER_PAGE_SIZE });
    const response = await getClient()
      .from('class_roster')
      .select(CLASS_ROSTER_COLUMNS, { count: 'exact' })
      .eq('class_id', classId)
      .order('last_name', { ascending: true })
      .order('first_name', { ascending: true })
      .order('student_id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<ClassRosterRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toRosterStudent,
      'GET_ATTENDANCE_ERROR',
      GET_ATTENDANCE_FAILED,
    );
  });
}

/**
 * The attendance of up to 100 classes in one request, by class id. Classes the caller may not see
 * are left out; no ids, no request.
 */
async function summary(
  classIds: readonly string[],
): Promise<Result<Record<string, ClassAttendanceSummary>>> {
  return settle('GET_ATTENDANCE_ERROR', GET_ATTENDANCE_FAILED, async () => {
    const ids = [...new Set(classIds)];
    if (ids.length === 0) return ok({});
    if (ids.length > ATTENDANCE_SUMMARY_LIMIT)
      return fail('GET_ATTENDANCE_ERROR', TOO_MANY_CLASSES);
    const { data, error } = await getClient().rpc('class_attendance_summary', { class_ids: ids });
    if (error) return fromPostgrestError('GET_ATTENDANCE_ERROR', error, GET_ATTENDANCE_FAILED);
    const rows = (Array.isArray(data) ? data : []) as AttendanceSummaryRow[];
    return ok(
      Object.fromEntries(rows.map(toAttendanceSummary).map((item) => [item.classId, item])),
    );
  });
}

/**
 * Saves the marks that changed, in one request (`save_class_attendance`): the class's teacher or an
 * admin only, students actively enrolled in the course only. A student already marked as sent keeps
 * their mark untouched, so the time they joined stays. Answers the marks of the students sent.
 */
async function save(classId: string, changes: AttendanceChanges): Promise<Result<Attendance[]>> {
  return settle('MARK_ATTENDANCE_ERROR', MARK_ATTENDANCE_FAILED, async () => {
    if (changes.present.length === 0 && changes.absent.length === 0) return ok([]);
    const { data, error } = await getClient().rpc('save_class_attendance', {
      class_uuid: classId,
      present_user_ids: changes.present,
      absent_user_ids: changes.absent,
    });
    if (error) return fromPostgrestError('MARK_ATTENDANCE_ERROR', error, MARK_ATTENDANCE_FAILED);
    const rows = (Array.isArray(data) ? data : []) as AttendanceRow[];
    return ok(rows.map(toAttendance));
  });
}

export const attendanceService = { roster, summary, save };
