import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../../local-supabase/tests/support';
import { closeDb, createCourse, createPerson, enroll, service, type Person } from './fixtures';

// The student's Billing screen in one read (get_student_billing, docs/money.md "Screens: the student"):
// their own invoices with the course, credit notes and receipts; nobody else's, whoever asks. Runs beside
// other files: its own people and courses, no settings changed.

type Billing = {
  currency: string;
  balance: number;
  overdue: number;
  open_invoices: number;
  invoices: Array<{
    id: string;
    number: string;
    course_title: string;
    total: number;
    paid: number;
    due: number;
    status: string;
  }>;
  credit_notes: Array<{ id: string; number: string; invoice_number: string; total: number }>;
  receipts: Array<{
    kind: string;
    id: string;
    invoice_number: string;
    method: string;
    reference: string;
    amount: number;
    date: string;
  }>;
};

let admin: Person;
let teacher: Person;
let student: Person;
let otherStudent: Person;
let invoiceId: string;
let invoiceNumber: string;

beforeAll(async () => {
  [admin, teacher, student, otherStudent] = await Promise.all([
    createPerson('admin', 'Ada'),
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Sara'),
    createPerson('student', 'Oscar'),
  ]);
  const [priced, other] = await Promise.all([
    createCourse({
      title: 'Billing Spanish A2',
      teacher_id: teacher.id,
      price: 150,
      max_students: 50,
    }),
    createCourse({
      title: 'Billing German B1',
      teacher_id: teacher.id,
      price: 99.9,
      max_students: 50,
    }),
  ]);
  await enroll(student.id, priced.id as string);
  await enroll(otherStudent.id, other.id as string);
  const { data, error } = await service
    .from('invoices')
    .select('id, number')
    .eq('student_id', student.id)
    .single();
  expect(error).toBeNull();
  invoiceId = data!.id;
  invoiceNumber = data!.number;
  const paid = await admin.client.rpc('record_payment', {
    invoice_uuid: invoiceId,
    amount: 60,
    method: 'bank_transfer',
    reference: 'TR-777',
  });
  expect(paid.error).toBeNull();
  const refunded = await admin.client.rpc('record_refund', {
    invoice_uuid: invoiceId,
    amount: 10,
    method: 'cash',
    reference: 'R-1',
  });
  expect(refunded.error).toBeNull();
  const credited = await admin.client.rpc('issue_credit_note', {
    invoice_uuid: invoiceId,
    amount: 20,
    reason: 'Goodwill',
  });
  expect(credited.error).toBeNull();
});

afterAll(async () => {
  await closeDb();
});

async function billingOf(person: Person): Promise<Billing> {
  const { data, error } = await person.client.rpc('get_student_billing');
  expect(error).toBeNull();
  return data as unknown as Billing;
}

describe('get_student_billing', () => {
  it('gives the student their balance, invoices with the course, credit notes and receipts', async () => {
    const billing = await billingOf(student);
    expect(billing.currency).toMatch(/^[A-Z]{3}$/);
    // 150 − 20 credited − 60 paid + 10 refunded, computed by the database.
    expect(Number(billing.balance)).toBe(80);
    expect(Number(billing.overdue)).toBe(0);
    expect(billing.open_invoices).toBe(1);
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices[0]).toMatchObject({
      id: invoiceId,
      number: invoiceNumber,
      course_title: 'Billing Spanish A2',
      status: 'open',
    });
    expect(Number(billing.invoices[0]!.total)).toBe(150);
    expect(Number(billing.invoices[0]!.due)).toBe(80);
    expect(billing.credit_notes).toHaveLength(1);
    expect(billing.credit_notes[0]!.invoice_number).toBe(invoiceNumber);
    expect(Number(billing.credit_notes[0]!.total)).toBe(20);
    const kinds = billing.receipts.map((receipt) => [
      receipt.kind,
      receipt.method,
      receipt.reference,
    ]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['payment', 'bank_transfer', 'TR-777'],
        ['refund', 'cash', 'R-1'],
      ]),
    );
    expect(billing.receipts).toHaveLength(2);
    expect(billing.receipts.every((receipt) => receipt.invoice_number === invoiceNumber)).toBe(
      true,
    );
  });

  it('shows another student only their own money', async () => {
    const billing = await billingOf(otherStudent);
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices[0]!.course_title).toBe('Billing German B1');
    expect(billing.invoices.map((invoice) => invoice.id)).not.toContain(invoiceId);
    expect(billing.receipts).toEqual([]);
    expect(billing.credit_notes).toEqual([]);
    expect(Number(billing.balance)).toBe(99.9);
  });

  it('gives a teacher and an administrator no one else’s invoices (their own: none)', async () => {
    for (const person of [teacher, admin]) {
      const billing = await billingOf(person);
      expect(billing.invoices).toEqual([]);
      expect(billing.receipts).toEqual([]);
      expect(Number(billing.balance)).toBe(0);
    }
  });

  it('refuses anonymous callers', async () => {
    const { error } = await anonClient().rpc('get_student_billing');
    expect(error).not.toBeNull();
  });
});
