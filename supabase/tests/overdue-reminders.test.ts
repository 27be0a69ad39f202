import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../local-supabase/src/outbox-client';
import { anonClient } from '../../local-supabase/tests/support';
import { closeDb, createPerson, expectDenied, ownerQuery, service, type Person } from './fixtures';

// Overdue reminders (20261201001100_office_billing.sql, docs/money.md "Screens: the office"): the office
// sends one now, the schedule (send-mail) sends them on its own; either way one mail per overdue invoice
// at most once every 7 days, in the student's language with the school's name, never for a paid
// invoice, and only administrators (or the service role's schedule) may send them.

let admin: Person;
let teacher: Person;
let spanishStudent: Person;
let englishStudent: Person;

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/**
 * An invoice issued `daysOverdue + 14` days ago and due `daysOverdue` days ago. Issued invoices are never
 * edited and the database issues only with today's date, so the test writes the past one as the owner
 * (its number is outside the year series the numbering test checks).
 */
async function pastInvoice(
  student: Person,
  total: number,
  daysOverdue = 10,
): Promise<{ id: string; number: string }> {
  const number = `OVD-${tag()}`;
  const { rows } = await ownerQuery<{ id: string }>(
    `insert into public.invoices (number, student_id, issued_on, due_on, student_name, student_email,
       student_language, school_name, school_address, school_tax_id, currency, tax_rate, net, tax, total)
     select $1, u.id, private.billing_today() - ($2::int + 14), private.billing_today() - $2::int, u.first_name || ' Tester', u.email,
            coalesce(u.language, 'en'), 'School', '', '', 'EUR', 0, $3, 0, $3
       from public.users u where u.id = $4
     returning id`,
    [number, daysOverdue, total, student.id],
  );
  return { id: rows[0]!.id, number };
}

async function remindersOf(invoiceId: string) {
  const { rows } = await ownerQuery<{ sent_at: Date; sent_by: string | null }>(
    'select sent_at, sent_by from public.invoice_reminders where invoice_id = $1 order by sent_at',
    [invoiceId],
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

beforeAll(async () => {
  [admin, teacher, spanishStudent, englishStudent] = await Promise.all([
    createPerson('admin', 'Ada'),
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Lucía'),
    createPerson('student', 'Sam'),
  ]);
  const spanish = await spanishStudent.client
    .from('users')
    .update({ language: 'es' })
    .eq('id', spanishStudent.id);
  expect(spanish.error).toBeNull();
});

afterAll(async () => {
  await closeDb();
});

describe('send_overdue_reminders (the office)', () => {
  it('queues one reminder per overdue invoice, then none for 7 days, then one again', async () => {
    const invoice = await pastInvoice(englishStudent, 90);
    const first = await admin.client.rpc('send_overdue_reminders', { invoice_uuids: [invoice.id] });
    expect(first.error).toBeNull();
    expect(first.data).toBe(1);
    const again = await admin.client.rpc('send_overdue_reminders', { invoice_uuids: [invoice.id] });
    expect(again.error).toBeNull();
    expect(again.data).toBe(0);
    const sent = await remindersOf(invoice.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sent_by).toBe(admin.id);

    // Six days later: still too soon. Eight days later: due again.
    await ownerQuery(
      `update public.invoice_reminders set sent_at = now() - interval '6 days' where invoice_id = $1`,
      [invoice.id],
    );
    expect(
      (await admin.client.rpc('send_overdue_reminders', { invoice_uuids: [invoice.id] })).data,
    ).toBe(0);
    await ownerQuery(
      `update public.invoice_reminders set sent_at = now() - interval '8 days' where invoice_id = $1`,
      [invoice.id],
    );
    expect(
      (await admin.client.rpc('send_overdue_reminders', { invoice_uuids: [invoice.id] })).data,
    ).toBe(1);
    expect(await remindersOf(invoice.id)).toHaveLength(2);

    // The overdue list shows when the last one went out and how many.
    const { data, error } = await admin.client
      .from('overdue_reminders')
      .select('id, days_overdue, last_reminded_at, reminders_sent')
      .eq('id', invoice.id)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ days_overdue: 10, reminders_sent: 2 });
    expect(data!.last_reminded_at).toBeTruthy();
  });

  it('writes the mail in the student’s language with the school’s name, the number and the amount due', async () => {
    const invoice = await pastInvoice(spanishStudent, 120.5, 5);
    expect(
      (await admin.client.rpc('send_overdue_reminders', { invoice_uuids: [invoice.id] })).data,
    ).toBe(1);
    const mail = await waitFor('the Spanish reminder', async () =>
      (await readOutbox(spanishStudent.email)).find((m) => m.subject.includes(invoice.number)),
    );
    const { data: settings } = await service.from('app_settings').select('general').single();
    const schoolName = (settings?.general as { siteName: string }).siteName;
    expect(mail.subject).toBe(`Recordatorio de pago: factura ${invoice.number} · ${schoolName}`);
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.text).toContain('120,50');
    expect(mail.text).toContain('5 días de retraso');
    expect(mail.html).toContain('<html lang="es">');
  });

  it('sends nothing for a paid invoice, nor for one not yet due', async () => {
    const paid = await pastInvoice(englishStudent, 40);
    const payment = await admin.client.rpc('record_payment', {
      invoice_uuid: paid.id,
      amount: 40,
      method: 'cash',
    });
    expect(payment.error).toBeNull();
    const notDue = await pastInvoice(englishStudent, 40, 0);
    const reply = await admin.client.rpc('send_overdue_reminders', {
      invoice_uuids: [paid.id, notDue.id],
    });
    expect(reply.error).toBeNull();
    expect(reply.data).toBe(0);
    expect(await remindersOf(paid.id)).toEqual([]);
    expect(await remindersOf(notDue.id)).toEqual([]);
  });

  it('is refused to students, teachers and anonymous callers; only administrators read the reminders sent', async () => {
    const invoice = await pastInvoice(spanishStudent, 15);
    for (const person of [spanishStudent, teacher]) {
      expectDenied(
        await person.client.rpc('send_overdue_reminders', { invoice_uuids: [invoice.id] }),
        /Only administrators/,
      );
    }
    const anonymous = await anonClient().rpc('send_overdue_reminders', {
      invoice_uuids: [invoice.id],
    });
    expect(anonymous.error).toBeTruthy();
    expect(await remindersOf(invoice.id)).toEqual([]);

    // The schedule's sweep is the service role's alone.
    expect((await admin.client.rpc('queue_overdue_reminders')).error).toBeTruthy();

    expect(
      (await admin.client.rpc('send_overdue_reminders', { invoice_uuids: [invoice.id] })).data,
    ).toBe(1);
    const asStudent = await spanishStudent.client
      .from('invoice_reminders')
      .select('*')
      .eq('invoice_id', invoice.id);
    expect(asStudent.error).toBeNull();
    expect(asStudent.data).toEqual([]);
    const asAdmin = await admin.client
      .from('invoice_reminders')
      .select('*')
      .eq('invoice_id', invoice.id);
    expect(asAdmin.data).toHaveLength(1);
    // A student reads their own overdue invoice, without the office's reminder figures.
    const own = await spanishStudent.client
      .from('overdue_reminders')
      .select('id, reminders_sent')
      .eq('id', invoice.id)
      .single();
    expect(own.data).toMatchObject({ id: invoice.id, reminders_sent: 0 });
  });
});

describe('queue_overdue_reminders (the schedule)', () => {
  it('reminds overdue invoices on its own, at most once an hour', async () => {
    const invoice = await pastInvoice(englishStudent, 70, 3);
    // The last sweep an hour ago: the local outbox sees work and calls send-mail, which sweeps.
    await ownerQuery(
      `update private.overdue_reminder_sweep set swept_at = now() - interval '61 minutes'`,
    );
    const [sent] = await waitFor('the scheduled reminder', async () => {
      const rows = await remindersOf(invoice.id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(sent!.sent_by).toBeNull();
    // Swept just now: the next call within the hour does nothing.
    const next = await service.rpc('queue_overdue_reminders');
    expect(next.error).toBeNull();
    expect(next.data).toBe(0);
    const mail = await waitFor('the English reminder', async () =>
      (await readOutbox(englishStudent.email)).find((m) => m.subject.includes(invoice.number)),
    );
    expect(mail.subject).toMatch(new RegExp(`^Payment reminder: invoice ${invoice.number} · `));
    expect(mail.text).toContain('€70.00');
  });
});

describe('payments_report', () => {
  it('lists the payments and refunds of a range with their invoice and student, and the range’s revenue', async () => {
    const invoice = await pastInvoice(englishStudent, 200);
    const reference = `REF-${tag()}`;
    expect(
      (
        await admin.client.rpc('record_payment', {
          invoice_uuid: invoice.id,
          amount: 80,
          method: 'bank_transfer',
          reference,
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await admin.client.rpc('record_refund', {
          invoice_uuid: invoice.id,
          amount: 5,
          method: 'cash',
        })
      ).error,
    ).toBeNull();
    const today = new Date().toISOString().slice(0, 10);
    const { data, error } = await admin.client.rpc('payments_report', {
      from_date: today,
      to_date: today,
    });
    expect(error).toBeNull();
    const report = data as {
      rows: Array<Record<string, unknown>>;
      revenue: { received: number; payments: number; refunds: number };
    };
    const mine = report.rows.filter((row) => row.invoice_id === invoice.id);
    expect(mine.map((row) => [row.kind, Number(row.amount), row.method])).toEqual(
      expect.arrayContaining([
        ['payment', 80, 'bank_transfer'],
        ['refund', 5, 'cash'],
      ]),
    );
    expect(mine.find((row) => row.kind === 'payment')).toMatchObject({
      invoice_number: invoice.number,
      student_id: englishStudent.id,
      reference,
      currency: 'EUR',
    });
    expect(Number(report.revenue.received)).toBe(
      Number(report.revenue.payments) - Number(report.revenue.refunds),
    );

    expectDenied(
      await englishStudent.client.rpc('payments_report', { from_date: today, to_date: today }),
    );
    expectDenied(await teacher.client.rpc('payments_report', { from_date: today, to_date: today }));
  });
});

describe('the office’s invoice reads', () => {
  it('invoice_list carries the course title and is searchable; an invoice embeds its balance in one read', async () => {
    const invoice = await pastInvoice(englishStudent, 60);
    const listed = await admin.client
      .from('invoice_list')
      .select('id, number, due, status, course_title')
      .ilike('number', invoice.number);
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([
      { id: invoice.id, number: invoice.number, due: 60, status: 'overdue', course_title: null },
    ]);

    const read = await admin.client
      .from('invoices')
      .select('id, balance:balance(due, status, paid), invoice_lines(*)')
      .eq('id', invoice.id)
      .single();
    expect(read.error).toBeNull();
    expect(read.data).toMatchObject({
      id: invoice.id,
      balance: { due: 60, status: 'overdue', paid: 0 },
    });

    // Another student reads neither the invoice nor its balance; a teacher reads nothing.
    for (const person of [spanishStudent, teacher]) {
      const other = await person.client
        .from('invoices')
        .select('id, balance:balance(due)')
        .eq('id', invoice.id);
      expect(other.error).toBeNull();
      expect(other.data).toEqual([]);
      const list = await person.client.from('invoice_list').select('id').eq('id', invoice.id);
      expect(list.data).toEqual([]);
    }
  });
});
