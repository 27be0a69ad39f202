import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, type PDFFont } from 'pdf-lib';
import type { InvoiceDocument, PaymentMethod } from '../mappers/billing';

// The invoice and receipt PDFs (docs/money.md "PDFs"), drawn in the browser with pdf-lib. Its own
// entry, `@portal/shared-data/invoice-pdf`, is loaded by a dynamic import when someone presses
// "Download PDF", so pdf-lib never weighs on a page's first load. Two steps: `layoutInvoice` /
// `layoutReceipt` lay the document out as plain text lines (the model the tests read), `renderPdf`
// draws them with the standard Helvetica (WinAnsi: á é í ó ú ñ ü ¿ ¡ € are in it; anything it cannot
// encode is replaced, never thrown). Every amount is the database's, formatted with Intl.NumberFormat in
// the invoice's currency and language; nothing is summed here.

/** The texts a document prints, in the invoice's language (the caller translates: shared-ui's `documentLabels`). */
export type DocumentLabels = {
  invoice: string;
  receipt: string;
  refundReceipt: string;
  number: string;
  issuedOn: string;
  dueOn: string;
  billedTo: string;
  taxId: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  amount: string;
  net: string;
  /** With {{rate}}: "Tax (21%)". */
  tax: string;
  total: string;
  forInvoice: string;
  date: string;
  method: string;
  reference: string;
  amountReceived: string;
  amountRefunded: string;
  methods: Record<PaymentMethod, string>;
};

/** A receipt prints one payment (money received) or one refund (money given back) of an invoice. */
export type ReceiptEntry = {
  kind: 'payment' | 'refund';
  date: string;
  method: PaymentMethod;
  reference: string;
  amount: number;
};

export type PdfLine = { text: string; x: number; size: number; bold?: boolean; align?: 'right' };
/** One printed row: its texts share a baseline. */
export type PdfRow = { y: number; cells: PdfLine[] };
export type PdfModel = { title: string; number: string; language: string; pages: PdfRow[][] };

const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
const RIGHT = PAGE.width - PAGE.margin;
const BODY = 10;

/** The locale a document is printed in: the invoice's snapshot language (en, es, fr, de). */
function localeOf(language: string): string {
  return ['en', 'es', 'fr', 'de'].includes(language) ? language : 'en';
}

export function formatMoney(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }).format(amount);
}

/** A stored date (YYYY-MM-DD) as the language writes it, read as a calendar day (no time zone shift). */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    date,
  );
}

function formatQuantity(quantity: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(quantity);
}

/** Lays rows out top to bottom, starting a new page when one is full. */
class Pages {
  readonly pages: PdfRow[][] = [[]];
  private y: number = PAGE.height - PAGE.margin;

  row(cells: PdfLine[], height = BODY + 6): void {
    if (this.y - height < PAGE.margin) {
      this.pages.push([]);
      this.y = PAGE.height - PAGE.margin;
    }
    this.y -= height;
    this.pages[this.pages.length - 1]!.push({ y: this.y, cells });
  }

  gap(height = 10): void {
    this.y -= height;
  }

  /** Long texts (an address, a description) wrap at a character count; each part is a row. */
  wrapped(text: string, x: number, size = BODY, width = 60): void {
    for (const part of wrap(text, width)) this.row([{ text: part, x, size }], size + 4);
  }
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + word.length + 1 > width) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) out.push(line);
  }
  return out;
}

/** The school (from the invoice's snapshot) and the student, at the top of every document. */
function header(pages: Pages, doc: InvoiceDocument, labels: DocumentLabels, title: string): void {
  const { invoice } = doc;
  pages.row([{ text: invoice.school_name, x: PAGE.margin, size: 16, bold: true }], 20);
  if (invoice.school_address) pages.wrapped(invoice.school_address, PAGE.margin);
  if (invoice.school_tax_id)
    pages.row([{ text: `${labels.taxId}: ${invoice.school_tax_id}`, x: PAGE.margin, size: BODY }]);
  pages.gap(16);
  pages.row([{ text: title, x: PAGE.margin, size: 20, bold: true }], 24);
  pages.gap(6);
  pages.row([{ text: labels.billedTo, x: PAGE.margin, size: BODY, bold: true }]);
  pages.row([{ text: invoice.student_name, x: PAGE.margin, size: BODY }]);
  pages.row([{ text: invoice.student_email, x: PAGE.margin, size: BODY }]);
  pages.gap(10);
}

const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);

/** An invoice: number, dates, lines (with discounts), net, tax, total. */
export function layoutInvoice(doc: InvoiceDocument, labels: DocumentLabels): PdfModel {
  const { invoice } = doc;
  const language = invoice.student_language;
  const money = (amount: number) => formatMoney(amount, invoice.currency, language);
  const pages = new Pages();
  header(pages, doc, labels, labels.invoice);
  const fact = (label: string, value: string) =>
    pages.row([
      { text: label, x: PAGE.margin, size: BODY, bold: true },
      { text: value, x: PAGE.margin + 120, size: BODY },
    ]);
  fact(labels.number, invoice.number);
  fact(labels.issuedOn, formatDay(invoice.issued_on, language));
  fact(labels.dueOn, formatDay(invoice.due_on, language));
  pages.gap(14);

  const columns = { quantity: 330, unitPrice: 410, discount: 475, amount: RIGHT };
  pages.row([
    { text: labels.description, x: PAGE.margin, size: BODY, bold: true },
    { text: labels.quantity, x: columns.quantity, size: BODY, bold: true, align: 'right' },
    { text: labels.unitPrice, x: columns.unitPrice, size: BODY, bold: true, align: 'right' },
    { text: labels.discount, x: columns.discount, size: BODY, bold: true, align: 'right' },
    { text: labels.amount, x: columns.amount, size: BODY, bold: true, align: 'right' },
  ]);
  for (const line of doc.lines) {
    const [first = '', ...rest] = wrap(line.description, 42);
    pages.row([
      { text: first, x: PAGE.margin, size: BODY },
      {
        text: formatQuantity(line.quantity, language),
        x: columns.quantity,
        size: BODY,
        align: 'right',
      },
      { text: money(line.unitPrice), x: columns.unitPrice, size: BODY, align: 'right' },
      {
        text: line.discount > 0 ? `−${money(line.discount)}` : '',
        x: columns.discount,
        size: BODY,
        align: 'right',
      },
      { text: money(line.amount), x: columns.amount, size: BODY, align: 'right' },
    ]);
    for (const part of rest) pages.row([{ text: part, x: PAGE.margin, size: BODY }], BODY + 4);
  }
  pages.gap(12);
  const total = (label: string, amount: number, bold = false) =>
    pages.row([
      { text: label, x: columns.discount, size: BODY, bold, align: 'right' },
      { text: money(amount), x: columns.amount, size: BODY, bold, align: 'right' },
    ]);
  total(labels.net, Number(invoice.net));
  total(
    fill(labels.tax, {
      rate: new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(
        Number(invoice.tax_rate),
      ),
    }),
    Number(invoice.tax),
  );
  total(labels.total, Number(invoice.total), true);
  return {
    title: `${labels.invoice} ${invoice.number}`,
    number: invoice.number,
    language,
    pages: pages.pages,
  };
}

/** A receipt of one payment or refund: its date, method, reference and amount, and the invoice it settles. */
export function layoutReceipt(
  doc: InvoiceDocument,
  entry: ReceiptEntry,
  labels: DocumentLabels,
): PdfModel {
  const { invoice } = doc;
  const language = invoice.student_language;
  const title = entry.kind === 'refund' ? labels.refundReceipt : labels.receipt;
  const pages = new Pages();
  header(pages, doc, labels, title);
  const fact = (label: string, value: string, bold = false) =>
    pages.row([
      { text: label, x: PAGE.margin, size: BODY, bold: true },
      { text: value, x: PAGE.margin + 140, size: BODY, bold },
    ]);
  fact(labels.forInvoice, invoice.number);
  fact(labels.date, formatDay(entry.date, language));
  fact(labels.method, labels.methods[entry.method]);
  if (entry.reference) fact(labels.reference, entry.reference);
  pages.gap(8);
  fact(
    entry.kind === 'refund' ? labels.amountRefunded : labels.amountReceived,
    formatMoney(entry.amount, invoice.currency, language),
    true,
  );
  return {
    title: `${title} ${invoice.number}`,
    number: invoice.number,
    language,
    pages: pages.pages,
  };
}

/** What Helvetica (WinAnsi) cannot draw becomes a near character or "?", so a name never breaks a PDF. */
function printable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.replace(/[\u202f\u2009\u2007]/g, ' ').replace(/\u2212/g, '-'))
    .map((char) => (known.has(char.codePointAt(0)!) ? char : '?'))
    .join('');
}

/** Draws a laid-out document; the file keeps its objects unpacked (readable by any PDF tool). */
export async function renderPdf(model: PdfModel): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(printable(model.title, regular));
  pdf.setLanguage(localeOf(model.language));
  pdf.setCreator('Language school portal');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(new Date());
  // The document's number as a plain string in the Info dictionary, for tools that look for it.
  pdf.context
    .lookup(pdf.context.trailerInfo.Info, PDFDict)
    .set(PDFName.of('DocumentNumber'), PDFString.of(model.number));
  for (const rows of model.pages) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    for (const row of rows) {
      for (const cell of row.cells) {
        const font = cell.bold ? bold : regular;
        const text = printable(cell.text, font);
        const x =
          cell.align === 'right' ? cell.x - font.widthOfTextAtSize(text, cell.size) : cell.x;
        page.drawText(text, { x, y: row.y, size: cell.size, font });
      }
    }
  }
  return pdf.save({ useObjectStreams: false });
}

export async function buildInvoicePdf(
  doc: InvoiceDocument,
  labels: DocumentLabels,
): Promise<Uint8Array> {
  return renderPdf(layoutInvoice(doc, labels));
}

export async function buildReceiptPdf(
  doc: InvoiceDocument,
  entry: ReceiptEntry,
  labels: DocumentLabels,
): Promise<Uint8Array> {
  return renderPdf(layoutReceipt(doc, entry, labels));
}

/** A file name for a document: "invoice-2026-000123.pdf". */
export function pdfFileName(prefix: string, number: string): string {
  return `${prefix}-${number}.pdf`.replace(/[^\w.-]+/g, '-');
}
