import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { getClient } from '../../../shared-data/src/client';
import { gradingReadModel } from '../../../shared-data/src/read-models/grading';
import { submissionsService } from '../../../shared-data/src/services/submissions';
import { createActivity, createCourse, createSubmission, enroll, service } from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, signInAs, installLocalDataClient } from './data-client';

installLocalDataClient();

let courseId: string;
let activityId: string;
beforeAll(async () => {
  const course = await createCourse({
    title: 'Service test: grading',
    teacher_id: DEMO_ACCOUNTS.teacher.id,
  });
  courseId = course.id;
  await enroll(DEMO_ACCOUNTS.student.id, courseId);
  const activity = await createActivity({ course_id: courseId, title: 'Essay', max_points: 20 });
  activityId = activity.id;
});
afterAll(async () => {
  await service.from('activity_submissions').delete().eq('activity_id', activityId);
  await service.from('activities').delete().eq('id', activityId);
  await service.from('courses').delete().eq('id', courseId);
});

async function freshSubmission(): Promise<string> {
  await service.from('activity_submissions').delete().eq('activity_id', activityId);
  const submission = await createSubmission({
    activity_id: activityId,
    student_id: DEMO_ACCOUNTS.student.id,
  });
  return submission.id;
}

describe('submissionsService.grade (teacher grading screen)', () => {
  it('the course teacher grades a submission: grade, feedback, graded status and grader', async () => {
    const id = await freshSubmission();
    const teacher = await signInAs('teacher');

    const graded = dataOf(
      await submissionsService.grade({ id, grade: 17, feedback: 'Well argued' }),
    );

    expect(graded).toMatchObject({
      id,
      activityId,
      studentId: DEMO_ACCOUNTS.student.id,
      grade: 17,
      feedback: 'Well argued',
      status: 'graded',
      gradedBy: teacher.id,
      maxPoints: 20,
    });
    expect(graded.gradedAt).toBeTruthy();
  });

  it('refuses a grade above the activity maximum with the translatable reason', async () => {
    const id = await freshSubmission();
    await signInAs('teacher');

    const result = await submissionsService.grade({ id, grade: 21 });

    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.code).toBe('UPDATE_SUBMISSIONS_ERROR');
      expect(errorMessageKey(result.error)).toBe('gradeTooHigh');
    }
  });

  it('a student cannot grade their own work', async () => {
    const id = await freshSubmission();
    await signInAs('student');

    const result = await submissionsService.grade({ id, grade: 20, feedback: 'Perfect' });

    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.code).toBe('UPDATE_SUBMISSIONS_ERROR');
      expect(errorMessageKey(result.error)).toBe('notAllowed');
    }
    const { data } = await service
      .from('activity_submissions')
      .select('grade, status')
      .eq('id', id)
      .single();
    expect(data).toEqual({ grade: null, status: 'submitted' });
  });
});

describe('the grading links and the queue (teacher dashboard: Grade, Grade submissions)', () => {
  it("the queue is the dashboard's work waiting for a grade, oldest first, and a Grade link finds its submission", async () => {
    const id = await freshSubmission();
    await signInAs('teacher');

    const { data: dashboard } = await getClient().rpc('get_teacher_dashboard');
    const waitingCount = (dashboard as { pending_submission_count: number }).pending_submission_count;
    const queue = dataOf(await submissionsService.listWaiting({ page: 1, limit: 100 }));
    expect(queue.total).toBe(waitingCount);
    expect(queue.items.map((item) => item.id)).toContain(id);
    const times = queue.items.map((item) => item.submittedAt);
    expect(times).toEqual([...times].sort());

    expect(dataOf(await gradingReadModel.place(id))).toEqual({ activityId, position: 1 });
    dataOf(await submissionsService.grade({ id, grade: 12 }));
    const after = dataOf(await submissionsService.listWaiting({ page: 1, limit: 100 }));
    expect(after.total).toBe(waitingCount - 1);
    expect(after.items.map((item) => item.id)).not.toContain(id);
  });
});
