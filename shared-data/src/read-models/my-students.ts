import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { ACTIVITY_TYPES, type ActivityType } from '../mappers/activity';
import { avatarOf } from '../mappers/avatar';
import { toNumber, toNumberOrNull } from '../mappers/fields';
import { fullNameOf, personName } from '../mappers/person-name';
import {
  GRADED_WORK_LIMIT,
  MY_STUDENTS_EXPORT_PAGE_SIZE,
  MY_STUDENTS_PAGE_SIZE,
  RECENT_ACTIVITY_LIMIT,
} from '../rules/my-students';
import { normalizePage, toPaged, type PageRequest, type Paged } from '../rules/paging';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import type { StudentStats } from '../services/users';

// My Students (teachers; admins see every student): the screen's page of students, its figures and the
// recent activity in one request (get_my_students_overview, 20261122001800_read_models_teaching.sql), every
// student for the export (get_my_students) and one student's details (get_my_student_detail).

export type MyStudentFilters = PageRequest & {
  /** First name, last name, full name or email contains it. */
  search?: string;
  /** Only the students actively enrolled in this course. */
  courseId?: string;
};

export type MyStudentCourse = { courseId: string; courseTitle: string; progress: number };

/** One of the caller's students, with figures over all the caller's courses they are active in. */
export type MyStudent = {
  id: string;
  firstName: string;
  lastName: string;
  /** Null when the person has no name (screens show their word for an unknown person). */
  name: string | null;
  email: string;
  avatarUrl: string | null;
  isActive: boolean;
  courses: MyStudentCourse[];
  courseCount: number;
  /** Mean progress of those courses, 0–100; null without any. */
  averageProgress: number | null;
  totalClasses: number;
  /** Classes that have started. */
  heldClasses: number;
  attendedClasses: number;
  attendedHeldClasses: number;
  /** Attended of the classes that have started, percent with one decimal; null before the first. */
  attendanceRate: number | null;
  studyHours: number;
  submissionCount: number;
  gradedCount: number;
  lastActivityAt: string | null;
  /** At risk in one of the caller's courses (attendance or work since enrolment: AT_RISK). */
  atRisk: boolean;
};

export type MyStudentsStats = {
  students: number;
  activeThisWeek: number;
  /** Mean of the students' average progress; null without students in a course. */
  averageProgress: number | null;
  /** Students at risk in one of the caller's courses (AT_RISK). */
  atRisk: number;
};

/** What the screen shows at once: one page of students, the figures over all of them, the newest events. */
export type MyStudentsOverview = {
  students: Paged<MyStudent>;
  stats: MyStudentsStats;
  recentActivity: StudentActivityEvent[];
};

export type StudentActivityEvent = {
  kind: 'submission' | 'attendance';
  /** When it happened (submitted, or marked present). */
  at: string;
  studentId: string;
  studentName: string | null;
  courseId: string;
  courseTitle: string;
  /** The activity (submission) or the class (attendance). */
  itemId: string;
  itemTitle: string;
  /** A submission's status; null for attendance. */
  status: string | null;
  grade: number | null;
  maxPoints: number | null;
};

/** One course of a student in the details panel (a `my_students` row). */
export type StudentCourseProgress = {
  enrollmentId: string;
  courseId: string;
  courseTitle: string;
  progress: number;
  enrolledAt: string;
  /** Classes of the course from the enrolment on, held or to come (what progress counts). */
  totalClasses: number;
  /** Of them, the classes held (ended). */
  heldClasses: number;
  /** Classes attended from the enrolment on (what progress counts). */
  attendedClasses: number;
  /** Of the held classes, those attended. */
  attendedHeldClasses: number;
  attendanceRate: number | null;
  studyHours: number;
  submissionCount: number;
  gradedCount: number;
  averageGradePercent: number | null;
  lastActivityAt: string | null;
  /** Active activities of the course, and those graded for the student (what progress counts). */
  activityCount: number;
  gradedActivityCount: number;
  /** Work whose due date passed since the enrolment, and of it what was handed in. */
  dueWork: number;
  handedInWork: number;
  /** Why the student is at risk in this course, if they are (AT_RISK). */
  lowAttendance: boolean;
  missingWork: boolean;
  atRisk: boolean;
};

export type GradedWork = {
  submissionId: string;
  activityId: string;
  activityTitle: string;
  activityType: ActivityType;
  courseId: string;
  courseTitle: string;
  grade: number | null;
  maxPoints: number;
  gradePercent: number | null;
  submittedAt: string;
  gradedAt: string | null;
};

export type MyStudentDetail = {
  student: {
    id: string;
    firstName: string;
    lastName: string;
    name: string | null;
    email: string;
    avatarUrl: string | null;
    isActive: boolean;
    lastSignInAt: string | null;
  };
  courses: StudentCourseProgress[];
  /** The latest graded work (GRADED_WORK_LIMIT) and how much there is in all. */
  gradedWork: { total: number; items: GradedWork[] };
  stats: StudentStats;
};

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);
const numeric = (value: unknown) => toNumber(value as number | string | null | undefined);
const numericOrNull = (value: unknown) =>
  toNumberOrNull(value as number | string | null | undefined);
const arrayOf = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const object = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {};

function nameOf(json: Json): string | null {
  return fullNameOf({
    first_name: textOrNull(json.first_name),
    last_name: textOrNull(json.last_name),
  });
}

export function toMyStudent(json: Json): MyStudent {
  return {
    id: text(json.student_id),
    firstName: text(json.first_name),
    lastName: text(json.last_name),
    name: nameOf(json),
    email: text(json.email),
    avatarUrl: avatarOf(textOrNull(json.avatar_url)),
    isActive: json.is_active !== false,
    courses: arrayOf(json.courses).map((course) => ({
      courseId: text(course.course_id),
      courseTitle: text(course.course_title),
      progress: numeric(course.progress),
    })),
    courseCount: numeric(json.course_count),
    averageProgress: numericOrNull(json.average_progress),
    totalClasses: numeric(json.total_classes),
    heldClasses: numeric(json.held_classes),
    attendedClasses: numeric(json.attended_classes),
    attendedHeldClasses: numeric(json.attended_held_classes),
    attendanceRate: numericOrNull(json.attendance_rate),
    studyHours: numeric(json.study_hours),
    submissionCount: numeric(json.submission_count),
    gradedCount: numeric(json.graded_count),
    lastActivityAt: textOrNull(json.last_activity_at),
    atRisk: json.at_risk === true,
  };
}

export function toMyStudentsStats(json: Json | null): MyStudentsStats {
  const data = json ?? {};
  return {
    students: numeric(data.students),
    activeThisWeek: numeric(data.active_this_week),
    averageProgress: numericOrNull(data.average_progress),
    atRisk: numeric(data.at_risk),
  };
}

export function toStudentActivityEvent(json: Json): StudentActivityEvent {
  return {
    kind: json.kind === 'submission' ? 'submission' : 'attendance',
    at: text(json.at),
    studentId: text(json.student_id),
    studentName: personName(json.student_name),
    courseId: text(json.course_id),
    courseTitle: text(json.course_title),
    itemId: text(json.item_id),
    itemTitle: text(json.item_title),
    status: textOrNull(json.status),
    grade: numericOrNull(json.grade),
    maxPoints: numericOrNull(json.max_points),
  };
}

function toStudentCourseProgress(json: Json): StudentCourseProgress {
  return {
    enrollmentId: text(json.enrollment_id),
    courseId: text(json.course_id),
    courseTitle: text(json.course_title),
    progress: numeric(json.progress),
    enrolledAt: text(json.enrolled_at),
    totalClasses: numeric(json.total_classes),
    heldClasses: numeric(json.held_classes),
    attendedClasses: numeric(json.attended_classes),
    attendedHeldClasses: numeric(json.attended_held_classes),
    attendanceRate: numericOrNull(json.attendance_rate),
    studyHours: numeric(json.study_hours),
    submissionCount: numeric(json.submission_count),
    gradedCount: numeric(json.graded_count),
    averageGradePercent: numericOrNull(json.average_grade_percent),
    lastActivityAt: textOrNull(json.last_activity_at),
    activityCount: numeric(json.activity_count),
    gradedActivityCount: numeric(json.graded_activity_count),
    dueWork: numeric(json.due_work),
    handedInWork: numeric(json.handed_in_work),
    lowAttendance: json.low_attendance === true,
    missingWork: json.missing_work === true,
    atRisk: json.at_risk === true,
  };
}

function toGradedWork(json: Json): GradedWork {
  return {
    submissionId: text(json.submission_id),
    activityId: text(json.activity_id),
    activityTitle: text(json.activity_title),
    activityType: ACTIVITY_TYPES.find((type) => type === json.activity_type) ?? 'assignment',
    courseId: text(json.course_id),
    courseTitle: text(json.course_title),
    grade: numericOrNull(json.grade),
    maxPoints: numeric(json.max_points),
    gradePercent: numericOrNull(json.grade_percent),
    submittedAt: text(json.submitted_at),
    gradedAt: textOrNull(json.graded_at),
  };
}

export function toMyStudentDetail(json: Json | null): MyStudentDetail | null {
  if (!json) return null;
  const student = object(json.student);
  const graded = object(json.graded_work);
  const stats = object(json.stats);
  return {
    student: {
      id: text(student.id),
      firstName: text(student.first_name),
      lastName: text(student.last_name),
      name: nameOf(student),
      email: text(student.email),
      avatarUrl: avatarOf(textOrNull(student.avatar_url)),
      isActive: student.is_active !== false,
      lastSignInAt: textOrNull(student.last_sign_in_at),
    },
    courses: arrayOf(json.courses).map(toStudentCourseProgress),
    gradedWork: { total: numeric(graded.total), items: arrayOf(graded.items).map(toGradedWork) },
    stats: {
      enrolledCourses: numeric(stats.enrolled_courses),
      completedCourses: numeric(stats.completed_courses),
      totalStudyHours: numeric(stats.total_study_hours),
      averageProgress: numeric(stats.average_progress),
    },
  };
}

/**
 * The screen in one request: one page of the caller's students (one row per student, by last name)
 * with the filters, the figures over all the caller's students (whatever the filters) and their
 * newest submissions and attendance.
 */
async function overview(filters: MyStudentFilters = {}): Promise<Result<MyStudentsOverview>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchStudentsFailed, async () => {
    const { page, limit } = normalizePage({
      page: filters.page,
      limit: filters.limit ?? MY_STUDENTS_PAGE_SIZE,
    });
    const { data, error } = await getClient().rpc('get_my_students_overview', {
      search: filters.search?.trim() || undefined,
      course_uuid: filters.courseId || undefined,
      page,
      page_size: limit,
      event_limit: RECENT_ACTIVITY_LIMIT,
    });
    if (error) {
      return fromPostgrestError('FETCH_USERS_ERROR', error, ERROR_MESSAGES.fetchStudentsFailed);
    }
    const reply = object(data);
    // The database caps a page at 1000; the page it used is the one that counts.
    const usedLimit = numeric(reply.page_size) || limit;
    return ok({
      students: toPaged(
        arrayOf(reply.students).map(toMyStudent),
        numeric(reply.total),
        page,
        usedLimit,
      ),
      stats: toMyStudentsStats(object(reply.stats)),
      recentActivity: arrayOf(reply.recent_activity).map(toStudentActivityEvent),
    });
  });
}

/** One page of the caller's students (one row per student), by last name: the export's pages. */
async function list(filters: MyStudentFilters = {}): Promise<Result<Paged<MyStudent>>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchStudentsFailed, async () => {
    const { page, limit } = normalizePage({
      page: filters.page,
      limit: filters.limit ?? MY_STUDENTS_PAGE_SIZE,
    });
    const { data, error } = await getClient().rpc('get_my_students', {
      search: filters.search?.trim() || undefined,
      course_uuid: filters.courseId || undefined,
      page,
      page_size: limit,
    });
    if (error) {
      return fromPostgrestError('FETCH_USERS_ERROR', error, ERROR_MESSAGES.fetchStudentsFailed);
    }
    const reply = object(data);
    // The database caps a page at 1000; the page it used is the one that counts.
    const usedLimit = numeric(reply.page_size) || limit;
    return ok(
      toPaged(arrayOf(reply.students).map(toMyStudent), numeric(reply.total), page, usedLimit),
    );
  });
}

/**
 * Every student matching the filters, for an export: pages of 1000 (one request for most schools),
 * stopping at the total the first page reported.
 */
async function listAll(
  filters: Omit<MyStudentFilters, 'page' | 'limit'> = {},
): Promise<Result<MyStudent[]>> {
  const students: MyStudent[] = [];
  for (let page = 1; ; page += 1) {
    const result = await list({ ...filters, page, limit: MY_STUDENTS_EXPORT_PAGE_SIZE });
    if (!result.success) return result;
    students.push(...result.data.items);
    if (result.data.items.length === 0 || page >= result.data.totalPages) return ok(students);
  }
}

/** One student's details; null when they are not one of the caller's students. */
async function detail(studentId: string): Promise<Result<MyStudentDetail | null>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchStudentsFailed, async () => {
    const { data, error } = await getClient().rpc('get_my_student_detail', {
      student_uuid: studentId,
      graded_limit: GRADED_WORK_LIMIT,
    });
    if (error) {
      return fromPostgrestError('FETCH_USERS_ERROR', error, ERROR_MESSAGES.fetchStudentsFailed);
    }
    return ok(toMyStudentDetail(data as Json | null));
  });
}

export const myStudentsReadModel = { overview, list, listAll, detail };
