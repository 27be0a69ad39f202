import { getClient } from '@portal/shared-data/session';
import type { Database } from '../database.types';
import { ERROR_MESSAGES } from '../errors';
import type { ClassType } from '../mappers/class';
import {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  type CourseCategory,
  type CourseLanguage,
  type CourseLevel,
} from '../mappers/course';
import { oneOf, toNumber } from '../mappers/fields';
import { personName } from '../mappers/person-name';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import type { StudentStats } from '../services/users';

// The student dashboard in one request, whatever the number of courses and classes:
// `get_student_dashboard` answers the newest active enrollments with their next classes and the
// student's figures.

/** The dashboard shows 3 courses and 3 classes per course. */
export const STUDENT_DASHBOARD_LIMITS = { courses: 3, classesPerCourse: 3 } as const;

/** A class still to come (or in progress: it counts until it ends). */
export type DashboardClass = {
  id: string;
  courseId: string;
  title: string;
  description: string;
  /** ISO date-time. */
  scheduledDate: string;
  /** Minutes. */
  duration: number;
  type: ClassType;
  meetingLink: string | null;
  recordingUrl: string | null;
};

export type DashboardCourse = {
  id: string;
  title: string;
  description: string;
  language: CourseLanguage;
  category: CourseCategory;
  level: CourseLevel;
  /** Weeks. */
  duration: number;
  thumbnailUrl: string | null;
  teacherId: string | null;
  /** Null when the teacher is unknown (no teacher, or the profile is gone). */
  teacherName: string | null;
  enrollmentId: string;
  progress: number;
  enrolledAt: string;
  /** Sorted by date, at most `classesPerCourse`. */
  upcomingClasses: DashboardClass[];
};

export type StudentDashboard = {
  /** All the student's active enrollments, of which `courses` are the newest. */
  courseCount: number;
  courses: DashboardCourse[];
  stats: StudentStats;
};

type DashboardArgs = Database['public']['Functions']['get_student_dashboard']['Args'];

// The JSON the function builds (see the read models migration); every field is read defensively.
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

type CourseJson = {
  id: string;
  title: string | null;
  description: string | null;
  language: string | null;
  category: string | null;
  level: string | null;
  duration: number | null;
  thumbnail_url: string | null;
  teacher_id: string | null;
  teacher_name: string | null;
  enrollment_id: string;
  progress: number | string | null;
  enrolled_at: string;
  upcoming_classes: ClassJson[] | null;
};

type StatsJson = {
  enrolled_courses?: number | string | null;
  completed_courses?: number | string | null;
  total_study_hours?: number | string | null;
  average_progress?: number | string | null;
} | null;

export type StudentDashboardJson = {
  course_count: number | string | null;
  courses: CourseJson[] | null;
  stats: StatsJson;
} | null;

function toDashboardClass(json: ClassJson): DashboardClass {
  return {
    id: json.id,
    courseId: json.course_id,
    title: json.title ?? '',
    description: json.description ?? '',
    scheduledDate: json.scheduled_date,
    duration: toNumber(json.duration),
    type: json.type === 'recorded' ? 'recorded' : 'live',
    meetingLink: json.meeting_link ?? null,
    recordingUrl: json.recording_url ?? null,
  };
}

function toDashboardCourse(json: CourseJson): DashboardCourse {
  return {
    id: json.id,
    title: json.title ?? '',
    description: json.description ?? '',
    language: oneOf(COURSE_LANGUAGES, json.language) ?? 'English',
    category: oneOf(COURSE_CATEGORIES, json.category) ?? 'general',
    level: oneOf(COURSE_LEVELS, json.level) ?? 'beginner',
    duration: toNumber(json.duration),
    thumbnailUrl: json.thumbnail_url ?? null,
    teacherId: json.teacher_id ?? null,
    teacherName: personName(json.teacher_name),
    enrollmentId: json.enrollment_id,
    progress: toNumber(json.progress),
    enrolledAt: json.enrolled_at,
    upcomingClasses: (json.upcoming_classes ?? [])
      .map(toDashboardClass)
      .sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate)),
  };
}

/** The function's JSON as the screen's shape; a missing answer is an empty dashboard. */
export function toStudentDashboard(json: StudentDashboardJson): StudentDashboard {
  return {
    courseCount: toNumber(json?.course_count),
    courses: (json?.courses ?? []).map(toDashboardCourse),
    stats: {
      enrolledCourses: toNumber(json?.stats?.enrolled_courses),
      completedCourses: toNumber(json?.stats?.completed_courses),
      totalStudyHours: toNumber(json?.stats?.total_study_hours),
      averageProgress: toNumber(json?.stats?.average_progress),
    },
  };
}

/** The signed-in student's dashboard; the server knows who is asking. */
async function get(
  limits: { courses?: number; classesPerCourse?: number } = {},
): Promise<Result<StudentDashboard>> {
  return settle('RPC_ERROR', ERROR_MESSAGES.fetchEnrolledCoursesFailed, async () => {
    const args: DashboardArgs = {
      course_limit: limits.courses ?? STUDENT_DASHBOARD_LIMITS.courses,
      class_limit: limits.classesPerCourse ?? STUDENT_DASHBOARD_LIMITS.classesPerCourse,
    };
    const { data, error } = await getClient().rpc('get_student_dashboard', args);
    if (error) {
      return fromPostgrestError('RPC_ERROR', error, ERROR_MESSAGES.fetchEnrolledCoursesFailed);
    }
    return ok(toStudentDashboard(data as StudentDashboardJson));
  });
}

export const studentDashboardReadModel = { get };
