import type { ClassInput, ClassType, CourseClass } from '../mappers/class';
import { combineLocalDateTime } from './schedule';

// The class form's rules (docs/product-rules.md "Classes" and "Text lengths"): the same limits as the
// checks of public.classes (20261122000500_classes.sql), so the form refuses what the database would.
//
// The form has one link field, `meetingLink`: the class's link for its type. A live class must have
// one, its meeting link (`classes_meeting_link_required_for_live`). A recorded class has no meeting to
// join (nothing offers Join for it), so its optional link is the recording students watch: it is saved
// as `recording_url` and the class's meeting link is cleared.

/** `duration integer check (duration >= 15)`, in minutes; the form steps by 15 from a default of 60. */
export const CLASS_DURATION = { min: 15, step: 15, default: 60 } as const;

/**
 * "Repeat weekly": a new class can be scheduled as a series, the same weekday and local time for N
 * weeks (2 to 26, half a year; 4 suggested), saved in one request so all of it is saved or none.
 */
export const CLASS_SERIES_WEEKS = { min: 2, max: 26, default: 4 } as const;

/** The character limits of the classes checks (title is counted after trimming). */
export const CLASS_TEXT_LIMITS = { title: 200, description: 5000, link: 2000 } as const;

export type ClassFormValues = {
  courseId: string;
  title: string;
  description: string;
  /** `YYYY-MM-DD`, a day in the user's own time zone. */
  date: string;
  /** `HH:mm` (24 h), local time on that day. */
  time: string;
  /** Minutes; a number input answers '' while empty. */
  duration: number | string;
  type: ClassType;
  /** A live class's meeting link, or a recorded class's recording link (see above). */
  meetingLink: string;
  /** New classes only: schedule the same class every week for `weeks` weeks. */
  repeatWeekly: boolean;
  /** How many weeks the series lasts, the first class included; a number input answers '' while empty. */
  weeks: number | string;
};

/** i18n keys in the `validation` namespace. */
export type ClassFormMessageKey =
  | 'classCourseRequired'
  | 'classTitleRequired'
  | 'classTitleTooLong'
  | 'classDescriptionRequired'
  | 'classDescriptionTooLong'
  | 'classDateRequired'
  | 'classDateInvalid'
  | 'classTimeRequired'
  | 'classTimeInvalid'
  | 'classTimeSkipped'
  | 'classDurationRequired'
  | 'classDurationMin'
  | 'classDurationStep'
  | 'classMeetingLinkRequired'
  | 'classMeetingLinkInvalid'
  | 'classMeetingLinkTooLong'
  | 'classWeeksRange'
  | 'classSeriesTimeSkipped';

export type ClassFormErrors = Partial<Record<keyof ClassFormValues, ClassFormMessageKey>>;

/** A new class: no course chosen yet, live, 60 minutes, everything else empty. */
export function emptyClassForm(): ClassFormValues {
  return {
    courseId: '',
    title: '',
    description: '',
    date: '',
    time: '',
    duration: CLASS_DURATION.default,
    type: 'live',
    meetingLink: '',
    repeatWeekly: false,
    weeks: CLASS_SERIES_WEEKS.default,
  };
}

/** A text's length as the database counts it: characters (an emoji is one), after trimming. */
export function classTextLength(text: string): number {
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

/** The minutes a duration field holds, or null when it holds no number. */
function durationMinutes(duration: number | string): number | null {
  if (typeof duration === 'string' && duration.trim() === '') return null;
  const minutes = Number(duration);
  return Number.isFinite(minutes) ? minutes : null;
}

/** An absolute http(s) link with a host and no spaces. */
export function isClassLink(link: string): boolean {
  const trimmed = link.trim();
  if (!/^https?:\/\/\S+$/i.test(trimmed)) return false;
  try {
    return new URL(trimmed).hostname !== '';
  } catch {
    return false;
  }
}

function dateError(date: string): ClassFormMessageKey | undefined {
  if (date.trim() === '') return 'classDateRequired';
  return isFormDate(date) ? undefined : 'classDateInvalid';
}

function timeError(date: string, time: string): ClassFormMessageKey | undefined {
  if (time.trim() === '') return 'classTimeRequired';
  const hhmm = formTime(time);
  if (!hhmm) return 'classTimeInvalid';
  // The hour the clocks skip (spring forward) does not exist on that day.
  if (isFormDate(date) && combineLocalDateTime(date, hhmm) === null) return 'classTimeSkipped';
  return undefined;
}

function durationError(duration: number | string): ClassFormMessageKey | undefined {
  const minutes = durationMinutes(duration);
  if (minutes === null) return 'classDurationRequired';
  if (minutes < CLASS_DURATION.min) return 'classDurationMin';
  return minutes % CLASS_DURATION.step === 0 ? undefined : 'classDurationStep';
}

/** `YYYY-MM-DD` plus whole days, on the calendar (not 24-hour steps, which drift across a clock change). */
export function addCalendarDays(date: string, days: number): string {
  const [year, month, day] = date.trim().split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day + days));
  return at.toISOString().slice(0, 10);
}

function weeksError(values: ClassFormValues): ClassFormMessageKey | undefined {
  if (!values.repeatWeekly) return undefined;
  const weeks = durationMinutes(values.weeks);
  if (
    weeks === null ||
    !Number.isInteger(weeks) ||
    weeks < CLASS_SERIES_WEEKS.min ||
    weeks > CLASS_SERIES_WEEKS.max
  ) {
    return 'classWeeksRange';
  }
  const hhmm = formTime(values.time);
  if (!isFormDate(values.date) || !hhmm) return undefined;
  // A later week may fall on the day the clocks skip that hour.
  for (let week = 1; week < weeks; week += 1) {
    if (combineLocalDateTime(addCalendarDays(values.date, week * 7), hhmm) === null) {
      return 'classSeriesTimeSkipped';
    }
  }
  return undefined;
}

function linkError(type: ClassType, link: string): ClassFormMessageKey | undefined {
  if (link.trim() === '') return type === 'live' ? 'classMeetingLinkRequired' : undefined;
  if (classTextLength(link) > CLASS_TEXT_LIMITS.link) return 'classMeetingLinkTooLong';
  return isClassLink(link) ? undefined : 'classMeetingLinkInvalid';
}

/** Failing fields only; `{}` means the class can be saved. */
export function validateClassForm(values: ClassFormValues): ClassFormErrors {
  const errors: ClassFormErrors = {};
  if (values.courseId.trim() === '') errors.courseId = 'classCourseRequired';

  if (values.title.trim() === '') errors.title = 'classTitleRequired';
  else if (classTextLength(values.title) > CLASS_TEXT_LIMITS.title)
    errors.title = 'classTitleTooLong';

  if (values.description.trim() === '') errors.description = 'classDescriptionRequired';
  else if (classTextLength(values.description) > CLASS_TEXT_LIMITS.description)
    errors.description = 'classDescriptionTooLong';

  const date = dateError(values.date);
  if (date) errors.date = date;
  const time = timeError(values.date, values.time);
  if (time) errors.time = time;
  const duration = durationError(values.duration);
  if (duration) errors.duration = duration;
  const link = linkError(values.type, values.meetingLink);
  if (link) errors.meetingLink = link;
  const weeks = weeksError(values);
  if (weeks) errors.weeks = weeks;
  return errors;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time as the form's local `YYYY-MM-DD` and `HH:mm`; empty strings when unreadable. */
function localDateAndTime(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { date: '', time: '' };
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** The form filled with a class being edited (its date and time in the user's own time zone). */
export function classFormFromClass(c: CourseClass): ClassFormValues {
  const { date, time } = localDateAndTime(c.scheduledDate);
  return {
    courseId: c.courseId,
    title: c.title,
    description: c.description,
    date,
    time,
    duration: c.duration,
    type: c.type,
    meetingLink: (c.type === 'live' ? c.meetingLink : (c.recordingUrl ?? c.meetingLink)) ?? '',
    // Editing changes one class; a series is only made when scheduling.
    repeatWeekly: false,
    weeks: CLASS_SERIES_WEEKS.default,
  };
}

/**
 * What to save for valid form values (call it once validateClassForm answers `{}`): the local date and
 * time as an ISO date-time, trimmed texts, the duration as a number, and the link as the meeting link
 * of a live class or the recording of a recorded one (the meeting link then cleared; a live class keeps
 * a recording it already has).
 *
 * Pass the class being edited as `original`: when its date and time were left as they were, it keeps
 * its exact start (the form has no seconds, and in the hour the clocks go back a local time happens
 * twice, so reading it again could move the class by an hour).
 */
/**
 * The class would start before `now` (issue 29): a new class, or an edit that moves its date or
 * time, into the past asks for confirmation first. An edit that keeps the date and time of a class
 * that already took place (its title, its link) asks nothing. False while the date or time is not
 * complete (the form's own checks name those).
 */
export function classStartsInPast(
  values: ClassFormValues,
  now: Date,
  original?: CourseClass,
): boolean {
  const hhmm = formTime(values.time);
  if (hhmm === null) return false;
  if (original) {
    const before = localDateAndTime(original.scheduledDate);
    if (before.date === values.date.trim() && before.time === hhmm) return false;
  }
  const start = combineLocalDateTime(values.date, hhmm);
  return start !== null && new Date(start).getTime() < now.getTime();
}

export function toClassInput(values: ClassFormValues, original?: CourseClass): ClassInput {
  const hhmm = formTime(values.time) ?? values.time;
  const before = original ? localDateAndTime(original.scheduledDate) : null;
  const scheduledDate =
    original && before?.date === values.date.trim() && before.time === hhmm
      ? original.scheduledDate
      : combineLocalDateTime(values.date, hhmm);
  if (scheduledDate === null) {
    throw new RangeError(`Not a local date and time: ${values.date} ${values.time}`);
  }
  const link = values.meetingLink.trim();
  const input: ClassInput = {
    courseId: values.courseId.trim(),
    title: values.title.trim(),
    description: values.description.trim(),
    scheduledDate,
    duration: Number(values.duration),
    type: values.type,
  };
  if (values.type === 'live') {
    input.meetingLink = link === '' ? null : link;
  } else {
    input.meetingLink = null;
    input.recordingUrl = link === '' ? null : link;
  }
  return input;
}

/**
 * What to save when scheduling (call it once validateClassForm answers `{}`): one class, or with
 * "repeat weekly" one per week, each on the same weekday at the same local time (so a class at 18:30
 * stays at 18:30 across a clock change), with the same title, text, duration, type and link.
 */
export function toClassSeries(values: ClassFormValues): ClassInput[] {
  const first = toClassInput(values);
  if (!values.repeatWeekly) return [first];
  const weeks = Number(values.weeks);
  const hhmm = formTime(values.time) ?? values.time;
  return Array.from({ length: weeks }, (_, week) => {
    if (week === 0) return first;
    const scheduledDate = combineLocalDateTime(addCalendarDays(values.date, week * 7), hhmm);
    if (scheduledDate === null) {
      throw new RangeError(`Not a local date and time in week ${week + 1}: ${values.time}`);
    }
    return { ...first, scheduledDate };
  });
}
