import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../local-supabase/src/config';
import { connect } from '../../local-supabase/src/database';
import { signUpUser } from '../../local-supabase/tests/support';
import { closeDb, createCourse, createPerson, enroll, ownerQuery } from './fixtures';

// The school's running figures (private.school_figures, one row) and its hours (private.school_hours,
// a row per UTC hour) are kept by triggers. A sign-up wrote its hour, then the figures; a transaction
// that had written the figures first (a new activity, a drop whose seat went to the waiting list, …) and
// then wrote the same hour waited for the sign-up while the sign-up waited for it: Postgres ended one
// with "deadlock detected" and the sign-up answered 500 (seen in CI). Every writer now takes the figures
// row before any hour, so the second transaction simply waits its turn.

let courseId: string;

beforeAll(async () => {
  courseId = String((await createCourse({ title: 'Figures lock order' })).id);
});

afterAll(async () => {
  await closeDb();
});

async function waitUntilBlocked(pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await ownerQuery<{ waiting: boolean }>(
      `select exists (
         select 1 from pg_stat_activity a
          where a.datname = current_database() and a.wait_event_type = 'Lock'
            and $1::int = any (pg_blocking_pids(a.pid))
       ) as waiting`,
      [pid],
    );
    if (rows[0]?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no transaction came to wait behind the open one');
}

describe("the school's figures and hours", () => {
  it('are locked in one order: a sign-up waits behind a transaction that wrote the figures, then the same hour', async () => {
    const open = await connect(databaseUrl());
    try {
      await open.query('begin');
      const { rows } = await open.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = Number(rows[0]?.pid);
      // The figures first: a new activity counts in them and in no hour.
      await open.query(
        `insert into public.activities (course_id, title, description) values ($1, 'Lock order', 'Work')`,
        [courseId],
      );
      // A sign-up now: it must wait for the open transaction.
      const signUp = signUpUser('lock-order').then(
        () => 'signed up',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      await waitUntilBlocked(pid);
      // Then the hour the sign-up counts in: a class in this very hour.
      const classInsert = await open
        .query(
          `insert into public.classes (course_id, title, scheduled_date, type, meeting_link)
           values ($1, 'This hour', date_trunc('hour', now(), 'UTC') + interval '1 second', 'live', 'https://meet.example.org/x')`,
          [courseId],
        )
        .then(
          () => 'inserted',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
      await open.query(classInsert === 'inserted' ? 'commit' : 'rollback');
      expect(classInsert).toBe('inserted');
      expect(await signUp).toBe('signed up');
    } finally {
      await open.query('rollback').catch(() => undefined);
      await open.end();
    }
  });

  it('are taken after the courses by an account deletion: it waits for the course an enrolment holds', async () => {
    // Deleting an account deleted its public.users row, whose statement trigger took the figures, and
    // only then its enrolments, which lock each course: it waited for a course that an enrolment held
    // while the enrolment waited for the figures, "deadlock detected" (found in a stress run, see
    // 20261201008900_account_deletion_lock_order.sql). Now the deletion locks the account's courses
    // first, like every other writer.
    const course = await createCourse({ title: 'Deletion lock order', max_students: 10 });
    const [leaving, joining] = await Promise.all([
      createPerson('student', 'Leaving'),
      createPerson('student', 'Joining'),
    ]);
    await enroll(leaving.id, course.id);
    const enrolment = await connect(databaseUrl());
    const deletion = await connect(databaseUrl());
    try {
      await enrolment.query('begin');
      const { rows } = await enrolment.query<{ pid: number }>('select pg_backend_pid() as pid');
      // An enrolment's first step: the course, until commit.
      await enrolment.query('select 1 from public.courses where id = $1 for update', [course.id]);
      const deleted = deletion.query('delete from auth.users where id = $1', [leaving.id]).then(
        () => 'deleted',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      await waitUntilBlocked(Number(rows[0]?.pid));
      // The rest of the enrolment: its figures.
      const enrolled = await enrolment
        .query('select public.enroll_user_in_course($1, $2) as reply', [joining.id, course.id])
        .then(
          () => 'enrolled',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
      await enrolment.query(enrolled === 'enrolled' ? 'commit' : 'rollback');
      expect(enrolled).toBe('enrolled');
      expect(await deleted).toBe('deleted');
    } finally {
      await enrolment.query('rollback').catch(() => undefined);
      await Promise.all([enrolment.end(), deletion.end()]);
    }
  });
});
