import { getClient } from '@portal/shared-data/session';
import type { Database } from '../database.types';
import { ERROR_MESSAGES } from '../errors';
import { COURSE_CATEGORIES, COURSE_LANGUAGES, COURSE_LEVELS, type Course } from '../mappers/course';
import type { CourseClass } from '../mappers/class';
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from '../mappers/enrollment';
import { oneOf, toNumber } from '../mappers/fields';
import {
  MATERIAL_LANGUAGES,
  MATERIAL_SKILLS,
  MATERIAL_TYPES,
  type Material,
} from '../mappers/material';
import { personName } from '../mappers/person-name';
import {
  REVIEW_LIST_COLUMNS,
  toListedReview,
  type Review,
  type ReviewListRow,
} from '../mappers/review';
import { isUuid } from '../rules/ids';
import { normalizePage, toPaged, type Paged } from '../rules/paging';
import { totalHours } from '../rules/schedule';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// The course detail screen in a fixed number of requests, whatever the number of courses,
// classes or reviews: `get_course_detail` (course, own enrollment, materials, one page of classes), the
// course's reviews from `course_review_list`, and the durations of its classes for the total hours.

/** The course detail lists its classes 5 to a page. */
export const COURSE_DETAIL_CLASS_PAGE_SIZE = 5;

/** The course as the detail card shows it (the RPC carries no `updated_at`). */
export type CourseDetailCourse = Omit<Course, 'updatedAt'>;

/** The caller's own enrollment in the course, whatever its status. */
export type CourseDetailEnrollment = {
  id: string;
  status: EnrollmentStatus;
  progress: number;
  enrolledAt: string;
};

/** A class of the course (course title and teacher are the detail's own). */
export type CourseDetailClass = Omit<CourseClass, 'courseTitle' | 'teacherId' | 'createdAt'>;

export type CourseDetail = {
  course: CourseDetailCourse;
  /** Null when the caller never enrolled (a teacher, an admin, a visitor from the catalog). */
  enrollment: CourseDetailEnrollment | null;
  /** The course's materials the caller may see, newest first. */
  materials: Material[];
  /** One page of the classes the caller may see, by date. */
  classes: Paged<CourseDetailClass>;
};

type CourseDetailArgs = Database['public']['Functions']['get_course_detail']['Args'];

// The JSON `get_course_detail` builds (see the read models migration); every field is read defensively.
type CourseJson = {
  id: string;
  title: string | null;
  description: string | null;
  language: string | null;
  category: string | null;
  level: string | null;
  duration: number | null;
  teacher_id: string | null;
  teacher_name: string | null;
  price: number | string | null;
  thumbnail_url: string | null;
  is_active: boolean | null;
  enrolled_count: number | null;
  max_students: number | null;
  created_at: string | null;
};

type EnrollmentJson = {
  id: string;
  status: string | null;
  progress: number | string | null;
  enrolled_at: string | null;
};

type MaterialJson = {
  id: string;
  title: string | null;
  type: string | null;
  url: string | null;
  storage_path: string | null;
  mime_type: string | null;
  file_size: number | null;
  course_id: string | null;
  language: string | null;
  skill: string | null;
  uploaded_by: string | null;
  uploader_name: string | null;
  uploaded_at: string | null;
};

type ClassJson = {
  id: string;
  course_id: string;
  title: string | null;
  description: string | null;
  scheduled_date: string;
  duration: number | null;
  type: string | null;
  meeting_link: string | null;
  recording_url: string | null;
};

type CourseDetailJson = {
  course: CourseJson;
  enrollment: EnrollmentJson | null;
  materials: MaterialJson[] | null;
  class_count: number | null;
  classes: ClassJson[] | null;
};

// PostgreSQL's invalid_text_representation, e.g. `invalid input syntax for type uuid`.
const INVALID_TEXT = '22P02';

// There is no fixed review error text; the reviews service uses the same one.
const FETCH_REVIEWS_FAILED = 'Failed to fetch reviews';

export function isCourseId(value: string): boolean {
  return isUuid(value);
}

function toDetailCourse(row: CourseJson): CourseDetailCourse {
  return {
    id: row.id,
    title: row.title ?? '',
    description: row.description ?? '',
    language: oneOf(COURSE_LANGUAGES, row.language) ?? 'English',
    category: oneOf(COURSE_CATEGORIES, row.category) ?? 'general',
    level: oneOf(COURSE_LEVELS, row.level) ?? 'beginner',
    duration: row.duration ?? 0,
    teacherId: row.teacher_id,
    teacherName: personName(row.teacher_name),
    price: toNumber(row.price),
    thumbnailUrl: row.thumbnail_url ?? null,
    isActive: row.is_active ?? false,
    enrolledCount: row.enrolled_count ?? 0,
    maxStudents: row.max_students ?? 0,
    createdAt: row.created_at ?? '',
  };
}

function toDetailEnrollment(row: EnrollmentJson | null): CourseDetailEnrollment | null {
  if (!row) return null;
  return {
    id: row.id,
    status: oneOf(ENROLLMENT_STATUSES, row.status) ?? 'active',
    progress: toNumber(row.progress),
    enrolledAt: row.enrolled_at ?? '',
  };
}

function toDetailMaterial(row: MaterialJson, courseTitle: string | null): Material {
  return {
    id: row.id,
    title: row.title ?? '',
    type: oneOf(MATERIAL_TYPES, row.type) ?? 'other',
    url: row.url ?? '',
    storagePath: row.storage_path,
    mimeType: row.mime_type,
    fileSize: row.file_size ?? 0,
    courseId: row.course_id,
    courseTitle,
    language: oneOf(MATERIAL_LANGUAGES, row.language),
    skill: oneOf(MATERIAL_SKILLS, row.skill),
    uploadedBy: personName(row.uploader_name),
    uploadedById: row.uploaded_by,
    uploadedAt: row.uploaded_at ?? '',
  };
}

function toDetailClass(row: ClassJson): CourseDetailClass {
  return {
    id: row.id,
    courseId: row.course_id,
    title: row.title ?? '',
    description: row.description ?? '',
    scheduledDate: row.scheduled_date,
    duration: row.duration ?? 0,
    type: row.type === 'recorded' ? 'recorded' : 'live',
    meetingLink: row.meeting_link ?? null,
    recordingUrl: row.recording_url ?? null,
  };
}

function toClassPage(
  json: CourseDetailJson,
  page: number,
  limit: number,
): Paged<CourseDetailClass> {
  const items = (json.classes ?? []).map(toDetailClass);
  return toPaged(items, json.class_count ?? items.length, page, limit);
}

function toCourseDetail(json: CourseDetailJson, page: number, limit: number): CourseDetail {
  const course = toDetailCourse(json.course);
  return {
    course,
    enrollment: toDetailEnrollment(json.enrollment),
    materials: (json.materials ?? []).map((row) => toDetailMaterial(row, course.title)),
    classes: toClassPage(json, page, limit),
  };
}

type RpcOutcome =
  | { kind: 'found'; json: CourseDetailJson; page: number; limit: number }
  | { kind: 'missing' }
  | { kind: 'failed'; error: unknown };

async function callCourseDetail(courseId: string, classPage: number): Promise<RpcOutcome> {
  if (!isCourseId(courseId)) return { kind: 'missing' };
  const { page } = normalizePage({ page: classPage });
  const limit = COURSE_DETAIL_CLASS_PAGE_SIZE;
  const args: CourseDetailArgs = {
    course_uuid: courseId,
    class_page: page,
    class_page_size: limit,
  };
  const { data, error } = await getClient().rpc('get_course_detail', args);
  if (error) return error.code === INVALID_TEXT ? { kind: 'missing' } : { kind: 'failed', error };
  if (data === null || typeof data !== 'object') return { kind: 'missing' };
  return { kind: 'found', json: data as unknown as CourseDetailJson, page, limit };
}

/**
 * Everything the course detail card, materials and the first page of classes need, in one request.
 * Null when the course does not exist, the caller may not see it, or the id is not a course id.
 */
async function get(courseId: string, classPage = 1): Promise<Result<CourseDetail | null>> {
  return settle('FETCH_COURSES_ERROR', ERROR_MESSAGES.fetchCourseFailed, async () => {
    const outcome = await callCourseDetail(courseId, classPage);
    if (outcome.kind === 'failed') {
      return fromPostgrestError(
        'FETCH_COURSES_ERROR',
        outcome.error,
        ERROR_MESSAGES.fetchCourseFailed,
      );
    }
    if (outcome.kind === 'missing') return ok(null);
    return ok(toCourseDetail(outcome.json, outcome.page, outcome.limit));
  });
}

/** Another page of the course's classes (the same read model; only its classes are used). */
async function getClassPage(
  courseId: string,
  classPage: number,
): Promise<Result<Paged<CourseDetailClass> | null>> {
  return settle('FETCH_CLASSES_ERROR', ERROR_MESSAGES.fetchClassesFailed, async () => {
    const outcome = await callCourseDetail(courseId, classPage);
    if (outcome.kind === 'failed') {
      return fromPostgrestError(
        'FETCH_CLASSES_ERROR',
        outcome.error,
        ERROR_MESSAGES.fetchClassesFailed,
      );
    }
    if (outcome.kind === 'missing') return ok(null);
    return ok(toClassPage(outcome.json, outcome.page, outcome.limit));
  });
}

/**
 * Every review of the course with the reviewer's name, newest first (students cannot read other
 * students' profiles, so the view supplies the names). Only people who enrolled can review, one review
 * each, so the whole list fits one request and gives the average rating without another.
 */
async function listReviews(courseId: string): Promise<Result<Review[]>> {
  return settle('QUERY_ERROR', FETCH_REVIEWS_FAILED, async () => {
    if (!isCourseId(courseId)) return ok([]);
    const { data, error } = await getClient()
      .from('course_review_list')
      .select(REVIEW_LIST_COLUMNS)
      .eq('course_id', courseId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .overrideTypes<ReviewListRow[], { merge: false }>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_REVIEWS_FAILED);
    return ok(data.map(toListedReview));
  });
}

/** The course's length in class time: its scheduled classes and their hours. */
export type ScheduledTime = { classCount: number; hours: number };

/**
 * The classes of the course that the caller may see, added up: the detail card shows the course's
 * Duration in hours as its scheduled class time, minutes / 60 rounded.
 */
async function getScheduledTime(courseId: string): Promise<Result<ScheduledTime>> {
  return settle('FETCH_CLASSES_ERROR', ERROR_MESSAGES.fetchClassesFailed, async () => {
    if (!isCourseId(courseId)) return ok({ classCount: 0, hours: 0 });
    const { data, error } = await getClient()
      .from('classes')
      .select('duration')
      .eq('course_id', courseId)
      .overrideTypes<{ duration: number | null }[], { merge: false }>();
    if (error) {
      return fromPostgrestError('FETCH_CLASSES_ERROR', error, ERROR_MESSAGES.fetchClassesFailed);
    }
    const durations = data.map((row) => ({ duration: row.duration ?? 0 }));
    return ok({ classCount: durations.length, hours: totalHours(durations) });
  });
}

export const courseDetailReadModel = { get, getClassPage, listReviews, getScheduledTime };
