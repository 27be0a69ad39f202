import { screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  billingService,
  studentBillingReadModel,
  type InvoiceDocument,
  type Result,
  type StudentBilling,
} from '@portal/shared-data';
import { mediaQueryList } from '@portal/shared-ui/test-utils';
import { renderScreen } from '../../test-support/render-screen';
import BillingScreen from './billing-screen';

// The unit boundary is the read model and the service (the query options call them from inside
// shared-data), the card slice's service included.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.studentBillingReadModel.get = vi.fn();
  actual.billingService.invoice = vi.fn();
  actual.billingService.cardPaymentAvailability = vi.fn();
  actual.billingService.startCardPayment = vi.fn();
  return actual;
});

const getBilling = vi.mocked(studentBillingReadModel.get);
const getInvoice = vi.mocked(billingService.invoice);
const cardAvailability = vi.mocked(billingService.cardPaymentAvailability);
const startCard = vi.mocked(billingService.startCardPayment);

/** What the card slice's service answers: whether the school's keys are set. */
function cardOptions(available: boolean) {
  cardAvailability.mockResolvedValue({ success: true, data: { available } });
}

function billing(overrides: Partial<StudentBilling> = {}): StudentBilling {
  return {
    currency: 'EUR',
    balance: 80,
    overdue: 0,
    openInvoices: 1,
    invoices: [
      {
        id: 'inv-1',
        number: '2026-000123',
        courseId: 'course-1',
        courseTitle: 'Business Spanish',
        issuedOn: '2026-03-02',
        dueOn: '2026-03-16',
        currency: 'EUR',
        total: 1331,
        credited: 0,
        paid: 1251,
        refunded: 0,
        due: 80,
        status: 'open',
      },
      {
        id: 'inv-0',
        number: '2026-000007',
        courseId: 'course-0',
        courseTitle: 'English B2',
        issuedOn: '2026-01-10',
        dueOn: '2026-01-24',
        currency: 'EUR',
        total: 200,
        credited: 0,
        paid: 200,
        refunded: 0,
        due: 0,
        status: 'paid',
      },
    ],
    creditNotes: [
      {
        id: 'cn-1',
        number: 'CN-2026-000001',
        invoiceId: 'inv-0',
        invoiceNumber: '2026-000007',
        currency: 'EUR',
        issuedOn: '2026-02-01',
        reason: 'Enrolment dropped: classes not yet held',
        total: 50,
      },
    ],
    receipts: [
      {
        kind: 'payment',
        id: 'pay-1',
        invoiceId: 'inv-1',
        invoiceNumber: '2026-000123',
        currency: 'EUR',
        date: '2026-03-05',
        method: 'bank_transfer',
        reference: 'TR-9',
        amount: 1251,
      },
    ],
    ...overrides,
  };
}

const ok = <T,>(data: T): Result<T> => ({ success: true, data });

function invoiceDocument(): InvoiceDocument {
  return {
    invoice: {
      id: 'inv-1',
      number: '2026-000123',
      student_id: 'student-1',
      course_id: 'course-1',
      enrollment_id: 'enr-1',
      issued_on: '2026-03-02',
      due_on: '2026-03-16',
      student_name: 'Sara Tester',
      student_email: 'sara@example.com',
      student_language: 'es',
      school_name: 'Academia',
      school_address: 'Calle Mayor 1',
      school_tax_id: 'B123',
      currency: 'EUR',
      tax_rate: 21,
      net: 1100,
      tax: 231,
      total: 1331,
      created_by: null,
      created_at: '2026-03-02T10:00:00Z',
    },
    lines: [
      {
        position: 1,
        description: 'Business Spanish',
        quantity: 1,
        unitPrice: 1100,
        discount: 0,
        amount: 1100,
      },
    ],
    creditNotes: [],
    payments: [],
    refunds: [],
  };
}

const renderBilling = (options: { language?: 'en' | 'es'; path?: string } = {}) =>
  renderScreen(<BillingScreen />, { path: '/billing', route: '/billing', ...options });

let createObjectURL: ReturnType<typeof vi.fn>;

/** The lists are tables from Mantine's `lg` breakpoint; `wide: false` is a phone. */
function screenWidth(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    mediaQueryList(query, wide && query.includes('min-width: 75em')),
  );
}

beforeEach(() => {
  getBilling.mockReset();
  getInvoice.mockReset();
  startCard.mockReset();
  cardOptions(false);
  screenWidth(true);
  createObjectURL = vi.fn(() => 'blob:pdf');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Billing (student)', () => {
  it('shows a loader, then the balance, invoices, credit notes and receipts from one read', async () => {
    let answer: (result: Result<StudentBilling>) => void = () => {};
    getBilling.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderBilling();

    expect(screen.getByRole('status')).toHaveTextContent('Loading your billing…');
    answer(ok(billing()));

    expect(await screen.findByRole('group', { name: 'Balance' })).toHaveTextContent('€80.00');
    expect(screen.getByRole('group', { name: 'Overdue' })).toHaveTextContent('€0.00');
    expect(screen.getByRole('group', { name: 'Open invoices' })).toHaveTextContent('1');

    const invoices = screen.getByRole('table', { name: 'Your invoices, newest first' });
    const row = within(invoices).getByRole('row', { name: /2026-000123/ });
    for (const text of [
      'Business Spanish',
      'Mar 2, 2026',
      'Mar 16, 2026',
      '€1,331.00',
      '€80.00',
      'Open',
    ])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(invoices).getByRole('row', { name: /2026-000007/ })).toHaveTextContent('Paid');

    const notes = screen.getByRole('table', { name: /Corrections/ });
    const note = within(notes).getByRole('row', { name: /CN-2026-000001/ });
    expect(note).toHaveTextContent('€50.00');
    expect(note).toHaveTextContent('Course dropped: classes not yet held');

    const receipts = screen.getByRole('table', { name: /Money you paid/ });
    const receipt = within(receipts).getByRole('row', { name: /Mar 5, 2026/ });
    for (const text of ['Payment', 'Bank transfer', 'TR-9', '€1,251.00'])
      expect(within(receipt).getByText(text)).toBeInTheDocument();
    expect(getBilling).toHaveBeenCalledTimes(1);
  });

  it('shows a card per invoice and receipt on a phone, with the same fields and actions', async () => {
    screenWidth(false);
    getBilling.mockResolvedValue(ok(billing()));
    renderBilling();

    const invoices = await screen.findByRole('list', { name: 'Your invoices, newest first' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const invoice = within(invoices).getByRole('listitem', { name: '2026-000123' });
    for (const text of ['Business Spanish', 'Still due', '€80.00', '€1,331.00', 'Open'])
      expect(within(invoice).getByText(text)).toBeInTheDocument();
    expect(
      within(invoice).getByRole('button', { name: 'Download invoice 2026-000123 as PDF' }),
    ).toBeInTheDocument();
    const receipts = screen.getByRole('list', { name: /Money you paid/ });
    expect(within(receipts).getByRole('listitem', { name: 'Mar 5, 2026' })).toHaveTextContent(
      'TR-9',
    );
  });

  it('is in Spanish, amounts in the invoice’s currency and the reader’s language', async () => {
    getBilling.mockResolvedValue(ok(billing()));
    renderBilling({ language: 'es' });

    expect(await screen.findByRole('group', { name: 'Saldo' })).toHaveTextContent(/80,00\s€/);
    const invoices = screen.getByRole('table', { name: /Tus facturas/ });
    const row = within(invoices).getByRole('row', { name: /2026-000123/ });
    expect(within(row).getByText(/1331,00\s€/)).toBeInTheDocument();
    expect(within(row).getByText('Pendiente')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Descargar la factura 2026-000123 en PDF' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pagos y reembolsos' })).toBeInTheDocument();
    expect(screen.getByText('Transferencia bancaria')).toBeInTheDocument();
    expect(screen.getByText('Baja del curso: clases aún no impartidas')).toBeInTheDocument();
  });

  it('names the credit note of a seat hold that ran out unpaid in the reader’s language', async () => {
    const base = billing();
    const seatNote = { ...base.creditNotes[0]!, reason: 'Seat hold expired' };
    getBilling.mockResolvedValue(ok({ ...base, creditNotes: [seatNote] }));
    const { unmount } = renderBilling();
    expect(
      await screen.findByText('Seat released: the invoice was not paid in time'),
    ).toBeInTheDocument();
    unmount();
    renderBilling({ language: 'es' });
    expect(
      await screen.findByText('Plaza liberada: la factura no se pagó a tiempo'),
    ).toBeInTheDocument();
  });

  it('says what the school owes when the balance is in the student’s favour', async () => {
    getBilling.mockResolvedValue(ok(billing({ balance: -25.5 })));
    renderBilling();
    expect(await screen.findByRole('group', { name: 'In your favour' })).toHaveTextContent(
      '€25.50',
    );
  });

  it('shows the empty state with a way to the catalog for a student without invoices', async () => {
    getBilling.mockResolvedValue(
      ok(billing({ balance: 0, openInvoices: 0, invoices: [], creditNotes: [], receipts: [] })),
    );
    renderBilling({ language: 'es' });

    expect(await screen.findByText('Aún no hay facturas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver cursos' })).toHaveAttribute('href', '/catalog');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a translated error, never the raw message, with Try again', async () => {
    getBilling.mockResolvedValueOnce({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'relation "x" does not exist', details: {} },
    });
    getBilling.mockResolvedValueOnce(ok(billing()));
    const { user } = renderBilling();

    expect(await screen.findByText('Your billing could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText(/relation/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Balance' })).toBeInTheDocument();
  });

  it('makes the invoice PDF on demand and hands it to the browser', async () => {
    getBilling.mockResolvedValue(ok(billing()));
    getInvoice.mockResolvedValue(ok(invoiceDocument()));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderBilling();

    await user.click(
      await screen.findByRole('button', { name: 'Download invoice 2026-000123 as PDF' }),
    );
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(getInvoice).toHaveBeenCalledWith('inv-1');
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    const head = new TextDecoder().decode(new Uint8Array(bytes).slice(0, 5));
    expect(head).toBe('%PDF-');
    // Printed in the invoice's language (Spanish), named after it.
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('factura-2026-000123.pdf');
  });

  it('makes a receipt PDF of one payment', async () => {
    getBilling.mockResolvedValue(ok(billing()));
    getInvoice.mockResolvedValue(ok(invoiceDocument()));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderBilling();

    await user.click(
      await screen.findByRole('button', {
        name: 'Download the receipt of Mar 5, 2026 for invoice 2026-000123 as PDF',
      }),
    );
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('recibo-de-pago-2026-000123-2026-03-05.pdf');
  });

  it('says why a PDF could not be made, in the reader’s language', async () => {
    getBilling.mockResolvedValue(ok(billing()));
    getInvoice.mockResolvedValue({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'Failed to fetch', details: { code: 'NETWORK' } },
    });
    const { user } = renderBilling({ language: 'es' });

    await user.click(
      await screen.findByRole('button', { name: 'Descargar la factura 2026-000123 en PDF' }),
    );
    expect(await screen.findByText(/No se pudo generar el PDF/)).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });

  it('hides Pay by card when online payment is not available', async () => {
    getBilling.mockResolvedValue(ok(billing()));
    renderBilling();
    await screen.findByRole('table', { name: 'Your invoices, newest first' });
    expect(screen.queryByRole('button', { name: /by card/ })).not.toBeInTheDocument();
  });

  it('offers Pay by card on an open invoice only, and goes to the payment page', async () => {
    cardOptions(true);
    getBilling.mockResolvedValue(ok(billing()));
    startCard.mockResolvedValue({
      success: true,
      data: { url: 'https://checkout.example/session/1' },
    });
    const assign = vi.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...location, assign },
    });
    try {
      const { user } = renderBilling();
      await user.click(
        await screen.findByRole('button', { name: 'Pay invoice 2026-000123 by card' }),
      );
      // Stripe sends the student back to the current page (the function adds card=success|cancel).
      expect(startCard).toHaveBeenCalledWith('inv-1', expect.any(String));
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith('https://checkout.example/session/1'),
      );
      expect(
        screen.queryByRole('button', { name: 'Pay invoice 2026-000007 by card' }),
      ).not.toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: location });
    }
  });

  it('says why a card payment could not start', async () => {
    cardOptions(true);
    getBilling.mockResolvedValue(ok(billing()));
    startCard.mockResolvedValue({
      success: false,
      error: { code: 'RPC_ERROR', message: 'stripe said no', details: {} },
    });
    const { user } = renderBilling();
    await user.click(
      await screen.findByRole('button', { name: 'Pay invoice 2026-000123 by card' }),
    );
    expect(await screen.findByText(/The card payment could not start/)).toBeInTheDocument();
    expect(screen.queryByText(/stripe said no/)).not.toBeInTheDocument();
  });

  it('after the card payment, says so and reads again (the cached read may predate the payment)', async () => {
    getBilling.mockResolvedValue(ok(billing()));
    const { user } = renderScreen(
      <>
        <BillingScreen />
        <Link to="/billing?card=success">back from the card page</Link>
      </>,
      { path: '/billing', route: '/billing' },
    );
    await screen.findByRole('group', { name: 'Balance' });
    expect(getBilling).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: 'back from the card page' }));
    expect(
      await screen.findByText(/Thank you: your card payment was received/),
    ).toBeInTheDocument();
    await waitFor(() => expect(getBilling).toHaveBeenCalledTimes(2));
  });

  it('after a cancelled card payment, says nothing was charged (Spanish)', async () => {
    getBilling.mockResolvedValue(ok(billing()));
    renderBilling({ path: '/billing?card=cancel', language: 'es' });
    expect(await screen.findByText(/No se cobró nada/)).toBeInTheDocument();
  });
});
