import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  billingService,
  fail,
  type BillingSettings,
  type InvoiceFilters,
  type PaymentInput,
  studentBillingReadModel,
} from '@portal/shared-data';
import { billingKeys, dashboardKeys, courseKeys } from './keys';
import { unwrap } from './service-failure';

// Money (docs/money.md). Every write changes balances, statements and revenue: it invalidates all money
// reads, the admin dashboard and Course Management (their revenue is money received).
const MONEY_VIEWS = [billingKeys.all, dashboardKeys.all, courseKeys.all] as const;

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
  // Card payment (issue 31): the card slice (branch money31-card) defines this option against its
  // edge function. Until it is merged, online payment reads as unavailable without a request, so the
  // student's Pay by card button stays hidden (no button that does nothing). On merge, take theirs.
  cardPayments: () =>
    queryOptions({
      queryKey: [...billingKeys.all, 'card-payments'] as const,
      queryFn: (): Promise<{ available: boolean }> => Promise.resolve({ available: false }),
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
  // Card payment (issue 31): replaced by the card slice's option (money31-card) on merge; until then
  // cardPayments() answers unavailable and nothing calls this.
  startCardPayment: () =>
    mutationOptions({
      mutationKey: ['billing', 'start-card-payment'],
      mutationFn: (invoiceId: string): Promise<{ url: string }> =>
        unwrap(
          Promise.resolve(
            fail('RPC_ERROR', `Online card payment is not available (invoice ${invoiceId})`),
          ),
        ),
    }),
};
