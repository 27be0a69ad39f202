import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../local-supabase/src/config';
import { connect } from '../../local-supabase/src/database';
import {
  closeDb,
  createClass,
  createCourse,
  createPerson,
  enroll,
  expectDenied,
  hoursFromNow,
  ownerQuery,
  service,
  type Person,
} from './fixtures';

// Money and the school's settings (issue 31, docs/money.md). Serial (vitest.config.ts): it changes
// System Settings → billing, and compares the school's revenue before and after a payment.

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

describe('the billing settings', () => {
  it('have their defaults and are read by administrators only', async () => {
    const { data } = await admin.client.rpc('get_app_settings');
    expect((data as { billing: unknown }).billing).toEqual(DEFAULT_BILLING);
    const student = await createPerson('student');
    const theirs = await student.client.rpc('get_app_settings');
    expect(theirs.data).not.toHaveProperty('billing');
    const refused = await student.client
      .from('app_settings')
      .update({ billing: { ...DEFAULT_BILLING, taxRate: 50 } })
      .eq('id', 1)
      .select('id');
    expect(refused.data ?? []).toEqual([]);
    const teacherTry = await teacher.client
      .from('app_settings')
      .update({ billing: DEFAULT_BILLING })
      .eq('id', 1)
      .select('id');
    expect(teacherTry.data ?? []).toEqual([]);
  });

  it('refuse bad values with a clear message', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ currency: 'euro' }, /ISO 4217/],
      [{ taxRate: 101 }, /Tax rate/],
      [{ taxRate: 10.555 }, /Tax rate/],
      [{ taxRate: '10' }, /must be a number/],
      [{ invoiceMode: 'when_paid' }, /Invoice mode/],
      [{ seatHoldHours: 0 }, /between 1 and 336 hours/],
      [{ seatHoldHours: 337 }, /between 1 and 336 hours/],
      [{ refundOnDrop: 'half' }, /Refund on drop/],
      [{ paymentTermsDays: 400 }, /Payment terms/],
      [{ paymentTermsDays: 1.5 }, /Payment terms/],
      [{ iban: 'x' }, /Unknown setting billing.iban/],
    ];
    for (const [values, message] of cases) {
      const { error } = await setBilling(values);
      expect(error?.code, JSON.stringify(values)).toBe('23514');
      expect(error?.message).toMatch(message);
    }
    const ok = await setBilling({
      currency: 'USD',
      taxRate: 21,
      legalName: 'Lingua Academy S.L.',
      paymentTermsDays: 30,
    });
    expect(ok.error).toBeNull();
  });

  it('are copied onto each invoice when it is issued, and later changes leave it as it was', async () => {
    expect(
      (
        await setBilling({
          currency: 'USD',
          taxRate: 21,
          legalName: 'Lingua S.L.',
          address: 'Calle Mayor 1',
          taxId: 'B123',
          paymentTermsDays: 30,
        })
      ).error,
    ).toBeNull();
    const student = await createPerson('student', 'Taxed');
    const course = await createCourse({ teacher_id: teacher.id, price: 99.99 });
    await enroll(student.id, course.id);
    const read = () => service.from('invoices').select('*').eq('student_id', student.id).single();
    const { data } = await read();
    expect(data).toMatchObject({
      currency: 'USD',
      school_name: 'Lingua S.L.',
      school_address: 'Calle Mayor 1',
      school_tax_id: 'B123',
      tax_rate: 21,
      net: 99.99,
      tax: 21,
      total: 120.99,
    });
    expect((Date.parse(data.due_on) - Date.parse(data.issued_on)) / 86_400_000).toBe(30);
    await setBilling({ currency: 'GBP', taxRate: 5 });
    expect((await read()).data).toEqual(data);
  });

  it("put the school's currency on the dashboard and Course Management answers, for whoever reads them", async () => {
    const currencies = async () => ({
      dashboard: (
        (await admin.client.rpc('get_admin_dashboard', { period: 'month', time_zone: 'UTC' }))
          .data as { currency?: string }
      ).currency,
      office: (
        (await admin.client.rpc('get_course_management_stats')).data as { currency?: string }
      ).currency,
      teacher: (
        (await teacher.client.rpc('get_course_management_stats')).data as { currency?: string }
      ).currency,
    });
    expect(await currencies()).toEqual({ dashboard: 'EUR', office: 'EUR', teacher: 'EUR' });
    expect((await setBilling({ currency: 'GBP' })).error).toBeNull();
    expect(await currencies()).toEqual({ dashboard: 'GBP', office: 'GBP', teacher: 'GBP' });
    // A teacher still reads no money beside it, and cannot read the dashboard at all.
    const theirs = (await teacher.client.rpc('get_course_management_stats')).data as {
      total_revenue: number;
    };
    expect(theirs.total_revenue).toBe(0);
    expectDenied(
      await teacher.client.rpc('get_admin_dashboard', { period: 'month', time_zone: 'UTC' }),
    );
  });
});

describe('a drop credits per the refund rule, in the same transaction', () => {
  async function droppedInvoice(rule: string) {
    expect((await setBilling({ refundOnDrop: rule })).error).toBeNull();
    const course = await createCourse({ teacher_id: teacher.id, price: 100 });
    // Four classes, one of them held.
    await Promise.all(
      [-48, 48, 96, 144].map((hours) =>
        createClass(course.id, { scheduled_date: hoursFromNow(hours) }),
      ),
    );
    const student = await createPerson('student', 'Dropper');
    await enroll(student.id, course.id);
    const { data: invoice } = await service
      .from('invoices')
      .select('id')
      .eq('student_id', student.id)
      .single();
    await admin.client.rpc('record_payment', {
      invoice_uuid: invoice!.id,
      amount: 40,
      method: 'cash',
    });
    const dropped = await student.client.rpc('unenroll_user_from_course', {
      user_uuid: student.id,
      course_uuid: course.id,
    });
    expect((dropped.data as { success: boolean }).success).toBe(true);
    const { data } = await service
      .from('invoice_balances')
      .select('*')
      .eq('id', invoice!.id)
      .single();
    const { data: notes } = await service
      .from('credit_notes')
      .select('number, total, reason')
      .eq('invoice_id', invoice!.id);
    return { balance: data as Record<string, unknown>, notes: notes ?? [], invoiceId: invoice!.id };
  }

  it('full: the whole invoice is credited; the office then refunds what was paid', async () => {
    const { balance, notes, invoiceId } = await droppedInvoice('full');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(balance).toMatchObject({
      credited: 100,
      paid: 40,
      refunded: 0,
      due: -40,
      status: 'void',
    });
    // Never refunded automatically: the office records it, at most what was paid.
    expect(
      (
        await admin.client.rpc('record_refund', {
          invoice_uuid: invoiceId,
          amount: 40.01,
          method: 'cash',
        })
      ).error?.code,
    ).toBe('MN003');
    expect(
      (
        await admin.client.rpc('record_refund', {
          invoice_uuid: invoiceId,
          amount: 40,
          method: 'cash',
        })
      ).error,
    ).toBeNull();
    const { data } = await service
      .from('invoice_balances')
      .select('due')
      .eq('id', invoiceId)
      .single();
    expect(data!.due).toBe(0);
  });

  it('pro rata by classes held: the share of classes not yet held', async () => {
    const { balance, notes } = await droppedInvoice('pro_rata_classes_held');
    expect(notes.map((note) => note.total)).toEqual([75]);
    expect(balance).toMatchObject({ credited: 75, paid: 40, due: -15 });
  });

  it('none: nothing is credited', async () => {
    const { balance, notes } = await droppedInvoice('none');
    expect(notes).toEqual([]);
    expect(balance).toMatchObject({ credited: 0, paid: 40, due: 60, status: 'open' });
  });
});

describe('revenue is money received, with one definition', () => {
  it('a partial payment moves the balance, get_revenue, the dashboard and Course Management by exactly its amount', async () => {
    const student = await createPerson('student', 'Partial');
    const course = await createCourse({ teacher_id: teacher.id, price: 300 });
    await enroll(student.id, course.id);
    const { data: invoice } = await service
      .from('invoices')
      .select('id, issued_on')
      .eq('student_id', student.id)
      .single();
    const today = invoice!.issued_on as string;

    const read = async () => {
      const revenue = (await admin.client.rpc('get_revenue', { from_date: today, to_date: today }))
        .data as {
        received: number;
        invoiced: number;
        outstanding: number;
        per_course: Array<{ course_id: string; received: number; outstanding: number }>;
      };
      const dashboard = (
        await admin.client.rpc('get_admin_dashboard', { period: 'week', time_zone: 'UTC' })
      ).data as {
        courses: { revenue: number; invoiced: number; outstanding: number };
        current: { revenue: number };
        series: Array<{ start: string; revenue: number }>;
      };
      const stats = (await admin.client.rpc('get_course_management_stats')).data as {
        total_revenue: number;
      };
      const roster = (
        await admin.client
          .from('course_roster')
          .select('revenue, invoiced, outstanding')
          .eq('id', course.id)
          .single()
      ).data!;
      const balance = (
        await service.from('invoice_balances').select('due').eq('id', invoice!.id).single()
      ).data!;
      return { revenue, dashboard, stats, roster, balance };
    };

    const before = await read();
    expect(before.revenue.per_course.find((row) => row.course_id === course.id)).toMatchObject({
      received: 0,
      outstanding: 300,
    });
    expect(before.roster).toEqual({ revenue: 0, invoiced: 300, outstanding: 300 });

    expect(
      (
        await admin.client.rpc('record_payment', {
          invoice_uuid: invoice!.id,
          amount: 123.45,
          method: 'cash',
        })
      ).error,
    ).toBeNull();
    const after = await read();
    const moved = (a: number, b: number) => Math.round((b - a) * 100) / 100;
    expect(moved(before.balance.due, after.balance.due)).toBe(-123.45);
    expect(moved(before.revenue.received, after.revenue.received)).toBe(123.45);
    expect(moved(before.revenue.outstanding, after.revenue.outstanding)).toBe(-123.45);
    expect(moved(before.revenue.invoiced, after.revenue.invoiced)).toBe(0);
    expect(moved(before.dashboard.courses.revenue, after.dashboard.courses.revenue)).toBe(123.45);
    expect(moved(before.dashboard.courses.outstanding, after.dashboard.courses.outstanding)).toBe(
      -123.45,
    );
    expect(moved(before.dashboard.current.revenue, after.dashboard.current.revenue)).toBe(123.45);
    const bucket = (d: typeof before.dashboard) =>
      d.series.find((point) => point.start === today)?.revenue ?? 0;
    expect(moved(bucket(before.dashboard), bucket(after.dashboard))).toBe(123.45);
    expect(moved(before.stats.total_revenue, after.stats.total_revenue)).toBe(123.45);
    expect(after.roster).toEqual({ revenue: 123.45, invoiced: 300, outstanding: 176.55 });

    // All-time figures agree: the dashboard's Total Revenue is get_revenue over every date.
    const all = (
      await admin.client.rpc('get_revenue', { from_date: '2000-01-01', to_date: '2999-12-31' })
    ).data as {
      received: number;
      invoiced: number;
      outstanding: number;
    };
    expect(all.received).toBe(after.dashboard.courses.revenue);
    expect(all.invoiced).toBe(after.dashboard.courses.invoiced);
    expect(all.outstanding).toBe(after.dashboard.courses.outstanding);
    expect(all.received).toBe(after.stats.total_revenue);
  });

  it('get_revenue refuses a range that ends before it starts', async () => {
    const { error } = await admin.client.rpc('get_revenue', {
      from_date: '2026-02-01',
      to_date: '2026-01-01',
    });
    expect(error?.code).toBe('22023');
    expectDenied(
      await teacher.client.rpc('get_revenue', { from_date: '2026-01-01', to_date: '2026-12-31' }),
    );
  });
});

// Here rather than beside other files: it reads every invoice number of the year, and its 60 sign-ups and
// 60 enrolments at once would crowd the stack the other files share.
describe('numbering', () => {
  /** The year's numbers, in order: gap-free means exactly 1..n. */
  async function numbersOf(year: string, prefix = ''): Promise<number[]> {
    const { rows } = await ownerQuery<{ n: number }>(
      `select substring(number from '(\\d+)$')::int as n from public.${prefix ? 'credit_notes' : 'invoices'}
        where number like $1 order by 1`,
      [`${prefix}${year}-%`],
    );
    return rows.map((row) => row.n);
  }

  function gapsIn(numbers: number[]): number[] {
    const gaps: number[] = [];
    numbers.forEach((n, i) => {
      if (n !== i + 1) gaps.push(i + 1);
    });
    return gaps;
  }

  it('50 concurrent enrolments (and 10 rolled back beside them) give 50 invoices, no gap, no duplicate', async () => {
    const priced = await createCourse({ teacher_id: teacher.id, price: 30, max_students: 100 });
    // Signed up ten at a time (the auth server is shared with the files running beside this one).
    const people: Person[] = [];
    for (let batch = 0; batch < 6; batch += 1) {
      people.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) => createPerson('student', `N${batch * 10 + i}`)),
        )),
      );
    }
    const kept = people.slice(0, 50);
    const rolledBack = people.slice(50);
    // Rolled-back enrolments took a number inside their transaction: a sequence would lose it for good.
    const rollback = async (person: Person) => {
      const client = await connect(databaseUrl());
      try {
        await client.query('begin');
        await client.query('select public.enroll_user_in_course($1, $2)', [person.id, priced.id]);
        await client.query('rollback');
      } finally {
        await client.end();
      }
    };
    const [replies] = await Promise.all([
      Promise.all(
        kept.map((person) =>
          admin.client.rpc('enroll_user_in_course', {
            user_uuid: person.id,
            course_uuid: priced.id,
          }),
        ),
      ),
      Promise.all(rolledBack.map(rollback)),
    ]);
    expect(replies.map((reply) => reply.error).filter(Boolean)).toEqual([]);

    const { data } = await service
      .from('invoices')
      .select('number, student_id')
      .eq('course_id', priced.id);
    expect(data).toHaveLength(50);
    expect(new Set(data!.map((row) => row.student_id))).toEqual(
      new Set(kept.map((person) => person.id)),
    );
    const year = data![0]!.number.slice(0, 4);
    const numbers = await numbersOf(year);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(gapsIn(numbers)).toEqual([]);
    const credits = await numbersOf(year, 'CN-');
    expect(gapsIn(credits)).toEqual([]);
  });

  it('the same check finds the gaps a sequence leaves when transactions roll back', async () => {
    // What the test above would see with numbers from a sequence: the rolled-back transactions' numbers
    // are gone. (Replacing private.next_document_number with nextval makes the test above fail the same way.)
    const client = await connect(databaseUrl());
    try {
      await client.query('create temporary sequence numbers_from_a_sequence');
      const kept: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        await client.query('begin');
        const { rows } = await client.query<{ n: string }>(
          `select nextval('numbers_from_a_sequence') as n`,
        );
        if (i % 3 === 1) await client.query('rollback');
        else {
          await client.query('commit');
          kept.push(Number(rows[0]!.n));
        }
      }
      expect(gapsIn(kept)).not.toEqual([]);
    } finally {
      await client.end();
    }
  });
});

describe('a deleted account', () => {
  // Here rather than beside other files: deleting an account locks the school's figures and the
  // courses it was enrolled in, which a sign-up or an enrolment elsewhere may be waiting on.
  it('deleting the student keeps the invoice with its snapshot', async () => {
    const leaver = await createPerson('student', 'Leaver');
    const course = await createCourse({ teacher_id: teacher.id, price: 70 });
    await enroll(leaver.id, course.id);
    const { data: invoice } = await service
      .from('invoices')
      .select('id')
      .eq('student_id', leaver.id)
      .single();
    expect((await service.auth.admin.deleteUser(leaver.id)).error).toBeNull();
    const { data } = await service
      .from('invoices')
      .select('student_id, student_email')
      .eq('id', invoice!.id)
      .single();
    expect(data).toEqual({ student_id: null, student_email: leaver.email });
  });
});

describe('the kept money figures', () => {
  it('equal the invoices, credit notes, payments and refunds counted again, per day and per course', async () => {
    const { rows: days } = await ownerQuery<{ differences: string }>(
      `with counted as (
         select day, sum(received) as received, sum(invoiced) as invoiced
           from (select paid_on as day, amount as received, 0 as invoiced from public.payments
                 union all select refunded_on, -amount, 0 from public.refunds
                 union all select issued_on, 0, total from public.invoices
                 union all select issued_on, 0, -total from public.credit_notes) x
          group by day
       )
       select count(*)::text as differences
         from counted c full join private.money_days d on d.day = c.day
        where coalesce(c.received, 0) <> coalesce(d.received, 0) or coalesce(c.invoiced, 0) <> coalesce(d.invoiced, 0)`,
    );
    expect(days[0]?.differences).toBe('0');
    const { rows: owed } = await ownerQuery<{ kept: string; counted: string }>(
      `select (select coalesce(sum(owed), 0) from private.money_days)::text as kept,
              (select coalesce(sum(due), 0) from public.invoice_balances where due > 0)::text as counted`,
    );
    expect(owed[0]?.kept).toBe(owed[0]?.counted);
    const { rows: courses } = await ownerQuery<{ differences: string }>(
      `with counted as (
         select course_id, sum(paid - refunded) as received, sum(total - credited) as invoiced,
                sum(greatest(due, 0)) as owed
           from public.invoice_balances where course_id is not null group by course_id
       )
       select count(*)::text as differences
         from counted c full join private.money_courses m on m.course_id = c.course_id
        where (coalesce(c.received, 0), coalesce(c.invoiced, 0), coalesce(c.owed, 0))
              <> (coalesce(m.received, 0), coalesce(m.invoiced, 0), coalesce(m.owed, 0))`,
    );
    expect(courses[0]?.differences).toBe('0');
  });
});
