import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_BILLING_SETTINGS,
  billingService,
  coursesService,
  fail,
  ok,
  officeBillingService,
  usersService,
  type InvoiceDocument,
  type InvoiceListItem,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { aCourse, aPerson } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import BillingScreen from './billing-screen';

// Billing → New invoice (docs/money.md "Screens: the office"). The services are the unit boundary;
// what the database refuses (the wrong role, bad lines, a recipient who is not a student) is tested in
// supabase/tests/money.test.ts, the preview's arithmetic in shared-data's manual-invoice.test.ts.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.officeBillingService, {
    invoicePage: vi.fn(),
    invoiceDetail: vi.fn(),
    issueInvoice: vi.fn(),
  });
  Object.assign(actual.billingService, { settings: vi.fn() });
  Object.assign(actual.usersService, { list: vi.fn() });
  Object.assign(actual.coursesService, { list: vi.fn() });
  return actual;
});

const invoicePage = vi.mocked(officeBillingService.invoicePage);
const invoiceDetail = vi.mocked(officeBillingService.invoiceDetail);
const issueInvoice = vi.mocked(officeBillingService.issueInvoice);
const settings = vi.mocked(billingService.settings);
const listUsers = vi.mocked(usersService.list);
const listCourses = vi.mocked(coursesService.list);

const lena = aPerson();
const paged = <T,>(items: T[]): Paged<T> => ({
  items,
  total: items.length,
  page: 1,
  limit: 100,
  totalPages: 1,
});

// The invoice as the database issued it: its figures are the ones the drawer shows.
const issued: InvoiceListItem = {
  id: 'inv-new',
  number: '2026-000043',
  studentId: lena.id,
  courseId: null,
  courseTitle: null,
  studentName: 'Lena Fischer',
  studentEmail: lena.email,
  issuedOn: '2026-11-29',
  dueOn: '2026-12-13',
  currency: 'EUR',
  net: 82.3,
  tax: 17.28,
  total: 99.58,
  credited: 0,
  paid: 0,
  refunded: 0,
  due: 99.58,
  status: 'open',
};
const issuedDocument: InvoiceDocument = {
  invoice: {
    tax_rate: 21,
    number: '2026-000043',
    student_language: 'en',
  } as InvoiceDocument['invoice'],
  lines: [
    {
      position: 1,
      description: 'Private lessons',
      quantity: 3,
      unitPrice: 25,
      discount: 5,
      amount: 70,
    },
    { position: 2, description: 'Book', quantity: 1, unitPrice: 12.3, discount: 0, amount: 12.3 },
  ],
  creditNotes: [],
  payments: [],
  refunds: [],
};

const TEXT = {
  en: {
    open: 'New invoice',
    student: 'Student',
    description: 'Description',
    quantity: 'Quantity',
    price: 'Unit price (EUR)',
    discount: /^Discount \(EUR\)/,
    submit: 'Issue invoice',
  },
  es: {
    open: 'Nueva factura',
    student: 'Estudiante',
    description: 'Descripción',
    quantity: 'Cantidad',
    price: 'Precio unitario (EUR)',
    discount: /^Descuento \(EUR\)/,
    submit: 'Emitir factura',
  },
} as const;

async function openForm(language: Language = 'en') {
  const rendered = renderScreen(<BillingScreen />, { language });
  await rendered.user.click(await screen.findByRole('button', { name: TEXT[language].open }));
  const dialog = await screen.findByRole('dialog', { name: TEXT[language].open });
  return { ...rendered, dialog };
}

async function chooseStudent(user: UserEvent, dialog: HTMLElement, language: Language = 'en') {
  const field = within(dialog)
    .getAllByLabelText(TEXT[language].student, { exact: false })
    .find((element) => element.tagName === 'INPUT')!;
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: /Lena Fischer/ }));
}

/** The fields of line `n` (1-based), by its fieldset's legend. */
function lineFields(dialog: HTMLElement, n: number, language: Language = 'en') {
  const legend = language === 'es' ? `Línea ${n}` : `Line ${n}`;
  const line = within(dialog).getByRole('group', { name: legend });
  const text = TEXT[language];
  return {
    line,
    description: within(line).getByRole('textbox', { name: text.description }),
    quantity: within(line).getByRole('textbox', { name: text.quantity }),
    price: within(line).getByRole('textbox', { name: text.price }),
    discount: within(line).getByRole('textbox', { name: text.discount }),
  };
}

async function fillLine(
  user: UserEvent,
  dialog: HTMLElement,
  n: number,
  values: { description: string; quantity?: string; price: string; discount?: string },
  language: Language = 'en',
) {
  const fields = lineFields(dialog, n, language);
  await user.type(fields.description, values.description);
  if (values.quantity !== undefined) {
    await user.clear(fields.quantity);
    await user.type(fields.quantity, values.quantity);
  }
  await user.type(fields.price, values.price);
  if (values.discount !== undefined) await user.type(fields.discount, values.discount);
}

const previewRow = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('rowheader', { name }).closest('tr')!;

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  invoicePage.mockResolvedValue(ok(paged<InvoiceListItem>([])));
  invoiceDetail.mockResolvedValue(ok({ balance: issued, document: issuedDocument }));
  settings.mockResolvedValue(ok({ ...DEFAULT_BILLING_SETTINGS, currency: 'EUR', taxRate: 21 }));
  listUsers.mockResolvedValue(ok(paged([lena])));
  listCourses.mockResolvedValue(ok(paged([aCourse()])));
});

// Typing a whole invoice into a form is slow on a busy 2-core machine: twice the project's guard.
describe('Billing → New invoice', { timeout: 30_000 }, () => {
  it('issues an invoice with a discount, previews its totals, then opens it with the database’s figures', async () => {
    issueInvoice.mockResolvedValue(ok({ invoiceId: 'inv-new' }));
    const { user, dialog } = await openForm();
    // One read of the students (searched on the server), one of the courses.
    await waitFor(() => expect(listUsers).toHaveBeenCalledTimes(1));
    expect(listUsers).toHaveBeenCalledWith(
      expect.objectContaining({ role: 'student', page: 1, limit: 100 }),
    );
    await chooseStudent(user, dialog);
    await fillLine(user, dialog, 1, {
      description: 'Private lessons',
      quantity: '3',
      price: '25',
      discount: '5',
    });
    expect(within(lineFields(dialog, 1).line).getByText('Line amount: €70.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    await fillLine(user, dialog, 2, { description: 'Book', price: '12.30' });

    // The preview, computed as the database will: 70 + 12.30 net, 21 % tax rounded on the net.
    expect(previewRow(dialog, 'Net')).toHaveTextContent('€82.30');
    expect(previewRow(dialog, 'Tax (21 %)')).toHaveTextContent('€17.28');
    expect(previewRow(dialog, 'Total')).toHaveTextContent('€99.58');

    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    await waitFor(() =>
      expect(issueInvoice).toHaveBeenCalledWith({
        studentId: lena.id,
        courseId: null,
        lines: [
          { description: 'Private lessons', quantity: 3, unitPrice: 25, discount: 5 },
          { description: 'Book', quantity: 1, unitPrice: 12.3, discount: 0 },
        ],
      }),
    );
    // The new invoice opens in the drawer, named and figured by the database's read.
    const drawer = await screen.findByRole('dialog', { name: /Invoice 2026-000043/ });
    expect(invoiceDetail).toHaveBeenCalledWith('inv-new');
    expect(
      (await within(drawer).findByRole('rowheader', { name: 'Total' })).closest('tr'),
    ).toHaveTextContent('€99.58');
    expect(screen.queryByRole('dialog', { name: 'New invoice' })).not.toBeInTheDocument();
    expect(await screen.findByText('Invoice issued to Lena Fischer.')).toBeInTheDocument();
    // The lists are read again.
    await waitFor(() => expect(invoicePage.mock.calls.length).toBeGreaterThan(1));
  });

  it('refuses what the database would before sending anything, each error on its field', async () => {
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(await within(dialog).findByText('Choose the student')).toBeInTheDocument();
    const fields = lineFields(dialog, 1);
    expect(fields.description).toHaveAccessibleDescription('Description is required');
    expect(fields.description).toHaveAttribute('aria-invalid', 'true');
    expect(fields.price).toHaveAccessibleDescription('Unit price is required');

    await fillLine(user, dialog, 1, {
      description: 'Exam fee',
      quantity: '2',
      price: '40',
      discount: '80.01',
    });
    expect(within(fields.line).getByText('Line amount: not complete yet')).toBeInTheDocument();
    expect(previewRow(dialog, 'Total')).toHaveTextContent('—');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(
      await within(fields.line).findByText('The discount can be at most the line, €80.00.'),
    ).toBeInTheDocument();
    await user.clear(fields.quantity);
    await user.type(fields.quantity, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(
      await within(fields.line).findByText('The quantity must be greater than zero.'),
    ).toBeInTheDocument();
    expect(issueInvoice).not.toHaveBeenCalled();
  });

  it('adds and removes lines, the preview following', async () => {
    const { user, dialog } = await openForm();
    await fillLine(user, dialog, 1, { description: 'A', price: '10' });
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    await fillLine(user, dialog, 2, { description: 'B', price: '5' });
    expect(previewRow(dialog, 'Net')).toHaveTextContent('€15.00');
    await user.click(within(dialog).getByRole('button', { name: 'Remove line 1' }));
    expect(within(dialog).queryByRole('group', { name: 'Line 2' })).not.toBeInTheDocument();
    expect(lineFields(dialog, 1).description).toHaveValue('B');
    expect(previewRow(dialog, 'Net')).toHaveTextContent('€5.00');
    // The last line cannot be removed.
    expect(within(dialog).queryByRole('button', { name: /Remove line/ })).not.toBeInTheDocument();
  });

  it('in Spanish, says why the database refused without its message, and keeps everything typed', async () => {
    issueInvoice.mockResolvedValue(
      fail('RPC_ERROR', 'raw database text: line 1 violates', { code: 'MN005' }),
    );
    const { user, dialog } = await openForm('es');
    await chooseStudent(user, dialog, 'es');
    await fillLine(
      user,
      dialog,
      1,
      { description: 'Clases particulares', quantity: '2', price: '30', discount: '10' },
      'es',
    );
    expect(previewRow(dialog, 'Base')).toHaveTextContent(/50,00\s€/);
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }));
    expect(
      await within(dialog).findByText(
        'Se ha rechazado una línea: revisa su descripción, cantidad, precio unitario y descuento.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/raw database text/)).not.toBeInTheDocument();
    const fields = lineFields(dialog, 1, 'es');
    expect(fields.description).toHaveValue('Clases particulares');
    expect(fields.quantity).toHaveValue('2');
    expect(fields.discount).toHaveValue('10');
    expect(
      within(dialog)
        .getAllByLabelText('Estudiante', { exact: false })
        .find((element) => element.tagName === 'INPUT'),
    ).toHaveValue('Lena Fischer · lena@school.test');
    expect(screen.queryByRole('dialog', { name: /Factura 2026/ })).not.toBeInTheDocument();
  });

  it('names a student or course that no longer exists', async () => {
    issueInvoice.mockResolvedValue(fail('RPC_ERROR', 'Student not found', { code: 'MN004' }));
    const { user, dialog } = await openForm();
    await chooseStudent(user, dialog);
    await fillLine(user, dialog, 1, { description: 'Exam fee', price: '40' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue invoice' }));
    expect(
      await within(dialog).findByText(
        'This student or course no longer exists, or the person is not a student.',
      ),
    ).toBeInTheDocument();
  });
});
