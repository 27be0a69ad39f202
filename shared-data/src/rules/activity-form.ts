import {
  DEFAULT_RECORDING_LIMIT_SECONDS,
  type Activity,
  type ActivityInput,
  type ActivityType,
} from '../mappers/activity';
import { rubricFitsPoints, type RubricContent } from './rubric';
import { combineLocalDateTime } from './schedule';
import type { CefrLevel, Skill } from './skills';

// The activity form's rules (docs/product-rules.md "Activities and submissions" and "Text lengths"):
// the same limits as the checks of public.activities (20261122000700_activities.sql), so the form
// refuses what the database would.
//
// An activity belongs to exactly one course or one class. The form always has a course field: with
// the class association it narrows the class list to that course's classes, and only the class is
// saved. The due date is optional: it is saved only when both its date and its time are set, as the
// UTC instant of that local date and time.

/** New activities: an assignment worth 100 points, no late submissions, active. */
export const ACTIVITY_DEFAULTS = {
  type: 'assignment',
  maxPoints: 100,
  allowLateSubmission: false,
  isActive: true,
  recordingLimitSeconds: DEFAULT_RECORDING_LIMIT_SECONDS,
} as const satisfies Partial<ActivityInput>;

/**
 * `max_points integer check (max_points >= 1)` and `activities_max_points_limit` (at most 9999: a grade
 * is numeric(6, 2), so it holds at most 9999.99).
 */
export const ACTIVITY_POINTS = { min: 1, max: 9999 } as const;

/**
 * How long a recorded answer may be, in seconds: `activities_recording_limit_seconds_check`
 * (`recording_limit_seconds between 30 and 900`, 30 s to 15 min), whole seconds.
 */
export const ACTIVITY_RECORDING_LIMIT = { min: 30, max: 900 } as const;

/** The character limits of the activities checks (title is counted after trimming). */
export const ACTIVITY_TEXT_LIMITS = { title: 200, description: 5000, instructions: 10000 } as const;

/** What an activity is set for: a whole course, or one class of a course. */
export type ActivityAssociation = 'course' | 'class';

export type ActivityFormValues = {
  title: string;
  description: string;
  type: ActivityType;
  association: ActivityAssociation;
  /** The course (course association), or the course whose classes the class field lists. */
  courseId: string;
  /** The class (class association only). */
  classId: string;
  /** `YYYY-MM-DD`, a day in the user's own time zone; '' for no due date. */
  dueDate: string;
  /** `HH:mm` (24 h), local time on that day; only used together with a due date. */
  dueTime: string;
  /** A number input answers '' while empty. */
  maxPoints: number | string;
  instructions: string;
  allowLateSubmission: boolean;
  isActive: boolean;
  /** Seconds a recorded answer may run; a number input answers '' while empty. */
  recordingLimitSeconds: number | string;
  /** The skills it trains (issue 32). */
  skills: Skill[];
  /** '' for none: a new activity then takes its course's level. */
  cefrLevel: CefrLevel | '';
  /** A copy of a library rubric (null: graded by points), and the library rubric it came from. */
  rubric: RubricContent | null;
  rubricId: string | null;
};

/** i18n keys in the `validation` namespace. */
export type ActivityFormMessageKey =
  | 'activityTitleRequired'
  | 'activityTitleTooLong'
  | 'activityDescriptionRequired'
  | 'activityDescriptionTooLong'
  | 'activityCourseRequired'
  | 'activityClassRequired'
  | 'activityMaxPointsRequired'
  | 'activityMaxPointsMin'
  | 'activityMaxPointsMax'
  | 'activityMaxPointsWhole'
  | 'activityInstructionsTooLong'
  | 'activityDueDateInvalid'
  | 'activityDueTimeRequired'
  | 'activityDueTimeInvalid'
  | 'activityDueTimeSkipped'
  | 'activityRecordingLimitRequired'
  | 'activityRecordingLimitRange'
  | 'activityRecordingLimitWhole'
  | 'activityRubricTooLarge';

export type ActivityFormErrors = Partial<Record<keyof ActivityFormValues, ActivityFormMessageKey>>;

/** A new activity: the defaults, associated with a course, nothing chosen or typed yet. */
export function emptyActivityForm(): ActivityFormValues {
  return {
    title: '',
    description: '',
    type: ACTIVITY_DEFAULTS.type,
    association: 'course',
    courseId: '',
    classId: '',
    dueDate: '',
    dueTime: '',
    maxPoints: ACTIVITY_DEFAULTS.maxPoints,
    instructions: '',
    allowLateSubmission: ACTIVITY_DEFAULTS.allowLateSubmission,
    isActive: ACTIVITY_DEFAULTS.isActive,
    recordingLimitSeconds: ACTIVITY_DEFAULTS.recordingLimitSeconds,
    skills: [],
    cefrLevel: '',
    rubric: null,
    rubricId: null,
  };
}

/** A text's length as the database counts it: characters (an emoji is one), after trimming. */
export function activityTextLength(text: string): number {
  return [...text.trim()].length;
}

/** The time as `HH:mm` (a picker showing seconds answers `HH:mm:ss`), or null when it is not one. */
function formTime(time: string): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(time.trim());
  return match ? `${match[1]}:${match[2]}` : null;
}

/** A real calendar day written `YYYY-MM-DD` (noon exists on every day, whatever the clocks do). */
function isFormDate(date: string): boolean {
  return combineLocalDateTime(date, '12:00') !== null;
}

/** The time a due date takes when it is chosen: the end of that day, in 24-hour form. */
export const DEFAULT_DUE_TIME = '23:59';

/**
 * True when the form will save a due date: both its date and its time are set. A date without a time
 * saves no due date (the form says so next to the time field).
 */
export function hasDueDate(values: Pick<ActivityFormValues, 'dueDate' | 'dueTime'>): boolean {
  return values.dueDate.trim() !== '' && values.dueTime.trim() !== '';
}

function pointsError(maxPoints: number | string): ActivityFormMessageKey | undefined {
  if (typeof maxPoints === 'string' && maxPoints.trim() === '') return 'activityMaxPointsRequired';
  const points = Number(maxPoints);
  if (!Number.isFinite(points)) return 'activityMaxPointsRequired';
  if (!Number.isInteger(points)) return 'activityMaxPointsWhole';
  if (points < ACTIVITY_POINTS.min) return 'activityMaxPointsMin';
  return points > ACTIVITY_POINTS.max ? 'activityMaxPointsMax' : undefined;
}

function recordingLimitError(seconds: number | string): ActivityFormMessageKey | undefined {
  if (typeof seconds === 'string' && seconds.trim() === '') return 'activityRecordingLimitRequired';
  const value = Number(seconds);
  if (!Number.isFinite(value)) return 'activityRecordingLimitRequired';
  if (!Number.isInteger(value)) return 'activityRecordingLimitWhole';
  return value < ACTIVITY_RECORDING_LIMIT.min || value > ACTIVITY_RECORDING_LIMIT.max
    ? 'activityRecordingLimitRange'
    : undefined;
}

function textError(
  text: string,
  limit: number,
  required: ActivityFormMessageKey | null,
  tooLong: ActivityFormMessageKey,
): ActivityFormMessageKey | undefined {
  if (text.trim() === '') return required ?? undefined;
  return activityTextLength(text) > limit ? tooLong : undefined;
}

/** Failing fields only; `{}` means the activity can be saved. */
export function validateActivityForm(values: ActivityFormValues): ActivityFormErrors {
  const errors: ActivityFormErrors = {};
  const title = textError(
    values.title,
    ACTIVITY_TEXT_LIMITS.title,
    'activityTitleRequired',
    'activityTitleTooLong',
  );
  if (title) errors.title = title;
  const description = textError(
    values.description,
    ACTIVITY_TEXT_LIMITS.description,
    'activityDescriptionRequired',
    'activityDescriptionTooLong',
  );
  if (description) errors.description = description;

  if (values.association === 'course') {
    if (values.courseId.trim() === '') errors.courseId = 'activityCourseRequired';
  } else if (values.classId.trim() === '') {
    errors.classId = 'activityClassRequired';
  }

  const points = pointsError(values.maxPoints);
  if (points) errors.maxPoints = points;
  const instructions = textError(
    values.instructions,
    ACTIVITY_TEXT_LIMITS.instructions,
    null,
    'activityInstructionsTooLong',
  );
  if (instructions) errors.instructions = instructions;
  const recordingLimit = recordingLimitError(values.recordingLimitSeconds);
  if (recordingLimit) errors.recordingLimitSeconds = recordingLimit;
  // guard_activity_rubric: the rubric's best total must fit the activity's points.
  if (values.rubric && !points && !rubricFitsPoints(values.rubric, values.maxPoints)) {
    errors.rubric = 'activityRubricTooLarge';
  }

  // The time is checked only with a date: without one it is disabled, and no due date is saved.
  if (values.dueDate.trim() !== '') {
    if (!isFormDate(values.dueDate)) {
      errors.dueDate = 'activityDueDateInvalid';
    } else if (values.dueTime.trim() === '') {
      // Cleared, or a time input left half typed (it then reports no value): never drop the date silently.
      errors.dueTime = 'activityDueTimeRequired';
    } else {
      const hhmm = formTime(values.dueTime);
      if (!hhmm) errors.dueTime = 'activityDueTimeInvalid';
      // The hour the clocks skip (spring forward) does not exist on that day.
      else if (combineLocalDateTime(values.dueDate, hhmm) === null)
        errors.dueTime = 'activityDueTimeSkipped';
    }
  }
  return errors;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time as the form's local `YYYY-MM-DD` and `HH:mm`; empty strings when absent. */
function localDateAndTime(iso: string | null): { date: string; time: string } {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return { date: '', time: '' };
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** The activity's course: its own, or its class's (`effectiveCourseId` from the activity list). */
type EditedActivity = Activity & { effectiveCourseId?: string | null };

/** The form filled with an activity being edited (its due date and time in the user's time zone). */
export function activityFormFromActivity(activity: EditedActivity): ActivityFormValues {
  const { date, time } = localDateAndTime(activity.dueDate);
  return {
    title: activity.title,
    description: activity.description,
    type: activity.type,
    association: activity.classId ? 'class' : 'course',
    courseId: activity.courseId ?? activity.effectiveCourseId ?? '',
    classId: activity.classId ?? '',
    dueDate: date,
    dueTime: time,
    maxPoints: activity.maxPoints,
    instructions: activity.instructions ?? '',
    allowLateSubmission: activity.allowLateSubmission,
    isActive: activity.isActive,
    recordingLimitSeconds: activity.recordingLimitSeconds,
    skills: [...activity.skills],
    cefrLevel: activity.cefrLevel ?? '',
    rubric: activity.rubric,
    rubricId: activity.rubricId,
  };
}

/**
 * What to save for valid form values (call it once validateActivityForm answers `{}`): trimmed texts,
 * the chosen course or class (the other one null), the points as a number, and the due date as an ISO
 * UTC date-time only when both its date and time are set, else null.
 *
 * Pass the activity being edited as `original`: when its due date and time were left as they were, it
 * keeps its exact due instant (the form has no seconds, and in the hour the clocks go back a local
 * time happens twice, so reading it again could move the deadline by an hour).
 */
export function toActivityInput(values: ActivityFormValues, original?: Activity): ActivityInput {
  let dueDate: string | null = null;
  if (hasDueDate(values)) {
    const hhmm = formTime(values.dueTime) ?? values.dueTime;
    const before = original ? localDateAndTime(original.dueDate) : null;
    dueDate =
      original?.dueDate && before?.date === values.dueDate.trim() && before.time === hhmm
        ? original.dueDate
        : combineLocalDateTime(values.dueDate, hhmm);
    if (dueDate === null) {
      throw new RangeError(`Not a local date and time: ${values.dueDate} ${values.dueTime}`);
    }
  }
  const byClass = values.association === 'class';
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type,
    courseId: byClass ? null : values.courseId.trim(),
    classId: byClass ? values.classId.trim() : null,
    dueDate,
    maxPoints: Number(values.maxPoints),
    instructions: values.instructions.trim() === '' ? null : values.instructions.trim(),
    allowLateSubmission: values.allowLateSubmission,
    isActive: values.isActive,
    recordingLimitSeconds: Number(values.recordingLimitSeconds),
    skills: [...values.skills],
    cefrLevel: values.cefrLevel === '' ? null : values.cefrLevel,
    rubric: values.rubric,
    rubricId: values.rubric ? values.rubricId : null,
  };
}
