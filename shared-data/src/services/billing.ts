import { getClient } from '@portal/shared-data/session';
import {
  toInvoiceBalance,
  toInvoiceLine,
  toRevenue,
  toStatement,
  toStudentBalance,
  type InvoiceBalance,
  type InvoiceDocument,
  type InvoiceStatus,
  type PaymentMethod,
  type Revenue,
  type Statement,
  type StudentBalance,
  toInvoiceListItem,
  toOverdueInvoice,
  toPaymentsReport,
  type InvoiceListItem,
  type OverdueInvoice,
  type PaymentsReport,
} from '../mappers/billing';
import {
  toCourseSeatHold,
  toSeatHold,
  type CourseSeatHold,
  type CourseSeatHoldRow,
  type SeatHold,
  type SeatHoldRow,
} from '../mappers/seat-hold';
import type { Paged } from '../rules/paging';
import { manualInvoiceProblem, type ManualInvoiceInput } from '../rules/manual-invoice';
import { everyWordInAnyColumn, pageWindow, toPagedResult } from './list-query';
import {
  toBillingSettings,
  validateBillingSettings,
  type BillingSettings,
} from '../rules/settings';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';
import { invokeFunction } from './edge-functions';

// Money (docs/money.md). The database decides everything: invoices are issued by enrolment triggers,
// totals, balances and statuses are computed there, and only administrators record payments, refunds
// and credit notes (each refusal carries its SQLSTATE in the failure's details: moneyErrorOf maps it).
// Reads pass RLS: a student reads their own, an administrator everything, a teacher nothing.

const FETCH_FAILED = 'Failed to load invoices';
const STATEMENT_FAILED = 'Failed to load the statement';
const REVENUE_FAILED = 'Failed to load revenue';
const PAYMENT_FAILED = 'Failed to record the payment';
const REFUND_FAILED = 'Failed to record the refund';
const CREDIT_FAILED = 'Failed to issue the credit note';
const SETTINGS_FAILED = 'Failed to load settings';
const SAVE_SETTINGS_FAILED = 'Failed to save settings';
const REMINDER_FAILED = 'Failed to send the reminders';

export type InvoiceFilters = {
  status?: InvoiceStatus;
  studentId?: string;
  courseId?: string;
};

const BALANCE_COLUMNS =
  'id, number, student_id, course_id, student_name, student_email, issued_on, due_on, currency, net, tax, total, credited, paid, refunded, due, status';

/** Invoices with their balances, newest first: a student's own (studentId), or any for administrators. */
async function invoices(filters: InvoiceFilters = {}): Promise<Result<InvoiceBalance[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    let query = getClient().from('invoice_balances').select(BALANCE_COLUMNS);
    if (filters.status) query = query.eq('status', filters.status);
    if (filters.studentId) query = query.eq('student_id', filters.studentId);
    if (filters.courseId) query = query.eq('course_id', filters.courseId);
    const { data, error } = await query
      .order('issued_on', { ascending: false })
      .order('number', { ascending: false });
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok((data ?? []).map(toInvoiceBalance));
  });
}

/** The signed-in student's invoices. */
async function myInvoices(studentId: string): Promise<Result<InvoiceBalance[]>> {
  return invoices({ studentId });
}

/** Invoices with something due after their due date, the longest overdue first (administrators). */
async function overdue(): Promise<Result<InvoiceBalance[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient()
      .from('overdue_invoices')
      .select(`${BALANCE_COLUMNS}, days_overdue`)
      .order('due_on', { ascending: true })
      .order('number', { ascending: true });
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok((data ?? []).map(toInvoiceBalance));
  });
}

/** One student's balance (null when they were never invoiced). */
async function balance(studentId: string): Promise<Result<StudentBalance | null>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient()
      .from('student_balances')
      .select('*')
      .eq('student_id', studentId)
      .maybeSingle();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok(data ? toStudentBalance(data) : null);
  });
}

/** Every student's balance, the largest first (administrators). */
async function balances(): Promise<Result<StudentBalance[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient()
      .from('student_balances')
      .select('*')
      .order('balance', { ascending: false });
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok((data ?? []).map(toStudentBalance));
  });
}

/** A student's balance, invoices and dated entries with a running balance, in one request. */
async function statement(studentId: string): Promise<Result<Statement>> {
  return settle('QUERY_ERROR', STATEMENT_FAILED, async () => {
    const { data, error } = await getClient().rpc('student_statement', { student_uuid: studentId });
    if (error) return fromPostgrestError('QUERY_ERROR', error, STATEMENT_FAILED);
    return ok(toStatement(data, studentId));
  });
}

/** One invoice as issued, with its lines, credit notes, payments and refunds, in one request. */
async function invoice(invoiceId: string): Promise<Result<InvoiceDocument | null>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient()
      .from('invoices')
      .select('*, invoice_lines(*), credit_notes(*), payments(*), refunds(*)')
      .eq('id', invoiceId)
      .maybeSingle();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    if (!data) return ok(null);
    const { invoice_lines: lines, credit_notes: creditNotes, payments, refunds, ...row } = data;
    return ok({
      invoice: row,
      lines: [...(lines ?? [])].sort((a, b) => a.position - b.position).map(toInvoiceLine),
      creditNotes: creditNotes ?? [],
      payments: payments ?? [],
      refunds: refunds ?? [],
    });
  });
}

/** Money in an inclusive date range (YYYY-MM-DD), administrators only: received, invoiced, outstanding. */
async function revenue(fromDate: string, toDate: string): Promise<Result<Revenue>> {
  return settle('QUERY_ERROR', REVENUE_FAILED, async () => {
    const { data, error } = await getClient().rpc('get_revenue', {
      from_date: fromDate,
      to_date: toDate,
    });
    if (error) return fromPostgrestError('QUERY_ERROR', error, REVENUE_FAILED);
    return ok(toRevenue(data));
  });
}

export type PaymentInput = {
  invoiceId: string;
  amount: number;
  method: Exclude<PaymentMethod, 'card_online'>;
  /** YYYY-MM-DD; the school's today when left out. */
  date?: string;
  reference?: string;
};

function amountProblem(amount: number): string | null {
  return Number.isFinite(amount) && amount > 0 && Math.round(amount * 100) / 100 === amount
    ? null
    : 'The amount must be greater than zero, with at most two decimals';
}

/** Records a payment (administrators); the database refuses more than the open balance (MN002). */
async function recordPayment(input: PaymentInput): Promise<Result<{ paymentId: string }>> {
  const problem = amountProblem(input.amount);
  if (problem) return fail('RPC_ERROR', problem, { code: 'MN001' });
  return settle('RPC_ERROR', PAYMENT_FAILED, async () => {
    const { data, error } = await getClient().rpc('record_payment', {
      invoice_uuid: input.invoiceId,
      amount: input.amount,
      method: input.method,
      ...(input.date ? { paid_on: input.date } : {}),
      reference: input.reference?.trim() ?? '',
    });
    if (error) return fromPostgrestError('RPC_ERROR', error, PAYMENT_FAILED);
    return ok({ paymentId: data });
  });
}

/** Records money given back (administrators); at most what was paid and not yet refunded (MN003). */
async function recordRefund(input: {
  invoiceId: string;
  amount: number;
  method: PaymentMethod;
  date?: string;
  reference?: string;
}): Promise<Result<{ refundId: string }>> {
  const problem = amountProblem(input.amount);
  if (problem) return fail('RPC_ERROR', problem, { code: 'MN001' });
  return settle('RPC_ERROR', REFUND_FAILED, async () => {
    const { data, error } = await getClient().rpc('record_refund', {
      invoice_uuid: input.invoiceId,
      amount: input.amount,
      method: input.method,
      ...(input.date ? { refunded_on: input.date } : {}),
      reference: input.reference?.trim() ?? '',
    });
    if (error) return fromPostgrestError('RPC_ERROR', error, REFUND_FAILED);
    return ok({ refundId: data });
  });
}

/** Credits part or all of an invoice, tax included (administrators); at most what is uncredited (MN006). */
async function issueCreditNote(input: {
  invoiceId: string;
  amount: number;
  reason: string;
}): Promise<Result<{ creditNoteId: string }>> {
  const problem = amountProblem(input.amount);
  if (problem) return fail('RPC_ERROR', problem, { code: 'MN001' });
  if (input.reason.trim() === '')
    return fail('RPC_ERROR', 'A credit note needs a reason', { code: 'MN005' });
  return settle('RPC_ERROR', CREDIT_FAILED, async () => {
    const { data, error } = await getClient().rpc('issue_credit_note', {
      invoice_uuid: input.invoiceId,
      amount: input.amount,
      reason: input.reason.trim(),
    });
    if (error) return fromPostgrestError('RPC_ERROR', error, CREDIT_FAILED);
    return ok({ creditNoteId: data });
  });
}

/** System Settings → Billing over the defaults (administrators; others read the defaults). */
async function settings(): Promise<Result<BillingSettings>> {
  return settle('QUERY_ERROR', SETTINGS_FAILED, async () => {
    const { data, error } = await getClient().rpc('get_app_settings');
    if (error) return fromPostgrestError('QUERY_ERROR', error, SETTINGS_FAILED);
    return ok(toBillingSettings((data as { billing?: unknown } | null)?.billing));
  });
}

/** Saves the billing group (administrators); checked here first with the database's own bounds. */
async function saveSettings(billing: BillingSettings): Promise<Result<BillingSettings>> {
  const problems = validateBillingSettings(billing);
  const first = Object.entries(problems)[0];
  if (first)
    return fail('UPDATE_SETTINGS_ERROR', `Invalid billing setting: ${first[0]}`, { problems });
  return settle('UPDATE_SETTINGS_ERROR', SAVE_SETTINGS_FAILED, async () => {
    const { data, error } = await getClient()
      .from('app_settings')
      .update({ billing })
      .eq('id', 1)
      .select('billing')
      .maybeSingle();
    if (error) return fromPostgrestError('UPDATE_SETTINGS_ERROR', error, SAVE_SETTINGS_FAILED);
    if (!data) return fail('UPDATE_SETTINGS_ERROR', SAVE_SETTINGS_FAILED);
    return ok(toBillingSettings(data.billing));
  });
}

// Card payment (issue 31, card slice; docs/money.md "Card payments"). Two edge functions: card-checkout
// answers whether the school has set its Stripe keys and opens a Checkout Session for one of the
// caller's own invoices; card-webhook (called by Stripe only) records the payment. A refusal keeps the
// function's code in details.code (CARD_PAYMENTS_UNAVAILABLE, INVOICE_NOT_FOUND, NOTHING_DUE,
// RETURN_URL_NOT_ALLOWED, PAYMENT_PROVIDER_ERROR), which errorMessageKey translates.

export const CARD_CHECKOUT_FUNCTION = 'card-checkout';
const CARD_AVAILABILITY_FAILED = 'Failed to check online card payment';
const CARD_START_FAILED = 'Failed to start the card payment';

/** Whether online card payment is set up (the school's Stripe keys are set); false on any failure. */
async function cardPaymentAvailability(): Promise<Result<{ available: boolean }>> {
  return settle('QUERY_ERROR', CARD_AVAILABILITY_FAILED, async () => {
    const reply = await invokeFunction<{ available?: unknown } | null>(
      CARD_CHECKOUT_FUNCTION,
      { check: true },
      'QUERY_ERROR',
      CARD_AVAILABILITY_FAILED,
    );
    if (!reply.success) return reply;
    return ok({ available: reply.data?.available === true });
  });
}

/**
 * Opens a Stripe Checkout Session for the amount due on one of the signed-in student's invoices and
 * answers the page to send the browser to. `returnUrl` is where Stripe sends them back, with
 * `card=success` or `card=cancel` added to its query; it must be on one of the app origins.
 */
async function startCardPayment(
  invoiceId: string,
  returnUrl: string,
): Promise<Result<{ url: string }>> {
  return settle('RPC_ERROR', CARD_START_FAILED, async () => {
    const reply = await invokeFunction<{ url?: unknown } | null>(
      CARD_CHECKOUT_FUNCTION,
      { invoiceId, returnUrl },
      'RPC_ERROR',
      CARD_START_FAILED,
    );
    if (!reply.success) return reply;
    const url = reply.data?.url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url))
      return fail('RPC_ERROR', CARD_START_FAILED);
    return ok({ url });
  });
}

const SEAT_HOLDS_FAILED = 'Failed to load your held seats';

/**
 * The signed-in student's seats held for their payment (docs/money.md "Payment before the seat"), one
 * request for every course of a screen: the hold's end, the invoice and what is due on it, and the
 * school's time zone.
 */
async function mySeatHolds(): Promise<Result<SeatHold[]>> {
  return settle('QUERY_ERROR', SEAT_HOLDS_FAILED, async () => {
    const { data, error } = await getClient().rpc('my_seat_holds');
    if (error) return fromPostgrestError('QUERY_ERROR', error, SEAT_HOLDS_FAILED);
    return ok(((data ?? []) as SeatHoldRow[]).map(toSeatHold));
  });
}

export const billingService = {
  invoices,
  myInvoices,
  overdue,
  balance,
  balances,
  statement,
  invoice,
  revenue,
  recordPayment,
  recordRefund,
  issueCreditNote,
  settings,
  saveSettings,
  // Card payment (card slice).
  cardPaymentAvailability,
  startCardPayment,
  // Payment before the seat.
  mySeatHolds,
};

// --- The office's screens (docs/money.md "Screens: the office") -------------------------------------------

export type InvoiceListFilters = {
  /** Number, student name or email contains it (every word). */
  search?: string;
  status?: InvoiceStatus;
  page?: number;
  limit?: number;
};

const INVOICE_SEARCH_COLUMNS = ['number', 'student_name', 'student_email', 'course_title'] as const;

/** The office's invoice list: searched, filtered by status, one page with its count, in one request. */
async function invoicePage(
  filters: InvoiceListFilters = {},
): Promise<Result<Paged<InvoiceListItem>>> {
  const window = pageWindow(filters);
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    let query = getClient()
      .from('invoice_list')
      .select(`${BALANCE_COLUMNS}, course_title`, { count: 'exact' });
    if (filters.status) query = query.eq('status', filters.status);
    for (const filter of everyWordInAnyColumn(INVOICE_SEARCH_COLUMNS, filters.search))
      query = query.or(filter);
    const response = await query
      .order('issued_on', { ascending: false })
      .order('number', { ascending: false })
      .range(window.from, window.to);
    return toPagedResult(response, window, toInvoiceListItem, 'QUERY_ERROR', FETCH_FAILED);
  });
}

/** Overdue invoices with the reminders sent for each, the longest overdue first (administrators). */
async function overdueReminders(): Promise<Result<OverdueInvoice[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient()
      .from('overdue_reminders')
      .select(`${BALANCE_COLUMNS}, days_overdue, last_reminded_at, reminders_sent`)
      .order('due_on', { ascending: true })
      .order('number', { ascending: true });
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok((data ?? []).map(toOverdueInvoice));
  });
}

/**
 * Queues a reminder mail for each overdue invoice given (all when left out) not reminded in the last
 * 7 days (administrators); answers how many were queued.
 */
async function sendReminders(invoiceIds?: string[]): Promise<Result<{ queued: number }>> {
  return settle('RPC_ERROR', REMINDER_FAILED, async () => {
    const { data, error } = await getClient().rpc(
      'send_overdue_reminders',
      invoiceIds ? { invoice_uuids: invoiceIds } : {},
    );
    if (error) return fromPostgrestError('RPC_ERROR', error, REMINDER_FAILED);
    return ok({ queued: Number(data ?? 0) });
  });
}

/** Payments and refunds dated in an inclusive range, with the range's revenue, in one request. */
async function paymentsReport(fromDate: string, toDate: string): Promise<Result<PaymentsReport>> {
  return settle('QUERY_ERROR', REVENUE_FAILED, async () => {
    const { data, error } = await getClient().rpc('payments_report', {
      from_date: fromDate,
      to_date: toDate,
    });
    if (error) return fromPostgrestError('QUERY_ERROR', error, REVENUE_FAILED);
    return ok(toPaymentsReport(data));
  });
}

/** One invoice as issued with its balance (credited, paid, refunded, due, status), in one request. */
async function invoiceDetail(
  invoiceId: string,
): Promise<Result<{ document: InvoiceDocument; balance: InvoiceBalance } | null>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient()
      .from('invoices')
      .select(
        `*, balance:balance(${BALANCE_COLUMNS}), invoice_lines(*), credit_notes(*), payments(*), refunds(*)`,
      )
      .eq('id', invoiceId)
      .maybeSingle();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    if (!data) return ok(null);
    const {
      balance,
      invoice_lines: lines,
      credit_notes: creditNotes,
      payments,
      refunds,
      ...row
    } = data as typeof data & { balance: Parameters<typeof toInvoiceBalance>[0] | null };
    if (!balance) return ok(null);
    return ok({
      balance: toInvoiceBalance(balance),
      document: {
        invoice: row,
        lines: [...(lines ?? [])].sort((a, b) => a.position - b.position).map(toInvoiceLine),
        creditNotes: creditNotes ?? [],
        payments: payments ?? [],
        refunds: refunds ?? [],
      },
    });
  });
}

const ISSUE_FAILED = 'Failed to issue the invoice';

/**
 * Issues a manual invoice (administrators): a student, optionally a course, 1 to 50 lines with a
 * discount each. Checked first with the form's rules (MN005 when a line is wrong); the database checks
 * again, computes the totals and numbers it. Answers the new invoice's id.
 */
async function issueInvoice(input: ManualInvoiceInput): Promise<Result<{ invoiceId: string }>> {
  const problem = manualInvoiceProblem(input);
  if (problem)
    return fail('RPC_ERROR', problem, {
      code: problem.startsWith('studentId') ? 'MN004' : 'MN005',
    });
  return settle('RPC_ERROR', ISSUE_FAILED, async () => {
    const { data, error } = await getClient().rpc('issue_invoice', {
      student_uuid: input.studentId,
      lines: input.lines.map((line) => ({
        description: line.description.trim(),
        quantity: line.quantity,
        unit_price: line.unitPrice,
        discount: line.discount,
      })),
      ...(input.courseId ? { course_uuid: input.courseId } : {}),
    });
    if (error) return fromPostgrestError('RPC_ERROR', error, ISSUE_FAILED);
    return ok({ invoiceId: data });
  });
}

/**
 * The seats held for their payment in one course, soonest end first, with the student and the invoice
 * (administrators: Course Management's roster marks them; RLS gives anyone else none of another's).
 */
async function courseSeatHolds(courseId: string): Promise<Result<CourseSeatHold[]>> {
  return settle('QUERY_ERROR', SEAT_HOLDS_FAILED, async () => {
    const { data, error } = await getClient()
      .from('seat_holds')
      .select(
        'id, student_id, held_until, student:users!student_id(first_name, last_name, email), invoice:invoices!invoice_id(number)',
      )
      .eq('course_id', courseId)
      .eq('status', 'held')
      .order('held_until', { ascending: true })
      .overrideTypes<CourseSeatHoldRow[], { merge: false }>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, SEAT_HOLDS_FAILED);
    return ok((data ?? []).map(toCourseSeatHold));
  });
}

export const officeBillingService = {
  issueInvoice,
  courseSeatHolds,
  invoicePage,
  invoiceDetail,
  overdueReminders,
  sendReminders,
  paymentsReport,
};
