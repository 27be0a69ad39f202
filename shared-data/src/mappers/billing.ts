import type { Database } from '../database.types';

// Money (docs/money.md): invoices with their balances, a student's balance and statement, revenue.
// Amounts are numeric in Postgres and computed there; they arrive as JSON numbers and are shown as they
// are (never summed again here).

type Views = Database['public']['Views'];
export type InvoiceBalanceRow = Views['invoice_balances']['Row'];
export type StudentBalanceRow = Views['student_balances']['Row'];
export type OverdueInvoiceRow = Views['overdue_invoices']['Row'];
export type InvoiceRow = Database['public']['Tables']['invoices']['Row'];
export type InvoiceLineRow = Database['public']['Tables']['invoice_lines']['Row'];
export type CreditNoteRow = Database['public']['Tables']['credit_notes']['Row'];
export type PaymentRow = Database['public']['Tables']['payments']['Row'];
export type RefundRow = Database['public']['Tables']['refunds']['Row'];

export const INVOICE_STATUSES = ['open', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'card_terminal', 'card_online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What the office records by hand (card_online comes only from the card provider). */
export const OFFICE_PAYMENT_METHODS = ['cash', 'bank_transfer', 'card_terminal'] as const;

/** One invoice with what was credited, paid and refunded on it, and what is still due. */
export interface InvoiceBalance {
  id: string;
  number: string;
  studentId: string | null;
  courseId: string | null;
  studentName: string;
  studentEmail: string;
  issuedOn: string;
  dueOn: string;
  currency: string;
  net: number;
  tax: number;
  total: number;
  credited: number;
  paid: number;
  refunded: number;
  /** total − credited − paid + refunded; negative when the school owes the student. */
  due: number;
  status: InvoiceStatus;
  /** Days past the due date (overdue list only). */
  daysOverdue?: number;
}

export interface StudentBalance {
  studentId: string;
  studentName: string;
  studentEmail: string;
  invoiced: number;
  credited: number;
  paid: number;
  refunded: number;
  /** What the student owes (negative: the school owes them). */
  balance: number;
  overdue: number;
  openInvoices: number;
}

export type StatementEntryKind = 'invoice' | 'credit_note' | 'payment' | 'refund';

export interface StatementEntry {
  date: string;
  kind: StatementEntryKind;
  id: string;
  invoiceId: string;
  /** The invoice's or credit note's number; null for payments and refunds. */
  number: string | null;
  /** The number, the credit note's reason, or the payment method. */
  description: string;
  /** + what the entry adds to the balance, − what it settles. */
  amount: number;
  /** The running balance after this entry. */
  balance: number;
}

export interface Statement {
  studentId: string;
  currency: string;
  balance: number;
  overdue: number;
  invoices: InvoiceBalance[];
  entries: StatementEntry[];
}

export interface InvoiceLine {
  position: number;
  description: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  amount: number;
}

/** An invoice as issued (its snapshot and lines) with its balance. */
export interface InvoiceDocument {
  invoice: InvoiceRow;
  lines: InvoiceLine[];
  creditNotes: CreditNoteRow[];
  payments: PaymentRow[];
  refunds: RefundRow[];
}

export interface CourseRevenue {
  courseId: string | null;
  title: string | null;
  received: number;
  invoiced: number;
  credited: number;
  outstanding: number;
}

/** get_revenue(from, to): the one definition of revenue (docs/money.md). */
export interface Revenue {
  fromDate: string;
  toDate: string;
  currency: string;
  /** Payments − refunds dated in the range. */
  received: number;
  payments: number;
  refunds: number;
  /** Invoices − credit notes issued in the range. */
  invoiced: number;
  credited: number;
  /** Still due on the invoices issued in the range. */
  outstanding: number;
  perCourse: CourseRevenue[];
}

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function toStatus(value: unknown): InvoiceStatus {
  return (INVOICE_STATUSES as readonly unknown[]).includes(value)
    ? (value as InvoiceStatus)
    : 'open';
}

/** A row of invoice_balances or overdue_invoices (or an invoice of the statement, the same shape). */
export function toInvoiceBalance(
  row: Partial<InvoiceBalanceRow> & { days_overdue?: number | null },
): InvoiceBalance {
  const balance: InvoiceBalance = {
    id: str(row.id),
    number: str(row.number),
    studentId: row.student_id ?? null,
    courseId: row.course_id ?? null,
    studentName: str(row.student_name),
    studentEmail: str(row.student_email),
    issuedOn: str(row.issued_on),
    dueOn: str(row.due_on),
    currency: str(row.currency),
    net: num(row.net),
    tax: num(row.tax),
    total: num(row.total),
    credited: num(row.credited),
    paid: num(row.paid),
    refunded: num(row.refunded),
    due: num(row.due),
    status: toStatus(row.status),
  };
  if (row.days_overdue !== undefined && row.days_overdue !== null)
    balance.daysOverdue = num(row.days_overdue);
  return balance;
}

export function toStudentBalance(row: StudentBalanceRow): StudentBalance {
  return {
    studentId: str(row.student_id),
    studentName: str(row.student_name),
    studentEmail: str(row.student_email),
    invoiced: num(row.invoiced),
    credited: num(row.credited),
    paid: num(row.paid),
    refunded: num(row.refunded),
    balance: num(row.balance),
    overdue: num(row.overdue),
    openInvoices: num(row.open_invoices),
  };
}

type StatementReply = {
  student_id?: string;
  currency?: string;
  balance?: number;
  overdue?: number;
  invoices?: InvoiceBalanceRow[];
  entries?: Array<Record<string, unknown>>;
} | null;

export function toStatement(reply: unknown, studentId: string): Statement {
  const data = (reply ?? {}) as NonNullable<StatementReply>;
  return {
    studentId: data.student_id ?? studentId,
    currency: str(data.currency),
    balance: num(data.balance),
    overdue: num(data.overdue),
    invoices: (data.invoices ?? []).map(toInvoiceBalance),
    entries: (data.entries ?? []).map((entry) => ({
      date: str(entry.date),
      kind: str(entry.kind) as StatementEntryKind,
      id: str(entry.id),
      invoiceId: str(entry.invoice_id),
      number: typeof entry.number === 'string' ? entry.number : null,
      description: str(entry.description),
      amount: num(entry.amount),
      balance: num(entry.balance),
    })),
  };
}

export function toInvoiceLine(row: InvoiceLineRow): InvoiceLine {
  return {
    position: row.position,
    description: row.description,
    quantity: num(row.quantity),
    unitPrice: num(row.unit_price),
    discount: num(row.discount),
    amount: num(row.amount),
  };
}

export function toRevenue(reply: unknown): Revenue {
  const data = (reply ?? {}) as Record<string, unknown>;
  const perCourse = Array.isArray(data.per_course)
    ? (data.per_course as Array<Record<string, unknown>>)
    : [];
  return {
    fromDate: str(data.from_date),
    toDate: str(data.to_date),
    currency: str(data.currency),
    received: num(data.received),
    payments: num(data.payments),
    refunds: num(data.refunds),
    invoiced: num(data.invoiced),
    credited: num(data.credited),
    outstanding: num(data.outstanding),
    perCourse: perCourse.map((row) => ({
      courseId: typeof row.course_id === 'string' ? row.course_id : null,
      title: typeof row.title === 'string' ? row.title : null,
      received: num(row.received),
      invoiced: num(row.invoiced),
      credited: num(row.credited),
      outstanding: num(row.outstanding),
    })),
  };
}

/**
 * The database's money errors (docs/money.md "Errors"): SQLSTATE → what went wrong, for the screens'
 * translated messages. Anything else is a generic failure.
 */
export const MONEY_ERRORS = {
  MN001: 'amountNotPositive',
  MN002: 'overpayment',
  MN003: 'overRefund',
  MN004: 'notFound',
  MN005: 'invalidDocument',
  MN006: 'overCredit',
  MN007: 'invalidMethod',
  MN010: 'immutable',
  '42501': 'notAllowed',
} as const;

export type MoneyError = (typeof MONEY_ERRORS)[keyof typeof MONEY_ERRORS];

/** The money error a failure's details carry (fromPostgrestError keeps the SQLSTATE), or null. */
export function moneyErrorOf(details: unknown): MoneyError | null {
  const code =
    typeof details === 'object' && details !== null
      ? (details as { code?: unknown }).code
      : undefined;
  return typeof code === 'string' && code in MONEY_ERRORS
    ? MONEY_ERRORS[code as keyof typeof MONEY_ERRORS]
    : null;
}

// --- The office's screens (docs/money.md "Screens: the office") -------------------------------------------

/** A row of the office's invoice list: the balance with the course's title. */
export interface InvoiceListItem extends InvoiceBalance {
  courseTitle: string | null;
}

export function toInvoiceListItem(
  row: Partial<InvoiceBalanceRow> & { course_title?: string | null },
): InvoiceListItem {
  return { ...toInvoiceBalance(row), courseTitle: row.course_title ?? null };
}

/** An overdue invoice with the reminders the office or the schedule sent for it. */
export interface OverdueInvoice extends InvoiceBalance {
  daysOverdue: number;
  /** ISO timestamp of the last reminder, null when none was sent. */
  lastRemindedAt: string | null;
  remindersSent: number;
}

export function toOverdueInvoice(
  row: Partial<InvoiceBalanceRow> & {
    days_overdue?: number | null;
    last_reminded_at?: string | null;
    reminders_sent?: number | null;
  },
): OverdueInvoice {
  return {
    ...toInvoiceBalance(row),
    daysOverdue: num(row.days_overdue),
    lastRemindedAt: row.last_reminded_at ?? null,
    remindersSent: num(row.reminders_sent),
  };
}

export type MoneyMovementKind = 'payment' | 'refund';

/** One payment or refund of the payments report (what the accountant's CSV lists). */
export interface MoneyMovement {
  kind: MoneyMovementKind;
  id: string;
  date: string;
  invoiceId: string;
  invoiceNumber: string;
  studentId: string | null;
  studentName: string;
  studentEmail: string;
  method: PaymentMethod;
  reference: string;
  /** Always positive: the kind says which way the money went. */
  amount: number;
  currency: string;
}

/** payments_report(from, to): the range's payments and refunds, newest first, and its revenue. */
export interface PaymentsReport {
  rows: MoneyMovement[];
  revenue: Revenue;
}

export function toPaymentsReport(reply: unknown): PaymentsReport {
  const data = (reply ?? {}) as { rows?: Array<Record<string, unknown>>; revenue?: unknown };
  return {
    rows: (data.rows ?? []).map((row) => ({
      kind: row.kind === 'refund' ? 'refund' : 'payment',
      id: str(row.id),
      date: str(row.date),
      invoiceId: str(row.invoice_id),
      invoiceNumber: str(row.invoice_number),
      studentId: typeof row.student_id === 'string' ? row.student_id : null,
      studentName: str(row.student_name),
      studentEmail: str(row.student_email),
      method: str(row.method) as PaymentMethod,
      reference: str(row.reference),
      amount: num(row.amount),
      currency: str(row.currency),
    })),
    revenue: toRevenue(data.revenue),
  };
}
