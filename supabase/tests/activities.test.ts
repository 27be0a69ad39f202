import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type School,
  createActivity,
  createPerson,
  createSchool,
  createSubmission,
  enroll,
  expectDenied,
  expectNoRows,
  expectRows,
  hoursFromNow,
  ids,
} from './fixtures';

const LATE = 'The due date for this activity has passed';
const NOT_A_GRADER = "Only the course's teacher or an administrator can grade submissions";

let school: School;
let activityIds: string[];

beforeAll(async () => {
  school = await createSchool();
  const { activity, otherActivity, inactiveActivity, classActivity } = school;
  activityIds = [activity.id, otherActivity.id, inactiveActivity.id, classActivity.id];
});

describe('reading activities', () => {
  it("an enrolled student sees the active activities of their course and its classes", async () => {
    const { student, activity, classActivity } = school;
    const { data } = await student.client.from('activities').select('id').in('id', activityIds);
    expect(ids(data).sort()).toEqual([activity.id, classActivity.id].sort());
  });

  it('a student enrolled nowhere sees none', async () => {
    expectRows(await school.outsider.client.from('activities').select('id').in('id', activityIds), 0);
  });

  it("a teacher sees all of their courses' activities (inactive too), not another teacher's", async () => {
    const { teacher, activity, inactiveActivity, classActivity } = school;
    const { data } = await teacher.client.from('activities').select('id').in('id', activityIds);
    expect(ids(data).sort()).toEqual([activity.id, inactiveActivity.id, classActivity.id].sort());
  });

  it('an admin sees all; anonymous callers nothing', async () => {
    expectRows(await school.admin.client.from('activities').select('id').in('id', activityIds), 4);
    expectDenied(await anonClient().from('activities').select('id'));
  });
});

describe('writing activities', () => {
  it("the course's teacher creates (stamped as creator), edits and deletes activities", async () => {
    const { teacher, admin, course, courseClass } = school;
    const created = await teacher.client
      .from('activities')
      .insert({ title: 'Dialogue', description: 'Record a dialogue', course_id: course.id, created_by: admin.id })
      .select('id, created_by, type, max_points, allow_late_submission, is_active')
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({
      created_by: teacher.id,
      type: 'assignment',
      max_points: 100,
      allow_late_submission: false,
      is_active: true,
    });
    const forClass = await teacher.client
      .from('activities')
      .insert({ title: 'Quiz', description: 'Quick quiz', class_id: courseClass.id, type: 'quiz' });
    expect(forClass.error).toBeNull();
    const id = created.data?.id as string;
    expect((await teacher.client.from('activities').update({ max_points: 20 }).eq('id', id).select('max_points')).data).toEqual([
      { max_points: 20 },
    ]);
    expect((await teacher.client.from('activities').delete().eq('id', id).select('id')).data).toEqual([{ id }]);
  });

  it("another teacher and students cannot create, edit or delete the course's activities", async () => {
    const { otherTeacher, student, course, activity } = school;
    const values = { title: 'x', description: 'x', course_id: course.id };
    expectDenied(await otherTeacher.client.from('activities').insert(values));
    expectDenied(await student.client.from('activities').insert(values));
    expectNoRows(await otherTeacher.client.from('activities').update({ title: 'x' }).eq('id', activity.id).select('id'));
    expectNoRows(await student.client.from('activities').update({ title: 'x' }).eq('id', activity.id).select('id'));
    expectNoRows(await otherTeacher.client.from('activities').delete().eq('id', activity.id).select('id'));
    expectNoRows(await student.client.from('activities').delete().eq('id', activity.id).select('id'));
  });

  it('an admin writes anywhere', async () => {
    const { admin, otherCourse } = school;
    const created = await admin.client
      .from('activities')
      .insert({ title: 'Admin task', description: 'x', course_id: otherCourse.id })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    expect((await admin.client.from('activities').delete().eq('id', created.data?.id).select('id')).data).toHaveLength(1);
  });

  it('needs exactly one of course and class, a known type and at least 1 point', async () => {
    const { admin, course, courseClass } = school;
    for (const values of [
      { title: 'x', description: 'x' },
      { title: 'x', description: 'x', course_id: course.id, class_id: courseClass.id },
      { title: 'x', description: 'x', course_id: course.id, type: 'exam' },
      { title: 'x', description: 'x', course_id: course.id, max_points: 0 },
    ] as Record<string, unknown>[]) {
      expect((await admin.client.from('activities').insert(values)).error?.code, JSON.stringify(values)).toBe('23514');
    }
  });
});

describe('submitting work', () => {
  it('a student submits, then re-submits into the same row', async () => {
    const { student, activity } = school;
    const first = await student.client
      .from('activity_submissions')
      .insert({ activity_id: activity.id, student_id: student.id, submission_text: 'Hola' })
      .select('id, status, grade, graded_by, file_urls')
      .single();
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ status: 'submitted', grade: null, graded_by: null, file_urls: [] });

    const again = await student.client
      .from('activity_submissions')
      .upsert(
        { activity_id: activity.id, student_id: student.id, submission_text: 'Hola, ¿qué tal?', file_urls: [`${student.id}/${activity.id}/1-a.pdf`] },
        { onConflict: 'activity_id,student_id' },
      )
      .select('id, submission_text, file_urls')
      .single();
    expect(again.error).toBeNull();
    expect(again.data?.id).toBe(first.data?.id);
    expect(again.data?.submission_text).toBe('Hola, ¿qué tal?');
  });

  it('a student cannot grade their own work, on insert or later', async () => {
    const { course, teacher } = school;
    const learner = await createPerson('student', 'Cheeky');
    await enroll(learner.id, course.id);
    const task = await createActivity({ course_id: course.id, created_by: teacher.id });

    expectDenied(
      await learner.client.from('activity_submissions').insert({ activity_id: task.id, student_id: learner.id, grade: 100 }),
    );
    const own = await learner.client
      .from('activity_submissions')
      .insert({ activity_id: task.id, student_id: learner.id, submission_text: 'Mine' })
      .select('id')
      .single();
    for (const change of [{ grade: 100 }, { feedback: 'Great!' }, { status: 'graded' }]) {
      const { error } = await learner.client.from('activity_submissions').update(change).eq('id', own.data?.id);
      expectDenied({ error }, NOT_A_GRADER);
    }
    expectDenied(await learner.client.from('activity_submissions').update({ graded_by: learner.id }).eq('id', own.data?.id));
  });

  it("a student cannot submit for someone else, for another course's activity, or for an inactive one", async () => {
    const { student, otherStudent, activity, otherActivity, inactiveActivity } = school;
    for (const values of [
      { activity_id: activity.id, student_id: otherStudent.id },
      { activity_id: otherActivity.id, student_id: student.id },
      { activity_id: inactiveActivity.id, student_id: student.id },
    ]) {
      expectDenied(await student.client.from('activity_submissions').insert(values));
    }
  });

  it('a late submission is refused unless the activity allows it', async () => {
    const { student, course } = school;
    const closed = await createActivity({ course_id: course.id, due_date: hoursFromNow(-1) });
    const lenient = await createActivity({ course_id: course.id, due_date: hoursFromNow(-1), allow_late_submission: true });
    const open = await createActivity({ course_id: course.id, due_date: hoursFromNow(24) });

    const late = await student.client.from('activity_submissions').insert({ activity_id: closed.id, student_id: student.id });
    expect(late.error?.message).toBe(LATE);
    expect((await student.client.from('activity_submissions').insert({ activity_id: lenient.id, student_id: student.id })).error).toBeNull();
    expect((await student.client.from('activity_submissions').insert({ activity_id: open.id, student_id: student.id })).error).toBeNull();
  });

  it('a re-submission after the due date is refused too', async () => {
    const { student, course } = school;
    const closed = await createActivity({ course_id: course.id, due_date: hoursFromNow(-1) });
    const earlier = await createSubmission({ activity_id: closed.id, student_id: student.id, submitted_at: hoursFromNow(-2) });
    const { error } = await student.client.from('activity_submissions').update({ submission_text: 'Improved' }).eq('id', earlier.id);
    expect(error?.message).toBe(LATE);
  });

  it('a graded submission can no longer be changed by the student', async () => {
    const { student, teacher, course } = school;
    const task = await createActivity({ course_id: course.id });
    const mine = await createSubmission({ activity_id: task.id, student_id: student.id });
    await teacher.client.from('activity_submissions').update({ grade: 80 }).eq('id', mine.id);
    const { error } = await student.client.from('activity_submissions').update({ submission_text: 'Changed' }).eq('id', mine.id);
    expect(error?.message).toBe('This submission has already been graded');
  });
});

describe('reading submissions', () => {
  it('a student reads only their own; the teacher those of their course; another teacher none', async () => {
    const { student, otherStudent, teacher, otherTeacher, admin, course, otherActivity } = school;
    await enroll(otherStudent.id, course.id).catch(() => undefined);
    const task = await createActivity({ course_id: course.id });
    const mine = await createSubmission({ activity_id: task.id, student_id: student.id });
    const theirs = await createSubmission({ activity_id: task.id, student_id: otherStudent.id });
    const elsewhere = await createSubmission({ activity_id: otherActivity.id, student_id: otherStudent.id });
    const all = [mine.id, theirs.id, elsewhere.id];

    expect(ids((await student.client.from('activity_submissions').select('id').in('id', all)).data)).toEqual([mine.id]);
    expect(ids((await teacher.client.from('activity_submissions').select('id').in('id', all)).data).sort()).toEqual(
      [mine.id, theirs.id].sort(),
    );
    expect(ids((await otherTeacher.client.from('activity_submissions').select('id').in('id', all)).data)).toEqual([elsewhere.id]);
    expectRows(await admin.client.from('activity_submissions').select('id').in('id', all), 3);
    expectDenied(await anonClient().from('activity_submissions').select('id'));
  });
});

describe('grading', () => {
  it('the teacher grades: graded_by and graded_at are stamped and the status becomes graded', async () => {
    const { student, teacher, course } = school;
    const task = await createActivity({ course_id: course.id, max_points: 50 });
    const work = await createSubmission({ activity_id: task.id, student_id: student.id });
    const { data, error } = await teacher.client
      .from('activity_submissions')
      .update({ grade: 42.5 })
      .eq('id', work.id)
      .select('grade, status, graded_by, graded_at')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ grade: 42.5, status: 'graded', graded_by: teacher.id });
    expect(data?.graded_at).toBeTruthy();
  });

  it('feedback alone stamps the grader; a status set with the grade is kept', async () => {
    const { student, admin, course } = school;
    const task = await createActivity({ course_id: course.id });
    const work = await createSubmission({ activity_id: task.id, student_id: student.id });
    const feedback = await admin.client
      .from('activity_submissions')
      .update({ feedback: 'Check the verb endings' })
      .eq('id', work.id)
      .select('status, graded_by, graded_at')
      .single();
    expect(feedback.data).toMatchObject({ status: 'submitted', graded_by: admin.id });
    expect(feedback.data?.graded_at).toBeTruthy();

    const returned = await admin.client
      .from('activity_submissions')
      .update({ grade: 40, status: 'returned' })
      .eq('id', work.id)
      .select('status')
      .single();
    expect(returned.data).toEqual({ status: 'returned' });
  });

  it("a grade above the activity's max points is refused", async () => {
    const { student, teacher, course } = school;
    const task = await createActivity({ course_id: course.id, max_points: 10 });
    const work = await createSubmission({ activity_id: task.id, student_id: student.id });
    const { error } = await teacher.client.from('activity_submissions').update({ grade: 11 }).eq('id', work.id);
    expect(error?.message).toBe("The grade cannot be higher than the activity's maximum of 10 points");
    expect((await teacher.client.from('activity_submissions').update({ grade: -1 }).eq('id', work.id)).error?.code).toBe('23514');
  });

  it("the teacher cannot rewrite the student's work; another teacher or student cannot grade", async () => {
    const { student, otherStudent, teacher, otherTeacher, course } = school;
    const task = await createActivity({ course_id: course.id });
    const work = await createSubmission({ activity_id: task.id, student_id: student.id });
    const rewrite = await teacher.client.from('activity_submissions').update({ submission_text: 'Better' }).eq('id', work.id);
    expectDenied(rewrite, 'Only the student can change the submitted work');
    expectNoRows(await otherTeacher.client.from('activity_submissions').update({ grade: 1 }).eq('id', work.id).select('id'));
    expectNoRows(await otherStudent.client.from('activity_submissions').update({ grade: 1 }).eq('id', work.id).select('id'));
  });
});

describe('deleting submissions', () => {
  it('only admins delete submissions', async () => {
    const { student, teacher, admin, course } = school;
    const task = await createActivity({ course_id: course.id });
    const work = await createSubmission({ activity_id: task.id, student_id: student.id });
    expectNoRows(await student.client.from('activity_submissions').delete().eq('id', work.id).select('id'));
    expectNoRows(await teacher.client.from('activity_submissions').delete().eq('id', work.id).select('id'));
    expect((await admin.client.from('activity_submissions').delete().eq('id', work.id).select('id')).data).toHaveLength(1);
  });
});
