import type { MoneyMovement } from '@portal/shared-data';
import { toCsv } from '@portal/shared-data/csv';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// The accountant's CSV of payments and refunds (Billing → Payments → Export CSV), through the portal's
// one CSV writer (no cell can run as a formula). Headers, method and kind in the UI language; the date
// as YYYY-MM-DD; the amount as the database recorded it (positive, with a dot), the kind saying which
// way the money went, and the invoice's currency code.

export const PAYMENT_CSV_COLUMNS = [
  'date',
  'invoiceNumber',
  'student',
  'studentEmail',
  'method',
  'reference',
  'amount',
  'currency',
  'kind',
] as const;

function cellOf(row: MoneyMovement, column: (typeof PAYMENT_CSV_COLUMNS)[number], t: Translate) {
  switch (column) {
    case 'date':
      return row.date;
    case 'invoiceNumber':
      return row.invoiceNumber;
    case 'student':
      return row.studentName;
    case 'studentEmail':
      return row.studentEmail;
    case 'method':
      return t(`methods.${row.method}`);
    case 'reference':
      return row.reference;
    case 'amount':
      return row.amount;
    case 'currency':
      return row.currency;
    case 'kind':
      return t(`payments.${row.kind}`);
  }
}

export function paymentsCsv(rows: readonly MoneyMovement[], t: Translate): string {
  return toCsv(
    PAYMENT_CSV_COLUMNS.map((column) => t(`csv.${column}`)),
    rows.map((row) => PAYMENT_CSV_COLUMNS.map((column) => cellOf(row, column, t))),
  );
}
