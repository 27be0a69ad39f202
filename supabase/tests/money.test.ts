import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
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

// Money (issue 31, docs/money.md): invoices issued on enrolment, gap-free numbers, immutability,
// payments, refunds, credit notes, balances and who sees what. Runs beside other files: it makes its own
// people and courses and never changes the settings (the drop rules and revenue are in money-settings).

type Balance = {
  id: string;
  number: string;
  total: number;
  credited: number;
  paid: number;
  refunded: number;
  due: number;
  status: string;
};

let admin: Person;
let teacher: Person;
let student: Person;
let otherStudent: Person;
let course: { id: string; title: string };
let invoiceId: string;

async function invoicesOf(studentId: string, courseId?: string) {
  let query = service.from('invoice_balances').select('*').eq('student_id', studentId);
  if (courseId) query = query.eq('course_id', courseId);
  const { data, error } = await query.order('number');
  expect(error).toBeNull();
  return (data ?? []) as Balance[];
}

async function balanceOf(id: string): Promise<Balance> {
  const { data, error } = await service.from('invoice_balances').select('*').eq('id', id).single();
  expect(error).toBeNull();
  return data as Balance;
}

beforeAll(async () => {
  [admin, teacher, student, otherStudent] = await Promise.all([
    createPerson('admin', 'Ada'),
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Sara'),
    createPerson('student', 'Oscar'),
  ]);
  course = (await createCourse({
    teacher_id: teacher.id,
    price: 120.5,
    max_students: 100,
  })) as typeof course;
  await enroll(student.id, course.id);
  const [invoice] = await invoicesOf(student.id, course.id);
  invoiceId = invoice!.id;
});

afterAll(async () => {
  await closeDb();
});

describe('an enrolment in a priced course issues an invoice', () => {
  it('with the course as its line, the snapshot and the totals computed by the database', async () => {
    const { data, error } = await service
      .from('invoices')
      .select('*, invoice_lines(*)')
      .eq('id', invoiceId)
      .single();
    expect(error).toBeNull();
    expect(data.number).toMatch(/^\d{4}-\d{6}$/);
    expect(data.student_name).toBe('Sara Tester');
    expect(data.student_email).toBe(student.email);
    expect(data.currency).toMatch(/^[A-Z]{3}$/);
    expect(Number(data.net)).toBe(120.5);
    expect(Number(data.total)).toBe(Number(data.net) + Number(data.tax));
    expect(data.invoice_lines).toHaveLength(1);
    expect(data.invoice_lines[0]).toMatchObject({ description: course.title, position: 1 });
    expect(Number(data.invoice_lines[0].amount)).toBe(120.5);
    // Due date: issue date + payment terms (14 days by default).
    const days = (Date.parse(data.due_on) - Date.parse(data.issued_on)) / 86_400_000;
    expect(days).toBe(14);
  });

  it('a free course issues nothing; a bulk enrolment and a seat from the waiting list are invoiced', async () => {
    const free = await createCourse({ teacher_id: teacher.id, price: 0 });
    const freeStudent = await createPerson('student', 'Free');
    await enroll(freeStudent.id, free.id);
    expect(await invoicesOf(freeStudent.id)).toEqual([]);

    const small = await createCourse({ teacher_id: teacher.id, price: 80, max_students: 1 });
    const [first, waiting, bulk] = await Promise.all([
      createPerson('student', 'First'),
      createPerson('student', 'Waiting'),
      createPerson('student', 'Bulk'),
    ]);
    await enroll(first.id, small.id);
    expect(
      (await waiting.client.rpc('join_waiting_list', { course_uuid: small.id })).data,
    ).toMatchObject({
      success: true,
    });
    // The seat frees: the first in line is enrolled and invoiced in the same transaction.
    expect(
      (
        await first.client.rpc('unenroll_user_from_course', {
          user_uuid: first.id,
          course_uuid: small.id,
        })
      ).error,
    ).toBeNull();
    expect((await invoicesOf(waiting.id, small.id)).map((row) => Number(row.total))).toEqual([80]);

    const bulkCourse = await createCourse({ teacher_id: teacher.id, price: 60 });
    const reply = await admin.client.rpc('enroll_students_in_course', {
      course_uuid: bulkCourse.id,
      emails: [bulk.email],
    });
    expect(reply.error).toBeNull();
    expect((await invoicesOf(bulk.id, bulkCourse.id)).map((row) => Number(row.total))).toEqual([
      60,
    ]);
  });

  it('re-joining after a drop that credited nothing issues nothing; after a credit, the classes not yet held', async () => {
    const rejoin = await createCourse({ teacher_id: teacher.id, price: 100 });
    await Promise.all([
      createClass(rejoin.id, { scheduled_date: hoursFromNow(-48) }),
      createClass(rejoin.id, { scheduled_date: hoursFromNow(48) }),
      createClass(rejoin.id, { scheduled_date: hoursFromNow(96) }),
      createClass(rejoin.id, { scheduled_date: hoursFromNow(144) }),
    ]);
    const person = await createPerson('student', 'Rejoin');
    await enroll(person.id, rejoin.id);
    // The default rule (pro rata by classes held): one of four held, 75.00 credited.
    await person.client.rpc('unenroll_user_from_course', {
      user_uuid: person.id,
      course_uuid: rejoin.id,
    });
    const [first] = await invoicesOf(person.id, rejoin.id);
    expect(Number(first!.credited)).toBe(75);
    await enroll(person.id, rejoin.id);
    const both = await invoicesOf(person.id, rejoin.id);
    expect(both.map((row) => Number(row.total))).toEqual([100, 75]);

    // A manual credit note of nothing more: dropping again credits the new invoice, re-joining once more
    // is invoiced again; an enrolment whose invoice has no credit is not invoiced twice.
    const noCredit = await createCourse({ teacher_id: teacher.id, price: 50 });
    await enroll(person.id, noCredit.id);
    await service
      .from('enrollments')
      .update({ status: 'completed' })
      .eq('user_id', person.id)
      .eq('course_id', noCredit.id);
    await service
      .from('enrollments')
      .update({ status: 'active' })
      .eq('user_id', person.id)
      .eq('course_id', noCredit.id);
    expect((await invoicesOf(person.id, noCredit.id)).map((row) => Number(row.total))).toEqual([
      50,
    ]);
  });
});

describe('issued documents never change', () => {
  it('an invoice, its lines, credit notes and payments refuse update and delete, even for the owner', async () => {
    const paid = await admin.client.rpc('record_payment', {
      invoice_uuid: invoiceId,
      amount: 1,
      method: 'cash',
    });
    expect(paid.error).toBeNull();
    const note = await admin.client.rpc('issue_credit_note', {
      invoice_uuid: invoiceId,
      amount: 0.5,
      reason: 'Rounding',
    });
    expect(note.error).toBeNull();
    for (const sql of [
      [`update public.invoices set total = 1 where id = $1`, invoiceId],
      [`delete from public.invoices where id = $1`, invoiceId],
      [`update public.invoice_lines set unit_price = 1 where invoice_id = $1`, invoiceId],
      [`delete from public.invoice_lines where invoice_id = $1`, invoiceId],
      [
        `insert into public.invoice_lines (invoice_id, position, description, quantity, unit_price) values ($1, 9, 'Extra', 1, 5)`,
        invoiceId,
      ],
      [`update public.credit_notes set total = 1, net = 1 where invoice_id = $1`, invoiceId],
      [`delete from public.payments where invoice_id = $1`, invoiceId],
    ] as const) {
      await expect(ownerQuery(sql[0], [sql[1]]), sql[0]).rejects.toMatchObject({ code: 'MN010' });
    }
    // The service role (the API's trusted role) is refused the same.
    const viaApi = await service
      .from('invoices')
      .update({ total: 1 })
      .eq('id', invoiceId)
      .select('id');
    expect(viaApi.error?.code).toBe('MN010');
  });
});

describe('payments and refunds', () => {
  let invoice: string;

  beforeAll(async () => {
    const payer = await createPerson('student', 'Payer');
    const priced = await createCourse({ teacher_id: teacher.id, price: 200 });
    await enroll(payer.id, priced.id);
    invoice = (await invoicesOf(payer.id))[0]!.id;
  });

  it('a partial payment moves the balance by exactly its amount', async () => {
    const before = await balanceOf(invoice);
    const { error } = await admin.client.rpc('record_payment', {
      invoice_uuid: invoice,
      amount: 70.25,
      method: 'bank_transfer',
      reference: 'TR-1',
    });
    expect(error).toBeNull();
    const after = await balanceOf(invoice);
    expect(Number(after.due)).toBeCloseTo(Number(before.due) - 70.25, 2);
    expect(Number(after.paid)).toBe(70.25);
    expect(after.status).toBe('open');
  });

  it('refuses overpayment, amounts <= 0, over-refunds and unknown methods with their codes', async () => {
    const { due } = await balanceOf(invoice);
    const over = await admin.client.rpc('record_payment', {
      invoice_uuid: invoice,
      amount: Number(due) + 0.01,
      method: 'cash',
    });
    expect(over.error?.code).toBe('MN002');
    for (const amount of [0, -5]) {
      const bad = await admin.client.rpc('record_payment', {
        invoice_uuid: invoice,
        amount,
        method: 'cash',
      });
      expect(bad.error?.code).toBe('MN001');
    }
    const cents = await admin.client.rpc('record_payment', {
      invoice_uuid: invoice,
      amount: 1.001,
      method: 'cash',
    });
    expect(cents.error?.code).toBe('MN001');
    const method = await admin.client.rpc('record_payment', {
      invoice_uuid: invoice,
      amount: 1,
      method: 'cheque',
    });
    expect(method.error?.code).toBe('MN007');
    const online = await admin.client.rpc('record_payment', {
      invoice_uuid: invoice,
      amount: 1,
      method: 'card_online',
    });
    expect(online.error?.code).toBe('MN007');
    const overRefund = await admin.client.rpc('record_refund', {
      invoice_uuid: invoice,
      amount: 70.26,
      method: 'cash',
    });
    expect(overRefund.error?.code).toBe('MN003');
    const overCredit = await admin.client.rpc('issue_credit_note', {
      invoice_uuid: invoice,
      amount: 200.01,
      reason: 'Too much',
    });
    expect(overCredit.error?.code).toBe('MN006');
    const missing = await admin.client.rpc('record_payment', {
      invoice_uuid: '00000000-0000-4000-8000-000000000000',
      amount: 1,
      method: 'cash',
    });
    expect(missing.error?.code).toBe('MN004');
    expect(Number((await balanceOf(invoice)).paid)).toBe(70.25);
  });

  it('pays the rest, refunds part, and the status follows', async () => {
    const { due } = await balanceOf(invoice);
    expect(
      (
        await admin.client.rpc('record_payment', {
          invoice_uuid: invoice,
          amount: Number(due),
          method: 'card_terminal',
        })
      ).error,
    ).toBeNull();
    expect((await balanceOf(invoice)).status).toBe('paid');
    expect(
      (
        await admin.client.rpc('record_refund', {
          invoice_uuid: invoice,
          amount: 20,
          method: 'cash',
        })
      ).error,
    ).toBeNull();
    const after = await balanceOf(invoice);
    expect(Number(after.refunded)).toBe(20);
    expect(Number(after.due)).toBe(20);
    expect(after.status).toBe('open');
  });

  it('two payments at once for the whole balance: one is refused', async () => {
    const payer = await createPerson('student', 'Twice');
    const priced = await createCourse({ teacher_id: teacher.id, price: 90 });
    await enroll(payer.id, priced.id);
    const target = (await invoicesOf(payer.id))[0]!.id;
    const replies = await Promise.all(
      [1, 2].map(() =>
        admin.client.rpc('record_payment', { invoice_uuid: target, amount: 90, method: 'cash' }),
      ),
    );
    expect(replies.filter((reply) => reply.error === null)).toHaveLength(1);
    expect(replies.find((reply) => reply.error)?.error?.code).toBe('MN002');
    expect(Number((await balanceOf(target)).paid)).toBe(90);
  });

  it('an online card payment is recorded once per provider event, and only by the service role', async () => {
    const payer = await createPerson('student', 'Card');
    const priced = await createCourse({ teacher_id: teacher.id, price: 40 });
    await enroll(payer.id, priced.id);
    const target = (await invoicesOf(payer.id))[0]!.id;
    const event = `evt_${Math.random().toString(36).slice(2)}`;
    const args = { invoice_uuid: target, amount: 40, provider_event_id: event };
    const replies = await Promise.all(
      [1, 2, 3].map(() => service.rpc('record_online_payment', args)),
    );
    expect(replies.map((reply) => reply.error)).toEqual([null, null, null]);
    expect(replies.filter((reply) => (reply.data as { recorded: boolean }).recorded)).toHaveLength(
      1,
    );
    expect(
      new Set(replies.map((reply) => (reply.data as { payment_id: string }).payment_id)).size,
    ).toBe(1);
    const { data } = await service
      .from('payments')
      .select('amount, method')
      .eq('invoice_id', target);
    expect(data).toEqual([{ amount: 40, method: 'card_online' }]);
    for (const caller of [admin, payer]) {
      const refused = await caller.client.rpc('record_online_payment', {
        ...args,
        provider_event_id: `${event}-x`,
      });
      expect(refused.error).toBeTruthy();
    }
  });
});

describe('who sees what', () => {
  let paymentInvoice: string;

  beforeAll(async () => {
    await enroll(otherStudent.id, course.id);
    paymentInvoice = (await invoicesOf(otherStudent.id))[0]!.id;
    await admin.client.rpc('record_payment', {
      invoice_uuid: paymentInvoice,
      amount: 10,
      method: 'cash',
    });
    await admin.client.rpc('record_refund', {
      invoice_uuid: paymentInvoice,
      amount: 5,
      method: 'cash',
    });
    await admin.client.rpc('issue_credit_note', {
      invoice_uuid: paymentInvoice,
      amount: 5,
      reason: 'Goodwill',
    });
  });

  const tables = [
    'invoices',
    'invoice_lines',
    'credit_notes',
    'payments',
    'refunds',
    'invoice_balances',
    'student_balances',
    'overdue_invoices',
  ];

  it('a student reads only their own invoices, lines, credit notes, payments and refunds', async () => {
    const mine = await otherStudent.client.from('invoice_balances').select('id, student_id');
    expect(mine.error).toBeNull();
    expect(mine.data!.every((row) => row.student_id === otherStudent.id)).toBe(true);
    expect(mine.data!.map((row) => row.id)).toContain(paymentInvoice);
    for (const table of ['payments', 'refunds', 'credit_notes']) {
      const { data } = await otherStudent.client.from(table).select('invoice_id');
      expect(data, table).toEqual([{ invoice_id: paymentInvoice }]);
    }
    const lines = await otherStudent.client.from('invoice_lines').select('invoice_id');
    expect(lines.data).toEqual([{ invoice_id: paymentInvoice }]);
    // The other student sees none of it.
    for (const table of tables) {
      const { data, error } = await student.client.from(table).select('*');
      expect(error, table).toBeNull();
      const rows = (data ?? []) as Array<{ invoice_id?: string; id?: string; student_id?: string }>;
      expect(
        rows.some((row) => row.invoice_id === paymentInvoice || row.id === paymentInvoice),
        table,
      ).toBe(false);
      expect(
        rows.every((row) => !row.student_id || row.student_id === student.id),
        table,
      ).toBe(true);
    }
    const statement = await student.client.rpc('student_statement', {
      student_uuid: otherStudent.id,
    });
    expect(statement.data).toMatchObject({ balance: 0, invoices: [], entries: [] });
  });

  it('a teacher and an anonymous caller read nothing of money', async () => {
    for (const table of tables) {
      const { data, error } = await teacher.client.from(table).select('*');
      expect(error, table).toBeNull();
      expect(data, table).toEqual([]);
      const anonymous = await anonClient().from(table).select('*');
      expect(anonymous.error, table).toBeTruthy();
    }
    const statement = await teacher.client.rpc('student_statement', {
      student_uuid: otherStudent.id,
    });
    expect(statement.data).toMatchObject({ balance: 0, invoices: [], entries: [] });
    const roster = await teacher.client
      .from('course_roster')
      .select('revenue, invoiced, outstanding')
      .eq('id', course.id)
      .single();
    expect(roster.data).toEqual({ revenue: 0, invoiced: 0, outstanding: 0 });
  });

  it('only administrators record payments, refunds and credit notes, issue invoices or read revenue', async () => {
    const before = await balanceOf(paymentInvoice);
    for (const person of [teacher, student, otherStudent]) {
      expectDenied(
        await person.client.rpc('record_payment', {
          invoice_uuid: paymentInvoice,
          amount: 1,
          method: 'cash',
        }),
      );
      expectDenied(
        await person.client.rpc('record_refund', {
          invoice_uuid: paymentInvoice,
          amount: 1,
          method: 'cash',
        }),
      );
      expectDenied(
        await person.client.rpc('issue_credit_note', {
          invoice_uuid: paymentInvoice,
          amount: 1,
          reason: 'x',
        }),
      );
      expectDenied(
        await person.client.rpc('issue_invoice', {
          student_uuid: person.id,
          lines: [{ description: 'Free money', unit_price: 1 }],
        }),
      );
      expectDenied(
        await person.client.rpc('get_revenue', { from_date: '2026-01-01', to_date: '2026-12-31' }),
      );
    }
    for (const fn of ['record_payment', 'record_refund', 'get_revenue', 'student_statement']) {
      const anonymous = await anonClient().rpc(fn, {});
      expect(anonymous.error, fn).toBeTruthy();
    }
    // Nobody writes the tables directly.
    for (const table of ['invoices', 'payments', 'refunds', 'credit_notes']) {
      const insert = await otherStudent.client
        .from(table)
        .insert({ invoice_id: paymentInvoice, amount: 1 });
      expect(insert.error, table).toBeTruthy();
    }
    expect(await balanceOf(paymentInvoice)).toEqual(before);
  });

  it('the statement: balance and every entry with a running balance, for the student and administrators', async () => {
    for (const reader of [otherStudent, admin]) {
      const { data, error } = await reader.client.rpc('student_statement', {
        student_uuid: otherStudent.id,
      });
      expect(error).toBeNull();
      const statement = data as {
        balance: number;
        entries: Array<{ kind: string; amount: number; balance: number }>;
      };
      expect(statement.entries.map((entry) => entry.kind)).toEqual([
        'invoice',
        'payment',
        'refund',
        'credit_note',
      ]);
      expect(statement.entries.map((entry) => entry.amount)).toEqual([120.5, -10, 5, -5]);
      expect(statement.entries.at(-1)!.balance).toBe(110.5);
      expect(statement.balance).toBe(110.5);
    }
    const { data } = await admin.client
      .from('student_balances')
      .select('*')
      .eq('student_id', otherStudent.id)
      .single();
    expect(data).toMatchObject({
      invoiced: 120.5,
      credited: 5,
      paid: 10,
      refunded: 5,
      balance: 110.5,
      open_invoices: 1,
    });
  });

  it('an administrator issues a manual invoice with a discount; bad lines are refused with MN005', async () => {
    const { data, error } = await admin.client.rpc('issue_invoice', {
      student_uuid: otherStudent.id,
      lines: [
        { description: 'Private lessons', quantity: 3, unit_price: 25, discount: 5 },
        { description: 'Book', unit_price: 12.3 },
      ],
    });
    expect(error).toBeNull();
    const invoice = await service
      .from('invoices')
      .select('net, total, course_id')
      .eq('id', data as string)
      .single();
    expect(Number(invoice.data!.net)).toBe(82.3);
    for (const lines of [
      [],
      [{ description: '', unit_price: 1 }],
      [{ description: 'x', unit_price: -1 }],
      [{ description: 'x', unit_price: 5, discount: 6 }],
      [{ description: '   ', unit_price: 1 }],
      [{ description: 'x', quantity: -2, unit_price: 5 }],
      [{ description: 'x', quantity: 0, unit_price: 5 }],
      [{ description: 'x', quantity: 2, unit_price: 5, discount: 10.01 }],
      [{ description: 'x', unit_price: 5, discount: -1 }],
      [{ description: 'x', unit_price: 1.005 }],
      [{ description: 'x'.repeat(501), unit_price: 1 }],
      // More lines than the office's form offers.
      Array.from({ length: 51 }, (_, index) => ({ description: `Line ${index}`, unit_price: 1 })),
    ]) {
      const bad = await admin.client.rpc('issue_invoice', { student_uuid: otherStudent.id, lines });
      expect(bad.error?.code, JSON.stringify(lines).slice(0, 80)).toBe('MN005');
    }
    // Fifty lines are fine; the discount may take a whole line.
    const fifty = await admin.client.rpc('issue_invoice', {
      student_uuid: otherStudent.id,
      lines: Array.from({ length: 50 }, (_, index) => ({
        description: `Line ${index}`,
        unit_price: 1,
        discount: index === 0 ? 1 : 0,
      })),
    });
    expect(fifty.error).toBeNull();
    const { data: fiftyRow } = await service
      .from('invoices')
      .select('net, invoice_lines(count)')
      .eq('id', fifty.data as string)
      .single();
    expect(Number(fiftyRow!.net)).toBe(49);
    expect(fiftyRow!.invoice_lines).toEqual([{ count: 50 }]);
  });

  it('a manual invoice goes to a student only, and nothing is written when it is refused', async () => {
    const countOf = async () =>
      (
        await service
          .from('invoices')
          .select('id', { count: 'exact', head: true })
          .in('student_id', [otherStudent.id, teacher.id, admin.id])
      ).count;
    const before = await countOf();
    const line = [{ description: 'Exam fee', unit_price: 40 }];
    // A teacher, an administrator, nobody: not a student.
    for (const recipient of [teacher.id, admin.id, '00000000-0000-4000-8000-000000000000']) {
      const bad = await admin.client.rpc('issue_invoice', { student_uuid: recipient, lines: line });
      expect(bad.error?.code, recipient).toBe('MN004');
    }
    const unknownCourse = await admin.client.rpc('issue_invoice', {
      student_uuid: otherStudent.id,
      lines: line,
      course_uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownCourse.error?.code).toBe('MN004');
    // The wrong people, with a valid invoice: refused before the lines are looked at.
    for (const person of [teacher, student, otherStudent]) {
      expectDenied(
        await person.client.rpc('issue_invoice', { student_uuid: otherStudent.id, lines: line }),
      );
    }
    const anonymous = await anonClient().rpc('issue_invoice', {
      student_uuid: otherStudent.id,
      lines: line,
    });
    expect(anonymous.error).toBeTruthy();
    expect(await countOf()).toBe(before);
  });
});
