import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  billingService,
  fail,
  ok,
  officeBillingService,
  type InvoiceDocument,
  type InvoiceListItem,
  type OverdueInvoice,
  type Paged,
  type PaymentsReport,
} from '@portal/shared-data';
import * as pdfEntry from '@portal/shared-data/invoice-pdf';
import type { Language } from '@portal/shared-ui';
import { renderScreen } from '../../test-support/render-screen';
import BillingScreen from './billing-screen';

// Billing (docs/money.md "Screens: the office"). The services are the unit boundary; the database's
// rules (who may, the limits, the reminders' week) are tested in supabase/tests.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.officeBillingService, {
    invoicePage: vi.fn(),
    invoiceDetail: vi.fn(),
    overdueReminders: vi.fn(),
    sendReminders: vi.fn(),
    paymentsReport: vi.fn(),
  });
  Object.assign(actual.billingService, {
    recordPayment: vi.fn(),
    recordRefund: vi.fn(),
    issueCreditNote: vi.fn(),
    statement: vi.fn(),
  });
  return actual;
});
// The PDF builder (its own entry, loaded on a press) is the unit boundary of the downloads: what it
// draws is tested in shared-data (documents/invoice-pdf.test.ts).
vi.mock('@portal/shared-data/invoice-pdf', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data/invoice-pdf')>();
  return { ...actual, buildInvoicePdf: vi.fn(), buildReceiptPdf: vi.fn() };
});

const buildInvoicePdf = vi.mocked(pdfEntry.buildInvoicePdf);
const buildReceiptPdf = vi.mocked(pdfEntry.buildReceiptPdf);
const pdfBytes = new TextEncoder().encode('%PDF-1.7 test');
const invoicePage = vi.mocked(officeBillingService.invoicePage);
const invoiceDetail = vi.mocked(officeBillingService.invoiceDetail);
const overdueReminders = vi.mocked(officeBillingService.overdueReminders);
const sendReminders = vi.mocked(officeBillingService.sendReminders);
const paymentsReport = vi.mocked(officeBillingService.paymentsReport);
const recordPayment = vi.mocked(billingService.recordPayment);
const issueCreditNote = vi.mocked(billingService.issueCreditNote);
const statement = vi.mocked(billingService.statement);

const invoice: InvoiceListItem = {
  id: 'inv-1',
  number: '2026-000042',
  studentId: 'student-1',
  courseId: 'course-1',
  courseTitle: 'Spanish B1',
  studentName: 'Sara Gil',
  studentEmail: 'sara@school.test',
  issuedOn: '2026-11-02',
  dueOn: '2026-11-16',
  currency: 'EUR',
  net: 120.5,
  tax: 0,
  total: 120.5,
  credited: 0,
  paid: 20,
  refunded: 0,
  due: 100.5,
  status: 'overdue',
};

const document: InvoiceDocument = {
  // Issued in Spanish: its PDFs print in Spanish whatever the reader's language.
  invoice: {
    tax_rate: 0,
    number: '2026-000042',
    student_language: 'es',
  } as InvoiceDocument['invoice'],
  lines: [
    {
      position: 1,
      description: 'Spanish B1',
      quantity: 1,
      unitPrice: 120.5,
      discount: 0,
      amount: 120.5,
    },
  ],
  creditNotes: [],
  payments: [
    {
      id: 'pay-1',
      amount: 20,
      method: 'cash',
      paid_on: '2026-11-03',
      reference: 'R-1',
    } as InvoiceDocument['payments'][number],
  ],
  refunds: [],
};

const page = (items: InvoiceListItem[]): Paged<InvoiceListItem> => ({
  items,
  total: items.length,
  page: 1,
  limit: 10,
  totalPages: 1,
});

const overdueRow: OverdueInvoice = {
  ...invoice,
  daysOverdue: 13,
  lastRemindedAt: null,
  remindersSent: 0,
};

const report: PaymentsReport = {
  rows: [
    {
      kind: 'payment',
      id: 'pay-1',
      date: '2026-11-03',
      invoiceId: 'inv-1',
      invoiceNumber: '2026-000042',
      studentId: 'student-1',
      studentName: 'Sara Gil',
      studentEmail: 'sara@school.test',
      method: 'bank_transfer',
      reference: 'TR-9',
      amount: 20,
      currency: 'EUR',
    },
  ],
  revenue: {
    fromDate: '2026-11-01',
    toDate: '2026-11-29',
    currency: 'EUR',
    received: 20,
    payments: 20,
    refunds: 0,
    invoiced: 120.5,
    credited: 0,
    outstanding: 100.5,
    perCourse: [],
  },
};

function show(language: Language = 'en') {
  return renderScreen(<BillingScreen />, { language });
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  invoicePage.mockResolvedValue(ok(page([invoice])));
  invoiceDetail.mockResolvedValue(ok({ balance: invoice, document }));
  overdueReminders.mockResolvedValue(ok([overdueRow]));
  paymentsReport.mockResolvedValue(ok(report));
  buildInvoicePdf.mockResolvedValue(pdfBytes);
  buildReceiptPdf.mockResolvedValue(pdfBytes);
});

describe('Billing → Invoices', () => {
  it('lists the invoices with the database’s amounts in the invoice’s currency, and searches on the server', async () => {
    const { user } = show();
    const row = (await screen.findByRole('button', { name: 'Open invoice 2026-000042' })).closest(
      'tr',
    )!;
    expect(within(row).getByText('Sara Gil')).toBeInTheDocument();
    expect(within(row).getByText('Spanish B1')).toBeInTheDocument();
    expect(within(row).getByText('€120.50')).toBeInTheDocument();
    expect(within(row).getByText('€100.50')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(invoicePage).toHaveBeenCalledWith({ page: 1, limit: 10 });

    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'sara');
    await waitFor(() =>
      expect(invoicePage).toHaveBeenLastCalledWith({ search: 'sara', page: 1, limit: 10 }),
    );
  });

  it('says so when there are no invoices', async () => {
    invoicePage.mockResolvedValueOnce(ok(page([])));
    show();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });

  it('shows why the list did not load', async () => {
    invoicePage.mockResolvedValue(fail('QUERY_ERROR', 'boom'));
    show();
    expect(await screen.findByText('Error loading invoices:')).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('opens an invoice with its lines, totals and payments, and records a partial payment', async () => {
    recordPayment.mockResolvedValue(ok({ paymentId: 'pay-2' }));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Open invoice 2026-000042' }));
    const drawer = await screen.findByRole('dialog', { name: /Invoice 2026-000042/ });
    expect(await within(drawer).findByText('Lines')).toBeInTheDocument();
    expect(within(drawer).getByRole('rowheader', { name: 'Due' }).closest('tr')).toHaveTextContent(
      '€100.50',
    );
    expect(within(drawer).getByText(/Cash · €20.00 · R-1/)).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Record payment' }));
    const form = await screen.findByRole('dialog', { name: 'Record a payment on 2026-000042' });
    const amount = within(form).getByRole('textbox', { name: /Amount \(EUR\)/ });
    // The amount starts at what is due.
    expect(amount).toHaveValue('100.5');
    await user.clear(amount);
    await user.type(amount, '40');
    await user.type(within(form).getByRole('textbox', { name: 'Reference' }), 'RC-7');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));

    await waitFor(() =>
      expect(recordPayment).toHaveBeenCalledWith(
        expect.objectContaining({
          invoiceId: 'inv-1',
          amount: 40,
          method: 'cash',
          reference: 'RC-7',
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        }),
      ),
    );
    expect(
      await screen.findByText('Payment of €40.00 recorded on 2026-000042.'),
    ).toBeInTheDocument();
  });

  it('reopened, never shows the due read before as the current one: it reads the invoice again', async () => {
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Open invoice 2026-000042' }));
    let drawer = await screen.findByRole('dialog', { name: /Invoice 2026-000042/ });
    const dueRow = async () =>
      (await within(drawer).findByRole('rowheader', { name: 'Due' })).closest('tr');
    expect(await dueRow()).toHaveTextContent('€100.50');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Meanwhile 40 more was paid elsewhere (another tab, the student's card): the next read says 60.50.
    let answer: (
      value: Awaited<ReturnType<typeof officeBillingService.invoiceDetail>>,
    ) => void = () => {};
    invoiceDetail.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Open invoice 2026-000042' }));
    drawer = await screen.findByRole('dialog', { name: /Invoice 2026-000042/ });
    // While the read runs, the old figure is not shown as the amount due.
    expect(within(drawer).getByRole('status')).toHaveTextContent('Loading the invoice…');
    expect(within(drawer).queryByText('€100.50')).not.toBeInTheDocument();
    expect(invoiceDetail).toHaveBeenCalledTimes(2);
    answer(ok({ balance: { ...invoice, paid: 60, due: 60.5 }, document }));
    expect(await dueRow()).toHaveTextContent('€60.50');
    expect(within(drawer).queryByText('€100.50')).not.toBeInTheDocument();
  });

  it('keeps what was typed when the database refuses the payment, and says why in Spanish', async () => {
    recordPayment.mockResolvedValue(fail('RPC_ERROR', 'raw database text', { code: 'MN002' }));
    const { user } = show('es');
    await user.click(await screen.findByRole('button', { name: 'Abrir la factura 2026-000042' }));
    const drawer = await screen.findByRole('dialog', { name: /Factura 2026-000042/ });
    await user.click(await within(drawer).findByRole('button', { name: 'Registrar pago' }));
    const form = await screen.findByRole('dialog', { name: 'Registrar un pago en 2026-000042' });
    const amount = within(form).getByRole('textbox', { name: /Importe \(EUR\)/ });
    await user.clear(amount);
    await user.type(amount, '90');
    await user.click(within(form).getByRole('button', { name: 'Registrar pago' }));

    expect(
      await within(form).findByText('Es más de lo que queda pendiente en esta factura.'),
    ).toBeInTheDocument();
    expect(within(form).queryByText('raw database text')).not.toBeInTheDocument();
    expect(amount).toHaveValue('90');
  });

  it('refuses a payment above the amount due or with fractions of a cent before sending it', async () => {
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Open invoice 2026-000042' }));
    const drawer = await screen.findByRole('dialog', { name: /Invoice 2026-000042/ });
    await user.click(await within(drawer).findByRole('button', { name: 'Record payment' }));
    const form = await screen.findByRole('dialog', { name: 'Record a payment on 2026-000042' });
    const amount = within(form).getByRole('textbox', { name: /Amount \(EUR\)/ });
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('The amount can be at most €100.50.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1.005');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(form).findByText('The amount can have at most 2 decimals.'),
    ).toBeInTheDocument();
    expect(recordPayment).not.toHaveBeenCalled();
  });

  it('asks a credit note for its reason, and sends amount and reason', async () => {
    issueCreditNote.mockResolvedValue(ok({ creditNoteId: 'cn-1' }));
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Open invoice 2026-000042' }));
    const drawer = await screen.findByRole('dialog', { name: /Invoice 2026-000042/ });
    await user.click(await within(drawer).findByRole('button', { name: 'Issue credit note' }));
    const form = await screen.findByRole('dialog', { name: 'Issue a credit note on 2026-000042' });
    await user.type(within(form).getByRole('textbox', { name: /Amount, tax included/ }), '30');
    await user.click(within(form).getByRole('button', { name: 'Issue credit note' }));
    expect(await within(form).findByText('Reason is required')).toBeInTheDocument();
    expect(issueCreditNote).not.toHaveBeenCalled();
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Two classes missed');
    await user.click(within(form).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() =>
      expect(issueCreditNote).toHaveBeenCalledWith({
        invoiceId: 'inv-1',
        amount: 30,
        reason: 'Two classes missed',
      }),
    );
  });

  it('opens the student’s statement with the running balance from the database', async () => {
    statement.mockResolvedValue(
      ok({
        studentId: 'student-1',
        currency: 'EUR',
        balance: 100.5,
        overdue: 100.5,
        invoices: [invoice],
        entries: [
          {
            date: '2026-11-02',
            kind: 'invoice',
            id: 'inv-1',
            invoiceId: 'inv-1',
            number: '2026-000042',
            description: '2026-000042',
            amount: 120.5,
            balance: 120.5,
          },
          {
            date: '2026-11-03',
            kind: 'payment',
            id: 'pay-1',
            invoiceId: 'inv-1',
            number: null,
            description: 'cash',
            amount: -20,
            balance: 100.5,
          },
        ],
      }),
    );
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Open invoice 2026-000042' }));
    const drawer = await screen.findByRole('dialog', { name: /Invoice 2026-000042/ });
    await user.click(await within(drawer).findByRole('button', { name: 'Student statement' }));
    const modal = await screen.findByRole('dialog', { name: 'Statement: Sara Gil' });
    expect(await within(modal).findByText('Payment (Cash)')).toBeInTheDocument();
    expect(within(modal).getByRole('group', { name: 'Balance' })).toHaveAccessibleDescription(
      '€100.50',
    );
    expect(statement).toHaveBeenCalledWith('student-1');
  });
});

describe('Billing → invoice drawer PDFs', () => {
  let createObjectURL: ReturnType<typeof vi.fn>;
  let clicked: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    createObjectURL = vi.fn(() => 'blob:pdf');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });

  async function openDrawer(language: Language) {
    const rendered = show(language);
    const open = language === 'es' ? 'Abrir la factura 2026-000042' : 'Open invoice 2026-000042';
    await rendered.user.click(await screen.findByRole('button', { name: open }));
    const drawer = await screen.findByRole('dialog', {
      name: language === 'es' ? /Factura 2026-000042/ : /Invoice 2026-000042/,
    });
    return { ...rendered, drawer };
  }

  async function savedFile() {
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
    return (clicked.mock.contexts[0] as HTMLAnchorElement).download;
  }

  it('builds the invoice PDF from the drawer’s read, in the invoice’s language, and hands it to the browser', async () => {
    const { user, drawer } = await openDrawer('en');
    expect(invoiceDetail).toHaveBeenCalledTimes(1);
    await user.click(
      await within(drawer).findByRole('button', { name: 'Download invoice 2026-000042 as PDF' }),
    );
    expect(await savedFile()).toBe('factura-2026-000042.pdf');
    expect(buildInvoicePdf).toHaveBeenCalledWith(
      document,
      expect.objectContaining({ invoice: 'Factura' }),
    );
    // No read of its own: the drawer's invoice is the one printed.
    expect(invoiceDetail).toHaveBeenCalledTimes(1);
  });

  it('builds a payment’s receipt, named in Spanish', async () => {
    const { user, drawer } = await openDrawer('es');
    await user.click(
      await within(drawer).findByRole('button', {
        name: /^Descargar el recibo del .+ de la factura 2026-000042 en PDF$/,
      }),
    );
    expect(await savedFile()).toBe('recibo-de-pago-2026-000042-2026-11-03.pdf');
    expect(buildReceiptPdf).toHaveBeenCalledWith(
      document,
      { kind: 'payment', date: '2026-11-03', method: 'cash', reference: 'R-1', amount: 20 },
      expect.objectContaining({ receipt: 'Recibo de pago' }),
    );
  });

  it('says when the PDF could not be made, in English', async () => {
    buildInvoicePdf.mockRejectedValueOnce(new Error('raw builder failure'));
    const { user, drawer } = await openDrawer('en');
    await user.click(
      await within(drawer).findByRole('button', { name: 'Download invoice 2026-000042 as PDF' }),
    );
    expect(await screen.findByText(/^The PDF could not be made: /)).toBeInTheDocument();
    expect(screen.queryByText(/raw builder failure/)).not.toBeInTheDocument();
    expect(clicked).not.toHaveBeenCalled();
  });

  it('says when the PDF could not be made, in Spanish', async () => {
    buildReceiptPdf.mockRejectedValueOnce(new Error('raw builder failure'));
    const { user, drawer } = await openDrawer('es');
    await user.click(
      await within(drawer).findByRole('button', {
        name: /^Descargar el recibo del .+ de la factura 2026-000042 en PDF$/,
      }),
    );
    expect(await screen.findByText(/^No se pudo generar el PDF: /)).toBeInTheDocument();
    expect(clicked).not.toHaveBeenCalled();
  });
});

describe('Billing → Overdue', () => {
  it('lists the overdue invoices and sends a reminder for one or for all listed', async () => {
    sendReminders.mockResolvedValue(ok({ queued: 1 }));
    const { user } = show();
    await user.click(await screen.findByRole('tab', { name: 'Overdue' }));
    const send = await screen.findByRole('button', { name: 'Send a reminder for 2026-000042' });
    const row = send.closest('tr')!;
    expect(within(row).getByText('13 days')).toBeInTheDocument();
    expect(within(row).getByText('€100.50')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    await user.click(send);
    await waitFor(() => expect(sendReminders).toHaveBeenCalledWith(['inv-1']));
    expect(await screen.findByText('1 reminder queued.')).toBeInTheDocument();

    sendReminders.mockResolvedValue(ok({ queued: 0 }));
    await user.click(screen.getByRole('button', { name: 'Send reminders to all listed' }));
    expect(
      await screen.findByText('No reminder queued: each was reminded in the last 7 days.'),
    ).toBeInTheDocument();
  });

  it('says when nothing is overdue, in Spanish', async () => {
    overdueReminders.mockResolvedValue(ok([]));
    const { user } = show('es');
    await user.click(await screen.findByRole('tab', { name: 'Vencidas' }));
    expect(await screen.findByText('Nada vencido')).toBeInTheDocument();
  });
});

describe('Billing → Payments', () => {
  it('shows the range’s payments and the totals the database computed, received first', async () => {
    const { user } = show();
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    expect(await screen.findByText('TR-9')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Received' })).toHaveAccessibleDescription('€20.00');
    expect(screen.getByRole('group', { name: 'Outstanding' })).toHaveAccessibleDescription(
      '€100.50',
    );
    expect(screen.getByText('Bank transfer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(paymentsReport).toHaveBeenCalledTimes(1);
    expect(paymentsReport.mock.calls[0]![0]).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('speaks Spanish', async () => {
    const { user } = show('es');
    await user.click(await screen.findByRole('tab', { name: 'Pagos' }));
    expect(await screen.findByText('Transferencia bancaria')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Cobrado' })).toHaveAccessibleDescription(/20,00\s€/);
  });
});
