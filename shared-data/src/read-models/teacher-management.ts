import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { blankToNull, toNumber, toNumberOrNull } from '../mappers/fields';
import { normalizePage, toPaged, type PageRequest, type Paged } from '../rules/paging';
import { TEACHER_PAGE_SIZE } from '../rules/teacher-form';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import { toTeacherProfile, type TeacherProfile } from '../services/teachers';

// Teacher Management (administrators, admin-app /teachers): the page of teachers and the figures, one
// request each, from the administrators-only functions of 20261122001900_read_models_admin.sql. Its
// writes are `teachersService`.

/** One of the newest courses a teacher's card names. */
export type TeacherCourseSummary = { id: string; title: string; isActive: boolean };

/** A teacher as Teacher Management lists them. */
export type ManagedTeacher = TeacherProfile & {
  courseCount: number;
  activeCourseCount: number;
  /** The newest courses (TEACHER_CARD_COURSE_LIMIT); `courseCount` counts them all. */
  courses: TeacherCourseSummary[];
  /** Distinct students with an active enrolment in the teacher's courses. */
  studentCount: number;
  /** Mean of the reviews of the teacher's courses; null when nobody has reviewed them. */
  averageRating: number | null;
  reviewCount: number;
};

export type TeacherFilters = PageRequest & {
  /** First name, last name, "first last" or email contains it (any case). */
  search?: string;
  /** One specialization the teacher has (exactly as listed in the figures). */
  specialization?: string;
  isActive?: boolean;
};

/** Teacher Management's figures, over every teacher whatever the filters. */
export type TeacherStats = {
  totalTeachers: number;
  activeTeachers: number;
  inactiveTeachers: number;
  coursesTaught: number;
  /** Courses without a teacher (a deleted teacher's, unless they were moved). */
  unassignedCourses: number;
  activeStudents: number;
  averageRating: number | null;
  reviewCount: number;
  /** Every specialization in use, each once, A–Z: the filter's choices. */
  specializations: string[];
};

type Json = Record<string, unknown>;

const TEACHER_STATS_FAILED = 'Failed to fetch teacher statistics';

const object = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const entries = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const numeric = (value: unknown) => toNumber(value as number | string | null | undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** A row of get_teacher_management_page's `items`. */
export function toManagedTeacher(json: Json): ManagedTeacher {
  const profile = toTeacherProfile({
    id: String(json.id ?? ''),
    email: text(json.email) ?? '',
    first_name: text(json.first_name),
    last_name: text(json.last_name),
    role: 'teacher',
    avatar_url: text(json.avatar_url),
    created_at: text(json.created_at) ?? '',
    updated_at: null,
    phone: text(json.phone),
    location: text(json.location),
    bio: text(json.bio),
    is_active: json.is_active === false ? false : true,
    last_sign_in_at: text(json.last_sign_in_at),
    // Not part of the teacher list: only the signed-in person's own greeting reads it.
    previous_sign_in_at: null,
    specializations: json.specializations,
  });
  return {
    ...profile,
    courseCount: numeric(json.course_count),
    activeCourseCount: numeric(json.active_course_count),
    courses: entries(json.courses).map((course) => ({
      id: String(course.id ?? ''),
      title: text(course.title) ?? '',
      isActive: course.is_active !== false,
    })),
    studentCount: numeric(json.student_count),
    averageRating: toNumberOrNull(json.average_rating as number | string | null | undefined),
    reviewCount: numeric(json.review_count),
  };
}

export function toTeacherStats(json: Json | null): TeacherStats {
  const data = object(json);
  return {
    totalTeachers: numeric(data.total_teachers),
    activeTeachers: numeric(data.active_teachers),
    inactiveTeachers: numeric(data.inactive_teachers),
    coursesTaught: numeric(data.courses_taught),
    unassignedCourses: numeric(data.unassigned_courses),
    activeStudents: numeric(data.active_students),
    averageRating: toNumberOrNull(data.average_rating as number | string | null | undefined),
    reviewCount: numeric(data.review_count),
    specializations: texts(data.specializations),
  };
}

/** One page of teachers by name (TEACHER_PAGE_SIZE unless asked), in one request. */
async function page(filters: TeacherFilters = {}): Promise<Result<Paged<ManagedTeacher>>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchTeachersFailed, async () => {
    const { page, limit } = normalizePage({
      page: filters.page,
      limit: filters.limit ?? TEACHER_PAGE_SIZE,
    });
    const { data, error } = await getClient().rpc('get_teacher_management_page', {
      // Unset filters are left out: the function's defaults (null) apply.
      search: blankToNull(filters.search) ?? undefined,
      specialization: blankToNull(filters.specialization) ?? undefined,
      is_active: filters.isActive,
      page_number: page,
      page_size: limit,
    });
    if (error) {
      return fromPostgrestError('FETCH_USERS_ERROR', error, ERROR_MESSAGES.fetchTeachersFailed);
    }
    const answer = object(data);
    return ok(
      toPaged(entries(answer.items).map(toManagedTeacher), numeric(answer.total), page, limit),
    );
  });
}

/** The figures over every teacher and the specializations in use, in one request. */
async function stats(): Promise<Result<TeacherStats>> {
  return settle('USER_STATS_ERROR', TEACHER_STATS_FAILED, async () => {
    const { data, error } = await getClient().rpc('get_teacher_management_stats');
    if (error) return fromPostgrestError('USER_STATS_ERROR', error, TEACHER_STATS_FAILED);
    return ok(toTeacherStats(data as Json | null));
  });
}

export const teacherManagementReadModel = { page, stats };
