import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../local-supabase/src/config';
import { connect } from '../../local-supabase/src/database';
import { auth, freshIp, uniqueEmail } from '../../local-supabase/tests/support';
import { closeDb, createCourse, createPerson, service, type Person } from './fixtures';

// On demand only: LOCK_STRESS_SECONDS=20 (at most 60) with scripts/with-backend.mjs and
// `vitest run --project integration supabase/tests/lock-stress.test.ts`. Every writer that shares the
// school's figures, hours, counters and courses runs at once, in loops, for that long: sign-ups,
// enrolments then drops, enrolments rolled back, a full course whose waiting list moves up, manual
// invoices and payments, promotions to teacher, account deletions, new classes and price changes.
// Every request must succeed; a "deadlock detected" names its cycle in .data/test/postgres.log
// (docs/architecture.md, "The local stack"). This run found the account deletion's cycle
// (20261201008900_account_deletion_lock_order.sql). Loopback only, bounded in time.
const SECONDS = Math.min(Number(process.env.LOCK_STRESS_SECONDS ?? 0), 60);

afterAll(async () => {
  await closeDb();
});

describe.skipIf(!(SECONDS > 0))('every writer of the shared rows at once', () => {
  it('refuses no request', { timeout: (SECONDS + 120) * 1000 }, async () => {
    const [admin, teacher] = await Promise.all([
      createPerson('admin', 'Ada'),
      createPerson('teacher', 'Tomás'),
    ]);
    const students: Person[] = [];
    for (let batch = 0; batch < 4; batch += 1) {
      students.push(
        ...(await Promise.all(Array.from({ length: 10 }, () => createPerson('student', 'Stress')))),
      );
    }
    const courses = await Promise.all(
      Array.from({ length: 3 }, () =>
        createCourse({ teacher_id: teacher.id, price: 30, max_students: 1000 }),
      ),
    );
    const full = await createCourse({ teacher_id: teacher.id, price: 20, max_students: 3 });
    const line = students.slice(30);
    for (const person of line.slice(0, 3)) {
      await admin.client.rpc('enroll_user_in_course', {
        user_uuid: person.id,
        course_uuid: full.id,
      });
    }
    for (const person of line.slice(3)) {
      await person.client.rpc('join_waiting_list', { course_uuid: full.id });
    }
    const pool = students.slice(0, 30);
    let next = 0;
    const nextStudent = () => pool[next++ % pool.length]!;

    const stop = Date.now() + SECONDS * 1000;
    const refused: string[] = [];
    const counts: Record<string, number> = {};
    const loop = async (kind: string, body: (i: number) => Promise<unknown>) => {
      for (let i = 0; Date.now() < stop; i += 1) {
        counts[kind] = (counts[kind] ?? 0) + 1;
        const error = await body(i).catch((caught: unknown) =>
          caught instanceof Error ? caught.message : String(caught),
        );
        if (error)
          refused.push(`${kind}: ${typeof error === 'string' ? error : JSON.stringify(error)}`);
      }
    };

    const signUp = async () => {
      const answer = await auth(freshIp(), 'POST', '/signup', {
        email: uniqueEmail('stress'),
        password: `pw-${crypto.randomUUID()}`,
        data: { first_name: 'Stress', last_name: 'Test' },
      });
      return answer.status === 200 ? null : `${answer.status} ${JSON.stringify(answer.body)}`;
    };
    const enrolThenDrop = async () => {
      const person = nextStudent();
      const course = courses[next % courses.length]!;
      const ids = { user_uuid: person.id, course_uuid: course.id };
      const enrolled = await admin.client.rpc('enroll_user_in_course', ids);
      return enrolled.error ?? (await admin.client.rpc('unenroll_user_from_course', ids)).error;
    };
    const enrolThenRollBack = async () => {
      const client = await connect(databaseUrl());
      try {
        await client.query('begin');
        await client.query('select public.enroll_user_in_course($1, $2)', [
          nextStudent().id,
          courses[0]!.id,
        ]);
        await client.query('rollback');
        return null;
      } finally {
        await client.end();
      }
    };
    const waitingListMovesUp = async () => {
      // Someone enrolled drops (the first in line takes the seat), then queues again.
      const { data } = await service
        .from('enrollments')
        .select('user_id')
        .eq('course_id', full.id)
        .eq('status', 'active')
        .limit(1);
      const person = line.find((candidate) => candidate.id === data?.[0]?.user_id);
      if (!person) return null;
      const ids = { user_uuid: person.id, course_uuid: full.id };
      const dropped = await person.client.rpc('unenroll_user_from_course', ids);
      return (
        dropped.error ??
        (await person.client.rpc('join_waiting_list', { course_uuid: full.id })).error
      );
    };
    const invoiceThenPay = async () => {
      const invoice = await admin.client.rpc('issue_invoice', {
        student_uuid: nextStudent().id,
        lines: [{ description: 'Book', unit_price: 12 }],
      });
      if (invoice.error) return invoice.error;
      return (
        await admin.client.rpc('record_payment', {
          invoice_uuid: invoice.data,
          amount: 1,
          method: 'cash',
        })
      ).error;
    };
    const promote = async () => {
      await createPerson('teacher', 'Promoted');
      return null;
    };
    const deleteAccount = async () => {
      const person = await createPerson('student', 'Leaving');
      await admin.client.rpc('enroll_user_in_course', {
        user_uuid: person.id,
        course_uuid: courses[2]!.id,
      });
      return (await service.auth.admin.deleteUser(person.id)).error;
    };
    const newClass = async () =>
      (
        await service.from('classes').insert({
          course_id: courses[1]!.id,
          title: 'Stress class',
          scheduled_date: new Date(Date.now() + 3_600_000).toISOString(),
          type: 'live',
          meeting_link: 'https://meet.example.org/stress',
        })
      ).error;
    const newPrice = async (i: number) =>
      (
        await service
          .from('courses')
          .update({ price: 30 + (i % 5) })
          .eq('id', courses[i % courses.length]!.id)
      ).error;

    await Promise.all([
      ...Array.from({ length: 4 }, () => loop('sign-up', signUp)),
      ...Array.from({ length: 2 }, () => loop('enrol then drop', enrolThenDrop)),
      loop('enrol then roll back', enrolThenRollBack),
      loop('waiting list moves up', waitingListMovesUp),
      loop('invoice then pay', invoiceThenPay),
      loop('promote', promote),
      loop('delete account', deleteAccount),
      loop('new class', newClass),
      loop('new price', newPrice),
    ]);
    console.log('[lock-stress]', counts);
    expect(refused).toEqual([]);
    expect(counts['sign-up']).toBeGreaterThan(0);
  });
});
