import {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  type Course,
  type CourseCategory,
  type CourseInput,
  type CourseLanguage,
  type CourseLevel,
} from '../mappers/course';
import { toCefrLevel } from './skills';
import { oneOf } from '../mappers/fields';
import { COURSE_DEFAULTS, COURSE_LIMITS } from './courses';

// The course form's rules (docs/product-rules.md "Courses"), used by a teacher's My Courses and the
// administrator's Course Management alike: the same limits as the checks of public.courses
// (20261122000300_courses.sql), so the form refuses what the database would.

/** The character limits of the courses checks (the title is counted after trimming). */
export const COURSE_TEXT_LIMITS = { title: 200, description: 5000, thumbnailUrl: 2000 } as const;

/** `price numeric(10, 2)`: cents at most, below 10^8. The form's price input steps by 0.01. */
export const COURSE_PRICE = { step: 0.01, decimals: 2, max: 99_999_999.99 } as const;

/**
 * What the form holds. The choices are plain strings (a select answers '' while nothing is chosen)
 * and the numbers `number | string` (a number input answers '' while empty); the validator checks
 * both before `toCourseInput` turns them into a `CourseInput`.
 */
export type CourseFormValues = {
  title: string;
  description: string;
  /** 'Spanish' or 'English'; '' until chosen. */
  language: string;
  category: string;
  level: string;
  /** Weeks. */
  duration: number | string;
  /** The teacher's user id; a teacher's own id, chosen by an administrator. */
  teacherId: string;
  /** US dollars. */
  price: number | string;
  maxStudents: number | string;
  /** Optional. */
  thumbnailUrl: string;
  /** Shown only when editing; a new course is active. */
  isActive: boolean;
  /** Optional CEFR level (A1–C2); '' for none. */
  cefrLevel: string;
};

/** i18n keys in the `validation` namespace. */
export type CourseFormMessageKey =
  | 'courseTitleRequired'
  | 'courseTitleTooLong'
  | 'courseDescriptionRequired'
  | 'courseDescriptionTooLong'
  | 'courseLanguageRequired'
  | 'courseCategoryRequired'
  | 'courseLevelRequired'
  | 'courseTeacherRequired'
  | 'courseDurationMin'
  | 'courseDurationWhole'
  | 'coursePriceRequired'
  | 'coursePriceNegative'
  | 'coursePriceCents'
  | 'coursePriceTooHigh'
  | 'courseMaxStudentsMin'
  | 'courseMaxStudentsWhole'
  | 'courseThumbnailInvalid'
  | 'courseThumbnailTooLong';

export type CourseFormErrors = Partial<Record<keyof CourseFormValues, CourseFormMessageKey>>;

/** The fields of a course the form edits. */
export type CourseFormSource = Pick<
  Course,
  | 'title'
  | 'description'
  | 'language'
  | 'category'
  | 'level'
  | 'duration'
  | 'teacherId'
  | 'price'
  | 'maxStudents'
  | 'thumbnailUrl'
  | 'isActive'
  | 'cefrLevel'
>;

/**
 * A new course: level beginner, 8 weeks, 299, 30 places, general, active, no language chosen yet;
 * `teacherId` is the teacher it is for (a teacher's own id: "the teacher defaults to self").
 */
export function emptyCourseForm(teacherId = ''): CourseFormValues {
  return {
    title: '',
    description: '',
    language: '',
    category: COURSE_DEFAULTS.category,
    level: COURSE_DEFAULTS.level,
    duration: COURSE_DEFAULTS.duration,
    teacherId,
    price: COURSE_DEFAULTS.price,
    maxStudents: COURSE_DEFAULTS.maxStudents,
    thumbnailUrl: '',
    isActive: COURSE_DEFAULTS.isActive,
    cefrLevel: '',
  };
}

/** The form filled with a course being edited. */
export function courseFormFromCourse(course: CourseFormSource): CourseFormValues {
  return {
    title: course.title,
    description: course.description,
    language: course.language,
    category: course.category,
    level: course.level,
    duration: course.duration,
    teacherId: course.teacherId ?? '',
    price: course.price,
    maxStudents: course.maxStudents,
    thumbnailUrl: course.thumbnailUrl ?? '',
    isActive: course.isActive,
    cefrLevel: course.cefrLevel ?? '',
  };
}

/** A text's length as the database counts it: characters (an emoji is one), after trimming. */
export function courseTextLength(text: string): number {
  return [...text.trim()].length;
}

/** The number a number field holds, or null when it holds none. */
function numberOf(value: number | string): number | null {
  if (typeof value === 'string' && value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** An absolute http(s) link with a host and no spaces. */
function isWebLink(link: string): boolean {
  const trimmed = link.trim();
  if (!/^https?:\/\/\S+$/i.test(trimmed)) return false;
  try {
    return new URL(trimmed).hostname !== '';
  } catch {
    return false;
  }
}

function wholeAtLeast(
  value: number | string,
  min: number,
  keys: { min: CourseFormMessageKey; whole: CourseFormMessageKey },
): CourseFormMessageKey | undefined {
  const parsed = numberOf(value);
  if (parsed === null || parsed < min) return keys.min;
  return Number.isInteger(parsed) ? undefined : keys.whole;
}

function priceError(value: number | string): CourseFormMessageKey | undefined {
  const price = numberOf(value);
  if (price === null) return 'coursePriceRequired';
  if (price < COURSE_LIMITS.minPrice) return 'coursePriceNegative';
  if (price > COURSE_PRICE.max) return 'coursePriceTooHigh';
  // Whole cents: 12.345 would be rounded by the database, not saved as typed.
  const cents = price * 10 ** COURSE_PRICE.decimals;
  return Math.abs(cents - Math.round(cents)) < 1e-6 ? undefined : 'coursePriceCents';
}

function thumbnailError(link: string): CourseFormMessageKey | undefined {
  if (link.trim() === '') return undefined;
  if (courseTextLength(link) > COURSE_TEXT_LIMITS.thumbnailUrl) return 'courseThumbnailTooLong';
  return isWebLink(link) ? undefined : 'courseThumbnailInvalid';
}

/** Failing fields only; `{}` means the course can be saved. */
export function validateCourseForm(values: CourseFormValues): CourseFormErrors {
  const errors: CourseFormErrors = {};

  if (values.title.trim() === '') errors.title = 'courseTitleRequired';
  else if (courseTextLength(values.title) > COURSE_TEXT_LIMITS.title)
    errors.title = 'courseTitleTooLong';

  if (values.description.trim() === '') errors.description = 'courseDescriptionRequired';
  else if (courseTextLength(values.description) > COURSE_TEXT_LIMITS.description)
    errors.description = 'courseDescriptionTooLong';

  if (!oneOf(COURSE_LANGUAGES, values.language)) errors.language = 'courseLanguageRequired';
  if (!oneOf(COURSE_CATEGORIES, values.category)) errors.category = 'courseCategoryRequired';
  if (!oneOf(COURSE_LEVELS, values.level)) errors.level = 'courseLevelRequired';
  if (values.teacherId.trim() === '') errors.teacherId = 'courseTeacherRequired';

  const duration = wholeAtLeast(values.duration, COURSE_LIMITS.minDuration, {
    min: 'courseDurationMin',
    whole: 'courseDurationWhole',
  });
  if (duration) errors.duration = duration;
  const price = priceError(values.price);
  if (price) errors.price = price;
  const maxStudents = wholeAtLeast(values.maxStudents, COURSE_LIMITS.minMaxStudents, {
    min: 'courseMaxStudentsMin',
    whole: 'courseMaxStudentsWhole',
  });
  if (maxStudents) errors.maxStudents = maxStudents;
  const thumbnail = thumbnailError(values.thumbnailUrl);
  if (thumbnail) errors.thumbnailUrl = thumbnail;
  return errors;
}

/**
 * What to save for valid form values (call it once validateCourseForm answers `{}`): trimmed texts,
 * numbers as numbers, the price in whole cents, an empty thumbnail as none. A create and an edit
 * send the same fields.
 */
export function toCourseInput(values: CourseFormValues): CourseInput {
  const thumbnail = values.thumbnailUrl.trim();
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    language: oneOf(COURSE_LANGUAGES, values.language) as CourseLanguage,
    category: (oneOf(COURSE_CATEGORIES, values.category) ??
      COURSE_DEFAULTS.category) as CourseCategory,
    level: (oneOf(COURSE_LEVELS, values.level) ?? COURSE_DEFAULTS.level) as CourseLevel,
    duration: Number(values.duration),
    teacherId: values.teacherId.trim(),
    price: Math.round(Number(values.price) * 100) / 100,
    maxStudents: Number(values.maxStudents),
    thumbnailUrl: thumbnail === '' ? null : thumbnail,
    isActive: values.isActive,
    cefrLevel: toCefrLevel(values.cefrLevel),
  };
}
