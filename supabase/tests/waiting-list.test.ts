import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../local-supabase/src/config';
import { connect } from '../../local-supabase/src/database';
import { anonClient } from '../../local-supabase/tests/support';
import {
  type Person,
  type School,
  closeDb,
  createCourse,
  createPerson,
  createSchool,
  enroll,
  expectDenied,
  ownerQuery,
  service,
} from './fixtures';

// The waiting list (20261130000500_waiting_list.sql, docs/waiting-list.md): a full active course takes
// students in line; a freed seat goes to the first in line in the same transaction (course row locked),
// never over capacity, and they are told with waitlist_seat_offered.

type JoinReply = { success: boolean; error?: string; position?: number };
type MyEntry = {
  id: string;
  course_id: string;
  course_title: string;
  joined_at: string;
  position: number;
};
type LineEntry = {
  id: string;
  student_id: string;
  first_name: string;
  last_name: string;
  position: number;
};

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

afterAll(async () => {
  await closeDb();
});

async function join(person: Person, courseId: string): Promise<JoinReply> {
  const { data, error } = await person.client.rpc('join_waiting_list', { course_uuid: courseId });
  expect(error).toBeNull();
  return data as JoinReply;
}

async function drop(person: Person, courseId: string) {
  const { data, error } = await person.client.rpc('unenroll_user_from_course', {
    user_uuid: person.id,
    course_uuid: courseId,
  });
  expect(error).toBeNull();
  expect((data as { success: boolean }).success).toBe(true);
}

async function activeStudents(courseId: string): Promise<string[]> {
  const { rows } = await ownerQuery<{ user_id: string }>(
    `select user_id from public.enrollments where course_id = $1 and status = 'active' order by user_id`,
    [courseId],
  );
  return rows.map((row) => row.user_id);
}

async function waiting(courseId: string): Promise<string[]> {
  const { rows } = await ownerQuery<{ student_id: string }>(
    `select student_id from public.waiting_list where course_id = $1 order by created_at, id`,
    [courseId],
  );
  return rows.map((row) => row.student_id);
}

async function enrolledCount(courseId: string): Promise<number> {
  const { rows } = await ownerQuery<{ enrolled_count: number }>(
    'select enrolled_count from public.courses where id = $1',
    [courseId],
  );
  return rows[0]?.enrolled_count as number;
}

async function notified(kind: string, courseId: string): Promise<string[]> {
  const { rows } = await ownerQuery<{ user_id: string }>(
    `select user_id from public.notifications where kind = $1 and course_id = $2 order by user_id`,
    [kind, courseId],
  );
  return rows.map((row) => row.user_id);
}

/** A full course of `seats` places with its enrolled students and `waiters` students in line, in order. */
async function fullCourseWithLine(seats: number, waiters: number) {
  const course = await createCourse({ teacher_id: school.teacher.id, max_students: seats });
  const seated = await Promise.all(
    Array.from({ length: seats }, (_, i) => createPerson('student', `Seated${i}`)),
  );
  for (const person of seated) await enroll(person.id, course.id);
  const line = await Promise.all(
    Array.from({ length: waiters }, (_, i) => createPerson('student', `Waiting${i}`)),
  );
  // One after the other: the place in line is the order of joining.
  for (const person of line) expect((await join(person, course.id)).success).toBe(true);
  return { course, seated, line };
}

const sorted = (ids: string[]) => [...ids].sort();

describe('joining', () => {
  it('puts a student in line in a full active course and answers their place', async () => {
    const { course, line } = await fullCourseWithLine(1, 2);
    const third = await createPerson('student', 'Third');
    expect(await join(third, course.id)).toEqual({ success: true, position: 3 });
    expect(await waiting(course.id)).toEqual([...line.map((p) => p.id), third.id]);
  });

  it('refuses with a code: not full, inactive, unknown, already enrolled, completed, already waiting', async () => {
    const { course, seated, line } = await fullCourseWithLine(1, 1);
    const open = await createCourse({ teacher_id: school.teacher.id, max_students: 5 });
    const closed = await createCourse({
      teacher_id: school.teacher.id,
      max_students: 1,
      is_active: false,
    });
    const someone = await createPerson('student', 'Someone');
    expect(await join(someone, open.id)).toEqual({ success: false, error: 'course_not_full' });
    expect(await join(someone, closed.id)).toEqual({ success: false, error: 'course_closed' });
    expect(await join(someone, '00000000-0000-0000-0000-000000000000')).toEqual({
      success: false,
      error: 'course_not_found',
    });
    expect(await join(seated[0] as Person, course.id)).toEqual({
      success: false,
      error: 'already_enrolled',
    });
    expect(await join(line[0] as Person, course.id)).toEqual({
      success: false,
      error: 'already_waiting',
    });

    const finished = await createPerson('student', 'Finished');
    const full = await createCourse({ teacher_id: school.teacher.id, max_students: 1 });
    await enroll(finished.id, full.id);
    await ownerQuery(`update public.enrollments set status = 'completed' where course_id = $1`, [
      full.id,
    ]);
    await enroll(someone.id, full.id);
    expect(await join(finished, full.id)).toEqual({ success: false, error: 'already_completed' });
  });

  it('refuses teachers, administrators and anonymous callers', async () => {
    const { course } = await fullCourseWithLine(1, 0);
    for (const person of [school.teacher, school.admin]) {
      expect(await join(person, course.id)).toEqual({
        success: false,
        error: 'only_active_students',
      });
    }
    const anonymous = await anonClient().rpc('join_waiting_list', { course_uuid: course.id });
    expect(anonymous.error).toBeTruthy();
    expect(await waiting(course.id)).toEqual([]);
  });

  it('lets nobody write the table directly: no insert (not even for oneself), no queue jumping', async () => {
    const { course, line } = await fullCourseWithLine(1, 2);
    const [first, second] = line as [Person, Person];
    const intruder = await createPerson('student', 'Intruder');
    expectDenied(
      await intruder.client
        .from('waiting_list')
        .insert({ course_id: course.id, student_id: intruder.id }),
    );
    expectDenied(
      await school.admin.client
        .from('waiting_list')
        .insert({ course_id: course.id, student_id: intruder.id }),
    );
    // The second in line cannot move ahead by rewriting their own row's time.
    const jump = await second.client
      .from('waiting_list')
      .update({ created_at: '2000-01-01T00:00:00Z' })
      .eq('student_id', second.id)
      .select('id');
    expectDenied(jump);
    expect(await waiting(course.id)).toEqual([first.id, second.id]);
  });
});

describe('reading and leaving', () => {
  it('gives a student their own entries with their place in one request, and nobody else', async () => {
    const a = await fullCourseWithLine(1, 2);
    const b = await fullCourseWithLine(1, 0);
    const [, me] = a.line as [Person, Person];
    expect((await join(me, b.course.id)).success).toBe(true);

    const { data, error } = await me.client.rpc('my_waiting_list');
    expect(error).toBeNull();
    const mine = (data as MyEntry[]).map((entry) => [
      entry.course_id,
      entry.course_title,
      entry.position,
    ]);
    expect(mine).toEqual([
      [a.course.id, a.course.title, 2],
      [b.course.id, b.course.title, 1],
    ]);

    // The table: own rows only; another course's teacher, another student and anon see nothing.
    const own = await me.client.from('waiting_list').select('student_id');
    expect(new Set((own.data ?? []).map((row) => row.student_id))).toEqual(new Set([me.id]));
    for (const other of [school.otherTeacher.client, school.outsider.client, anonClient()]) {
      const seen = await other.from('waiting_list').select('id').eq('course_id', a.course.id);
      expect(seen.data ?? []).toEqual([]);
    }
  });

  it('shows the line with names to the course teacher and administrators, nothing to others', async () => {
    const { course, line } = await fullCourseWithLine(1, 2);
    for (const reader of [school.teacher, school.admin]) {
      const { data, error } = await reader.client.rpc('course_waiting_list', {
        course_uuid: course.id,
      });
      expect(error).toBeNull();
      expect(
        (data as LineEntry[]).map((row) => [row.student_id, row.first_name, row.position]),
      ).toEqual([
        [line[0]?.id, 'Waiting0', 1],
        [line[1]?.id, 'Waiting1', 2],
      ]);
    }
    for (const other of [school.otherTeacher, school.student, line[0] as Person]) {
      const { data } = await other.client.rpc('course_waiting_list', { course_uuid: course.id });
      expect(data ?? []).toEqual([]);
    }
    const anonymous = await anonClient().rpc('course_waiting_list', { course_uuid: course.id });
    expect(anonymous.data ?? []).toEqual([]);
  });

  it('lets a student leave their own entry (the next moves up) but not remove anyone else', async () => {
    const { course, line } = await fullCourseWithLine(1, 3);
    const [first, second, third] = line as [Person, Person, Person];
    const notMine = await first.client
      .from('waiting_list')
      .delete()
      .eq('student_id', second.id)
      .select('id');
    expect(notMine.data ?? []).toEqual([]);
    const teacherTry = await school.teacher.client
      .from('waiting_list')
      .delete()
      .eq('course_id', course.id)
      .select('id');
    expect(teacherTry.data ?? []).toEqual([]);
    expect(await waiting(course.id)).toEqual([first.id, second.id, third.id]);

    const left = await first.client
      .from('waiting_list')
      .delete()
      .eq('course_id', course.id)
      .select('id');
    expect(left.data).toHaveLength(1);
    const { data } = await third.client.rpc('my_waiting_list');
    expect((data as MyEntry[]).map((entry) => entry.position)).toEqual([2]);

    const removed = await school.admin.client
      .from('waiting_list')
      .delete()
      .eq('student_id', second.id)
      .select('id');
    expect(removed.data).toHaveLength(1);
    expect(await waiting(course.id)).toEqual([third.id]);
  });
});

describe('a freed seat goes to the first in line', () => {
  it('on a drop: enrols the first, removes their entry and tells them (not with enrollment_confirmed)', async () => {
    const { course, seated, line } = await fullCourseWithLine(2, 2);
    const [first, second] = line as [Person, Person];
    await drop(seated[0] as Person, course.id);
    expect(await activeStudents(course.id)).toEqual(sorted([seated[1]?.id as string, first.id]));
    expect(await waiting(course.id)).toEqual([second.id]);
    expect(await enrolledCount(course.id)).toBe(2);
    expect(await notified('waitlist_seat_offered', course.id)).toEqual([first.id]);
    expect(await notified('enrollment_confirmed', course.id)).toEqual([]);
    const { data } = await second.client.rpc('my_waiting_list');
    expect((data as MyEntry[]).map((entry) => entry.position)).toEqual([1]);
  });

  it('on an administrator removing a student, a completed enrolment and a deleted one', async () => {
    const { course, seated, line } = await fullCourseWithLine(3, 3);
    const [a, b, c] = seated as [Person, Person, Person];
    const { data } = await school.admin.client
      .from('enrollments')
      .update({ status: 'dropped' })
      .eq('course_id', course.id)
      .eq('user_id', a.id)
      .select('id');
    expect(data).toHaveLength(1);
    expect(await waiting(course.id)).toHaveLength(2);
    await ownerQuery(
      `update public.enrollments set status = 'completed' where course_id = $1 and user_id = $2`,
      [course.id, b.id],
    );
    expect(await waiting(course.id)).toHaveLength(1);
    await service.from('enrollments').delete().eq('course_id', course.id).eq('user_id', c.id);
    expect(await waiting(course.id)).toEqual([]);
    expect(await activeStudents(course.id)).toEqual(sorted(line.map((person) => person.id)));
    expect(await enrolledCount(course.id)).toBe(3);
  });

  it('re-activates a dropped enrolment of the one in line rather than adding a row', async () => {
    const course = await createCourse({ teacher_id: school.teacher.id, max_students: 1 });
    const [returning, other] = await Promise.all([
      createPerson('student', 'Returning'),
      createPerson('student', 'Other'),
    ]);
    await enroll(returning.id, course.id);
    await drop(returning, course.id);
    await enroll(other.id, course.id);
    expect((await join(returning, course.id)).success).toBe(true);
    await drop(other, course.id);
    const { rows } = await ownerQuery<{ count: string }>(
      'select count(*) from public.enrollments where course_id = $1 and user_id = $2',
      [course.id, returning.id],
    );
    expect(rows[0]?.count).toBe('1');
    expect(await activeStudents(course.id)).toEqual([returning.id]);
  });

  it('skips deactivated accounts, who keep their entry and are not counted ahead of others', async () => {
    const { course, seated, line } = await fullCourseWithLine(1, 2);
    const [asleep, awake] = line as [Person, Person];
    await ownerQuery('update public.users set is_active = false where id = $1', [asleep.id]);
    const { data } = await awake.client.rpc('my_waiting_list');
    expect((data as MyEntry[]).map((entry) => entry.position)).toEqual([1]);
    await drop(seated[0] as Person, course.id);
    expect(await activeStudents(course.id)).toEqual([awake.id]);
    expect(await waiting(course.id)).toEqual([asleep.id]);
    expect(await notified('waitlist_seat_offered', course.id)).toEqual([awake.id]);
  });

  it('raising max_students by 3 enrols the next 3 in line, in order, and no more', async () => {
    const { course, line } = await fullCourseWithLine(2, 5);
    const { data, error } = await school.teacher.client
      .from('courses')
      .update({ max_students: 5 })
      .eq('id', course.id)
      .select('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(await enrolledCount(course.id)).toBe(5);
    const ids = line.map((person) => person.id);
    expect(await waiting(course.id)).toEqual(ids.slice(3));
    expect((await activeStudents(course.id)).filter((id) => ids.includes(id))).toEqual(
      sorted(ids.slice(0, 3)),
    );
    expect(await notified('waitlist_seat_offered', course.id)).toEqual(sorted(ids.slice(0, 3)));
  });

  it('a course made active again fills its free places from the line', async () => {
    const { course, line } = await fullCourseWithLine(1, 2);
    await school.admin.client
      .from('courses')
      .update({ is_active: false, max_students: 2 })
      .eq('id', course.id);
    expect(await waiting(course.id)).toHaveLength(2);
    await school.admin.client.from('courses').update({ is_active: true }).eq('id', course.id);
    expect(await waiting(course.id)).toEqual([line[1]?.id]);
    expect(await enrolledCount(course.id)).toBe(2);
  });
});

describe('under concurrent drops', () => {
  it('two students dropping at once give exactly two seats to the first two in line, never over capacity', async () => {
    const { course, seated, line } = await fullCourseWithLine(3, 3);
    const [first, second, third] = line as [Person, Person, Person];

    // Hold the course row so both drops queue on it, then let them run together: each takes the lock
    // in turn and must see the seat the other gave away.
    const holder = await connect(databaseUrl());
    try {
      await holder.query('begin');
      await holder.query('select 1 from public.courses where id = $1 for update', [course.id]);
      const { rows: me } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
      const drops = Promise.all([
        drop(seated[0] as Person, course.id),
        drop(seated[1] as Person, course.id),
      ]);
      // Both drops wait, behind the holder or behind each other (other test files may be running too).
      await waitFor(async () => {
        const { rows } = await ownerQuery<{ waiting: string }>(
          `with recursive blocked (pid) as (
             select a.pid from pg_stat_activity a where $1 = any (pg_blocking_pids(a.pid))
             union
             select a.pid from pg_stat_activity a join blocked b on b.pid = any (pg_blocking_pids(a.pid))
           )
           select count(*) as waiting from blocked`,
          [me[0]?.pid],
        );
        return Number(rows[0]?.waiting) === 2;
      });
      await holder.query('commit');
      await drops;
    } finally {
      await holder.end();
    }

    expect(await enrolledCount(course.id)).toBe(3);
    expect(await activeStudents(course.id)).toEqual(
      sorted([seated[2]?.id as string, first.id, second.id]),
    );
    expect(await waiting(course.id)).toEqual([third.id]);
    expect(await notified('waitlist_seat_offered', course.id)).toEqual(
      sorted([first.id, second.id]),
    );
  }, 30_000);
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
