import { getClient } from '@portal/shared-data/session';
import {
  CLASS_ROSTER_COLUMNS,
  toRosterStudent,
  type ClassRosterRow,
  type RosterStudent,
} from '../mappers/class-roster';
import { toAttendance, type Attendance, type AttendanceRow } from '../mappers/attendance';
import { ROSTER_PAGE_SIZE, type AttendanceChanges } from '../rules/attendance';
import type { PageRequest, Paged } from '../rules/paging';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import { pageWindow, toPagedResult } from './list-query';

// Taking attendance of one class (20261122000500_classes.sql): its roster (the course's
// active students with their marks) and saving the marks that changed in one request. (Class
// Management's page of classes comes with each one's attendance: classesService.management.)

// No fixed product text exists for these; the provider's message is used whenever it has one.
const GET_ATTENDANCE_FAILED = 'Failed to fetch attendance';
const MARK_ATTENDANCE_FAILED = 'Failed to mark attendance';

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

export const attendanceService = { roster, save };
