import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseFormFromCourse,
  emptyCourseForm,
  toCourseInput,
  type CourseFormValues,
} from '../../../shared-data/src/rules/course-form';
import {
  CONSTRAINT_MESSAGES,
  errorMessageKey,
} from '../../../shared-data/src/rules/error-messages';
import { coursesService } from '../../../shared-data/src/services/courses';
import { type Person, createCourse, createPerson, ownerQuery, closeDb, service } from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, installLocalDataClient, signInAs } from './data-client';

// The course form as My Courses (teacher) saves it: the form's values through toCourseInput and
// coursesService, against the real policies. A teacher creates and edits only courses they teach.

installLocalDataClient();

const created: string[] = [];
let otherTeacher: Person;

beforeAll(async () => {
  otherTeacher = await createPerson('teacher', 'Other');
});

afterAll(async () => {
  if (created.length > 0) await service.from('courses').delete().in('id', created);
  await closeDb();
});

const filled = (teacherId: string, changes: Partial<CourseFormValues> = {}): CourseFormValues => ({
  ...emptyCourseForm(teacherId),
  title: 'Form test: Spanish for travellers',
  description: 'Airports, hotels and restaurants',
  language: 'Spanish',
  ...changes,
});

async function courseRow(id: string) {
  const { data } = await service
    .from('courses')
    .select('title, teacher_id, price, is_active')
    .eq('id', id)
    .single();
  return data;
}

describe('a teacher saving the course form', () => {
  it("creates their own course with the form's defaults and a price in cents, then edits it", async () => {
    const teacher = await signInAs('teacher');

    const course = dataOf(
      await coursesService.create(toCourseInput(filled(teacher.id, { price: '149.99' }))),
    );
    created.push(course.id);
    expect(course).toMatchObject({
      title: 'Form test: Spanish for travellers',
      teacherId: DEMO_ACCOUNTS.teacher.id,
      level: 'beginner',
      category: 'general',
      duration: 8,
      price: 149.99,
      maxStudents: 30,
      isActive: true,
      thumbnailUrl: null,
    });

    const values = {
      ...courseFormFromCourse(course),
      title: 'Form test: renamed',
      isActive: false,
    };
    const updated = dataOf(await coursesService.update(course.id, toCourseInput(values)));
    expect(updated).toMatchObject({ title: 'Form test: renamed', isActive: false, price: 149.99 });
  });

  it('is refused when the course would be taught by another teacher, and nothing is created', async () => {
    await signInAs('teacher');

    const result = await coursesService.create(
      toCourseInput(filled(otherTeacher.id, { title: 'Form test: for someone else' })),
    );

    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toMatchObject({
      code: 'CREATE_COURSES_ERROR',
      details: { code: '42501' },
    });
    expect(errorMessageKey(result.error)).toBe('notAllowed');
    const { data } = await service
      .from('courses')
      .select('id')
      .eq('title', 'Form test: for someone else');
    expect(data).toEqual([]);
  });

  it('is refused when an edit hands their course to another teacher', async () => {
    const teacher = await signInAs('teacher');
    const course = dataOf(await coursesService.create(toCourseInput(filled(teacher.id))));
    created.push(course.id);

    const result = await coursesService.update(
      course.id,
      toCourseInput({ ...courseFormFromCourse(course), teacherId: otherTeacher.id }),
    );

    expect(result.success).toBe(false);
    if (result.success) return;
    expect(errorMessageKey(result.error)).toBe('notAllowed');
    expect(await courseRow(course.id)).toMatchObject({ teacher_id: DEMO_ACCOUNTS.teacher.id });
  });

  it("cannot edit another teacher's course, even keeping its teacher", async () => {
    const theirs = await createCourse({
      title: 'Form test: theirs',
      teacher_id: otherTeacher.id,
      price: 80,
    });
    created.push(theirs.id);
    await signInAs('teacher');

    for (const teacherId of [otherTeacher.id, DEMO_ACCOUNTS.teacher.id]) {
      const result = await coursesService.update(
        theirs.id,
        toCourseInput(filled(teacherId, { title: 'Form test: hijacked', price: 1 })),
      );
      expect(result.success).toBe(false);
    }
    expect(await courseRow(theirs.id)).toEqual({
      title: 'Form test: theirs',
      teacher_id: otherTeacher.id,
      price: 80,
      is_active: true,
    });
  });

  it('is refused for a student, whoever they name as teacher', async () => {
    const student = await signInAs('student');
    for (const teacherId of [DEMO_ACCOUNTS.teacher.id, student.id]) {
      const result = await coursesService.create(
        toCourseInput(filled(teacherId, { title: 'Form test: student-made' })),
      );
      expect(result.success).toBe(false);
    }
    const { data } = await service
      .from('courses')
      .select('id')
      .eq('title', 'Form test: student-made');
    expect(data).toEqual([]);
  });

  it('an administrator saves the same form for any teacher (Course Management)', async () => {
    await signInAs('admin');
    const course = dataOf(
      await coursesService.create(toCourseInput(filled(otherTeacher.id, { maxStudents: 5 }))),
    );
    created.push(course.id);
    expect(course).toMatchObject({ teacherId: otherTeacher.id, maxStudents: 5 });
  });
});

describe('what the database refuses, read as the form would say it', () => {
  it('has every courses constraint errorMessageKey explains', async () => {
    const { rows } = await ownerQuery<{ name: string }>(
      `select conname as name from pg_constraint where conrelid = 'public.courses'::regclass`,
    );
    const names = rows.map((row) => row.name);
    const explained = Object.keys(CONSTRAINT_MESSAGES).filter((name) =>
      name.startsWith('courses_'),
    );
    expect(explained.length).toBeGreaterThan(0);
    expect(names).toEqual(expect.arrayContaining(explained));
  });

  it.each<[string, Partial<CourseFormValues>, string]>([
    ['a blank title', { title: '   ' }, 'courseTitleInvalid'],
    [
      'a description over 5000 characters',
      { description: 'a'.repeat(5001) },
      'courseDescriptionTooLong',
    ],
    ['no week', { duration: 0 }, 'courseDurationMin'],
    ['a negative price', { price: -1 }, 'coursePriceNegative'],
    ['no place', { maxStudents: 0 }, 'courseMaxStudentsMin'],
    [
      'a thumbnail link over 2000 characters',
      { thumbnailUrl: `https://x.example/${'a'.repeat(2000)}` },
      'courseThumbnailTooLong',
    ],
  ])('%s', async (_, changes, key) => {
    const teacher = await signInAs('teacher');
    const result = await coursesService.create(toCourseInput(filled(teacher.id, changes)));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(errorMessageKey(result.error)).toBe(key);
  });
});
