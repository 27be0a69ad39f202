import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import { errorMessageKey } from '../../shared-data/src/rules/error-messages';
import {
  type School,
  asUser,
  closeDb,
  createActivity,
  createClass,
  createCourse,
  createPerson,
  createSchool,
  createSubmission,
  enroll,
  expectDenied,
  expectNoRows,
  hoursFromNow,
  ownerQuery,
  service,
} from './fixtures';
import { statementReads } from './plan-reads';

// The Activities and grading screen's database rules (20261122001700_read_models_activities.sql
// and the activities migration): activity_stats() counts what each caller may see; a grade is 0 to the
// activity's points and only the course's teacher or an admin gives it; an activity is worth at most
// 9999 points; the grading list names a student who has since dropped the course.
// Expected figures are counted here by the database owner (no RLS) from each person's own rule: a
// class is scheduled until it ends (start + duration), "due this week" is from now to 168 hours ahead.
// The figures are also read in one pass over the classes.

type Stats = {
  total: number;
  active_courses: number;
  scheduled_classes: number;
  due_this_week: number;
};

async function statsOf(client: SupabaseClient): Promise<Stats> {
  const { data, error } = await client.rpc('activity_stats');
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
  const [row] = data as Array<Record<keyof Stats, number>>;
  return {
    total: Number(row?.total),
    active_courses: Number(row?.active_courses),
    scheduled_classes: Number(row?.scheduled_classes),
    due_this_week: Number(row?.due_this_week),
  };
}

/**
 * The figures over the courses `courseFilter` picks (owner's view), counting only active activities
 * when `activeOnly` (a student's rule).
 */
async function expected(
  courseFilter: string,
  params: unknown[],
  activeOnly = false,
): Promise<Stats> {
  const active = activeOnly ? 'and a.is_active' : '';
  const { rows } = await ownerQuery<Stats>(
    `with scope as (select c.id, c.is_active from public.courses c where ${courseFilter}),
          visible as (
            select a.due_date from public.activities a
              left join public.classes cl on cl.id = a.class_id
             where coalesce(a.course_id, cl.course_id) in (select id from scope) ${active})
     select (select count(*)::int from visible) as total,
            (select count(*)::int from scope where is_active) as active_courses,
            (select count(*)::int from public.classes cl
              where cl.course_id in (select id from scope)
                and cl.scheduled_date + cl.duration * interval '1 minute' > now()) as scheduled_classes,
            (select count(*)::int from visible
              where due_date >= now() and due_date <= now() + interval '168 hours') as due_this_week`,
    params,
  );
  return rows[0] as Stats;
}

const ofTeacher = (teacherId: string) => expected('c.teacher_id = $1', [teacherId]);
const ofStudent = (studentId: string) =>
  expected(
    `exists (select 1 from public.enrollments e where e.course_id = c.id and e.user_id = $1 and e.status = 'active')`,
    [studentId],
    true,
  );

let school: School;

beforeAll(async () => {
  school = await createSchool();
  const { course, otherCourse, courseClass } = school;
  // Due dates around "this week" for the first teacher; a past class; the other teacher one due soon.
  await Promise.all([
    createActivity({ course_id: course.id, title: 'Due in two days', due_date: hoursFromNow(48) }),
    createActivity({ course_id: course.id, title: 'Due in ten days', due_date: hoursFromNow(240) }),
    createActivity({
      class_id: courseClass.id,
      title: 'Was due yesterday',
      due_date: hoursFromNow(-24),
    }),
    createActivity({
      course_id: course.id,
      title: 'Inactive, due soon',
      due_date: hoursFromNow(24),
      is_active: false,
    }),
    createActivity({
      course_id: otherCourse.id,
      title: 'Other, due soon',
      due_date: hoursFromNow(30),
    }),
    createClass(course.id, { title: 'Last week', scheduled_date: hoursFromNow(-24 * 7) }),
  ]);
});

afterAll(async () => {
  await closeDb();
});

describe('activity_stats() as a teacher', () => {
  it('counts the activities of their courses and of their classes, active courses, upcoming classes and work due this week', async () => {
    const stats = await statsOf(school.teacher.client);
    expect(stats).toEqual(await ofTeacher(school.teacher.id));
    // Write a postcard, Hidden draft, Greetings quiz + the four above; Spanish A1 (Archived is
    // inactive); Greetings (Last week is over); due in two days and the inactive one due tomorrow.
    expect(stats).toEqual({ total: 7, active_courses: 1, scheduled_classes: 1, due_this_week: 2 });
  });

  it('equals what the teacher reads from the tables themselves, in the same snapshot', async () => {
    const { rows } = await asUser(school.teacher.id, (db) =>
      db.query<{ total: number; visible: number }>(
        `select s.total::int, (select count(*)::int from public.activities) as visible
           from public.activity_stats() s`,
      ),
    );
    expect(rows[0]?.total).toBe(rows[0]?.visible);
  });

  it("counts none of another teacher's work, and follows a new activity due this week", async () => {
    const { otherTeacher, otherCourse, teacher } = school;
    const before = await statsOf(otherTeacher.client);
    expect(before).toEqual(await ofTeacher(otherTeacher.id));
    expect(before).toEqual({ total: 2, active_courses: 1, scheduled_classes: 1, due_this_week: 1 });

    const mine = await statsOf(teacher.client);
    const added = await createActivity({ course_id: otherCourse.id, due_date: hoursFromNow(72) });
    expect(await statsOf(otherTeacher.client)).toEqual({
      ...before,
      total: before.total + 1,
      due_this_week: before.due_this_week + 1,
    });
    expect(await statsOf(teacher.client)).toEqual(mine);
    await service.from('activities').delete().eq('id', added.id);
    expect(await statsOf(otherTeacher.client)).toEqual(before);
  });

  it('counts a class in progress as scheduled until it ends', async () => {
    const { teacher, course } = school;
    const before = await statsOf(teacher.client);
    const inProgress = await createClass(course.id, {
      title: 'On now',
      scheduled_date: hoursFromNow(-0.25),
      duration: 60,
    });
    const ended = await createClass(course.id, {
      title: 'Just ended',
      scheduled_date: hoursFromNow(-1.25),
      duration: 60,
    });
    try {
      const stats = await statsOf(teacher.client);
      expect(stats).toEqual(await ofTeacher(teacher.id));
      expect(stats.scheduled_classes).toBe(before.scheduled_classes + 1);
    } finally {
      await service.from('classes').delete().in('id', [inProgress.id, ended.id]);
    }
  });

  it('reads the classes once and the visible activities once', async () => {
    const reads = await statementReads(school.teacher.id, 'select * from public.activity_stats()');
    const body = reads.find((statement) => statement.query.includes('public.activities'));
    expect(body, 'the function body among the statements').toBeDefined();
    expect(body?.scans.get('classes')).toBe(1);
    expect(body?.scans.get('activities') ?? 0).toBeLessThanOrEqual(2);
  });

  it('is all zeros for a teacher without courses', async () => {
    const newcomer = await createPerson('teacher', 'Nina');
    expect(await statsOf(newcomer.client)).toEqual({
      total: 0,
      active_courses: 0,
      scheduled_classes: 0,
      due_this_week: 0,
    });
  });
});

describe('activity_stats() as an admin and as a student', () => {
  it('counts everything for an admin', async () => {
    expect(await statsOf(school.admin.client)).toEqual(await expected('true', []));
  });

  it("counts a student's enrolled courses and their active activities only", async () => {
    const { student, outsider } = school;
    const stats = await statsOf(student.client);
    expect(stats).toEqual(await ofStudent(student.id));
    // Write a postcard, Greetings quiz and the three active ones with due dates; not the two inactive.
    expect(stats).toMatchObject({ total: 5, active_courses: 1, due_this_week: 1 });
    expect(await statsOf(outsider.client)).toEqual({
      total: 0,
      active_courses: 0,
      scheduled_classes: 0,
      due_this_week: 0,
    });
  });
});

describe('activity_stats() without a session', () => {
  it('is refused to anonymous callers', async () => {
    expectDenied(await anonClient().rpc('activity_stats'));
  });

  it('may be executed by signed-in users only, and runs as the caller', async () => {
    const { rows } = await ownerQuery<{
      anon: boolean;
      authenticated: boolean;
      definer: boolean;
      search_path: boolean;
    }>(
      `select has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              p.prosecdef as definer,
              coalesce(p.proconfig @> array['search_path=""'], false) as search_path
         from pg_proc p where p.oid = 'public.activity_stats()'::regprocedure`,
    );
    expect(rows).toEqual([{ anon: false, authenticated: true, definer: false, search_path: true }]);
  });
});

describe('an activity is worth 1 to 9999 points', () => {
  it('the database refuses more than 9999 points, on create and on edit', async () => {
    const { teacher, course } = school;
    const refused = await teacher.client
      .from('activities')
      .insert({ title: 'Huge', description: 'x', course_id: course.id, max_points: 10_000 })
      .select('id');
    expect(refused.error?.code).toBe('23514');
    expect(refused.error?.message).toContain('"activities_max_points_limit"');
    expect(
      errorMessageKey({ code: 'CREATE_ACTIVITIES_ERROR', message: refused.error?.message ?? '' }),
    ).toBe('activityPointsInvalid');

    const created = await teacher.client
      .from('activities')
      .insert({ title: 'Big', description: 'x', course_id: course.id, max_points: 9999 })
      .select('id, max_points')
      .single();
    expect(created.data?.max_points).toBe(9999);
    const edit = await teacher.client
      .from('activities')
      .update({ max_points: 10_000 })
      .eq('id', created.data?.id as string);
    expect(edit.error?.message).toContain('"activities_max_points_limit"');
  });

  it('has every activity and submission constraint the error messages name', async () => {
    const { rows } = await ownerQuery<{ name: string }>(
      `select conname as name from pg_constraint
        where conrelid in ('public.activities'::regclass, 'public.activity_submissions'::regclass)`,
    );
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'activities_title_check',
        'activities_description_check',
        'activities_instructions_check',
        'activities_max_points_check',
        'activities_max_points_limit',
        'activities_course_or_class',
        'activities_course_id_fkey',
        'activities_class_id_fkey',
        'activity_submissions_grade_check',
        'activity_submissions_feedback_check',
        'activity_submissions_file_names_count',
        'activity_submissions_file_names_check',
      ]),
    );
  });
});

describe('grading bounds', () => {
  async function work(maxPoints = 20) {
    const task = await createActivity({ course_id: school.course.id, max_points: maxPoints });
    return createSubmission({ activity_id: task.id, student_id: school.student.id });
  }

  it('accepts 0, the maximum and two decimals in between', async () => {
    const { teacher } = school;
    const submission = await work(20);
    for (const grade of [0, 20, 17.25]) {
      const { data, error } = await teacher.client
        .from('activity_submissions')
        .update({ grade })
        .eq('id', submission.id)
        .select('grade, status')
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ grade, status: 'graded' });
    }
  });

  it('refuses a grade above the maximum, even by a hundredth, and a negative grade, whoever sends it', async () => {
    const { teacher, admin } = school;
    const submission = await work(20);
    for (const client of [teacher.client, admin.client]) {
      const above = await client
        .from('activity_submissions')
        .update({ grade: 20.01 })
        .eq('id', submission.id);
      expect(above.error?.code).toBe('23514');
      expect(
        errorMessageKey({ code: 'UPDATE_SUBMISSIONS_ERROR', message: above.error?.message ?? '' }),
      ).toBe('gradeTooHigh');
      const negative = await client
        .from('activity_submissions')
        .update({ grade: -0.5 })
        .eq('id', submission.id);
      expect(negative.error?.message).toContain('"activity_submissions_grade_check"');
      expect(
        errorMessageKey({
          code: 'UPDATE_SUBMISSIONS_ERROR',
          message: negative.error?.message ?? '',
        }),
      ).toBe('gradeNegative');
    }
    // Not even the service role may store a grade above the maximum.
    const trusted = await service
      .from('activity_submissions')
      .update({ grade: 21 })
      .eq('id', submission.id);
    expect(trusted.error?.code).toBe('23514');
    const { data } = await service
      .from('activity_submissions')
      .select('grade, status')
      .eq('id', submission.id)
      .single();
    expect(data).toEqual({ grade: null, status: 'submitted' });
  });

  it("lowering an activity's points does not let a later grade exceed them", async () => {
    const { teacher } = school;
    const submission = await work(20);
    await service
      .from('activities')
      .update({ max_points: 5 })
      .eq('id', submission.activity_id as string);
    const { error } = await teacher.client
      .from('activity_submissions')
      .update({ grade: 6 })
      .eq('id', submission.id);
    expect(error?.message).toBe(
      "The grade cannot be higher than the activity's maximum of 5 points",
    );
  });
});

describe('who may grade', () => {
  it("another teacher cannot grade, or even see, a submission of the first teacher's course", async () => {
    const { otherTeacher, teacher, student, course } = school;
    const task = await createActivity({ course_id: course.id, max_points: 10 });
    const submission = await createSubmission({ activity_id: task.id, student_id: student.id });

    expectNoRows(
      await otherTeacher.client
        .from('activity_submissions')
        .update({ grade: 10, feedback: 'Perfect' })
        .eq('id', submission.id)
        .select('id'),
    );
    expectNoRows(
      await otherTeacher.client.from('submission_list').select('id').eq('activity_id', task.id),
    );
    const { data } = await service
      .from('activity_submissions')
      .select('grade, feedback, graded_by')
      .eq('id', submission.id)
      .single();
    expect(data).toEqual({ grade: null, feedback: null, graded_by: null });

    // The course's own teacher can, and is recorded as the grader.
    const graded = await teacher.client
      .from('activity_submissions')
      .update({ grade: 9, feedback: 'Good' })
      .eq('id', submission.id)
      .select('grade, graded_by')
      .single();
    expect(graded.data).toEqual({ grade: 9, graded_by: teacher.id });
  });

  it("a teacher cannot grade a class activity's submission in another teacher's class", async () => {
    const { otherTeacher, teacher, student, classActivity } = school;
    const submission = await createSubmission({
      activity_id: classActivity.id,
      student_id: student.id,
    });
    expectNoRows(
      await otherTeacher.client
        .from('activity_submissions')
        .update({ grade: 1 })
        .eq('id', submission.id)
        .select('id'),
    );
    const own = await teacher.client
      .from('activity_submissions')
      .update({ grade: 1 })
      .eq('id', submission.id)
      .select('grade')
      .single();
    expect(own.data).toEqual({ grade: 1 });
  });

  it('an admin grades any submission; the student never their own', async () => {
    const { admin, otherStudent, otherActivity } = school;
    const submission = await createSubmission({
      activity_id: otherActivity.id,
      student_id: otherStudent.id,
    });
    expectDenied(
      await otherStudent.client
        .from('activity_submissions')
        .update({ grade: 1 })
        .eq('id', submission.id),
      "Only the course's teacher or an administrator can grade submissions",
    );
    const graded = await admin.client
      .from('activity_submissions')
      .update({ grade: 50 })
      .eq('id', submission.id)
      .select('grade, graded_by')
      .single();
    expect(graded.data).toEqual({ grade: 50, graded_by: admin.id });
  });
});

describe('the grading list names students who have dropped the course', () => {
  it("the course's teacher still sees the dropped student's name, work and late flag in submission_list", async () => {
    const { teacher } = school;
    const course = await createCourse({ title: 'Short course', teacher_id: teacher.id });
    const leaver = await createPerson('student', 'Lena');
    await enroll(leaver.id, course.id);
    const task = await createActivity({
      course_id: course.id,
      due_date: hoursFromNow(-2),
      allow_late_submission: true,
    });
    const sent = await leaver.client
      .from('activity_submissions')
      .insert({ activity_id: task.id, student_id: leaver.id, submission_text: 'Late but done' })
      .select('id')
      .single();
    expect(sent.error).toBeNull();

    const dropped = await leaver.client.rpc('unenroll_user_from_course', {
      user_uuid: leaver.id,
      course_uuid: course.id,
    });
    expect(dropped.error).toBeNull();
    // The teacher may no longer read the student's profile...
    expectNoRows(await teacher.client.from('users').select('id').eq('id', leaver.id));

    // ...but the grading list still names them, with their work.
    const { data, error } = await teacher.client
      .from('submission_list')
      .select('id, student_id, student_name, student_email, submission_text, is_late, max_points')
      .eq('activity_id', task.id);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: sent.data?.id,
        student_id: leaver.id,
        student_name: 'Lena Tester',
        student_email: null,
        submission_text: 'Late but done',
        is_late: true,
        max_points: 100,
      },
    ]);

    // And the teacher can still grade it.
    const graded = await teacher.client
      .from('activity_submissions')
      .update({ grade: 80 })
      .eq('id', sent.data?.id as string)
      .select('status')
      .single();
    expect(graded.data).toEqual({ status: 'graded' });
    await service.from('courses').delete().eq('id', course.id);
  });

  it('an enrolled student is named with their email; on-time work is not late', async () => {
    const { teacher, student, activity } = school;
    const submission = await createSubmission({ activity_id: activity.id, student_id: student.id });
    const { data } = await teacher.client
      .from('submission_list')
      .select('student_name, student_email, is_late')
      .eq('id', submission.id)
      .single();
    expect(data).toEqual({
      student_name: 'Sara Tester',
      student_email: student.email,
      is_late: false,
    });
  });
});

describe('original names of submitted files', () => {
  type Work = { id: string; file_urls: string[]; file_names: string[] };

  /** An activity of Spanish A1 and Sara's own submission of two files with their names. */
  async function sarasWork() {
    const { student, course } = school;
    const task = await createActivity({ course_id: course.id, title: 'Named files' });
    const folder = `${student.id}/${task.id}`;
    const sent = await student.client
      .from('activity_submissions')
      .insert({
        activity_id: task.id,
        student_id: student.id,
        submission_text: 'See the files',
        file_urls: [`${folder}/1732000000000-ab12.pdf`, `${folder}/1732000000001-cd34.png`],
        file_names: ['Mi redacción final.pdf', 'diagram (v2).png'],
      })
      .select('id, file_urls, file_names')
      .single();
    expect(sent.error).toBeNull();
    return { task, work: sent.data as Work, folder };
  }

  it('the student writes the names with their work and reads them back, in the order of the files', async () => {
    const { student } = school;
    const { work, folder } = await sarasWork();
    expect(work.file_names).toEqual(['Mi redacción final.pdf', 'diagram (v2).png']);

    // Handing in again replaces files and names together.
    const again = await student.client
      .from('activity_submissions')
      .update({ file_urls: [`${folder}/1732000000002-ef56.docx`], file_names: ['Essay.docx'] })
      .eq('id', work.id)
      .select('file_urls, file_names')
      .single();
    expect(again.error).toBeNull();
    expect(again.data).toEqual({
      file_urls: [`${folder}/1732000000002-ef56.docx`],
      file_names: ['Essay.docx'],
    });
  });

  it('the teacher reads them in the grading list and on the submission, but cannot change them', async () => {
    const { teacher } = school;
    const { work } = await sarasWork();
    const listed = await teacher.client
      .from('submission_list')
      .select('file_urls, file_names')
      .eq('id', work.id)
      .single();
    expect(listed.data).toEqual({ file_urls: work.file_urls, file_names: work.file_names });
    const row = await teacher.client
      .from('activity_submissions')
      .select('file_names')
      .eq('id', work.id)
      .single();
    expect(row.data?.file_names).toEqual(work.file_names);

    expectDenied(
      await teacher.client
        .from('activity_submissions')
        .update({ file_names: ['renamed.pdf', 'renamed.png'] })
        .eq('id', work.id),
      'Only the student can change the submitted work',
    );
  });

  it('another student can neither read nor write them; another teacher cannot read them', async () => {
    const { otherStudent, otherTeacher, student } = school;
    const { work, task } = await sarasWork();
    expectNoRows(
      await otherStudent.client.from('activity_submissions').select('file_names').eq('id', work.id),
    );
    expectNoRows(
      await otherStudent.client.from('submission_list').select('file_names').eq('id', work.id),
    );
    expectNoRows(
      await otherStudent.client
        .from('activity_submissions')
        .update({ file_names: ['hacked.pdf', 'hacked.png'] })
        .eq('id', work.id)
        .select('id'),
    );
    // Nor hand in work, names included, in Sara's name.
    expectDenied(
      await otherStudent.client.from('activity_submissions').insert({
        activity_id: task.id,
        student_id: student.id,
        file_urls: [`${student.id}/${task.id}/1-x.pdf`],
        file_names: ['x.pdf'],
      }),
    );
    expectNoRows(
      await otherTeacher.client.from('submission_list').select('file_names').eq('id', work.id),
    );
    const { rows } = await ownerQuery<{ file_names: string[] }>(
      `select file_names from public.activity_submissions where id = $1`,
      [work.id],
    );
    expect(rows[0]?.file_names).toEqual(['Mi redacción final.pdf', 'diagram (v2).png']);
  });

  it('takes one name per file (or none, as work handed in before names were kept), each 1 to 255 characters', async () => {
    const { student, course } = school;
    const task = await createActivity({ course_id: course.id, title: 'Name rules' });
    const url = (n: number) => `${student.id}/${task.id}/173200000000${n}-ab12.pdf`;
    const hand = (values: Record<string, unknown>) =>
      student.client
        .from('activity_submissions')
        .upsert(
          { activity_id: task.id, student_id: student.id, submission_text: 'Work', ...values },
          { onConflict: 'activity_id,student_id' },
        )
        .select('file_urls, file_names')
        .single();

    const tooFew = await hand({ file_urls: [url(1), url(2)], file_names: ['one.pdf'] });
    expect(tooFew.error?.code).toBe('23514');
    expect(tooFew.error?.message).toContain('"activity_submissions_file_names_count"');
    const blank = await hand({ file_urls: [url(1)], file_names: ['   '] });
    expect(blank.error?.message).toContain('"activity_submissions_file_names_check"');
    const tooLong = await hand({ file_urls: [url(1)], file_names: [`${'a'.repeat(252)}.pdf`] });
    expect(tooLong.error?.message).toContain('"activity_submissions_file_names_check"');

    const longest = `${'a'.repeat(251)}.pdf`;
    expect((await hand({ file_urls: [url(1)], file_names: [longest] })).data).toEqual({
      file_urls: [url(1)],
      file_names: [longest],
    });
    // Without names (an older client, or work from before): accepted, shown by the stored name.
    expect((await hand({ file_urls: [url(1), url(2)], file_names: [] })).data).toEqual({
      file_urls: [url(1), url(2)],
      file_names: [],
    });
  });
});
