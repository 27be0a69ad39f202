import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  createActivity,
  createCourse,
  createPerson,
  createSubmission,
  enroll,
  service,
} from './fixtures';

// A Grade link names one submission (`/activities?submission=<id>`): get_submission_place
// (20261129000402_read_models_grading.sql) finds its activity and its place in the grading dialog's
// order, for the caller only. The grading queue is submission_list's work waiting for a grade.

let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let students: Person[];
let activityId: string;
let otherActivityId: string;
/** Submissions by the students' first names. */
const work: Record<string, string> = {};

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

beforeAll(async () => {
  [teacher, otherTeacher, admin] = await Promise.all([
    createPerson('teacher', 'Tina'),
    createPerson('teacher', 'Otto'),
    createPerson('admin', 'Alba'),
  ]);
  // Named so that the grading order (by name) differs from the order they handed in.
  students = await Promise.all(['Carla', 'Ana', 'Beto'].map((name) => createPerson('student', name)));
  const course = await createCourse({ teacher_id: teacher.id });
  const otherCourse = await createCourse({ teacher_id: otherTeacher.id });
  for (const student of students) await enroll(student.id, course.id);
  activityId = (await createActivity({ course_id: course.id, title: 'Postcard' })).id;
  otherActivityId = (await createActivity({ course_id: otherCourse.id, title: 'Essay' })).id;
  const [carla, ana, beto] = students as [Person, Person, Person];
  for (const [student, handedIn] of [
    [carla, 1],
    [ana, 3],
    [beto, 2],
  ] as const) {
    const submission = await createSubmission({
      activity_id: activityId,
      student_id: student.id,
      submitted_at: hoursAgo(handedIn),
    });
    work[student.id === carla.id ? 'Carla' : student.id === ana.id ? 'Ana' : 'Beto'] = submission.id;
  }
});

async function placeOf(person: Person, submissionId: string) {
  const { data, error } = await person.client.rpc('get_submission_place', { submission_uuid: submissionId });
  expect(error).toBeNull();
  return data as { activity_id: string; position: number } | null;
}

describe('get_submission_place', () => {
  it("gives the course's teacher the submission's activity and its place in the grading order", async () => {
    expect(await placeOf(teacher, work.Ana!)).toEqual({ activity_id: activityId, position: 1 });
    expect(await placeOf(teacher, work.Beto!)).toEqual({ activity_id: activityId, position: 2 });
    expect(await placeOf(teacher, work.Carla!)).toEqual({ activity_id: activityId, position: 3 });
  });

  it('agrees with the grading list as the dialog reads it', async () => {
    const { data } = await teacher.client
      .from('submission_list')
      .select('id')
      .eq('activity_id', activityId)
      .order('student_name', { ascending: true, nullsFirst: false })
      .order('submitted_at', { ascending: false })
      .order('id', { ascending: true });
    const listed = (data ?? []).map((row) => row.id);
    expect(listed).toHaveLength(3);
    for (const [index, id] of listed.entries()) {
      expect((await placeOf(teacher, id))?.position).toBe(index + 1);
    }
  });

  it('gives an admin the same place', async () => {
    expect(await placeOf(admin, work.Beto!)).toEqual({ activity_id: activityId, position: 2 });
  });

  it("is null for a submission the caller may not see, as for one that does not exist", async () => {
    const [carla] = students as [Person];
    expect(await placeOf(otherTeacher, work.Ana!)).toBeNull();
    // A student sees only their own work: someone else's has no place for them.
    expect(await placeOf(carla, work.Ana!)).toBeNull();
    expect(await placeOf(teacher, '00000000-0000-4000-8000-000000000000')).toBeNull();
    const gone = await createSubmission({ activity_id: otherActivityId, student_id: carla.id });
    expect(await placeOf(otherTeacher, gone.id)).toEqual({ activity_id: otherActivityId, position: 1 });
    await service.from('activity_submissions').delete().eq('id', gone.id);
    expect(await placeOf(otherTeacher, gone.id)).toBeNull();
  });

  it('is refused to anonymous callers', async () => {
    const { error } = await anonClient().rpc('get_submission_place', { submission_uuid: work.Ana! });
    expect(error).not.toBeNull();
  });
});

describe('the grading queue (submission_list, waiting for a grade, oldest first)', () => {
  it("holds the teacher's ungraded work only, oldest first; graded work leaves it", async () => {
    const queue = async (person: Person) => {
      const { data, error } = await person.client
        .from('submission_list')
        .select('id')
        .eq('status', 'submitted')
        .order('submitted_at', { ascending: true })
        .order('id', { ascending: true });
      expect(error).toBeNull();
      return (data ?? []).map((row) => row.id);
    };
    expect(await queue(teacher)).toEqual([work.Ana, work.Beto, work.Carla]);
    expect(await queue(otherTeacher)).not.toContain(work.Ana);

    const graded = await teacher.client.from('activity_submissions').update({ grade: 50 }).eq('id', work.Beto!).select('id');
    expect(graded.data).toHaveLength(1);
    expect(await queue(teacher)).toEqual([work.Ana, work.Carla]);
  });
});
