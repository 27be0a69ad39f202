// The office's money forms (docs/money.md "Screens: the office"): record a payment, record a refund,
// issue a credit note, pick a date range. The same bounds as the database (amount > 0 with at most two
// decimals, reference ≤ 200, reason 1…500 characters), so a form refuses what the database would; what
// only the database knows (more than the balance, more than was paid) comes back as a money error.

export const MONEY_TEXT_LIMITS = { reference: 200, reason: 500 } as const;

/** i18n keys in the `validation` namespace (the TooLong ones take `max`). */
export type MoneyFormMessageKey =
  | 'moneyAmountRequired'
  | 'moneyAmountPositive'
  | 'moneyAmountCents'
  | 'moneyAmountAboveDue'
  | 'moneyMethodRequired'
  | 'moneyDateRequired'
  | 'moneyReferenceTooLong'
  | 'moneyReasonRequired'
  | 'moneyReasonTooLong'
  | 'moneyRangeOrder';

export type PaymentFormValues = {
  /** '' while empty (Mantine's NumberInput), else the amount. */
  amount: number | string;
  method: string;
  /** YYYY-MM-DD. */
  date: string;
  reference: string;
};

export type CreditNoteFormValues = { amount: number | string; reason: string };

type Errors<T> = Partial<Record<keyof T, MoneyFormMessageKey>>;

function amountError(amount: number | string, max?: number): MoneyFormMessageKey | undefined {
  if (amount === '' || amount === null || amount === undefined) return 'moneyAmountRequired';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return 'moneyAmountRequired';
  if (value <= 0) return 'moneyAmountPositive';
  if (Math.round(value * 100) / 100 !== value) return 'moneyAmountCents';
  if (max !== undefined && value > max) return 'moneyAmountAboveDue';
  return undefined;
}

const charCount = (text: string) => [...text.trim()].length;

/**
 * A payment or a refund. `methods` are the ones the form offers (OFFICE_PAYMENT_METHODS for a payment,
 * PAYMENT_METHODS for a refund); `max`, when given, is what the screen knows may be paid or refunded
 * (the amount due, or what was paid less refunds); the database checks it again.
 */
export function validatePaymentForm(
  values: PaymentFormValues,
  options: { methods: readonly string[]; max?: number },
): Errors<PaymentFormValues> {
  const errors: Errors<PaymentFormValues> = {};
  const amount = amountError(values.amount, options.max);
  if (amount) errors.amount = amount;
  if (!options.methods.includes(values.method)) errors.method = 'moneyMethodRequired';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'moneyDateRequired';
  if (charCount(values.reference) > MONEY_TEXT_LIMITS.reference)
    errors.reference = 'moneyReferenceTooLong';
  return errors;
}

export function validateCreditNoteForm(
  values: CreditNoteFormValues,
  options: { max?: number } = {},
): Errors<CreditNoteFormValues> {
  const errors: Errors<CreditNoteFormValues> = {};
  const amount = amountError(values.amount, options.max);
  if (amount) errors.amount = amount;
  const reason = charCount(values.reason);
  if (reason === 0) errors.reason = 'moneyReasonRequired';
  else if (reason > MONEY_TEXT_LIMITS.reason) errors.reason = 'moneyReasonTooLong';
  return errors;
}

export type DateRangeValues = { from: string; to: string };

/** An inclusive range of days (YYYY-MM-DD), from not after to. */
export function validateDateRange(values: DateRangeValues): Errors<DateRangeValues> {
  const errors: Errors<DateRangeValues> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.from)) errors.from = 'moneyDateRequired';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.to)) errors.to = 'moneyDateRequired';
  if (!errors.from && !errors.to && values.from > values.to) errors.to = 'moneyRangeOrder';
  return errors;
}

/** The amount as the service takes it (a number; the form checked it first). */
export function amountOf(value: number | string): number {
  return typeof value === 'number' ? value : Number(value);
}
