import { getClient } from '@portal/shared-data/session';
import {
  ANNOUNCEMENT_COLUMNS,
  toAnnouncement,
  type Announcement,
  type AnnouncementRow,
} from '../mappers/announcement';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import { nothingChanged } from './list-query';

// Course announcements (docs/announcements.md). Row security decides who reads and writes: the course's
// teacher and administrators write; its active and completed students, teacher and administrators read.
// The author is the database's default (the signed-in person), never sent. Codes from the spec's fixed
// list (docs/product-rules.md "Errors"): reads QUERY_ERROR; an announcement is part of its course, so
// posting and editing fail with UPDATE_COURSES_ERROR and deleting with DELETE_COURSES_ERROR; the
// message says what failed.

const FETCH_FAILED = 'Failed to fetch announcements';
const CREATE_FAILED = 'Failed to post announcement';
const UPDATE_FAILED = 'Failed to update announcement';
const DELETE_FAILED = 'Failed to delete announcement';

/** How many a course's list shows (the newest; pinned ones first). */
export const COURSE_ANNOUNCEMENTS_LIMIT = 50;
/** How many the student's dashboard shows. */
export const DASHBOARD_ANNOUNCEMENTS_LIMIT = 5;

export type AnnouncementInput = {
  courseId: string;
  title: string;
  body: string;
  pinned: boolean;
  /** Email it to the course's active students (each keeps the choice to turn that mail off). */
  emailStudents: boolean;
};

export type AnnouncementChanges = Partial<Pick<AnnouncementInput, 'title' | 'body' | 'pinned'>>;

/** A course's announcements, pinned first, newest next, in one request. */
async function forCourse(courseId: string): Promise<Result<Announcement[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient()
      .from('announcements')
      .select(ANNOUNCEMENT_COLUMNS)
      .eq('course_id', courseId)
      .order('pinned', { ascending: false })
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(COURSE_ANNOUNCEMENTS_LIMIT)
      .overrideTypes<AnnouncementRow[], { merge: false }>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok(data.map(toAnnouncement));
  });
}

/**
 * The newest announcements of the courses the student takes now (an active enrolment), with each
 * course's title, in one request: the course and the student's enrolment are inner joins, so
 * announcements of completed or dropped courses are left out.
 */
async function newestForStudent(
  studentId: string,
  limit = DASHBOARD_ANNOUNCEMENTS_LIMIT,
): Promise<Result<Announcement[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient()
      .from('announcements')
      .select(`${ANNOUNCEMENT_COLUMNS}, course:courses!inner(title, enrollments!inner(id))`)
      .eq('course.enrollments.user_id', studentId)
      .eq('course.enrollments.status', 'active')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit)
      .overrideTypes<AnnouncementRow[], { merge: false }>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok(data.map(toAnnouncement));
  });
}

async function create(input: AnnouncementInput): Promise<Result<Announcement>> {
  return settle('UPDATE_COURSES_ERROR', CREATE_FAILED, async () => {
    const { data, error } = await getClient()
      .from('announcements')
      .insert({
        course_id: input.courseId,
        title: input.title.trim(),
        body: input.body.trim(),
        pinned: input.pinned,
        email_students: input.emailStudents,
      })
      .select(ANNOUNCEMENT_COLUMNS)
      .single<AnnouncementRow>();
    if (error) return fromPostgrestError('UPDATE_COURSES_ERROR', error, CREATE_FAILED);
    return ok(toAnnouncement(data));
  });
}

async function update(id: string, changes: AnnouncementChanges): Promise<Result<Announcement>> {
  return settle('UPDATE_COURSES_ERROR', UPDATE_FAILED, async () => {
    const { data, error } = await getClient()
      .from('announcements')
      .update({
        ...(changes.title !== undefined ? { title: changes.title.trim() } : {}),
        ...(changes.body !== undefined ? { body: changes.body.trim() } : {}),
        ...(changes.pinned !== undefined ? { pinned: changes.pinned } : {}),
      })
      .eq('id', id)
      .select(ANNOUNCEMENT_COLUMNS)
      .maybeSingle<AnnouncementRow>();
    if (error) return fromPostgrestError('UPDATE_COURSES_ERROR', error, UPDATE_FAILED);
    return data ? ok(toAnnouncement(data)) : nothingChanged('UPDATE_COURSES_ERROR', UPDATE_FAILED);
  });
}

async function remove(id: string): Promise<Result<null>> {
  return settle('DELETE_COURSES_ERROR', DELETE_FAILED, async () => {
    const { data, error } = await getClient()
      .from('announcements')
      .delete()
      .eq('id', id)
      .select('id')
      .overrideTypes<{ id: string }[], { merge: false }>();
    if (error) return fromPostgrestError('DELETE_COURSES_ERROR', error, DELETE_FAILED);
    return data.length > 0 ? ok(null) : nothingChanged('DELETE_COURSES_ERROR', DELETE_FAILED);
  });
}

export const announcementsService = { forCourse, newestForStudent, create, update, remove };
