// @vitest-environment node
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../mappers/billing';
import {
  buildInvoicePdf,
  buildReceiptPdf,
  formatMoney,
  layoutInvoice,
  pdfFileName,
  type DocumentLabels,
} from './invoice-pdf';

// The PDFs are read back with pdf-lib itself: the page count and metadata, and the texts of every
// page's content stream (Helvetica's WinAnsi bytes, decoded here), so a test sees what a reader sees.

const LABELS_EN: DocumentLabels = {
  invoice: 'Invoice',
  receipt: 'Receipt',
  refundReceipt: 'Refund receipt',
  number: 'Number',
  issuedOn: 'Issued',
  dueOn: 'Due',
  billedTo: 'Billed to',
  taxId: 'Tax ID',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  discount: 'Discount',
  amount: 'Amount',
  net: 'Net',
  tax: 'Tax ({{rate}}%)',
  total: 'Total',
  forInvoice: 'For invoice',
  date: 'Date',
  method: 'Method',
  reference: 'Reference',
  amountReceived: 'Amount received',
  amountRefunded: 'Amount refunded',
  methods: {
    cash: 'Cash',
    bank_transfer: 'Bank transfer',
    card_terminal: 'Card (terminal)',
    card_online: 'Card (online)',
  },
};

const LABELS_ES: DocumentLabels = {
  ...LABELS_EN,
  invoice: 'Factura',
  receipt: 'Recibo',
  number: 'Número',
  issuedOn: 'Emisión',
  dueOn: 'Vencimiento',
  description: 'Descripción',
  tax: 'Impuesto ({{rate}} %)',
  amountReceived: 'Importe recibido',
  methods: { ...LABELS_EN.methods, bank_transfer: 'Transferencia bancaria' },
};

function documentOf(overrides: Partial<InvoiceDocument['invoice']> = {}): InvoiceDocument {
  return {
    invoice: {
      id: 'inv-1',
      number: '2026-000123',
      student_id: 'stu-1',
      course_id: 'course-1',
      enrollment_id: 'enr-1',
      issued_on: '2026-03-02',
      due_on: '2026-03-16',
      student_name: 'Íñigo Peña',
      student_email: 'inigo@example.com',
      student_language: 'es',
      school_name: 'Academia Española de Idiomas',
      school_address: 'Calle Mayor 1, 28013 Madrid',
      school_tax_id: 'ESB12345678',
      currency: 'EUR',
      tax_rate: 21,
      net: 1100,
      tax: 231,
      total: 1331,
      created_by: null,
      created_at: '2026-03-02T10:00:00Z',
      ...overrides,
    },
    lines: [
      {
        position: 1,
        description: 'Español B1 — mañana',
        quantity: 1,
        unitPrice: 1200,
        discount: 100,
        amount: 1100,
      },
    ],
    creditNotes: [],
    payments: [],
    refunds: [],
  };
}

/** WinAnsi bytes → text (Latin-1, plus the euro sign at 0x80, the only one these documents use). */
function winAnsi(bytes: number[]): string {
  return bytes.map((byte) => (byte === 0x80 ? '€' : String.fromCharCode(byte))).join('');
}

/** Every text a page draws, in order (pdf-lib writes each as a hex string shown with Tj). */
async function readPdf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => pdf.context.lookup(ref))
        : [contents];
    const source = streams
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode()))
      .join('\n');
    return [...source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
      winAnsi((match[1]!.match(/../g) ?? []).map((pair: string) => Number.parseInt(pair, 16))),
    );
  });
  const info = pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict);
  const number = info.lookup(PDFName.of('DocumentNumber'));
  return {
    pageCount: pdf.getPageCount(),
    title: pdf.getTitle(),
    number: number instanceof PDFString ? number.decodeText() : null,
    texts: pages.flat(),
  };
}

describe('the invoice PDF', () => {
  it('prints the school, the student, the lines with the discount, tax, total and due date (Spanish)', async () => {
    const bytes = await buildInvoicePdf(documentOf(), LABELS_ES);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const read = await readPdf(bytes);
    expect(read.pageCount).toBe(1);
    expect(read.title).toBe('Factura 2026-000123');
    expect(read.number).toBe('2026-000123');
    const texts = read.texts;
    for (const expected of [
      'Academia Española de Idiomas',
      'Calle Mayor 1, 28013 Madrid',
      'Tax ID: ESB12345678',
      'Factura',
      'Íñigo Peña',
      '2026-000123',
      'Descripción',
      'Impuesto (21 %)',
    ])
      expect(texts).toContain(expected);
    // Amounts in the invoice's currency and language: "1200,00 €", "1331,00 €" (es groups from 5 digits).
    const euros = (amount: number) => formatMoney(amount, 'EUR', 'es');
    expect(texts).toContain(euros(1200));
    expect(texts).toContain(`-${euros(100)}`);
    expect(texts).toContain(euros(1100));
    expect(texts).toContain(euros(231));
    expect(texts).toContain(euros(1331));
    expect(euros(1331)).toMatch(/1331,00\s€/);
    // The line's description, with its ñ, as printed.
    expect(texts.some((text) => text.startsWith('Español B1'))).toBe(true);
    expect(texts.some((text) => text.includes('mañana'))).toBe(true);
    // The due date as Spanish writes it.
    expect(texts).toContain('16 de marzo de 2026');
  });

  it('prints "€" and "ñ" with the standard font (WinAnsi), and replaces what it cannot encode', async () => {
    const bytes = await buildInvoicePdf(documentOf({ student_name: 'Zoë Ñúñez 王' }), LABELS_EN);
    const { texts } = await readPdf(bytes);
    expect(texts).toContain('Zoë Ñúñez ?');
    expect(texts.some((text) => text.includes('€'))).toBe(true);
  });

  it('is laid out in English for an English invoice, in its currency', () => {
    const model = layoutInvoice(
      documentOf({
        student_language: 'en',
        currency: 'USD',
        tax_rate: 0,
        tax: 0,
        net: 1100,
        total: 1100,
      }),
      LABELS_EN,
    );
    const texts = model.pages.flat().flatMap((row) => row.cells.map((cell) => cell.text));
    expect(texts).toContain('$1,100.00');
    expect(texts).toContain('March 16, 2026');
    expect(texts).toContain('Tax (0%)');
  });

  it('continues on a second page when the lines do not fit one', async () => {
    const doc = documentOf();
    doc.lines = Array.from({ length: 60 }, (_, index) => ({
      position: index + 1,
      description: `Line ${index + 1}`,
      quantity: 1,
      unitPrice: 10,
      discount: 0,
      amount: 10,
    }));
    const read = await readPdf(await buildInvoicePdf(doc, LABELS_EN));
    expect(read.pageCount).toBe(2);
    expect(read.texts).toContain('Line 1');
    expect(read.texts).toContain('Line 60');
  });
});

describe('the receipt PDF', () => {
  it('prints the payment’s date, method, reference and amount, and the invoice it settles', async () => {
    const bytes = await buildReceiptPdf(
      documentOf(),
      {
        kind: 'payment',
        date: '2026-03-05',
        method: 'bank_transfer',
        reference: 'TR-9',
        amount: 500,
      },
      LABELS_ES,
    );
    const read = await readPdf(bytes);
    expect(read.title).toBe('Recibo 2026-000123');
    expect(read.texts).toEqual(
      expect.arrayContaining([
        'Recibo',
        '2026-000123',
        '5 de marzo de 2026',
        'Transferencia bancaria',
        'TR-9',
        'Importe recibido',
        formatMoney(500, 'EUR', 'es'),
      ]),
    );
  });

  it('names a refund as such', async () => {
    const bytes = await buildReceiptPdf(
      documentOf({ student_language: 'en' }),
      { kind: 'refund', date: '2026-04-01', method: 'cash', reference: '', amount: 25.5 },
      LABELS_EN,
    );
    const read = await readPdf(bytes);
    expect(read.texts).toEqual(
      expect.arrayContaining(['Refund receipt', 'Cash', 'Amount refunded', '€25.50']),
    );
    expect(read.texts).not.toContain('Reference');
  });
});

it('names files after the document', () => {
  expect(pdfFileName('invoice', '2026-000123')).toBe('invoice-2026-000123.pdf');
  expect(pdfFileName('recibo', 'CN 2026/1')).toBe('recibo-CN-2026-1.pdf');
});
