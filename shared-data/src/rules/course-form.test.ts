// @vitest-environment node
import { describe, expect, it } from 'vitest';
// The texts live in shared-ui (shared-data renders nothing); this test only reads its catalogue.
import * as validationTexts from '../../../shared-ui/src/i18n/namespaces/validation';
import {
  COURSE_PRICE,
  COURSE_TEXT_LIMITS,
  type CourseFormMessageKey,
  type CourseFormValues,
  courseFormFromCourse,
  courseTextLength,
  emptyCourseForm,
  toCourseInput,
  validateCourseForm,
} from './course-form';
import { errorMessageKey } from './error-messages';

const valid = (changes: Partial<CourseFormValues> = {}): CourseFormValues => ({
  title: 'Business Spanish',
  description: 'Meetings, email and negotiation',
  language: 'Spanish',
  category: 'business',
  level: 'intermediate',
  duration: 10,
  teacherId: 'teacher-1',
  price: 349.5,
  maxStudents: 12,
  thumbnailUrl: '',
  isActive: true,
  cefrLevel: '',
  ...changes,
});

describe('emptyCourseForm', () => {
  it("starts with the product's defaults and the given teacher", () => {
    expect(emptyCourseForm('teacher-7')).toEqual({
      title: '',
      description: '',
      language: '',
      category: 'general',
      level: 'beginner',
      duration: 8,
      teacherId: 'teacher-7',
      price: 299,
      maxStudents: 30,
      thumbnailUrl: '',
      isActive: true,
      cefrLevel: '',
    });
  });

  it('leaves the teacher to choose when none is given (an administrator)', () => {
    expect(emptyCourseForm().teacherId).toBe('');
    expect(
      validateCourseForm({
        ...emptyCourseForm(),
        title: 'x',
        description: 'y',
        language: 'English',
      }),
    ).toEqual({ teacherId: 'courseTeacherRequired' });
  });
});

describe('validateCourseForm', () => {
  it('accepts a complete course', () => {
    expect(validateCourseForm(valid())).toEqual({});
    expect(validateCourseForm(valid({ thumbnailUrl: 'https://cdn.example.org/a.png' }))).toEqual(
      {},
    );
  });

  it('names every missing required field of an empty new course, with the spec texts', () => {
    const errors = validateCourseForm({ ...emptyCourseForm(), title: '  ', description: ' ' });
    expect(errors).toEqual({
      title: 'courseTitleRequired',
      description: 'courseDescriptionRequired',
      language: 'courseLanguageRequired',
      teacherId: 'courseTeacherRequired',
    });
    expect(validationTexts.en).toMatchObject({
      courseTitleRequired: 'Title is required',
      courseDescriptionRequired: 'Description is required',
      courseLanguageRequired: 'Language is required',
      courseTeacherRequired: 'Teacher name is required',
    });
  });

  it('refuses a language, level or category the database does not know', () => {
    expect(
      validateCourseForm(valid({ language: 'French', level: 'expert', category: 'kids' })),
    ).toEqual({
      language: 'courseLanguageRequired',
      level: 'courseLevelRequired',
      category: 'courseCategoryRequired',
    });
  });

  it.each<[number | string, CourseFormMessageKey | undefined]>([
    [1, undefined],
    [52, undefined],
    ['3', undefined],
    [0, 'courseDurationMin'],
    [-2, 'courseDurationMin'],
    ['', 'courseDurationMin'],
    [1.5, 'courseDurationWhole'],
  ])('duration %s weeks → %s', (duration, key) => {
    expect(validateCourseForm(valid({ duration })).duration).toBe(key);
  });

  it.each<[number | string, CourseFormMessageKey | undefined]>([
    [0, undefined],
    [299, undefined],
    [0.01, undefined],
    [19.99, undefined],
    ['12.30', undefined],
    [99_999_999.99, undefined],
    [-0.01, 'coursePriceNegative'],
    ['', 'coursePriceRequired'],
    [12.345, 'coursePriceCents'],
    [100_000_000, 'coursePriceTooHigh'],
  ])('price %s → %s', (price, key) => {
    expect(validateCourseForm(valid({ price })).price).toBe(key);
  });

  it.each<[number | string, CourseFormMessageKey | undefined]>([
    [1, undefined],
    [30, undefined],
    [0, 'courseMaxStudentsMin'],
    ['', 'courseMaxStudentsMin'],
    [2.5, 'courseMaxStudentsWhole'],
  ])('max students %s → %s', (maxStudents, key) => {
    expect(validateCourseForm(valid({ maxStudents })).maxStudents).toBe(key);
  });

  it('has the spec texts for the limits', () => {
    expect(validationTexts.en).toMatchObject({
      courseDurationMin: 'Duration must be at least 1 week',
      coursePriceNegative: 'Price cannot be negative',
      courseMaxStudentsMin: 'Max students must be at least 1',
    });
  });

  it('counts the title and description the way the database does', () => {
    const title = 'é'.repeat(200);
    expect(courseTextLength(`  ${title}  `)).toBe(200);
    expect(validateCourseForm(valid({ title: `  ${title} ` })).title).toBeUndefined();
    expect(validateCourseForm(valid({ title: `${title}x` })).title).toBe('courseTitleTooLong');
    expect(
      validateCourseForm(valid({ description: 'a'.repeat(COURSE_TEXT_LIMITS.description + 1) }))
        .description,
    ).toBe('courseDescriptionTooLong');
  });

  it('takes an optional thumbnail only as a web link of at most 2000 characters', () => {
    expect(validateCourseForm(valid({ thumbnailUrl: '   ' })).thumbnailUrl).toBeUndefined();
    expect(validateCourseForm(valid({ thumbnailUrl: 'javascript:alert(1)' })).thumbnailUrl).toBe(
      'courseThumbnailInvalid',
    );
    expect(validateCourseForm(valid({ thumbnailUrl: 'cdn.example.org/a.png' })).thumbnailUrl).toBe(
      'courseThumbnailInvalid',
    );
    expect(
      validateCourseForm(valid({ thumbnailUrl: `https://cdn.example.org/${'a'.repeat(2000)}` }))
        .thumbnailUrl,
    ).toBe('courseThumbnailTooLong');
  });
});

describe('the validation namespace', () => {
  // Every key validateCourseForm can answer; the type makes a new key fail to compile until listed here.
  const KEYS: Record<CourseFormMessageKey, true> = {
    courseTitleRequired: true,
    courseTitleTooLong: true,
    courseDescriptionRequired: true,
    courseDescriptionTooLong: true,
    courseLanguageRequired: true,
    courseCategoryRequired: true,
    courseLevelRequired: true,
    courseTeacherRequired: true,
    courseDurationMin: true,
    courseDurationWhole: true,
    coursePriceRequired: true,
    coursePriceNegative: true,
    coursePriceCents: true,
    coursePriceTooHigh: true,
    courseMaxStudentsMin: true,
    courseMaxStudentsWhole: true,
    courseThumbnailInvalid: true,
    courseThumbnailTooLong: true,
  };

  it.each(['en', 'es'] as const)('has a %s text for every course form key', (language) => {
    const catalogue: Record<string, unknown> = validationTexts[language];
    const missing = Object.keys(KEYS).filter(
      (key) => typeof catalogue[key] !== 'string' || (catalogue[key] as string).trim() === '',
    );
    expect(missing).toEqual([]);
  });
});

describe('courseFormFromCourse and toCourseInput', () => {
  const course = {
    title: 'English B2',
    description: 'Upper intermediate',
    language: 'English' as const,
    category: 'general' as const,
    level: 'advanced' as const,
    duration: 12,
    teacherId: null,
    price: 420,
    maxStudents: 20,
    thumbnailUrl: null,
    isActive: false,
  };

  it('fills the form with a course, an unknown teacher and no thumbnail as empty fields', () => {
    expect(courseFormFromCourse(course)).toEqual({
      ...course,
      teacherId: '',
      thumbnailUrl: '',
      cefrLevel: '',
    });
  });

  it('sends trimmed texts, numbers as numbers, whole cents and no empty thumbnail', () => {
    expect(
      toCourseInput(
        valid({
          title: '  Business Spanish ',
          description: ' Meetings \n',
          duration: '10',
          price: '349.50',
          maxStudents: '12',
          thumbnailUrl: '  ',
          teacherId: ' teacher-1 ',
          isActive: false,
        }),
      ),
    ).toEqual({
      title: 'Business Spanish',
      description: 'Meetings',
      language: 'Spanish',
      category: 'business',
      level: 'intermediate',
      duration: 10,
      teacherId: 'teacher-1',
      price: 349.5,
      maxStudents: 12,
      thumbnailUrl: null,
      isActive: false,
      cefrLevel: null,
    });
    expect(toCourseInput(valid({ price: 0.1 + 0.2 })).price).toBe(0.3);
    expect(
      toCourseInput(valid({ thumbnailUrl: ' https://cdn.example.org/a.png ' })).thumbnailUrl,
    ).toBe('https://cdn.example.org/a.png');
  });

  it('saves a new course with the defaults it started with', () => {
    const input = toCourseInput({
      ...emptyCourseForm('teacher-1'),
      title: 'Spanish A1',
      description: 'First steps',
      language: 'Spanish',
    });
    expect(input).toMatchObject({ level: 'beginner', duration: 8, price: 299, maxStudents: 30 });
    expect(COURSE_PRICE.step).toBe(0.01);
  });
});

describe('a save the database refuses', () => {
  const refused = (message: string, code = '23514') => ({
    code: 'CREATE_COURSES_ERROR',
    message,
    details: { code },
  });

  it.each([
    ['courses_title_check', 'courseTitleInvalid'],
    ['courses_description_check', 'courseDescriptionTooLong'],
    ['courses_duration_check', 'courseDurationMin'],
    ['courses_price_check', 'coursePriceNegative'],
    ['courses_max_students_check', 'courseMaxStudentsMin'],
    ['courses_thumbnail_url_check', 'courseThumbnailTooLong'],
  ])('by %s says what to fix (%s)', (constraint, key) => {
    expect(
      errorMessageKey(
        refused(`new row for relation "courses" violates check constraint "${constraint}"`),
      ),
    ).toBe(key);
  });

  it('says when the teacher is not (or no longer) a teacher, and when it is not allowed', () => {
    expect(errorMessageKey(refused('The course teacher must be a teacher'))).toBe(
      'courseTeacherNotTeacher',
    );
    expect(
      errorMessageKey(
        refused('new row violates row-level security policy for table "courses"', '42501'),
      ),
    ).toBe('notAllowed');
  });
});
