import { getClient } from '@portal/shared-data/session';
import { toCefrLevel, type CefrLevel } from '../rules/skills';
import type { Tables } from '../database.types';
import { ERROR_MESSAGES } from '../errors';
import {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  type CourseCategory,
  type CourseLanguage,
  type CourseLevel,
} from '../mappers/course';
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from '../mappers/enrollment';
import { oneOf, toNumber, toNumberOrNull } from '../mappers/fields';
import { personName } from '../mappers/person-name';
import { LARGE_LIST_LIMIT } from '../rules/courses';
import type { PageRequest, Paged } from '../rules/paging';
import { settle, type Result } from '../result';
import { pageWindow, toPagedResult } from '../services/list-query';

// My Courses from the `my_courses` view, one page per request: a student's active enrollments with
// their course, teacher name, real progress and next class; a teacher's own courses with the average
// progress of their active students (teacher_courses migration).

/** My Courses loads up to 100 courses. */
export const MY_COURSES_PAGE_SIZE = LARGE_LIST_LIMIT;

export type StudentCourse = {
  id: string;
  title: string;
  description: string;
  language: CourseLanguage;
  category: CourseCategory;
  level: CourseLevel;
  /** Weeks. */
  duration: number;
  teacherId: string | null;
  /** Null when the teacher is unknown (no teacher, or the profile is gone). */
  teacherName: string | null;
  price: number;
  thumbnailUrl: string | null;
  isActive: boolean;
  enrolledCount: number;
  maxStudents: number;
  enrollmentId: string;
  enrollmentStatus: EnrollmentStatus;
  /** 0 to 100, derived by the database from attendance and graded work. */
  progress: number;
  enrolledAt: string;
  classCount: number;
  /** The next class still to start, or null. */
  nextClassAt: string | null;
};

export type MyCoursesRow = Tables<'my_courses'>;

export const MY_COURSES_COLUMNS =
  'id, title, description, language, category, level, duration, teacher_id, teacher_name, price, thumbnail_url, is_active, enrolled_count, max_students, enrollment_id, enrollment_status, progress, enrolled_at, class_count, next_class_at';

export function toStudentCourse(row: MyCoursesRow): StudentCourse {
  return {
    id: row.id ?? '',
    title: row.title ?? '',
    description: row.description ?? '',
    language: oneOf(COURSE_LANGUAGES, row.language) ?? 'English',
    category: oneOf(COURSE_CATEGORIES, row.category) ?? 'general',
    level: oneOf(COURSE_LEVELS, row.level) ?? 'beginner',
    duration: toNumber(row.duration),
    teacherId: row.teacher_id,
    teacherName: personName(row.teacher_name),
    price: toNumber(row.price),
    thumbnailUrl: row.thumbnail_url,
    isActive: row.is_active ?? true,
    enrolledCount: toNumber(row.enrolled_count),
    maxStudents: toNumber(row.max_students),
    enrollmentId: row.enrollment_id ?? '',
    enrollmentStatus: oneOf(ENROLLMENT_STATUSES, row.enrollment_status) ?? 'active',
    progress: toNumber(row.progress),
    enrolledAt: row.enrolled_at ?? '',
    classCount: toNumber(row.class_count),
    nextClassAt: row.next_class_at,
  };
}

/** A course the signed-in teacher teaches, as their My Courses shows it. */
export type TeacherCourse = {
  id: string;
  title: string;
  description: string;
  language: CourseLanguage;
  category: CourseCategory;
  level: CourseLevel;
  /** Weeks. */
  duration: number;
  teacherId: string | null;
  teacherName: string | null;
  price: number;
  thumbnailUrl: string | null;
  isActive: boolean;
  /** Active students. */
  enrolledCount: number;
  maxStudents: number;
  createdAt: string;
  /** 0 to 100: the average progress of the course's active students; null while it has none. */
  averageProgress: number | null;
  classCount: number;
  /** The next class still to start, or null. */
  nextClassAt: string | null;
  /** Optional CEFR level (issue 32); the course form edits it. */
  cefrLevel?: CefrLevel | null;
};

export const TEACHER_COURSES_COLUMNS =
  'id, title, description, language, category, level, duration, teacher_id, teacher_name, price, thumbnail_url, is_active, enrolled_count, max_students, created_at, progress, class_count, next_class_at, cefr_level';

export function toTeacherCourse(row: MyCoursesRow): TeacherCourse {
  return {
    id: row.id ?? '',
    title: row.title ?? '',
    description: row.description ?? '',
    language: oneOf(COURSE_LANGUAGES, row.language) ?? 'English',
    category: oneOf(COURSE_CATEGORIES, row.category) ?? 'general',
    level: oneOf(COURSE_LEVELS, row.level) ?? 'beginner',
    duration: toNumber(row.duration),
    teacherId: row.teacher_id,
    teacherName: personName(row.teacher_name),
    price: toNumber(row.price),
    thumbnailUrl: row.thumbnail_url,
    isActive: row.is_active ?? true,
    enrolledCount: toNumber(row.enrolled_count),
    maxStudents: toNumber(row.max_students),
    createdAt: row.created_at ?? '',
    averageProgress: toNumberOrNull(row.progress),
    classCount: toNumber(row.class_count),
    nextClassAt: row.next_class_at,
    cefrLevel: toCefrLevel(row.cefr_level),
  };
}

/** The signed-in student's active enrollments, most recently enrolled first. */
async function listForStudent(paging: PageRequest = {}): Promise<Result<Paged<StudentCourse>>> {
  return settle('FETCH_COURSES_ERROR', ERROR_MESSAGES.fetchEnrolledCoursesFailed, async () => {
    const window = pageWindow({ page: paging.page, limit: paging.limit ?? MY_COURSES_PAGE_SIZE });
    const response = await getClient()
      .from('my_courses')
      .select(MY_COURSES_COLUMNS, { count: 'exact' })
      .eq('relation', 'student')
      .eq('enrollment_status', 'active')
      .order('enrolled_at', { ascending: false })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<MyCoursesRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toStudentCourse,
      'FETCH_COURSES_ERROR',
      ERROR_MESSAGES.fetchEnrolledCoursesFailed,
    );
  });
}

/**
 * The courses the signed-in user teaches (inactive ones too), newest first, with their students'
 * average progress. The database decides what "own" means (teacher_id = the caller).
 */
async function listForTeacher(paging: PageRequest = {}): Promise<Result<Paged<TeacherCourse>>> {
  return settle('FETCH_COURSES_ERROR', ERROR_MESSAGES.fetchCoursesFailed, async () => {
    const window = pageWindow({ page: paging.page, limit: paging.limit ?? MY_COURSES_PAGE_SIZE });
    const response = await getClient()
      .from('my_courses')
      .select(TEACHER_COURSES_COLUMNS, { count: 'exact' })
      .eq('relation', 'teacher')
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<MyCoursesRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toTeacherCourse,
      'FETCH_COURSES_ERROR',
      ERROR_MESSAGES.fetchCoursesFailed,
    );
  });
}

export const myCoursesReadModel = { listForStudent, listForTeacher };
