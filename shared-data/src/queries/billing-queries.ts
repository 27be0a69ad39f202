import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  billingService,
  officeBillingService,
  type InvoiceListFilters,
  type BillingSettings,
  type InvoiceFilters,
  type ManualInvoiceInput,
  type PaymentInput,
  studentBillingReadModel,
} from '@portal/shared-data';
import { billingKeys, dashboardKeys, courseKeys } from './keys';
import { unwrap } from './service-failure';

// Money (docs/money.md). Every write changes balances, statements and revenue: it invalidates all money
// reads, the admin dashboard and Course Management (their revenue is money received).
const MONEY_VIEWS = [billingKeys.all, dashboardKeys.all, courseKeys.all] as const;

/** The page the browser is on, without its query and hash: where Stripe sends the student back. */
function currentPageUrl(): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}`;
}

export const billingQueries = {
  invoices: (filters: InvoiceFilters = {}) =>
    queryOptions({
      queryKey: billingKeys.invoices(filters),
      queryFn: () => unwrap(billingService.invoices(filters)),
    }),
  myInvoices: (studentId: string) =>
    queryOptions({
      queryKey: billingKeys.invoices({ studentId }),
      queryFn: () => unwrap(billingService.myInvoices(studentId)),
    }),
  overdue: () =>
    queryOptions({
      queryKey: billingKeys.overdue(),
      queryFn: () => unwrap(billingService.overdue()),
    }),
  balance: (studentId: string) =>
    queryOptions({
      queryKey: billingKeys.balance(studentId),
      queryFn: () => unwrap(billingService.balance(studentId)),
    }),
  balances: () =>
    queryOptions({
      queryKey: billingKeys.balances(),
      queryFn: () => unwrap(billingService.balances()),
    }),
  statement: (studentId: string) =>
    queryOptions({
      queryKey: billingKeys.statement(studentId),
      queryFn: () => unwrap(billingService.statement(studentId)),
    }),
  invoice: (invoiceId: string) =>
    queryOptions({
      queryKey: billingKeys.invoice(invoiceId),
      queryFn: () => unwrap(billingService.invoice(invoiceId)),
    }),
  revenue: (fromDate: string, toDate: string) =>
    queryOptions({
      queryKey: billingKeys.revenue(fromDate, toDate),
      queryFn: () => unwrap(billingService.revenue(fromDate, toDate)),
    }),
  settings: () =>
    queryOptions({
      queryKey: billingKeys.settings(),
      queryFn: () => unwrap(billingService.settings()),
    }),
  // The student's Billing screen in one read (issue 31, student slice).
  studentBilling: () =>
    queryOptions({
      queryKey: billingKeys.studentBilling(),
      queryFn: () => unwrap(studentBillingReadModel.get()),
    }),
  // The student's seats held for their payment (docs/money.md "Payment before the seat"): under
  // billingKeys.all, so enrolling, dropping and every payment refresh it.
  seatHolds: () =>
    queryOptions({
      queryKey: billingKeys.seatHolds(),
      queryFn: () => unwrap(billingService.mySeatHolds()),
    }),
  // Card payment (issue 31, card slice): whether the school's Stripe keys are set. Kept for the
  // session (keys change by a deploy, not while a page is open); a failure reads as unavailable.
  cardPayments: () =>
    queryOptions({
      queryKey: billingKeys.cardPayments(),
      queryFn: async () => {
        const reply = await billingService.cardPaymentAvailability();
        return reply.success ? reply.data : { available: false };
      },
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export const billingMutations = {
  recordPayment: () =>
    mutationOptions({
      mutationKey: ['billing', 'record-payment'],
      mutationFn: (input: PaymentInput) => unwrap(billingService.recordPayment(input)),
      meta: { invalidates: MONEY_VIEWS },
    }),
  recordRefund: () =>
    mutationOptions({
      mutationKey: ['billing', 'record-refund'],
      mutationFn: (input: Parameters<typeof billingService.recordRefund>[0]) =>
        unwrap(billingService.recordRefund(input)),
      meta: { invalidates: MONEY_VIEWS },
    }),
  issueCreditNote: () =>
    mutationOptions({
      mutationKey: ['billing', 'issue-credit-note'],
      mutationFn: (input: Parameters<typeof billingService.issueCreditNote>[0]) =>
        unwrap(billingService.issueCreditNote(input)),
      meta: { invalidates: MONEY_VIEWS },
    }),
  saveSettings: () =>
    mutationOptions({
      mutationKey: ['billing', 'save-settings'],
      mutationFn: (billing: BillingSettings) => unwrap(billingService.saveSettings(billing)),
      meta: { invalidates: [billingKeys.all] },
    }),
  // Card payment (issue 31, card slice): opens Stripe Checkout for an invoice's due amount. Takes the
  // invoice id (Stripe sends the browser back to the current page) or { invoiceId, returnUrl }.
  startCardPayment: () =>
    mutationOptions({
      mutationKey: ['billing', 'start-card-payment'],
      mutationFn: (input: string | { invoiceId: string; returnUrl?: string }) => {
        const { invoiceId, returnUrl } = typeof input === 'string' ? { invoiceId: input } : input;
        return unwrap(billingService.startCardPayment(invoiceId, returnUrl ?? currentPageUrl()));
      },
    }),
};

// --- The office's screens (docs/money.md "Screens: the office") -------------------------------------------

export const officeBillingQueries = {
  /** The seats held for their payment in a course (Course Management's roster). */
  courseSeatHolds: (courseId: string) =>
    queryOptions({
      queryKey: billingKeys.courseSeatHolds(courseId),
      queryFn: () => unwrap(officeBillingService.courseSeatHolds(courseId)),
    }),
  /** One page of the searchable invoice list. */
  invoicePage: (filters: InvoiceListFilters = {}) =>
    queryOptions({
      queryKey: billingKeys.invoicePage(filters),
      queryFn: () => unwrap(officeBillingService.invoicePage(filters)),
      placeholderData: keepPreviousData,
    }),
  /**
   * One invoice with its balance, lines, credit notes, payments and refunds (the drawer's read). Read
   * again on every open (never fresh from the cache): a payment or a drop made elsewhere moves its due.
   */
  invoiceDetail: (invoiceId: string) =>
    queryOptions({
      queryKey: billingKeys.invoiceDetail(invoiceId),
      queryFn: () => unwrap(officeBillingService.invoiceDetail(invoiceId)),
      staleTime: 0,
    }),
  overdueReminders: () =>
    queryOptions({
      queryKey: billingKeys.overdueReminders(),
      queryFn: () => unwrap(officeBillingService.overdueReminders()),
    }),
  paymentsReport: (fromDate: string, toDate: string) =>
    queryOptions({
      queryKey: billingKeys.paymentsReport(fromDate, toDate),
      queryFn: () => unwrap(officeBillingService.paymentsReport(fromDate, toDate)),
      placeholderData: keepPreviousData,
    }),
};

export const officeBillingMutations = {
  /** A manual invoice (New invoice): every money read refreshes, the invoice lists among them. */
  issueInvoice: () =>
    mutationOptions({
      mutationKey: ['billing', 'issue-invoice'],
      mutationFn: (input: ManualInvoiceInput) => unwrap(officeBillingService.issueInvoice(input)),
      meta: { invalidates: MONEY_VIEWS },
    }),
  /** Reminders for the invoices given, or every overdue one (no argument). */
  sendReminders: () =>
    mutationOptions({
      mutationKey: ['billing', 'send-reminders'],
      mutationFn: (invoiceIds?: string[]) => unwrap(officeBillingService.sendReminders(invoiceIds)),
      meta: { invalidates: [billingKeys.overdueReminders()] },
    }),
};
