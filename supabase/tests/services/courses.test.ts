import { afterAll, describe, expect, it } from 'vitest';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { coursesService } from '../../../shared-data/src/services/courses';
import { createCourse, service } from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, signInAs, installLocalDataClient } from './data-client';

installLocalDataClient();

const created: string[] = [];
afterAll(async () => {
  if (created.length > 0) await service.from('courses').delete().in('id', created);
});

describe('coursesService.create / update / delete (teacher and admin course screens)', () => {
  it('a teacher creates a course of their own with the defaults, edits it and deletes it', async () => {
    const teacher = await signInAs('teacher');

    const course = dataOf(
      await coursesService.create({
        title: ' Service test: Spanish for travellers ',
        description: 'Airports, hotels and restaurants',
        language: 'Spanish',
        teacherId: teacher.id,
        price: 120,
      }),
    );
    created.push(course.id);
    expect(course).toMatchObject({
      title: 'Service test: Spanish for travellers',
      language: 'Spanish',
      level: 'beginner',
      category: 'general',
      duration: 8,
      price: 120,
      maxStudents: 30,
      isActive: true,
      enrolledCount: 0,
      teacherId: teacher.id,
      teacherName: `${teacher.firstName} ${teacher.lastName}`,
    });

    const updated = dataOf(
      await coursesService.update(course.id, { price: 150.5, level: 'advanced' }),
    );
    expect(updated).toMatchObject({ id: course.id, price: 150.5, level: 'advanced' });

    expect(await coursesService.delete(course.id)).toEqual({ success: true, data: null });
    const { data } = await service.from('courses').select('id').eq('id', course.id);
    expect(data).toEqual([]);
  });

  it('an admin creates a course for a teacher', async () => {
    await signInAs('admin');
    const teacherId = DEMO_ACCOUNTS.teacher.id;

    const course = dataOf(
      await coursesService.create({
        title: 'Service test: admin-made',
        description: 'For a teacher',
        language: 'English',
        teacherId,
        maxStudents: 5,
      }),
    );
    created.push(course.id);
    expect(course).toMatchObject({ teacherId, maxStudents: 5, language: 'English' });
  });

  it('refuses a course a database check rejects, with a translatable reason', async () => {
    const teacher = await signInAs('teacher');

    const result = await coursesService.create({
      title: 'Negative price',
      description: 'x',
      language: 'English',
      teacherId: teacher.id,
      price: -1,
    });

    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toMatchObject({
      code: 'CREATE_COURSES_ERROR',
      details: { code: '23514' },
    });
    // The check's own message, the form's text: 'Price cannot be negative'.
    expect(errorMessageKey(result.error)).toBe('coursePriceNegative');
  });

  it('a student cannot create a course', async () => {
    await signInAs('student');

    // A real teacher, so only the permission can refuse it (not the "teacher must be a teacher" check).
    const result = await coursesService.create({
      title: 'Student-made',
      description: 'Not allowed',
      language: 'English',
      teacherId: DEMO_ACCOUNTS.teacher.id,
    });

    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toMatchObject({
      code: 'CREATE_COURSES_ERROR',
      details: { code: '42501' },
    });
    expect(errorMessageKey(result.error)).toBe('notAllowed');
  });

  it("a student cannot edit or delete a course, and a teacher cannot edit another teacher's", async () => {
    const other = await createCourse({ title: 'Someone else’s course', teacher_id: null });
    created.push(other.id as string);

    await signInAs('student');
    expect(await coursesService.update(other.id, { price: 1 })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_COURSES_ERROR', message: 'Failed to update course' },
    });
    // Deleting starts by listing the course's files, which only its teacher or an admin may do.
    expect(await coursesService.delete(other.id)).toMatchObject({
      success: false,
      error: { code: 'DELETE_COURSES_ERROR', details: { code: '42501' } },
    });
    expect((await service.from('courses').select('id').eq('id', other.id)).data).toHaveLength(1);

    await signInAs('teacher');
    expect(await coursesService.update(other.id, { price: 1 })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_COURSES_ERROR' },
    });
    const { data } = await service.from('courses').select('price').eq('id', other.id).single();
    expect(data?.price).not.toBe(1);
  });
});
