import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../local-supabase/src/outbox-client';
import { anonClient } from '../../local-supabase/tests/support';
import {
  closeDb,
  createClass,
  createCourse,
  createMaterial,
  createPerson,
  expectDenied,
  hoursFromNow,
  ownerQuery,
  service,
  type Person,
} from './fixtures';

// Payment before the seat (issue 31, docs/money.md "Payment before the seat"). Serial
// (vitest.config.ts): it switches System Settings → Billing → invoice mode for the whole school, and
// puts it back after each test.

let admin: Person;
let teacher: Person;

const DEFAULT_BILLING = {
  currency: 'EUR',
  legalName: '',
  address: '',
  taxId: '',
  taxRate: 0,
  invoiceMode: 'on_enrolment',
  seatHoldHours: 48,
  refundOnDrop: 'pro_rata_classes_held',
  paymentTermsDays: 14,
};

async function setBilling(values: Record<string, unknown>) {
  return admin.client
    .from('app_settings')
    .update({ billing: { ...DEFAULT_BILLING, ...values } })
    .eq('id', 1)
    .select('billing')
    .single();
}

async function holdMode(hours = 48) {
  const { error } = await setBilling({ invoiceMode: 'payment_before_seat', seatHoldHours: hours });
  expect(error).toBeNull();
}

interface EnrolReply {
  success: boolean;
  error?: string;
  enrollment_id?: string;
  held?: boolean;
  held_until?: string;
  invoice_id?: string;
  time_zone?: string;
}

async function enrolSelf(student: Person, courseId: string): Promise<EnrolReply> {
  const { data, error } = await student.client.rpc('enroll_user_in_course', {
    user_uuid: student.id,
    course_uuid: courseId,
  });
  expect(error).toBeNull();
  return data as EnrolReply;
}

async function holdOf(studentId: string, courseId: string) {
  const { rows } = await ownerQuery<{
    id: string;
    status: string;
    invoice_id: string | null;
    held_until: Date;
  }>(
    `select id, status, invoice_id, held_until from public.seat_holds
      where student_id = $1 and course_id = $2 order by created_at desc limit 1`,
    [studentId, courseId],
  );
  return rows[0];
}

async function enrolmentStatus(studentId: string, courseId: string) {
  const { rows } = await ownerQuery<{ status: string }>(
    `select status from public.enrollments where user_id = $1 and course_id = $2`,
    [studentId, courseId],
  );
  return rows[0]?.status;
}

async function invoicesOf(studentId: string, courseId: string) {
  const { rows } = await ownerQuery<{
    id: string;
    total: string;
    due_on: string;
    status: string;
    due: string;
  }>(
    `select i.id, i.total::text, i.due_on::text, b.status, b.due::text
       from public.invoices i join public.invoice_balances b on b.id = i.id
      where i.student_id = $1 and i.course_id = $2 order by i.number`,
    [studentId, courseId],
  );
  return rows;
}

async function notificationsOf(studentId: string, kind: string, courseId: string) {
  const { rows } = await ownerQuery<{ data: Record<string, unknown> }>(
    `select data from public.notifications where user_id = $1 and kind = $2 and course_id = $3`,
    [studentId, kind, courseId],
  );
  return rows;
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Puts a hold's end in the past, as if its time had run out. */
async function runOut(holdId: string) {
  await ownerQuery(
    `update public.seat_holds set held_until = now() - interval '1 minute' where id = $1`,
    [holdId],
  );
}

beforeAll(async () => {
  [admin, teacher] = await Promise.all([
    createPerson('admin', 'Ada'),
    createPerson('teacher', 'Tomás'),
  ]);
});

afterEach(async () => {
  await ownerQuery(`update public.app_settings set billing = $1 where id = 1`, [
    JSON.stringify(DEFAULT_BILLING),
  ]);
});

afterAll(async () => {
  await closeDb();
});

describe('the setting', () => {
  it('takes payment_before_seat with a hold of 1 to 336 whole hours, and only from an administrator', async () => {
    const ok = await setBilling({ invoiceMode: 'payment_before_seat', seatHoldHours: 72 });
    expect(ok.error).toBeNull();
    expect(ok.data?.billing).toMatchObject({
      invoiceMode: 'payment_before_seat',
      seatHoldHours: 72,
    });
    for (const hours of [0, 337, 1.5, '24']) {
      const { error } = await setBilling({
        invoiceMode: 'payment_before_seat',
        seatHoldHours: hours,
      });
      expect(error?.code, String(hours)).toBe('23514');
    }
    const student = await createPerson('student');
    const refused = await student.client
      .from('app_settings')
      .update({ billing: { ...DEFAULT_BILLING, invoiceMode: 'payment_before_seat' } })
      .eq('id', 1)
      .select('id');
    expect(refused.data ?? []).toEqual([]);
  });
});

describe('a seat held for its payment', () => {
  it('is invoiced at once, due on the hold’s last day, and gives no access to the course', async () => {
    await holdMode(48);
    const student = await createPerson('student', 'Held');
    const other = await createPerson('student', 'Other');
    const course = await createCourse({ teacher_id: teacher.id, price: 120, max_students: 5 });
    await createClass(course.id, { scheduled_date: hoursFromNow(24 * 7) });
    await createMaterial({ course_id: course.id });

    const reply = await enrolSelf(student, course.id);
    expect(reply).toMatchObject({ success: true, held: true });
    expect(
      Math.abs(new Date(reply.held_until!).getTime() - (Date.now() + 48 * 3600_000)),
    ).toBeLessThan(120_000);
    expect(await enrolmentStatus(student.id, course.id)).toBe('dropped');

    const invoices = await invoicesOf(student.id, course.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      id: reply.invoice_id,
      total: '120.00',
      status: 'open',
      due: '120.00',
    });
    expect(invoices[0]!.due_on).toBe(new Date(reply.held_until!).toISOString().slice(0, 10));

    // Their own hold; nobody else's.
    const mine = await student.client.from('seat_holds').select('course_id, status, invoice_id');
    expect(mine.data).toEqual([
      { course_id: course.id, status: 'held', invoice_id: reply.invoice_id },
    ]);
    for (const reader of [other, teacher]) {
      const theirs = await reader.client.from('seat_holds').select('id').eq('course_id', course.id);
      expect(theirs.data ?? []).toEqual([]);
    }
    const office = await admin.client.from('seat_holds').select('id').eq('course_id', course.id);
    expect(office.data).toHaveLength(1);

    // Not a student of the course: no classes, materials, course counts, teacher roster.
    expect(
      (await student.client.from('classes').select('id').eq('course_id', course.id)).data ?? [],
    ).toEqual([]);
    expect(
      (await student.client.from('materials').select('id').eq('course_id', course.id)).data ?? [],
    ).toEqual([]);
    const { rows } = await ownerQuery<{ enrolled_count: number }>(
      `select enrolled_count from public.courses where id = $1`,
      [course.id],
    );
    expect(rows[0]!.enrolled_count).toBe(0);
    const roster = await teacher.client
      .from('enrollments')
      .select('user_id, status')
      .eq('course_id', course.id);
    expect((roster.data ?? []).filter((row) => row.status === 'active')).toEqual([]);

    // Enrolling again, joining the waiting list: the seat is held already.
    const again = await enrolSelf(student, course.id);
    expect(again).toMatchObject({ success: false, error: expect.stringMatching(/already held/) });
  });

  it('is read by its student with what is due and the school’s time zone (my_seat_holds), by the office with the student and invoice', async () => {
    await holdMode();
    await ownerQuery(
      `update public.app_settings set general = general || '{"timezone": "Europe/Madrid"}' where id = 1`,
    );
    try {
      const student = await createPerson('student', 'Reader');
      const other = await createPerson('student', 'Nosy');
      const course = await createCourse({ teacher_id: teacher.id, price: 45 });
      const reply = await enrolSelf(student, course.id);
      expect(reply).toMatchObject({ held: true, time_zone: 'Europe/Madrid' });
      const mine = await student.client.rpc('my_seat_holds');
      expect(mine.error).toBeNull();
      expect(mine.data).toEqual([
        expect.objectContaining({
          course_id: course.id,
          course_title: course.title,
          invoice_id: reply.invoice_id,
          amount_due: 45,
          currency: 'EUR',
          time_zone: 'Europe/Madrid',
        }),
      ]);
      for (const reader of [other, teacher, admin]) {
        expect((await reader.client.rpc('my_seat_holds')).data).toEqual([]);
      }
      expect((await anonClient().rpc('my_seat_holds')).error).toBeTruthy();
      const office = await admin.client
        .from('seat_holds')
        .select(
          'id, student_id, held_until, student:users!student_id(first_name, last_name, email), invoice:invoices!invoice_id(number)',
        )
        .eq('course_id', course.id)
        .eq('status', 'held');
      expect(office.error).toBeNull();
      expect(office.data).toEqual([
        expect.objectContaining({
          student_id: student.id,
          student: expect.objectContaining({ first_name: 'Reader', email: student.email }),
          invoice: { number: expect.stringMatching(/^\d{4}-\d{6}$/) },
        }),
      ]);
    } finally {
      await ownerQuery(
        `update public.app_settings set general = general || '{"timezone": "UTC"}' where id = 1`,
      );
    }
  });

  it('is made active by nobody but its payment, and nobody writes the holds', async () => {
    await holdMode();
    const student = await createPerson('student');
    const course = await createCourse({ teacher_id: teacher.id, price: 50 });
    const reply = await enrolSelf(student, course.id);
    const direct = await admin.client
      .from('enrollments')
      .update({ status: 'active' })
      .eq('id', reply.enrollment_id!)
      .select('id');
    expect(direct.error?.code).toBe('MN011');
    const viaService = await service
      .from('enrollments')
      .update({ status: 'active' })
      .eq('id', reply.enrollment_id!);
    expect(viaService.error?.code).toBe('MN011');
    const hold = await holdOf(student.id, course.id);
    for (const person of [student, admin]) {
      const update = await person.client
        .from('seat_holds')
        .update({ status: 'paid' })
        .eq('id', hold!.id)
        .select('id');
      expectDenied(update);
      const insert = await person.client.from('seat_holds').insert({
        enrollment_id: reply.enrollment_id,
        course_id: course.id,
        student_id: student.id,
        held_until: hoursFromNow(1),
      });
      expectDenied(insert);
    }
    expect(await enrolmentStatus(student.id, course.id)).toBe('dropped');
    expect((await holdOf(student.id, course.id))!.status).toBe('held');
  });

  it('counts against max_students: concurrent enrolments never hold more seats than the course has', async () => {
    await holdMode();
    const course = await createCourse({ teacher_id: teacher.id, price: 80, max_students: 3 });
    const students = await Promise.all(
      Array.from({ length: 7 }, (_, n) => createPerson('student', `Racer${n}`)),
    );
    const replies = await Promise.all(students.map((student) => enrolSelf(student, course.id)));
    expect(replies.filter((reply) => reply.success && reply.held)).toHaveLength(3);
    expect(replies.filter((reply) => !reply.success).map((reply) => reply.error)).toEqual(
      Array(4).fill('This course is full'),
    );
    const { rows } = await ownerQuery<{ held: string }>(
      `select count(*)::text as held from public.seat_holds where course_id = $1 and status = 'held'`,
      [course.id],
    );
    expect(rows[0]!.held).toBe('3');
    // An administrator's enrolment, one by one or in bulk, finds it full too.
    const late = await createPerson('student', 'Late');
    const one = await admin.client.rpc('enroll_user_in_course', {
      user_uuid: late.id,
      course_uuid: course.id,
    });
    expect(one.data).toMatchObject({ success: false, error: 'This course is full' });
    const bulk = await admin.client.rpc('enroll_students_in_course', {
      course_uuid: course.id,
      emails: [late.email],
    });
    expect(bulk.data).toMatchObject({ success: false, seats_left: 0 });
    // The catalog shows it full to anyone (held seats are taken seats), so nobody is offered Enrol
    // only to be told it is full.
    const listed = await late.client
      .from('course_catalog')
      .select('is_full, enrolled_count')
      .eq('id', course.id)
      .single();
    expect(listed.data).toEqual({ is_full: true, enrolled_count: 0 });
    // …and the full course takes names in line.
    const join = await late.client.rpc('join_waiting_list', { course_uuid: course.id });
    expect(join.data).toMatchObject({ success: true });
  });

  it('becomes an active enrolment when the office records the whole amount, not a part of it', async () => {
    await holdMode();
    const student = await createPerson('student', 'Payer');
    const course = await createCourse({ teacher_id: teacher.id, price: 100 });
    await createMaterial({ course_id: course.id });
    const reply = await enrolSelf(student, course.id);

    const part = await admin.client.rpc('record_payment', {
      invoice_uuid: reply.invoice_id,
      amount: 40,
      method: 'cash',
    });
    expect(part.error).toBeNull();
    expect(await enrolmentStatus(student.id, course.id)).toBe('dropped');
    expect((await holdOf(student.id, course.id))!.status).toBe('held');

    const rest = await admin.client.rpc('record_payment', {
      invoice_uuid: reply.invoice_id,
      amount: 60,
      method: 'bank_transfer',
    });
    expect(rest.error).toBeNull();
    expect(await enrolmentStatus(student.id, course.id)).toBe('active');
    expect((await holdOf(student.id, course.id))!.status).toBe('paid');
    const invoices = await invoicesOf(student.id, course.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', due: '0.00' });
    expect(await notificationsOf(student.id, 'enrollment_confirmed', course.id)).toHaveLength(1);
    expect(
      (await student.client.from('materials').select('id').eq('course_id', course.id)).data,
    ).toHaveLength(1);
  });

  it('becomes active when the card provider’s payment covers it (record_online_payment)', async () => {
    await holdMode();
    const student = await createPerson('student', 'Card');
    const course = await createCourse({ teacher_id: teacher.id, price: 75.5 });
    const reply = await enrolSelf(student, course.id);
    const paid = await service.rpc('record_online_payment', {
      invoice_uuid: reply.invoice_id,
      amount: 75.5,
      provider_event_id: `evt_hold_${reply.invoice_id}`,
    });
    expect(paid.error).toBeNull();
    expect(await enrolmentStatus(student.id, course.id)).toBe('active');
    expect(await invoicesOf(student.id, course.id)).toHaveLength(1);
    // Told once, though a trusted caller paid (the enrolment trigger tells nobody for them).
    expect(await notificationsOf(student.id, 'enrollment_confirmed', course.id)).toHaveLength(1);
  });

  it('is not taken for a free course, which is enrolled at once', async () => {
    await holdMode();
    const student = await createPerson('student', 'Free');
    const course = await createCourse({ teacher_id: teacher.id, price: 0 });
    const reply = await enrolSelf(student, course.id);
    expect(reply).toMatchObject({ success: true });
    expect(reply.held).toBeUndefined();
    expect(await enrolmentStatus(student.id, course.id)).toBe('active');
    expect(await holdOf(student.id, course.id)).toBeUndefined();
  });

  it('is what an administrator’s bulk enrolment gives in this mode', async () => {
    await holdMode();
    const [one, two] = await Promise.all([
      createPerson('student', 'Bulk1'),
      createPerson('student', 'Bulk2'),
    ]);
    const course = await createCourse({ teacher_id: teacher.id, price: 30, max_students: 5 });
    const bulk = await admin.client.rpc('enroll_students_in_course', {
      course_uuid: course.id,
      emails: [one.email, two.email],
    });
    expect(bulk.data).toMatchObject({ success: true, enrolled: 2 });
    for (const student of [one, two]) {
      expect(await enrolmentStatus(student.id, course.id)).toBe('dropped');
      expect((await holdOf(student.id, course.id))!.status).toBe('held');
      expect(await invoicesOf(student.id, course.id)).toHaveLength(1);
    }
  });

  it('stays to be paid or to run out when the school goes back to invoicing on enrolment', async () => {
    await holdMode();
    const student = await createPerson('student', 'Switch');
    const course = await createCourse({ teacher_id: teacher.id, price: 20 });
    const reply = await enrolSelf(student, course.id);
    expect((await setBilling({ invoiceMode: 'on_enrolment' })).error).toBeNull();
    expect((await holdOf(student.id, course.id))!.status).toBe('held');
    await admin.client.rpc('record_payment', {
      invoice_uuid: reply.invoice_id,
      amount: 20,
      method: 'cash',
    });
    expect(await enrolmentStatus(student.id, course.id)).toBe('active');
    expect(await invoicesOf(student.id, course.id)).toHaveLength(1);
  });
});

describe('a hold that runs out unpaid', () => {
  it('frees the seat, credits the invoice, leaves a part paid owed back, and seats the first in line', async () => {
    await holdMode(24);
    const [first, waiting] = await Promise.all([
      createPerson('student', 'First'),
      createPerson('student', 'Waiting'),
    ]);
    const course = await createCourse({ teacher_id: teacher.id, price: 90, max_students: 1 });
    const reply = await enrolSelf(first, course.id);
    expect(reply.held).toBe(true);
    const join = await waiting.client.rpc('join_waiting_list', { course_uuid: course.id });
    expect(join.data).toMatchObject({ success: true, position: 1 });
    await admin.client.rpc('record_payment', {
      invoice_uuid: reply.invoice_id,
      amount: 25,
      method: 'cash',
    });

    const hold = await holdOf(first.id, course.id);
    // The local outbox's check sees the hold run out as work (read before it commits, so the outbox
    // cannot have ended it already).
    await ownerQuery('begin');
    await runOut(hold!.id);
    const { rows: work } = await ownerQuery<{ work: boolean }>(
      `select private.has_notification_work() as work`,
    );
    await ownerQuery('commit');
    expect(work[0]!.work).toBe(true);

    // Two schedules at once, then a third (and the local outbox's send-mail beside them): it ends once.
    const runs = await Promise.all([
      service.rpc('expire_seat_holds'),
      service.rpc('expire_seat_holds'),
    ]);
    for (const run of runs) expect(run.error).toBeNull();
    const third = await service.rpc('expire_seat_holds');
    expect(third.error).toBeNull();
    expect(
      runs.map((run) => run.data as number).reduce((a, b) => a + b, 0) + (third.data as number),
    ).toBeLessThanOrEqual(1);

    expect((await holdOf(first.id, course.id))!.status).toBe('expired');
    expect(await enrolmentStatus(first.id, course.id)).toBe('dropped');
    const { rows: credits } = await ownerQuery<{ total: string; reason: string }>(
      `select total::text, reason from public.credit_notes where invoice_id = $1`,
      [reply.invoice_id],
    );
    expect(credits).toEqual([{ total: '90.00', reason: 'Seat hold expired' }]);
    const [invoice] = await invoicesOf(first.id, course.id);
    expect(invoice).toMatchObject({ status: 'void', due: '-25.00' });
    expect(await notificationsOf(first.id, 'seat_hold_expired', course.id)).toHaveLength(1);

    // The seat went to the first in line, held for their payment in turn.
    expect(await enrolmentStatus(waiting.id, course.id)).toBe('dropped');
    const next = await holdOf(waiting.id, course.id);
    expect(next).toMatchObject({ status: 'held' });
    expect(next!.invoice_id).toBeTruthy();
    expect(await invoicesOf(waiting.id, course.id)).toHaveLength(1);
    const offered = await notificationsOf(waiting.id, 'waitlist_seat_offered', course.id);
    expect(offered).toHaveLength(1);
    expect(offered[0]!.data).toHaveProperty('heldUntil');
    const { rows: line } = await ownerQuery(
      `select 1 from public.waiting_list where course_id = $1`,
      [course.id],
    );
    expect(line).toEqual([]);

    // Nothing more on later runs.
    expect((await service.rpc('expire_seat_holds')).data).toBe(0);
    const { rows: again } = await ownerQuery<{ n: string }>(
      `select count(*)::text as n from public.credit_notes where invoice_id = $1`,
      [reply.invoice_id],
    );
    expect(again[0]!.n).toBe('1');
  });

  it('is released by the schedule on its own (send-mail through the local outbox), and the student is mailed', async () => {
    await holdMode();
    const student = await createPerson('student', 'Late');
    const course = await createCourse({
      teacher_id: teacher.id,
      price: 60,
      title: `Held ${Date.now()}`,
    });
    await enrolSelf(student, course.id);
    await runOut((await holdOf(student.id, course.id))!.id);
    await waitFor('the hold to end', async () =>
      (await holdOf(student.id, course.id))!.status === 'expired' ? true : undefined,
    );
    const mail = await waitFor('the mail', async () =>
      (await readOutbox(student.email)).find((m) =>
        m.subject.startsWith(`Seat released: ${course.title as string}`),
      ),
    );
    expect(mail.text).toContain('was not paid in time');
  });

  it('is ended by the schedule only: students, teachers, administrators and anonymous callers are refused', async () => {
    const student = await createPerson('student');
    for (const caller of [student, teacher, admin]) {
      expectDenied(await caller.client.rpc('expire_seat_holds'));
    }
    const anonymous = await anonClient().rpc('expire_seat_holds');
    expect(anonymous.error).toBeTruthy();
    expect(anonymous.data).toBeNull();
    // Nor read another's holds anonymously.
    expect((await anonClient().from('seat_holds').select('id')).data ?? []).toEqual([]);
  });
});
