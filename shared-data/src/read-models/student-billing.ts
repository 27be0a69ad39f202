import { getClient } from '@portal/shared-data/session';
import {
  INVOICE_STATUSES,
  PAYMENT_METHODS,
  type InvoiceStatus,
  type PaymentMethod,
} from '../mappers/billing';
import { oneOf, toNumber } from '../mappers/fields';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// The student's Billing screen in one request, whatever the number of invoices: get_student_billing()
// (20261201002100_student_billing.sql) answers the signed-in student's balance, overdue amount, invoices
// with their balances and course, credit notes and receipts (payments and refunds). Every amount and
// total is computed by the database (docs/money.md); this module only renames fields.

const FETCH_FAILED = 'Failed to load your billing';

/** One of the student's invoices with what is still due on it. */
export type StudentInvoice = {
  id: string;
  number: string;
  courseId: string | null;
  /** The course as printed on the invoice (its first line), even if the course was renamed or removed. */
  courseTitle: string;
  issuedOn: string;
  dueOn: string;
  currency: string;
  total: number;
  credited: number;
  paid: number;
  refunded: number;
  due: number;
  status: InvoiceStatus;
};

export type StudentCreditNote = {
  id: string;
  number: string;
  invoiceId: string;
  invoiceNumber: string;
  currency: string;
  issuedOn: string;
  reason: string;
  total: number;
};

/** A payment received or a refund given back, with what its receipt prints. */
export type StudentReceipt = {
  kind: 'payment' | 'refund';
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  currency: string;
  date: string;
  method: PaymentMethod;
  reference: string;
  amount: number;
};

export type StudentBilling = {
  currency: string;
  /** What the student owes now (negative: the school owes them). */
  balance: number;
  overdue: number;
  openInvoices: number;
  invoices: StudentInvoice[];
  creditNotes: StudentCreditNote[];
  receipts: StudentReceipt[];
};

type Row = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number =>
  toNumber(typeof value === 'number' || typeof value === 'string' ? value : null);
const rows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);

export function toStudentBilling(reply: unknown): StudentBilling {
  const data = (reply ?? {}) as Row;
  return {
    currency: text(data.currency),
    balance: num(data.balance),
    overdue: num(data.overdue),
    openInvoices: num(data.open_invoices),
    invoices: rows(data.invoices).map((row) => ({
      id: text(row.id),
      number: text(row.number),
      courseId: typeof row.course_id === 'string' ? row.course_id : null,
      courseTitle: text(row.course_title),
      issuedOn: text(row.issued_on),
      dueOn: text(row.due_on),
      currency: text(row.currency),
      total: num(row.total),
      credited: num(row.credited),
      paid: num(row.paid),
      refunded: num(row.refunded),
      due: num(row.due),
      status: oneOf(INVOICE_STATUSES, row.status) ?? 'open',
    })),
    creditNotes: rows(data.credit_notes).map((row) => ({
      id: text(row.id),
      number: text(row.number),
      invoiceId: text(row.invoice_id),
      invoiceNumber: text(row.invoice_number),
      currency: text(row.currency),
      issuedOn: text(row.issued_on),
      reason: text(row.reason),
      total: num(row.total),
    })),
    receipts: rows(data.receipts).map((row) => ({
      kind: row.kind === 'refund' ? 'refund' : 'payment',
      id: text(row.id),
      invoiceId: text(row.invoice_id),
      invoiceNumber: text(row.invoice_number),
      currency: text(row.currency),
      date: text(row.date),
      method: oneOf(PAYMENT_METHODS, row.method) ?? 'cash',
      reference: text(row.reference),
      amount: num(row.amount),
    })),
  };
}

/** The signed-in student's Billing screen (their own money only: RLS). */
async function get(): Promise<Result<StudentBilling>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient().rpc('get_student_billing');
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok(toStudentBilling(data));
  });
}

export const studentBillingReadModel = { get };
