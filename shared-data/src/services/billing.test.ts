import { describe, expect, it } from 'vitest';
import { moneyErrorOf } from '../mappers/billing';
import { errorMessageKey } from '../rules/error-messages';
import { DEFAULT_BILLING_SETTINGS } from '../rules/settings';
import { installFakeSupabase, pagedReply } from '../test-support/fake-supabase';
import { billingService, officeBillingService } from './billing';

const fake = installFakeSupabase();

function balanceRow(overrides: Record<string, unknown> = {}) {
  return {
    id: 'inv-1',
    number: '2026-000123',
    student_id: 'student-1',
    course_id: 'course-1',
    student_name: 'Sara Tester',
    student_email: 'sara@school.test',
    issued_on: '2026-11-29',
    due_on: '2026-12-13',
    currency: 'EUR',
    net: 100,
    tax: 21,
    total: 121,
    credited: 0,
    paid: 50.5,
    refunded: 0,
    due: 70.5,
    status: 'open',
    ...overrides,
  };
}

describe('billingService reads', () => {
  it("lists a student's invoices with their balances, newest first, in one request", async () => {
    fake.on('GET', '/rest/v1/invoice_balances', { body: [balanceRow()] });

    const result = await billingService.myInvoices('student-1');

    expect(fake.requests).toHaveLength(1);
    const query = fake.requests[0]?.query;
    expect(query?.get('student_id')).toBe('eq.student-1');
    expect(query?.get('order')).toBe('issued_on.desc,number.desc');
    expect(result).toEqual({
      success: true,
      data: [
        expect.objectContaining({
          id: 'inv-1',
          number: '2026-000123',
          total: 121,
          paid: 50.5,
          due: 70.5,
          status: 'open',
        }),
      ],
    });
  });

  it('filters the administrators list by status and course', async () => {
    fake.on('GET', '/rest/v1/invoice_balances', { body: [] });

    await billingService.invoices({ status: 'overdue', courseId: 'course-9' });

    const query = fake.requests[0]?.query;
    expect(query?.get('status')).toBe('eq.overdue');
    expect(query?.get('course_id')).toBe('eq.course-9');
  });

  it('reads the overdue list with the days past due, the longest overdue first', async () => {
    fake.on('GET', '/rest/v1/overdue_invoices', {
      body: [balanceRow({ status: 'overdue', days_overdue: 12 })],
    });

    const result = await billingService.overdue();

    expect(fake.requests[0]?.query.get('order')).toBe('due_on.asc,number.asc');
    expect(result).toEqual({
      success: true,
      data: [expect.objectContaining({ status: 'overdue', daysOverdue: 12 })],
    });
  });

  it("reads a student's balance, null when never invoiced", async () => {
    fake.on('GET', '/rest/v1/student_balances', { body: null });
    expect(await billingService.balance('student-1')).toEqual({ success: true, data: null });
  });

  it('reads the statement in one call and maps its entries', async () => {
    fake.on('POST', '/rest/v1/rpc/student_statement', {
      body: {
        student_id: 'student-1',
        currency: 'EUR',
        balance: 70.5,
        overdue: 0,
        invoices: [balanceRow()],
        entries: [
          {
            date: '2026-11-29',
            kind: 'invoice',
            id: 'inv-1',
            invoice_id: 'inv-1',
            number: '2026-000123',
            description: '2026-000123',
            amount: 121,
            balance: 121,
          },
          {
            date: '2026-11-30',
            kind: 'payment',
            id: 'pay-1',
            invoice_id: 'inv-1',
            number: null,
            description: 'cash',
            amount: -50.5,
            balance: 70.5,
          },
        ],
      },
    });

    const result = await billingService.statement('student-1');

    expect(fake.requests[0]?.body).toEqual({ student_uuid: 'student-1' });
    expect(result).toEqual({
      success: true,
      data: expect.objectContaining({
        balance: 70.5,
        invoices: [expect.objectContaining({ id: 'inv-1' })],
        entries: [
          expect.objectContaining({ kind: 'invoice', amount: 121, balance: 121 }),
          expect.objectContaining({ kind: 'payment', number: null, amount: -50.5, balance: 70.5 }),
        ],
      }),
    });
  });

  it('reads revenue for a date range', async () => {
    fake.on('POST', '/rest/v1/rpc/get_revenue', {
      body: {
        from_date: '2026-11-01',
        to_date: '2026-11-30',
        currency: 'EUR',
        received: 300,
        payments: 350,
        refunds: 50,
        invoiced: 900,
        credited: 100,
        outstanding: 500,
        per_course: [
          {
            course_id: 'course-1',
            title: 'Spanish A1',
            received: 300,
            invoiced: 900,
            credited: 100,
            outstanding: 500,
          },
        ],
      },
    });

    const result = await billingService.revenue('2026-11-01', '2026-11-30');

    expect(fake.requests[0]?.body).toEqual({ from_date: '2026-11-01', to_date: '2026-11-30' });
    expect(result).toEqual({
      success: true,
      data: expect.objectContaining({
        received: 300,
        invoiced: 900,
        outstanding: 500,
        perCourse: [expect.objectContaining({ courseId: 'course-1', received: 300 })],
      }),
    });
  });

  it('reads the billing settings over the defaults', async () => {
    fake.on('POST', '/rest/v1/rpc/get_app_settings', {
      body: { id: 1, billing: { currency: 'USD', taxRate: 21 } },
    });
    expect(await billingService.settings()).toEqual({
      success: true,
      data: { ...DEFAULT_BILLING_SETTINGS, currency: 'USD', taxRate: 21 },
    });
  });
});

describe('billingService writes', () => {
  it('records a payment through record_payment', async () => {
    fake.on('POST', '/rest/v1/rpc/record_payment', { body: 'pay-1' });

    const result = await billingService.recordPayment({
      invoiceId: 'inv-1',
      amount: 50.5,
      method: 'bank_transfer',
      date: '2026-11-30',
      reference: ' TR-9 ',
    });

    expect(fake.requests[0]?.body).toEqual({
      invoice_uuid: 'inv-1',
      amount: 50.5,
      method: 'bank_transfer',
      paid_on: '2026-11-30',
      reference: 'TR-9',
    });
    expect(result).toEqual({ success: true, data: { paymentId: 'pay-1' } });
  });

  it("keeps the database's refusal code, which moneyErrorOf names", async () => {
    fake.on('POST', '/rest/v1/rpc/record_payment', {
      status: 400,
      body: {
        code: 'MN002',
        message: 'The payment is more than the open balance (70.50)',
        details: null,
        hint: null,
      },
    });

    const result = await billingService.recordPayment({
      invoiceId: 'inv-1',
      amount: 80,
      method: 'cash',
    });

    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.code).toBe('RPC_ERROR');
    expect(moneyErrorOf(result.error.details)).toBe('overpayment');
  });

  it('refuses an amount of zero, a negative one or one with fractions of a cent without a request', async () => {
    for (const amount of [0, -1, 10.001, Number.NaN]) {
      const result = await billingService.recordRefund({
        invoiceId: 'inv-1',
        amount,
        method: 'cash',
      });
      expect(result.success).toBe(false);
      if (!result.success) expect(moneyErrorOf(result.error.details)).toBe('amountNotPositive');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('issues a credit note with a trimmed reason, and refuses an empty one locally', async () => {
    fake.on('POST', '/rest/v1/rpc/issue_credit_note', { body: 'cn-1' });
    expect(
      await billingService.issueCreditNote({
        invoiceId: 'inv-1',
        amount: 20,
        reason: '  Goodwill ',
      }),
    ).toEqual({
      success: true,
      data: { creditNoteId: 'cn-1' },
    });
    expect(fake.requests[0]?.body).toEqual({
      invoice_uuid: 'inv-1',
      amount: 20,
      reason: 'Goodwill',
    });
    const empty = await billingService.issueCreditNote({
      invoiceId: 'inv-1',
      amount: 20,
      reason: ' ',
    });
    expect(empty.success).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it('saves the billing group, and checks the bounds before any request', async () => {
    const bad = await billingService.saveSettings({ ...DEFAULT_BILLING_SETTINGS, taxRate: 120 });
    expect(bad.success).toBe(false);
    expect(fake.requests).toHaveLength(0);

    fake.on('PATCH', '/rest/v1/app_settings', {
      body: { billing: { ...DEFAULT_BILLING_SETTINGS, currency: 'USD' } },
    });
    const saved = await billingService.saveSettings({
      ...DEFAULT_BILLING_SETTINGS,
      currency: 'USD',
    });
    expect(saved).toEqual({
      success: true,
      data: { ...DEFAULT_BILLING_SETTINGS, currency: 'USD' },
    });
    expect(fake.requests[0]?.body).toEqual({
      billing: { ...DEFAULT_BILLING_SETTINGS, currency: 'USD' },
    });
  });
});

describe('billingService card payment', () => {
  const CARD_PATH = '/functions/v1/card-checkout';

  it('asks card-checkout whether card payment is set up', async () => {
    fake.on('POST', CARD_PATH, { body: { available: true } });

    expect(await billingService.cardPaymentAvailability()).toEqual({
      success: true,
      data: { available: true },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toEqual({ check: true });
  });

  it('reads anything but available: true as unavailable', async () => {
    fake.on('POST', CARD_PATH, { body: { available: 'yes' } });

    expect(await billingService.cardPaymentAvailability()).toEqual({
      success: true,
      data: { available: false },
    });
  });

  it('sends the invoice and the return page, and answers the Checkout page', async () => {
    fake.on('POST', CARD_PATH, { body: { url: 'https://checkout.stripe.com/c/pay/cs_test_1' } });

    const result = await billingService.startCardPayment('inv-1', 'http://localhost:3000/billing');

    expect(fake.requests[0]?.body).toEqual({
      invoiceId: 'inv-1',
      returnUrl: 'http://localhost:3000/billing',
    });
    expect(result).toEqual({
      success: true,
      data: { url: 'https://checkout.stripe.com/c/pay/cs_test_1' },
    });
  });

  it("keeps the function's code, which errorMessageKey translates", async () => {
    fake.on('POST', CARD_PATH, {
      status: 409,
      body: { code: 'NOTHING_DUE', message: 'Nothing is due on this invoice' },
    });

    const result = await billingService.startCardPayment('inv-1', 'http://localhost:3000/billing');

    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.details).toMatchObject({ code: 'NOTHING_DUE', status: 409 });
    expect(errorMessageKey(result.error)).toBe('nothingDue');
  });

  it('refuses an answer without a web address', async () => {
    fake.on('POST', CARD_PATH, { body: { url: 'javascript:alert(1)' } });

    const result = await billingService.startCardPayment('inv-1', 'http://localhost:3000/billing');

    expect(result.success).toBe(false);
  });
});

describe('officeBillingService (the office’s screens)', () => {
  it('reads one page of invoice_list, searched by every word and filtered by status, with its count', async () => {
    fake.on(
      'GET',
      '/rest/v1/invoice_list',
      pagedReply([{ ...balanceRow({ status: 'overdue' }), course_title: 'Spanish B1' }], 23),
    );

    const result = await officeBillingService.invoicePage({
      search: 'sara 2026',
      status: 'overdue',
      page: 2,
      limit: 10,
    });

    expect(fake.requests).toHaveLength(1);
    const query = fake.requests[0]!.query;
    expect(query.get('status')).toBe('eq.overdue');
    expect(query.getAll('or')).toEqual([
      '(number.ilike."%sara%",student_name.ilike."%sara%",student_email.ilike."%sara%",course_title.ilike."%sara%")',
      '(number.ilike."%2026%",student_name.ilike."%2026%",student_email.ilike."%2026%",course_title.ilike."%2026%")',
    ]);
    expect(query.get('offset')).toBe('10');
    expect(result).toEqual({
      success: true,
      data: expect.objectContaining({
        total: 23,
        page: 2,
        items: [expect.objectContaining({ id: 'inv-1', courseTitle: 'Spanish B1', due: 70.5 })],
      }),
    });
  });

  it('issues a manual invoice through issue_invoice, the lines in the database’s names', async () => {
    fake.on('POST', '/rest/v1/rpc/issue_invoice', { body: 'inv-9' });
    expect(
      await officeBillingService.issueInvoice({
        studentId: 'student-1',
        courseId: 'course-1',
        lines: [{ description: ' Private lessons ', quantity: 3, unitPrice: 25, discount: 5 }],
      }),
    ).toEqual({ success: true, data: { invoiceId: 'inv-9' } });
    expect(fake.requests[0]!.body).toEqual({
      student_uuid: 'student-1',
      course_uuid: 'course-1',
      lines: [{ description: 'Private lessons', quantity: 3, unit_price: 25, discount: 5 }],
    });
    // No course: the argument is left out (the database's default).
    await officeBillingService.issueInvoice({
      studentId: 'student-1',
      courseId: null,
      lines: [{ description: 'Book', quantity: 1, unitPrice: 12.3, discount: 0 }],
    });
    expect(fake.requests[1]!.body).not.toHaveProperty('course_uuid');
  });

  it('refuses a manual invoice’s bad lines without a request, and keeps the database’s code', async () => {
    for (const lines of [
      [],
      [{ description: 'x', quantity: 1, unitPrice: 5, discount: 6 }],
      [{ description: ' ', quantity: 1, unitPrice: 5, discount: 0 }],
      [{ description: 'x', quantity: -1, unitPrice: 5, discount: 0 }],
      Array.from({ length: 51 }, () => ({
        description: 'x',
        quantity: 1,
        unitPrice: 1,
        discount: 0,
      })),
    ]) {
      const result = await officeBillingService.issueInvoice({ studentId: 'student-1', lines });
      expect(result.success).toBe(false);
      if (!result.success) expect(moneyErrorOf(result.error.details)).toBe('invalidDocument');
    }
    expect(fake.requests).toHaveLength(0);
    fake.on('POST', '/rest/v1/rpc/issue_invoice', {
      status: 400,
      body: { code: 'MN004', message: 'Student not found', details: null, hint: null },
    });
    const refused = await officeBillingService.issueInvoice({
      studentId: 'teacher-1',
      lines: [{ description: 'x', quantity: 1, unitPrice: 1, discount: 0 }],
    });
    expect(refused.success).toBe(false);
    if (!refused.success) expect(moneyErrorOf(refused.error.details)).toBe('notFound');
  });

  it('sends reminders for the invoices given, or all when none is given, and answers how many', async () => {
    fake.on('POST', '/rest/v1/rpc/send_overdue_reminders', { body: 2 });
    expect(await officeBillingService.sendReminders(['inv-1', 'inv-2'])).toEqual({
      success: true,
      data: { queued: 2 },
    });
    expect(fake.requests[0]!.body).toEqual({ invoice_uuids: ['inv-1', 'inv-2'] });
    await officeBillingService.sendReminders();
    expect(fake.requests[1]!.body).toEqual({});
  });

  it('keeps a refusal’s SQLSTATE for moneyErrorOf, never only the raw text', async () => {
    fake.on('POST', '/rest/v1/rpc/payments_report', {
      status: 403,
      body: { code: '42501', message: 'Only administrators can read revenue' },
    });
    const result = await officeBillingService.paymentsReport('2026-11-01', '2026-11-30');
    expect(result.success).toBe(false);
    if (!result.success) expect(moneyErrorOf(result.error.details)).toBe('notAllowed');
  });
});
