import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityManagementReadModel } from '../../../shared-data/src/read-models/activity-management';
import {
  activityFormFromActivity,
  emptyActivityForm,
  toActivityInput,
} from '../../../shared-data/src/rules/activity-form';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { toGradeInput, validateGrade } from '../../../shared-data/src/rules/submission';
import { activitiesService } from '../../../shared-data/src/services/activities';
import { authService } from '../../../shared-data/src/services/auth';
import { submissionsService } from '../../../shared-data/src/services/submissions';
import {
  createActivity,
  createClass,
  createCourse,
  createPerson,
  createSubmission,
  enroll,
  hoursFromNow,
  ownerQuery,
  service,
} from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, signInAs, installLocalDataClient } from './data-client';

installLocalDataClient();

let courseId: string;
beforeAll(async () => {
  const course = await createCourse({
    title: 'Service test: activities',
    teacher_id: DEMO_ACCOUNTS.teacher.id,
  });
  courseId = course.id;
});
afterAll(async () => {
  await service.from('activities').delete().eq('course_id', courseId);
  await service.from('courses').delete().eq('id', courseId);
});

describe('activitiesService.create / update / delete (teacher activity screens)', () => {
  it('the course teacher creates an activity with the defaults, edits it and deletes it', async () => {
    const teacher = await signInAs('teacher');

    const activity = dataOf(
      await activitiesService.create({
        title: 'Write a postcard',
        description: 'From your last holiday',
        courseId,
        dueDate: '2030-06-01T21:59:00.000Z',
      }),
    );
    expect(activity).toMatchObject({
      title: 'Write a postcard',
      description: 'From your last holiday',
      courseId,
      classId: null,
      type: 'assignment',
      maxPoints: 100,
      allowLateSubmission: false,
      isActive: true,
      createdBy: teacher.id,
    });
    expect(new Date(activity.dueDate ?? '').toISOString()).toBe('2030-06-01T21:59:00.000Z');

    const updated = dataOf(
      await activitiesService.update(activity.id, { maxPoints: 20, type: 'quiz', isActive: false }),
    );
    expect(updated).toMatchObject({
      id: activity.id,
      maxPoints: 20,
      type: 'quiz',
      isActive: false,
    });

    expect(await activitiesService.delete(activity.id)).toEqual({ success: true, data: null });
    const { data } = await service.from('activities').select('id').eq('id', activity.id);
    expect(data).toEqual([]);
  });

  it('a student cannot create, change or delete an activity', async () => {
    const existing = await createActivity({ course_id: courseId, title: 'Set by the teacher' });
    await signInAs('student');

    const created = await activitiesService.create({ title: 'Mine', description: 'x', courseId });
    expect(created.success).toBe(false);
    if (!created.success) {
      expect(created.error).toMatchObject({
        code: 'CREATE_ACTIVITIES_ERROR',
        details: { code: '42501' },
      });
      expect(errorMessageKey(created.error)).toBe('notAllowed');
    }
    expect(await activitiesService.update(existing.id, { title: 'Changed' })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_ACTIVITIES_ERROR' },
    });
    expect(await activitiesService.delete(existing.id)).toMatchObject({
      success: false,
      error: { code: 'DELETE_ACTIVITIES_ERROR', message: 'Failed to delete activity' },
    });
    const { data } = await service
      .from('activities')
      .select('title')
      .eq('id', existing.id)
      .single();
    expect(data?.title).toBe('Set by the teacher');
  });
});

describe('the Activities screen (teachers and admins)', () => {
  it('creates from the form: defaults, a class association and the due date as the UTC instant', async () => {
    await signInAs('teacher');
    const cls = await createClass(courseId, { title: 'Service test class' });
    const values = {
      ...emptyActivityForm(),
      title: ' Greetings quiz ',
      description: 'Ten questions',
      association: 'class' as const,
      courseId,
      classId: cls.id,
      dueDate: '2030-06-01',
      dueTime: '18:30',
    };

    const created = dataOf(await activitiesService.create(toActivityInput(values)));

    expect(created).toMatchObject({
      title: 'Greetings quiz',
      courseId: null,
      classId: cls.id,
      type: 'assignment',
      maxPoints: 100,
      allowLateSubmission: false,
      isActive: true,
    });
    expect(new Date(created.dueDate ?? '').toISOString()).toBe(
      new Date(2030, 5, 1, 18, 30).toISOString(),
    );
    // Reading it back fills the form as it was typed, with the class's course.
    const { page } = dataOf(
      await activityManagementReadModel.get({ search: 'Greetings quiz', courseId }),
    );
    expect(page.items).toHaveLength(1);
    expect(activityFormFromActivity(page.items[0]!)).toEqual({
      ...values,
      title: 'Greetings quiz',
    });

    // A date without a time saves no due date.
    const noDue = dataOf(
      await activitiesService.update(
        created.id,
        toActivityInput({ ...values, dueTime: '' }, created),
      ),
    );
    expect(noDue.dueDate).toBeNull();
  });

  it('lists the activities of the course and its classes with the submissions received and graded', async () => {
    await signInAs('teacher');
    const cls = await createClass(courseId, { title: 'Counting class' });
    const [course, ofClass] = await Promise.all([
      createActivity({ course_id: courseId, title: 'Counted course work' }),
      createActivity({ class_id: cls.id, title: 'Counted class work' }),
    ]);
    const [first, second] = await Promise.all([
      createPerson('student', 'Ana'),
      createPerson('student', 'Ben'),
    ]);
    await Promise.all([enroll(first.id, courseId), enroll(second.id, courseId)]);
    await createSubmission({ activity_id: course.id, student_id: first.id });
    await createSubmission({ activity_id: course.id, student_id: second.id, grade: 50 });

    const { page } = dataOf(
      await activityManagementReadModel.get({ courseId, search: 'Counted', limit: 10 }),
    );

    expect(page.total).toBe(2);
    const byTitle = Object.fromEntries(page.items.map((item) => [item.title, item]));
    expect(byTitle['Counted course work']).toMatchObject({
      courseTitle: 'Service test: activities',
      submissionCount: 2,
      gradedCount: 1,
      effectiveCourseId: courseId,
    });
    expect(byTitle['Counted class work']).toMatchObject({
      classId: ofClass.class_id,
      classTitle: 'Counting class',
      courseTitle: 'Service test: activities',
      effectiveCourseId: courseId,
      submissionCount: 0,
    });
  });

  it("reads the screen's figures with its page in one request: the same total as the list", async () => {
    await signInAs('teacher');
    const { stats, page } = dataOf(await activityManagementReadModel.get({ limit: 1 }));
    expect(page.items).toHaveLength(1);
    expect(stats.total).toBe(page.total);
    expect(page.totalPages).toBe(page.total);
    const { rows } = await ownerQuery<{ active: number }>(
      `select count(*)::int as active from public.courses where teacher_id = $1 and is_active`,
      [DEMO_ACCOUNTS.teacher.id],
    );
    expect(stats.activeCourses).toBe(rows[0]?.active);

    // A filtered page keeps the figures of everything the teacher may see.
    const filtered = dataOf(
      await activityManagementReadModel.get({ courseId, type: 'presentation' }),
    );
    expect(filtered.stats).toEqual(stats);
    expect(filtered.page.total).toBe(0);
  });

  it('searches with what the user typed, a % matching itself, and filters by visibility', async () => {
    const [sale, half, hidden] = await Promise.all([
      createActivity({ course_id: courseId, title: 'Typed: 100% sure', description: 'x' }),
      createActivity({ course_id: courseId, title: 'Typed: 100 words', description: 'x' }),
      createActivity({ course_id: courseId, title: 'Typed: draft', is_active: false }),
    ]);
    await signInAs('teacher');

    const percent = dataOf(await activityManagementReadModel.get({ courseId, search: ' 100% ' }));
    expect(percent.page.items.map((item) => item.id)).toEqual([sale.id]);
    const typed = dataOf(await activityManagementReadModel.get({ courseId, search: 'typed:' }));
    expect(typed.page.items.map((item) => item.id).sort()).toEqual(
      [sale.id, half.id, hidden.id].sort(),
    );
    const drafts = dataOf(
      await activityManagementReadModel.get({ courseId, search: 'Typed', isActive: false }),
    );
    expect(drafts.page).toMatchObject({ total: 1, items: [{ id: hidden.id, isActive: false }] });

    // An administrator sees them too; a student who is not in the course, none.
    await signInAs('admin');
    expect(
      dataOf(await activityManagementReadModel.get({ courseId, search: 'Typed' })).page.total,
    ).toBe(3);
    await signInAs('student');
    expect(
      dataOf(await activityManagementReadModel.get({ courseId, search: 'Typed' })).page.total,
    ).toBe(0);
  });

  it('is FETCH_ACTIVITIES_ERROR, a refusal, when signed out', async () => {
    await authService.signOut();
    const result = await activityManagementReadModel.get();
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error).toMatchObject({
        code: 'FETCH_ACTIVITIES_ERROR',
        details: { code: '42501' },
      });
      expect(errorMessageKey(result.error)).toBe('notAllowed');
    }
  });

  it('grades through the form rules: the database refuses what the form refuses, and says why', async () => {
    const student = await createPerson('student', 'Gus');
    await enroll(student.id, courseId);
    const task = await createActivity({
      course_id: courseId,
      title: 'Graded essay',
      max_points: 10,
    });
    const work = await createSubmission({ activity_id: task.id, student_id: student.id });
    await signInAs('teacher');

    for (const grade of [-1, 10.5]) {
      // The form would stop it first...
      expect(validateGrade({ grade, feedback: '' }, 10).grade).toBeDefined();
      // ...and the database refuses it anyway, with a message the screen can translate.
      const refused = await submissionsService.grade({ id: work.id, grade, feedback: null });
      expect(refused.success).toBe(false);
      if (!refused.success) {
        expect(errorMessageKey(refused.error)).toBe(grade < 0 ? 'gradeNegative' : 'gradeTooHigh');
      }
    }

    const graded = dataOf(
      await submissionsService.grade(toGradeInput(work.id, { grade: '10', feedback: ' Great ' })),
    );
    expect(graded).toMatchObject({ grade: 10, feedback: 'Great', status: 'graded' });

    const page = dataOf(await submissionsService.listForGrading({ activityId: task.id }));
    expect(page.items).toEqual([
      expect.objectContaining({
        id: work.id,
        studentName: 'Gus Tester',
        studentEmail: student.email,
        grade: 10,
        feedback: 'Great',
        maxPoints: 10,
        isLate: false,
      }),
    ]);
  });

  it('names a student who dropped the course in the grading list, and keeps their work gradable', async () => {
    const leaver = await createPerson('student', 'Dora');
    await enroll(leaver.id, courseId);
    const task = await createActivity({
      course_id: courseId,
      title: 'Dropped essay',
      due_date: hoursFromNow(-1),
      allow_late_submission: true,
    });
    const work = await createSubmission({ activity_id: task.id, student_id: leaver.id });
    await leaver.client.rpc('unenroll_user_from_course', {
      user_uuid: leaver.id,
      course_uuid: courseId,
    });
    await signInAs('teacher');

    const page = dataOf(await submissionsService.listForGrading({ activityId: task.id }));

    expect(page.items).toEqual([
      expect.objectContaining({
        id: work.id,
        studentName: 'Dora Tester',
        studentEmail: null,
        isLate: true,
      }),
    ]);
    expect(dataOf(await submissionsService.grade({ id: work.id, grade: 50 })).status).toBe(
      'graded',
    );
  });
});
