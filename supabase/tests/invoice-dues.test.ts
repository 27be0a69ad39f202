import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import { asUser, attempt, closeDb, createPerson, ownerQuery, type Person } from './fixtures';

// Kept dues (20261201004100_invoice_dues.sql, docs/money.md "Read times"): each invoice's amount due is
// kept in private.invoice_dues by the money tables' insert triggers, so overdue_invoices starts from an
// index of what is due instead of every invoice's balance. The kept due must always equal a recount,
// the overdue list must not change, and only the invoice's student and administrators may read a due.

let admin: Person;
let teacher: Person;
let student: Person;
let otherStudent: Person;

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** An invoice due `daysOverdue` days ago (written as the owner: the database issues only with today's date). */
async function pastInvoice(owner: Person, total: number, daysOverdue = 10): Promise<string> {
  const { rows } = await ownerQuery<{ id: string }>(
    `insert into public.invoices (number, student_id, issued_on, due_on, student_name, student_email,
       student_language, school_name, school_address, school_tax_id, currency, tax_rate, net, tax, total)
     select $1, u.id, private.billing_today() - ($2::int + 14), private.billing_today() - $2::int,
            u.first_name || ' Tester', u.email, 'en', 'School', '', '', 'EUR', 0, $3, 0, $3
       from public.users u where u.id = $4
     returning id`,
    [`DUE-${tag()}`, daysOverdue, total, owner.id],
  );
  return rows[0]!.id;
}

/** Kept rows that differ from a recount of every invoice (missing, extra, or another due). */
async function mismatches() {
  const { rows } = await ownerQuery<{ id: string; kept: string | null; counted: string | null }>(
    `select coalesce(b.id, d.invoice_id) as id, d.due as kept, b.due as counted
       from public.invoice_balances b
       full join private.invoice_dues d on d.invoice_id = b.id
      where d.invoice_id is null or b.id is null
         or d.due is distinct from b.due or d.due_on is distinct from b.due_on
         or d.student_id is distinct from b.student_id`,
  );
  return rows;
}

async function keptDue(invoiceId: string): Promise<number | null> {
  const { rows } = await ownerQuery<{ due: string }>(
    'select due from private.invoice_dues where invoice_id = $1',
    [invoiceId],
  );
  return rows[0] ? Number(rows[0].due) : null;
}

async function overdueIds(reader: Person): Promise<string[]> {
  const { data, error } = await reader.client.from('overdue_invoices').select('id');
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.id as string);
}

beforeAll(async () => {
  [admin, teacher, student, otherStudent] = await Promise.all([
    createPerson('admin', 'Ada'),
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Sara'),
    createPerson('student', 'Oscar'),
  ]);
});

afterAll(async () => {
  await closeDb();
});

describe('the kept due of each invoice', () => {
  it('equals a recount after an invoice, partial payments, a refund and a credit note', async () => {
    const invoice = await pastInvoice(student, 200);
    expect(await keptDue(invoice)).toBe(200);

    const pay = async (amount: number) =>
      expect(
        (
          await admin.client.rpc('record_payment', {
            invoice_uuid: invoice,
            amount,
            method: 'cash',
          })
        ).error,
      ).toBeNull();
    await pay(50);
    expect(await keptDue(invoice)).toBe(150);
    await pay(30.25);
    expect(await keptDue(invoice)).toBe(119.75);

    const refund = await admin.client.rpc('record_refund', {
      invoice_uuid: invoice,
      amount: 20,
      method: 'cash',
    });
    expect(refund.error).toBeNull();
    expect(await keptDue(invoice)).toBe(139.75);

    const credit = await admin.client.rpc('issue_credit_note', {
      invoice_uuid: invoice,
      amount: 39.75,
      reason: 'Goodwill',
    });
    expect(credit.error).toBeNull();
    expect(await keptDue(invoice)).toBe(100);

    await pay(100);
    expect(await keptDue(invoice)).toBe(0);
    // Every invoice in the database (this file's and the other files' running beside it).
    expect(await mismatches()).toEqual([]);
  });

  it('a refused write changes nothing', async () => {
    const invoice = await pastInvoice(student, 40);
    const over = await admin.client.rpc('record_payment', {
      invoice_uuid: invoice,
      amount: 40.01,
      method: 'cash',
    });
    expect(over.error).not.toBeNull();
    expect(await keptDue(invoice)).toBe(40);
  });
});

describe('overdue_invoices from the kept dues', () => {
  it('lists what is due after its date, with the same balance, and drops it once settled', async () => {
    const due = await pastInvoice(student, 90, 5);
    const notYet = await pastInvoice(student, 90, -3);
    expect(
      (await admin.client.rpc('record_payment', { invoice_uuid: due, amount: 15, method: 'cash' }))
        .error,
    ).toBeNull();

    const { data, error } = await admin.client
      .from('overdue_invoices')
      .select('id, due, paid, status, days_overdue, due_on, number')
      .eq('id', due)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: due, status: 'overdue', days_overdue: 5 });
    expect(Number(data!.due)).toBe(75);
    expect(Number(data!.paid)).toBe(15);
    expect(await overdueIds(admin)).not.toContain(notYet);

    const reminders = await admin.client.from('overdue_reminders').select('id').eq('id', due);
    expect(reminders.data).toEqual([{ id: due }]);

    // The same rows as the balances say are overdue (everyone's, as the owner).
    const { rows } = await ownerQuery<{ missing: string; extra: string }>(
      `select (select count(*) from public.invoice_balances b where b.status = 'overdue'
                 and not exists (select 1 from public.overdue_invoices o where o.id = b.id)) as missing,
              (select count(*) from public.overdue_invoices o where o.status <> 'overdue') as extra`,
    );
    expect(rows[0]).toEqual({ missing: '0', extra: '0' });

    expect(
      (await admin.client.rpc('record_payment', { invoice_uuid: due, amount: 75, method: 'cash' }))
        .error,
    ).toBeNull();
    expect(await overdueIds(admin)).not.toContain(due);
  });
});

describe('who reads the kept dues', () => {
  let invoice: string;
  beforeAll(async () => {
    invoice = await pastInvoice(student, 60);
  });

  it('the student reads their own overdue invoice and kept due; administrators read every one', async () => {
    expect(await overdueIds(student)).toContain(invoice);
    expect(await overdueIds(admin)).toContain(invoice);
    const own = await asUser(student.id, (db) =>
      db.query('select invoice_id from private.invoice_dues'),
    );
    expect(own.rows.map((row) => row.invoice_id)).toContain(invoice);
    expect(own.rows.length).toBeGreaterThan(0);
    const all = await asUser(admin.id, (db) =>
      db.query('select invoice_id from private.invoice_dues where invoice_id = $1', [invoice]),
    );
    expect(all.rowCount).toBe(1);
  });

  it('another student, a teacher and an anonymous caller see nothing', async () => {
    expect(await overdueIds(otherStudent)).not.toContain(invoice);
    expect(await overdueIds(teacher)).toEqual([]);
    const anon = await anonClient().from('overdue_invoices').select('id');
    expect(anon.data ?? []).toEqual([]);
    for (const person of [otherStudent, teacher]) {
      const seen = await asUser(person.id, (db) =>
        db.query('select invoice_id from private.invoice_dues where invoice_id = $1', [invoice]),
      );
      expect(seen.rowCount).toBe(0);
      const teacherAll = await asUser(person.id, (db) =>
        db.query<{ n: string }>(
          'select count(*) as n from private.invoice_dues d where d.student_id is distinct from (select auth.uid())',
        ),
      );
      expect(teacherAll.rows[0]!.n).toBe('0');
    }
  });

  it('nobody but the triggers writes a kept due', async () => {
    for (const person of [student, admin]) {
      await asUser(person.id, async (db) => {
        for (const sql of [
          'update private.invoice_dues set due = 0',
          'delete from private.invoice_dues',
          `insert into private.invoice_dues (invoice_id, due, due_on) values ('${invoice}', 0, now())`,
        ]) {
          expect((await attempt(db, sql)).ok).toBe(false);
        }
      });
    }
    expect(await keptDue(invoice)).toBe(60);
  });
});
