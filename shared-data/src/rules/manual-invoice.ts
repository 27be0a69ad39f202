// The office's manual invoice (docs/money.md "Screens: the office", New invoice): the form's rules and
// its live preview. The bounds are the database's (public.issue_invoice, migrations
// 20261201000200_invoices.sql and 20261201007300_manual_invoice_checks.sql), so the form refuses what
// the database would; the database computes the saved invoice's totals and those are the ones shown
// once it is issued. The preview computes the same way, in whole cents (no floating point):
// a line's amount = round(quantity × unit price, 2) − discount, net = Σ amounts,
// tax = round(net × rate / 100, 2), total = net + tax (Postgres rounds half away from zero).

/** At most this many lines on one invoice (the database refuses more). */
export const MANUAL_INVOICE_MAX_LINES = 50;
/** A line's description, in characters (trimmed). */
export const MANUAL_INVOICE_DESCRIPTION_MAX = 500;
/** numeric(10,2) for a quantity, numeric(12,2) for a price, a line and a total: below these. */
const QUANTITY_LIMIT = 100_000_000;
const AMOUNT_LIMIT = 10_000_000_000;

/** i18n keys in the `validation` namespace. */
export type ManualInvoiceMessageKey =
  | 'invoiceStudentRequired'
  | 'invoiceLinesRequired'
  | 'invoiceLinesTooMany'
  | 'invoiceDescriptionRequired'
  | 'invoiceDescriptionTooLong'
  | 'invoiceQuantityRequired'
  | 'invoiceQuantityPositive'
  | 'invoiceQuantityCents'
  | 'invoiceQuantityTooLarge'
  | 'invoicePriceRequired'
  | 'invoicePriceNegative'
  | 'invoiceDiscountNegative'
  | 'invoiceDiscountAboveLine'
  | 'invoiceAmountCents'
  | 'invoiceAmountTooLarge';

/** '' while a number field is empty (Mantine's NumberInput), else its value. */
type NumberField = number | string;

export type ManualInvoiceLineValues = {
  /** A stable key for the list (not sent). */
  key: string;
  description: string;
  quantity: NumberField;
  unitPrice: NumberField;
  /** An amount off the line ('' is none). */
  discount: NumberField;
};

export type ManualInvoiceFormValues = {
  studentId: string | null;
  courseId: string | null;
  lines: ManualInvoiceLineValues[];
};

/** What the service sends: numbers, checked. */
export type ManualInvoiceLine = {
  description: string;
  quantity: number;
  unitPrice: number;
  discount: number;
};

export type ManualInvoiceInput = {
  studentId: string;
  courseId?: string | null;
  lines: ManualInvoiceLine[];
};

/** Errors by @mantine/form path: 'studentId', 'lines', 'lines.0.description', … */
export type ManualInvoiceErrors = Partial<Record<string, ManualInvoiceMessageKey>>;

const isEmpty = (value: NumberField) =>
  value === '' || value === null || value === undefined || String(value).trim() === '';

function numberOf(value: NumberField): number {
  return typeof value === 'number' ? value : Number(String(value).trim());
}

/** Whole hundredths of a value with at most two decimals, or null. */
function hundredths(value: number): bigint | null {
  if (!Number.isFinite(value)) return null;
  const scaled = Math.round(value * 100);
  if (Math.abs(scaled / 100 - value) > 1e-9 * Math.max(1, Math.abs(value))) return null;
  return BigInt(scaled);
}

/** Divides by a power of ten, rounding half away from zero (Postgres's numeric round). */
function roundDiv(value: bigint, by: bigint): bigint {
  const sign = value < 0n ? -1n : 1n;
  const magnitude = value * sign;
  return sign * ((magnitude + by / 2n) / by);
}

/** round(quantity × unit price, 2) in cents. */
function grossCents(quantity: bigint, unitPrice: bigint): bigint {
  // hundredths × hundredths = ten-thousandths; to cents.
  return roundDiv(quantity * unitPrice, 100n);
}

const centsToNumber = (cents: bigint) => Number(cents) / 100;

const chars = (text: string) => [...text.trim()].length;

/** One line's problems, by field. */
function lineErrors(line: Omit<ManualInvoiceLineValues, 'key'>) {
  const errors: Partial<
    Record<'description' | 'quantity' | 'unitPrice' | 'discount', ManualInvoiceMessageKey>
  > = {};
  const description = chars(line.description ?? '');
  if (description === 0) errors.description = 'invoiceDescriptionRequired';
  else if (description > MANUAL_INVOICE_DESCRIPTION_MAX)
    errors.description = 'invoiceDescriptionTooLong';

  let quantity: bigint | null = null;
  if (isEmpty(line.quantity)) errors.quantity = 'invoiceQuantityRequired';
  else {
    const value = numberOf(line.quantity);
    quantity = hundredths(value);
    if (!Number.isFinite(value)) errors.quantity = 'invoiceQuantityRequired';
    else if (value <= 0) errors.quantity = 'invoiceQuantityPositive';
    else if (quantity === null) errors.quantity = 'invoiceQuantityCents';
    else if (value >= QUANTITY_LIMIT) errors.quantity = 'invoiceQuantityTooLarge';
    if (errors.quantity) quantity = null;
  }

  let unitPrice: bigint | null = null;
  if (isEmpty(line.unitPrice)) errors.unitPrice = 'invoicePriceRequired';
  else {
    const value = numberOf(line.unitPrice);
    unitPrice = hundredths(value);
    if (!Number.isFinite(value)) errors.unitPrice = 'invoicePriceRequired';
    else if (value < 0) errors.unitPrice = 'invoicePriceNegative';
    else if (unitPrice === null) errors.unitPrice = 'invoiceAmountCents';
    else if (value >= AMOUNT_LIMIT) errors.unitPrice = 'invoiceAmountTooLarge';
    if (errors.unitPrice) unitPrice = null;
  }

  const gross = quantity !== null && unitPrice !== null ? grossCents(quantity, unitPrice) : null;
  if (gross !== null && gross >= BigInt(AMOUNT_LIMIT) * 100n)
    errors.unitPrice = 'invoiceAmountTooLarge';

  let discount: bigint | null = 0n;
  if (!isEmpty(line.discount)) {
    const value = numberOf(line.discount);
    discount = hundredths(value);
    if (!Number.isFinite(value)) errors.discount = 'invoiceAmountCents';
    else if (value < 0) errors.discount = 'invoiceDiscountNegative';
    else if (discount === null) errors.discount = 'invoiceAmountCents';
    else if (gross !== null && discount > gross) errors.discount = 'invoiceDiscountAboveLine';
    if (errors.discount) discount = null;
  }

  const amount =
    gross !== null && discount !== null && !errors.unitPrice && !errors.discount
      ? gross - discount
      : null;
  return { errors, gross, amount };
}

/**
 * Every problem of the form, by @mantine/form path (translate with the `validation` namespace;
 * 'invoiceDiscountAboveLine' takes `max`, the line before its discount: see `manualInvoicePreview`).
 */
export function validateManualInvoiceForm(values: ManualInvoiceFormValues): ManualInvoiceErrors {
  const errors: ManualInvoiceErrors = {};
  if (!values.studentId) errors.studentId = 'invoiceStudentRequired';
  if (values.lines.length === 0) errors.lines = 'invoiceLinesRequired';
  else if (values.lines.length > MANUAL_INVOICE_MAX_LINES) errors.lines = 'invoiceLinesTooMany';
  values.lines.forEach((line, index) => {
    for (const [field, key] of Object.entries(lineErrors(line).errors))
      errors[`lines.${index}.${field}`] = key;
  });
  if (Object.keys(errors).length === 0) {
    const preview = manualInvoicePreview(values.lines, 0);
    if (preview.net === null || preview.net >= AMOUNT_LIMIT) errors.lines = 'invoiceAmountTooLarge';
  }
  return errors;
}

export type ManualInvoicePreview = {
  /** Each line's amount (after its discount), null while the line is incomplete or wrong. */
  lines: Array<{ gross: number | null; amount: number | null }>;
  /** Null while any line is incomplete or wrong. */
  net: number | null;
  tax: number | null;
  total: number | null;
};

/**
 * The invoice's figures as the database will compute them, for the form's live preview. `taxRate` is
 * the school's rate in percent (at most two decimals). The saved invoice's figures are the database's.
 */
export function manualInvoicePreview(
  lines: ReadonlyArray<Omit<ManualInvoiceLineValues, 'key'>>,
  taxRate: number,
): ManualInvoicePreview {
  const computed = lines.map((line) => lineErrors(line));
  const rate = hundredths(taxRate);
  const complete = computed.length > 0 && computed.every((line) => line.amount !== null);
  const netCents = complete
    ? computed.reduce((sum, line) => sum + (line.amount as bigint), 0n)
    : null;
  // round(net × rate / 100, 2): cents × hundredths of a percent / 10 000.
  const taxCents = netCents !== null && rate !== null ? roundDiv(netCents * rate, 10_000n) : null;
  return {
    lines: computed.map((line) => ({
      gross: line.gross === null ? null : centsToNumber(line.gross),
      amount: line.amount === null ? null : centsToNumber(line.amount),
    })),
    net: netCents === null ? null : centsToNumber(netCents),
    tax: taxCents === null ? null : centsToNumber(taxCents),
    total: netCents !== null && taxCents !== null ? centsToNumber(netCents + taxCents) : null,
  };
}

/** The form's values as the service sends them (after `validateManualInvoiceForm` passed). */
export function toManualInvoiceInput(values: ManualInvoiceFormValues): ManualInvoiceInput {
  return {
    studentId: values.studentId ?? '',
    courseId: values.courseId || null,
    lines: values.lines.map((line) => ({
      description: line.description.trim(),
      quantity: numberOf(line.quantity),
      unitPrice: numberOf(line.unitPrice),
      discount: isEmpty(line.discount) ? 0 : numberOf(line.discount),
    })),
  };
}

/** Why the service refuses an input before any request (null when the database may judge it). */
export function manualInvoiceProblem(input: ManualInvoiceInput): string | null {
  const errors = validateManualInvoiceForm({
    studentId: input.studentId,
    courseId: input.courseId ?? null,
    lines: input.lines.map((line, index) => ({ key: String(index), ...line })),
  });
  const first = Object.entries(errors)[0];
  return first ? `${first[0]}: ${first[1]}` : null;
}
