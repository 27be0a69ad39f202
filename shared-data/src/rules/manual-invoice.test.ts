// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  MANUAL_INVOICE_MAX_LINES,
  manualInvoicePreview,
  manualInvoiceProblem,
  toManualInvoiceInput,
  validateManualInvoiceForm,
  type ManualInvoiceFormValues,
  type ManualInvoiceLineValues,
} from './manual-invoice';

const line = (changes: Partial<ManualInvoiceLineValues> = {}): ManualInvoiceLineValues => ({
  key: 'l1',
  description: 'Private lessons',
  quantity: 3,
  unitPrice: 25,
  discount: 5,
  ...changes,
});

const form = (changes: Partial<ManualInvoiceFormValues> = {}): ManualInvoiceFormValues => ({
  studentId: 'student-1',
  courseId: null,
  lines: [line()],
  ...changes,
});

describe('validateManualInvoiceForm', () => {
  it('accepts a student and lines the database would take', () => {
    expect(validateManualInvoiceForm(form())).toEqual({});
    // Discount left empty, a whole-line discount, a free line, a quantity with cents.
    expect(
      validateManualInvoiceForm(
        form({
          lines: [
            line({ discount: '' }),
            line({ key: 'l2', quantity: 1, unitPrice: 10, discount: 10 }),
            line({ key: 'l3', unitPrice: 0, discount: '' }),
            line({ key: 'l4', quantity: '1.5', unitPrice: '12.30', discount: '0' }),
          ],
        }),
      ),
    ).toEqual({});
  });

  it('needs a student and between one and fifty lines', () => {
    expect(validateManualInvoiceForm(form({ studentId: null })).studentId).toBe(
      'invoiceStudentRequired',
    );
    expect(validateManualInvoiceForm(form({ lines: [] })).lines).toBe('invoiceLinesRequired');
    const many = Array.from({ length: MANUAL_INVOICE_MAX_LINES + 1 }, (_, index) =>
      line({ key: `l${index}` }),
    );
    expect(validateManualInvoiceForm(form({ lines: many })).lines).toBe('invoiceLinesTooMany');
    expect(
      validateManualInvoiceForm(form({ lines: many.slice(0, MANUAL_INVOICE_MAX_LINES) })),
    ).toEqual({});
  });

  it('names each wrong field of each line by its form path', () => {
    const errors = validateManualInvoiceForm(
      form({
        lines: [
          line(),
          line({ key: 'l2', description: '   ', quantity: -2, unitPrice: '', discount: -1 }),
          line({ key: 'l3', description: 'x'.repeat(501), quantity: 0, unitPrice: -1 }),
          line({ key: 'l4', quantity: 1.005, unitPrice: 1.005, discount: 0.001 }),
        ],
      }),
    );
    expect(errors).toEqual({
      'lines.1.description': 'invoiceDescriptionRequired',
      'lines.1.quantity': 'invoiceQuantityPositive',
      'lines.1.unitPrice': 'invoicePriceRequired',
      'lines.1.discount': 'invoiceDiscountNegative',
      'lines.2.description': 'invoiceDescriptionTooLong',
      'lines.2.quantity': 'invoiceQuantityPositive',
      'lines.2.unitPrice': 'invoicePriceNegative',
      'lines.3.quantity': 'invoiceQuantityCents',
      'lines.3.unitPrice': 'invoiceAmountCents',
      'lines.3.discount': 'invoiceAmountCents',
    });
  });

  it('refuses a discount above the line, and an empty quantity', () => {
    expect(
      validateManualInvoiceForm(form({ lines: [line({ discount: 75.01 })] }))['lines.0.discount'],
    ).toBe('invoiceDiscountAboveLine');
    expect(
      validateManualInvoiceForm(form({ lines: [line({ discount: 75 })] }))['lines.0.discount'],
    ).toBeUndefined();
    expect(
      validateManualInvoiceForm(form({ lines: [line({ quantity: '' })] }))['lines.0.quantity'],
    ).toBe('invoiceQuantityRequired');
  });

  it('refuses amounts the database cannot hold', () => {
    expect(
      validateManualInvoiceForm(form({ lines: [line({ quantity: 100_000_000 })] }))[
        'lines.0.quantity'
      ],
    ).toBe('invoiceQuantityTooLarge');
    expect(
      validateManualInvoiceForm(form({ lines: [line({ quantity: 2, unitPrice: 6_000_000_000 })] }))[
        'lines.0.unitPrice'
      ],
    ).toBe('invoiceAmountTooLarge');
    const big = line({ quantity: 1, unitPrice: 6_000_000_000, discount: 0 });
    expect(validateManualInvoiceForm(form({ lines: [big, { ...big, key: 'l2' }] })).lines).toBe(
      'invoiceAmountTooLarge',
    );
  });
});

describe('manualInvoicePreview', () => {
  it('computes like the database: round(quantity × price, 2) − discount, tax rounded on the net', () => {
    // The integration test's manual invoice: 3 × 25 − 5 and 1 × 12.30 = 82.30 net.
    const preview = manualInvoicePreview(
      [
        line(),
        line({ key: 'l2', description: 'Book', quantity: 1, unitPrice: 12.3, discount: '' }),
      ],
      21,
    );
    expect(preview.lines).toEqual([
      { gross: 75, amount: 70 },
      { gross: 12.3, amount: 12.3 },
    ]);
    expect(preview.net).toBe(82.3);
    // 82.30 × 21 % = 17.283 → 17.28.
    expect(preview.tax).toBe(17.28);
    expect(preview.total).toBe(99.58);
  });

  it('rounds half away from zero, in whole cents (no floating point drift)', () => {
    // 0.5 × 0.05 = 0.025 → 0.03; 1.15 × 3 = 3.45 exactly; tax 10 % of 0.05 = 0.005 → 0.01.
    expect(
      manualInvoicePreview([line({ quantity: 0.5, unitPrice: 0.05, discount: 0 })], 0).net,
    ).toBe(0.03);
    expect(manualInvoicePreview([line({ quantity: 3, unitPrice: 1.15, discount: 0 })], 0).net).toBe(
      3.45,
    );
    const tax = manualInvoicePreview([line({ quantity: 1, unitPrice: 0.05, discount: 0 })], 10);
    expect(tax).toMatchObject({ net: 0.05, tax: 0.01, total: 0.06 });
    // 0.1 + 0.2 lines add up to 0.30 exactly.
    expect(
      manualInvoicePreview(
        [
          line({ quantity: 1, unitPrice: 0.1, discount: 0 }),
          line({ key: 'l2', quantity: 1, unitPrice: 0.2, discount: 0 }),
        ],
        0,
      ).total,
    ).toBe(0.3);
  });

  it('has no totals while a line is incomplete or wrong, but shows the complete lines', () => {
    const preview = manualInvoicePreview(
      [line(), line({ key: 'l2', unitPrice: '' }), line({ key: 'l3', discount: 500 })],
      21,
    );
    expect(preview.lines.map((each) => each.amount)).toEqual([70, null, null]);
    expect(preview.lines[2]!.gross).toBe(75);
    expect(preview).toMatchObject({ net: null, tax: null, total: null });
  });
});

describe('toManualInvoiceInput and manualInvoiceProblem', () => {
  it('sends numbers, trimmed descriptions, no discount as 0 and no course as null', () => {
    const input = toManualInvoiceInput(
      form({
        lines: [
          line({ description: '  Exam fee ', quantity: '2', unitPrice: '40.5', discount: '' }),
        ],
      }),
    );
    expect(input).toEqual({
      studentId: 'student-1',
      courseId: null,
      lines: [{ description: 'Exam fee', quantity: 2, unitPrice: 40.5, discount: 0 }],
    });
    expect(manualInvoiceProblem(input)).toBeNull();
  });

  it('says what the service refuses before any request', () => {
    expect(
      manualInvoiceProblem({
        studentId: 'student-1',
        lines: [{ description: 'x', quantity: 1, unitPrice: 5, discount: 6 }],
      }),
    ).toBe('lines.0.discount: invoiceDiscountAboveLine');
    expect(manualInvoiceProblem({ studentId: '', lines: [] })).toMatch(/^studentId/);
  });
});
