import { getClient } from '@portal/shared-data/session';
import {
  toCourseWaitingEntry,
  toWaitingEntry,
  type CourseWaitingEntry,
  type WaitingEntry,
} from '../mappers/waiting-list';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';

// The waiting list (docs/waiting-list.md). The database decides everything: who may join (a full active
// course, not enrolled there), the place in line, who reads a course's line; a freed seat is given to the
// first in line by the database itself. Joining answers `{ success, error?, position? }`; a refusal is
// ENROLLMENT_ERROR with the server's code as the message (translated by errorMessageKey).

const FETCH_FAILED = 'Failed to fetch the waiting list';
const JOIN_FAILED = 'Failed to join the waiting list';
const LEAVE_FAILED = 'Failed to leave the waiting list';

type JoinReply = { success?: boolean; error?: string | null; position?: number } | null;

/** The signed-in student's entries with their place in line, in one request. */
async function mine(): Promise<Result<WaitingEntry[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient().rpc('my_waiting_list');
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok((data ?? []).map(toWaitingEntry));
  });
}

/** A course's line in order (its teacher and administrators; nobody else gets a row). */
async function forCourse(courseId: string): Promise<Result<CourseWaitingEntry[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient().rpc('course_waiting_list', { course_uuid: courseId });
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok((data ?? []).map(toCourseWaitingEntry));
  });
}

/** The signed-in student joins the line of a full course; answers their place. */
async function join(courseId: string): Promise<Result<{ position: number }>> {
  return settle('ENROLL_ERROR', JOIN_FAILED, async () => {
    const { data, error } = await getClient().rpc('join_waiting_list', { course_uuid: courseId });
    if (error) return fromPostgrestError('ENROLL_ERROR', error, JOIN_FAILED);
    const reply = data as JoinReply;
    if (reply?.success && typeof reply.position === 'number')
      return ok({ position: reply.position });
    return fail('ENROLLMENT_ERROR', reply?.error?.trim() || JOIN_FAILED);
  });
}

/**
 * Removes an entry: a student's own (leaving), or anyone's for an administrator. An entry already gone
 * (the seat was given meanwhile) is not an error: the screens refetch and show the enrolment.
 */
async function leave(entryId: string): Promise<Result<null>> {
  return settle('DELETE_COURSES_ERROR', LEAVE_FAILED, async () => {
    const { error } = await getClient().from('waiting_list').delete().eq('id', entryId);
    if (error) return fromPostgrestError('DELETE_COURSES_ERROR', error, LEAVE_FAILED);
    return ok(null);
  });
}

export const waitingListService = { mine, forCourse, join, leave };
