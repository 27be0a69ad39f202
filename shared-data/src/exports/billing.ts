// Money (docs/money.md): invoices and their balances, a student's balance and statement, payments,
// refunds and credit notes, revenue, and the billing settings.

export {
  INVOICE_STATUSES,
  MONEY_ERRORS,
  OFFICE_PAYMENT_METHODS,
  PAYMENT_METHODS,
  moneyErrorOf,
  type CourseRevenue,
  type InvoiceBalance,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceStatus,
  type MoneyError,
  type PaymentMethod,
  type Revenue,
  type Statement,
  type StatementEntry,
  type StatementEntryKind,
  type StudentBalance,
} from '../mappers/billing';
export {
  BILLING_BOUNDS,
  DEFAULT_BILLING_SETTINGS,
  INVOICE_MODES,
  REFUND_RULES,
  toBillingSettings,
  validateBillingSettings,
  type BillingSettings,
  type BillingSettingsField,
  type BillingSettingsProblem,
  type InvoiceMode,
  type RefundRule,
} from '../rules/settings';
export { billingService, type InvoiceFilters, type PaymentInput } from '../services/billing';
// Payment before the seat (docs/money.md).
export {
  toCourseSeatHold,
  toSeatHold,
  type CourseSeatHold,
  type EnrolmentOutcome,
  type SeatHold,
} from '../mappers/seat-hold';
// The student's Billing screen (issue 31, student slice).
export {
  studentBillingReadModel,
  toStudentBilling,
  type StudentBilling,
  type StudentCreditNote,
  type StudentInvoice,
  type StudentReceipt,
} from '../read-models/student-billing';

// The office's screens (docs/money.md "Screens: the office").
export {
  toPaymentsReport,
  type InvoiceListItem,
  type MoneyMovement,
  type MoneyMovementKind,
  type OverdueInvoice,
  type PaymentsReport,
} from '../mappers/billing';
export {
  MONEY_TEXT_LIMITS,
  amountOf,
  validateCreditNoteForm,
  validateDateRange,
  validatePaymentForm,
  type CreditNoteFormValues,
  type DateRangeValues,
  type MoneyFormMessageKey,
  type PaymentFormValues,
} from '../rules/money-forms';
export { officeBillingService, type InvoiceListFilters } from '../services/billing';
// The office's manual invoice (New invoice).
export {
  MANUAL_INVOICE_DESCRIPTION_MAX,
  MANUAL_INVOICE_MAX_LINES,
  manualInvoicePreview,
  toManualInvoiceInput,
  validateManualInvoiceForm,
  type ManualInvoiceErrors,
  type ManualInvoiceFormValues,
  type ManualInvoiceInput,
  type ManualInvoiceLine,
  type ManualInvoiceLineValues,
  type ManualInvoiceMessageKey,
  type ManualInvoicePreview,
} from '../rules/manual-invoice';
