import { getClient } from '@portal/shared-data/session';
import type { Tables } from '../database.types';
import { ERROR_MESSAGES } from '../errors';
import {
  ACTIVITY_TYPES,
  DEFAULT_RECORDING_LIMIT_SECONDS,
  type ActivityType,
} from '../mappers/activity';
import { oneOf, toNumber, toNumberOrNull } from '../mappers/fields';
import {
  parseRubricContent,
  parseRubricScores,
  type RubricContent,
  type RubricScores,
} from '../rules/rubric';
import { toCefrLevel, toSkills, type CefrLevel, type Skill } from '../rules/skills';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../mappers/submission';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import { calendarReadModel } from './calendar';

// A student's Activities screen in three requests, whatever the number of
// courses: the `activity_list` view (RLS: active activities of the courses the student is actively
// enrolled in, and of their classes, each with the student's own submission), the enrolled courses
// from `my_courses` (the course filter and the 'Enrolled Courses' figure) and a head count of the
// upcoming classes from `calendar_classes` ('Scheduled Classes'). 'Due This Week' is computed from the list.

/** The student's own submission as the activity list carries it (text and files need one more request). */
export type MySubmissionSummary = {
  id: string;
  status: SubmissionStatus;
  grade: number | null;
  feedback: string | null;
  /** The teacher's recorded feedback: an object of the feedback-audio bucket, or null. */
  feedbackAudio: string | null;
  submittedAt: string | null;
  /** The rubric levels the grader chose, when graded with the activity's rubric. */
  rubricScores: RubricScores | null;
};

export type StudentActivity = {
  id: string;
  title: string;
  description: string;
  type: ActivityType;
  /** The course the activity belongs to, directly or through its class. */
  courseId: string | null;
  courseTitle: string | null;
  /** Set for class-level activities. */
  classId: string | null;
  classTitle: string | null;
  classScheduledDate: string | null;
  dueDate: string | null;
  maxPoints: number;
  instructions: string | null;
  allowLateSubmission: boolean;
  /** How long a recorded answer may be, in seconds. */
  recordingLimitSeconds: number;
  skills: Skill[];
  cefrLevel: CefrLevel | null;
  /** The activity's rubric (how the work is graded), when it has one. */
  rubric: RubricContent | null;
  mySubmission: MySubmissionSummary | null;
};

/** A course the student is actively enrolled in (for the course filter). */
export type EnrolledCourseOption = { id: string; title: string };

export type StudentActivitiesOverview = {
  activities: StudentActivity[];
  /** Active enrollments, by title. */
  courses: EnrolledCourseOption[];
  /** Classes of those courses that start from now on. */
  upcomingClassCount: number;
};

export type ActivityListRow = Pick<
  Tables<'activity_list'>,
  | 'id'
  | 'title'
  | 'description'
  | 'type'
  | 'course_id'
  | 'class_id'
  | 'effective_course_id'
  | 'course_title'
  | 'class_title'
  | 'class_scheduled_date'
  | 'due_date'
  | 'max_points'
  | 'instructions'
  | 'allow_late_submission'
  | 'my_submission_id'
  | 'my_submission_status'
  | 'my_grade'
  | 'my_feedback'
  | 'my_submitted_at'
  | 'my_feedback_audio'
  | 'recording_limit_seconds'
  | 'skills'
  | 'cefr_level'
  | 'rubric'
  | 'my_rubric_scores'
>;

type EnrolledCourseRow = Pick<Tables<'my_courses'>, 'id' | 'title'>;

export const STUDENT_ACTIVITY_COLUMNS =
  'id, title, description, type, course_id, class_id, effective_course_id, course_title, class_title, class_scheduled_date, due_date, max_points, instructions, allow_late_submission, my_submission_id, my_submission_status, my_grade, my_feedback, my_submitted_at, my_feedback_audio, recording_limit_seconds, skills, cefr_level, rubric, my_rubric_scores';

export function toStudentActivity(row: ActivityListRow): StudentActivity {
  return {
    id: row.id ?? '',
    title: row.title ?? '',
    description: row.description ?? '',
    type: oneOf(ACTIVITY_TYPES, row.type) ?? 'assignment',
    courseId: row.effective_course_id ?? row.course_id,
    courseTitle: row.course_title,
    classId: row.class_id,
    classTitle: row.class_title,
    classScheduledDate: row.class_scheduled_date,
    dueDate: row.due_date,
    maxPoints: toNumber(row.max_points),
    instructions: row.instructions,
    allowLateSubmission: row.allow_late_submission ?? false,
    recordingLimitSeconds: row.recording_limit_seconds ?? DEFAULT_RECORDING_LIMIT_SECONDS,
    skills: toSkills(row.skills),
    cefrLevel: toCefrLevel(row.cefr_level),
    rubric: parseRubricContent(row.rubric),
    mySubmission: row.my_submission_id
      ? {
          id: row.my_submission_id,
          status: oneOf(SUBMISSION_STATUSES, row.my_submission_status) ?? 'submitted',
          grade: toNumberOrNull(row.my_grade),
          feedback: row.my_feedback,
          feedbackAudio: row.my_feedback_audio,
          submittedAt: row.my_submitted_at,
          rubricScores: parseRubricScores(row.my_rubric_scores),
        }
      : null,
  };
}

/**
 * The student's activities, soonest due first (those without a due date last). `is_active` is also
 * RLS's rule for students; asking for it keeps the screen right for any caller.
 */
async function listActivities(): Promise<Result<StudentActivity[]>> {
  return settle('FETCH_ACTIVITIES_ERROR', ERROR_MESSAGES.fetchStudentActivitiesFailed, async () => {
    const { data, error } = await getClient()
      .from('activity_list')
      .select(STUDENT_ACTIVITY_COLUMNS)
      .eq('is_active', true)
      .order('due_date', { ascending: true, nullsFirst: false })
      .order('title', { ascending: true })
      .overrideTypes<ActivityListRow[], { merge: false }>();
    if (error) {
      return fromPostgrestError(
        'FETCH_ACTIVITIES_ERROR',
        error,
        ERROR_MESSAGES.fetchStudentActivitiesFailed,
      );
    }
    return ok(data.map(toStudentActivity));
  });
}

/** The courses the caller is actively enrolled in, by title. */
async function listEnrolledCourses(): Promise<Result<EnrolledCourseOption[]>> {
  return settle('FETCH_COURSES_ERROR', ERROR_MESSAGES.fetchEnrolledCoursesFailed, async () => {
    const { data, error } = await getClient()
      .from('my_courses')
      .select('id, title')
      .eq('relation', 'student')
      .eq('enrollment_status', 'active')
      .order('title', { ascending: true })
      .overrideTypes<EnrolledCourseRow[], { merge: false }>();
    if (error) {
      return fromPostgrestError(
        'FETCH_COURSES_ERROR',
        error,
        ERROR_MESSAGES.fetchEnrolledCoursesFailed,
      );
    }
    return ok(data.map((row) => ({ id: row.id ?? '', title: row.title ?? '' })));
  });
}

/** Everything the student's Activities screen shows, in three parallel requests; the first failure wins. */
async function overview(now: Date = new Date()): Promise<Result<StudentActivitiesOverview>> {
  const [activities, courses, upcoming] = await Promise.all([
    listActivities(),
    listEnrolledCourses(),
    calendarReadModel.countUpcomingClasses(now),
  ]);
  if (!activities.success) return activities;
  if (!courses.success) return courses;
  if (!upcoming.success) return upcoming;
  return ok({
    activities: activities.data,
    courses: courses.data,
    upcomingClassCount: upcoming.data,
  });
}

export const studentActivitiesReadModel = { listActivities, listEnrolledCourses, overview };
