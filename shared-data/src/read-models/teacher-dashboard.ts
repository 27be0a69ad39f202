import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { CLASS_TYPES, type ClassType } from '../mappers/class';
import {
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  type CourseLanguage,
  type CourseLevel,
} from '../mappers/course';
import { oneOf, toNumber, toNumberOrNull } from '../mappers/fields';
import { personName } from '../mappers/person-name';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// The teacher dashboard in one request, whatever the number of courses, classes and submissions:
// `get_teacher_dashboard` answers the caller's own courses with their figures, the next classes and
// the work waiting for a grade.

export const TEACHER_DASHBOARD_LIMITS = { upcomingClasses: 5, recentSubmissions: 5 } as const;

export type TeacherCoursePerformance = {
  id: string;
  title: string;
  language: CourseLanguage;
  level: CourseLevel;
  isActive: boolean;
  enrolledCount: number;
  maxStudents: number;
  /** Enrolled over maximum, 0–100 (never above 100, even when an admin over-filled a course). */
  enrollmentPercent: number;
};

export type TeacherUpcomingClass = {
  id: string;
  courseId: string;
  courseTitle: string;
  title: string;
  /** ISO date-time. */
  scheduledDate: string;
  /** Minutes. */
  duration: number;
  type: ClassType;
  meetingLink: string | null;
};

export type SubmissionAwaitingGrade = {
  id: string;
  activityId: string;
  activityTitle: string;
  courseId: string;
  courseTitle: string;
  studentId: string;
  /** Null when the student is unknown (the profile is gone). */
  studentName: string | null;
  submittedAt: string;
};

export type TeacherDashboard = {
  courseCount: number;
  activeCourseCount: number;
  /** Distinct students actively enrolled in the teacher's courses (as My Students counts them). */
  totalStudents: number;
  /** Their active enrolments: a student in two of the courses counts twice. */
  enrollmentCount: number;
  totalClasses: number;
  upcomingClassCount: number;
  /** Mean of the reviews of the teacher's courses (two decimals); null when there are none. */
  averageRating: number | null;
  reviewCount: number;
  pendingSubmissionCount: number;
  courses: TeacherCoursePerformance[];
  upcomingClasses: TeacherUpcomingClass[];
  recentSubmissions: SubmissionAwaitingGrade[];
};

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numeric = (value: unknown) => toNumber(value as number | string | null | undefined);
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

function toCoursePerformance(json: Json): TeacherCoursePerformance {
  const enrolledCount = numeric(json.enrolled_count);
  const maxStudents = numeric(json.max_students);
  return {
    id: text(json.id),
    title: text(json.title),
    language: oneOf(COURSE_LANGUAGES, json.language) ?? 'English',
    level: oneOf(COURSE_LEVELS, json.level) ?? 'beginner',
    isActive: json.is_active === true,
    enrolledCount,
    maxStudents,
    enrollmentPercent: Math.min(100, Math.max(0, numeric(json.enrollment_percent))),
  };
}

function toUpcomingClass(json: Json): TeacherUpcomingClass {
  return {
    id: text(json.id),
    courseId: text(json.course_id),
    courseTitle: text(json.course_title),
    title: text(json.title),
    scheduledDate: text(json.scheduled_date),
    duration: numeric(json.duration),
    type: oneOf(CLASS_TYPES, json.type) ?? 'live',
    meetingLink:
      typeof json.meeting_link === 'string' && json.meeting_link ? json.meeting_link : null,
  };
}

function toSubmissionAwaitingGrade(json: Json): SubmissionAwaitingGrade {
  return {
    id: text(json.id),
    activityId: text(json.activity_id),
    activityTitle: text(json.activity_title),
    courseId: text(json.course_id),
    courseTitle: text(json.course_title),
    studentId: text(json.student_id),
    studentName: personName(json.student_name),
    submittedAt: text(json.submitted_at),
  };
}

export function toTeacherDashboard(json: Json | null): TeacherDashboard {
  const data = json ?? {};
  return {
    courseCount: numeric(data.course_count),
    activeCourseCount: numeric(data.active_course_count),
    totalStudents: numeric(data.total_students),
    enrollmentCount: numeric(data.enrollment_count),
    totalClasses: numeric(data.total_classes),
    upcomingClassCount: numeric(data.upcoming_class_count),
    averageRating: toNumberOrNull(data.average_rating as number | string | null | undefined),
    reviewCount: numeric(data.review_count),
    pendingSubmissionCount: numeric(data.pending_submission_count),
    courses: list(data.courses).map(toCoursePerformance),
    upcomingClasses: list(data.upcoming_classes).map(toUpcomingClass),
    recentSubmissions: list(data.recent_submissions).map(toSubmissionAwaitingGrade),
  };
}

/** The signed-in teacher's dashboard; the server knows who is asking. */
async function get(): Promise<Result<TeacherDashboard>> {
  return settle('RPC_ERROR', ERROR_MESSAGES.fetchCoursesFailed, async () => {
    const { data, error } = await getClient().rpc('get_teacher_dashboard', {
      upcoming_limit: TEACHER_DASHBOARD_LIMITS.upcomingClasses,
      recent_limit: TEACHER_DASHBOARD_LIMITS.recentSubmissions,
    });
    if (error) return fromPostgrestError('RPC_ERROR', error, ERROR_MESSAGES.fetchCoursesFailed);
    return ok(toTeacherDashboard(data as Json | null));
  });
}

export const teacherDashboardReadModel = { get };
