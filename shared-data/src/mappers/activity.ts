import type { Tables, TablesInsert } from '../database.types';
import type { Json } from '../database.types';
import { parseRubricContent, type RubricContent } from '../rules/rubric';
import { toCefrLevel, toSkills, type CefrLevel, type Skill } from '../rules/skills';
import { blankToNull, oneOf, toNumber } from './fields';

/** `activities.recording_limit_seconds`' default: 3 minutes. */
export const DEFAULT_RECORDING_LIMIT_SECONDS = 180;

export type ActivityType = 'assignment' | 'quiz' | 'project' | 'homework' | 'presentation';

export const ACTIVITY_TYPES: readonly ActivityType[] = [
  'assignment',
  'quiz',
  'project',
  'homework',
  'presentation',
];

/** A row of `public.activities` with the title of its course or class embedded. */
export type ActivityRow = Omit<Tables<'activities'>, 'updated_at'> & {
  course?: { title: string } | null;
  class?: { title: string; course_id: string } | null;
};

export type Activity = {
  id: string;
  title: string;
  description: string;
  type: ActivityType;
  /** Exactly one of courseId and classId is set. */
  courseId: string | null;
  classId: string | null;
  /** The course or the class the activity belongs to, for the card. */
  courseTitle: string | null;
  classTitle: string | null;
  dueDate: string | null;
  maxPoints: number;
  instructions: string | null;
  allowLateSubmission: boolean;
  isActive: boolean;
  /** How long a recorded answer may be, in seconds (30–900; 180 unless the teacher set another). */
  recordingLimitSeconds: number;
  createdBy: string | null;
  createdAt: string;
  /** The skills it trains (issue 32), in SKILLS order. */
  skills: Skill[];
  cefrLevel: CefrLevel | null;
  /** The activity's own copy of a rubric, and the library rubric it came from (null once deleted). */
  rubric: RubricContent | null;
  rubricId: string | null;
};

/** What the activity form sends. */
export type ActivityInput = {
  title: string;
  description: string;
  type?: ActivityType;
  courseId?: string | null;
  classId?: string | null;
  /** ISO date-time or null; see `combineLocalDateTime` for the form's date and time fields. */
  dueDate?: string | null;
  maxPoints?: number;
  instructions?: string | null;
  allowLateSubmission?: boolean;
  isActive?: boolean;
  recordingLimitSeconds?: number;
  skills?: Skill[];
  /** Null: the course's level when creating (the database's default), none when editing. */
  cefrLevel?: CefrLevel | null;
  /** A copy of a library rubric (null: none), and where it came from. */
  rubric?: RubricContent | null;
  rubricId?: string | null;
};

export type ActivityChanges = Partial<ActivityInput>;

export type ActivityWriteRow = Partial<
  Pick<
    TablesInsert<'activities'>,
    | 'title'
    | 'description'
    | 'type'
    | 'course_id'
    | 'class_id'
    | 'due_date'
    | 'max_points'
    | 'instructions'
    | 'allow_late_submission'
    | 'is_active'
    | 'recording_limit_seconds'
    | 'skills'
    | 'cefr_level'
    | 'rubric'
    | 'rubric_id'
  >
>;

export const ACTIVITY_COLUMNS =
  'id, title, description, type, course_id, class_id, due_date, max_points, instructions, allow_late_submission, is_active, recording_limit_seconds, created_by, created_at, skills, cefr_level, rubric, rubric_id, course:courses(title), class:classes(title, course_id)';

export function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: oneOf(ACTIVITY_TYPES, row.type) ?? 'assignment',
    courseId: row.course_id,
    classId: row.class_id,
    courseTitle: row.course?.title ?? null,
    classTitle: row.class?.title ?? null,
    dueDate: row.due_date,
    maxPoints: row.max_points,
    instructions: row.instructions,
    allowLateSubmission: row.allow_late_submission,
    isActive: row.is_active,
    recordingLimitSeconds: row.recording_limit_seconds,
    createdBy: row.created_by,
    createdAt: row.created_at,
    skills: toSkills(row.skills),
    cefrLevel: toCefrLevel(row.cefr_level),
    rubric: parseRubricContent(row.rubric),
    rubricId: row.rubric_id,
  };
}

/** A due date as stored: an ISO UTC date-time, or null when absent or not a date. */
export function toDueDate(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function toActivityWriteRow(changes: ActivityChanges): ActivityWriteRow {
  const row: ActivityWriteRow = {};
  if (changes.title !== undefined) row.title = changes.title.trim();
  if (changes.description !== undefined) row.description = changes.description.trim();
  if (changes.type !== undefined) row.type = changes.type;
  if (changes.courseId !== undefined) row.course_id = blankToNull(changes.courseId);
  if (changes.classId !== undefined) row.class_id = blankToNull(changes.classId);
  if (changes.dueDate !== undefined) row.due_date = toDueDate(changes.dueDate);
  if (changes.maxPoints !== undefined) row.max_points = changes.maxPoints;
  if (changes.instructions !== undefined) row.instructions = blankToNull(changes.instructions);
  if (changes.allowLateSubmission !== undefined) {
    row.allow_late_submission = changes.allowLateSubmission;
  }
  if (changes.isActive !== undefined) row.is_active = changes.isActive;
  if (changes.recordingLimitSeconds !== undefined) {
    row.recording_limit_seconds = changes.recordingLimitSeconds;
  }
  if (changes.skills !== undefined) row.skills = [...changes.skills];
  if (changes.cefrLevel !== undefined) row.cefr_level = changes.cefrLevel;
  if (changes.rubric !== undefined) {
    row.rubric = changes.rubric === null ? null : (changes.rubric as unknown as Json);
  }
  if (changes.rubricId !== undefined) row.rubric_id = changes.rubricId;
  return row;
}

/**
 * A row of the `activity_list` view as the Activities management screen reads it: the activity, its
 * course (directly or through its class) and the counts of the submissions the caller may see.
 */
export type ManagedActivityRow = Pick<
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
  | 'is_active'
  | 'created_by'
  | 'created_at'
  | 'submission_count'
  | 'graded_count'
  | 'recording_limit_seconds'
  | 'skills'
  | 'cefr_level'
  | 'rubric'
  | 'rubric_id'
>;

/** An activity on the teachers' and administrators' Activities screen. */
export type ManagedActivity = Activity & {
  /** The course the activity belongs to, directly or through its class. */
  effectiveCourseId: string | null;
  /** When the activity's class takes place (class activities only). */
  classScheduledDate: string | null;
  /** Submissions received (those the caller may see) and how many of them are graded. */
  submissionCount: number;
  gradedCount: number;
};

export const MANAGED_ACTIVITY_COLUMNS =
  'id, title, description, type, course_id, class_id, effective_course_id, course_title, class_title, class_scheduled_date, due_date, max_points, instructions, allow_late_submission, is_active, created_by, created_at, submission_count, graded_count, recording_limit_seconds, skills, cefr_level, rubric, rubric_id';

/**
 * `course_title` is the title of the activity's course, also for a class activity (the view joins
 * the class's course), so a class activity carries both titles.
 */
export function toManagedActivity(row: ManagedActivityRow): ManagedActivity {
  return {
    id: row.id ?? '',
    title: row.title ?? '',
    description: row.description ?? '',
    type: oneOf(ACTIVITY_TYPES, row.type) ?? 'assignment',
    courseId: row.course_id,
    classId: row.class_id,
    courseTitle: row.course_title,
    classTitle: row.class_title,
    dueDate: row.due_date,
    maxPoints: toNumber(row.max_points),
    instructions: row.instructions,
    allowLateSubmission: row.allow_late_submission ?? false,
    isActive: row.is_active ?? true,
    recordingLimitSeconds: row.recording_limit_seconds ?? DEFAULT_RECORDING_LIMIT_SECONDS,
    createdBy: row.created_by,
    createdAt: row.created_at ?? '',
    skills: toSkills(row.skills),
    cefrLevel: toCefrLevel(row.cefr_level),
    rubric: parseRubricContent(row.rubric),
    rubricId: row.rubric_id ?? null,
    effectiveCourseId: row.effective_course_id ?? row.course_id,
    classScheduledDate: row.class_scheduled_date,
    submissionCount: toNumber(row.submission_count),
    gradedCount: toNumber(row.graded_count),
  };
}
