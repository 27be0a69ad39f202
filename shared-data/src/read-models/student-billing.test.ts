import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { studentBillingReadModel, toStudentBilling } from './student-billing';

const fake = installFakeSupabase();
const rpc = '/rest/v1/rpc/get_student_billing';

describe('studentBillingReadModel.get', () => {
  it('reads the Billing screen in one call and keeps the database’s amounts', async () => {
    fake.on('POST', rpc, {
      body: {
        currency: 'EUR',
        balance: '80.00',
        overdue: 0,
        open_invoices: 1,
        invoices: [
          {
            id: 'inv-1',
            number: '2026-000123',
            course_id: null,
            course_title: 'Business Spanish',
            issued_on: '2026-03-02',
            due_on: '2026-03-16',
            currency: 'EUR',
            net: 100,
            tax: 21,
            total: 121,
            credited: 20,
            paid: 31,
            refunded: 10,
            due: 80,
            status: 'open',
          },
        ],
        credit_notes: [
          {
            id: 'cn-1',
            number: 'CN-2026-000001',
            invoice_id: 'inv-1',
            invoice_number: '2026-000123',
            currency: 'EUR',
            issued_on: '2026-03-03',
            reason: 'Goodwill',
            total: 20,
          },
        ],
        receipts: [
          {
            kind: 'refund',
            id: 'ref-1',
            invoice_id: 'inv-1',
            invoice_number: '2026-000123',
            currency: 'EUR',
            date: '2026-03-06',
            method: 'cash',
            reference: '',
            amount: 10,
          },
        ],
      },
    });

    const result = await studentBillingReadModel.get();

    expect(fake.requestsTo('POST', rpc)).toHaveLength(1);
    expect(result).toEqual({
      success: true,
      data: {
        currency: 'EUR',
        balance: 80,
        overdue: 0,
        openInvoices: 1,
        invoices: [
          expect.objectContaining({
            number: '2026-000123',
            courseId: null,
            courseTitle: 'Business Spanish',
            total: 121,
            due: 80,
            status: 'open',
          }),
        ],
        creditNotes: [expect.objectContaining({ number: 'CN-2026-000001', total: 20 })],
        receipts: [
          expect.objectContaining({ kind: 'refund', method: 'cash', reference: '', amount: 10 }),
        ],
      },
    });
  });

  it('fails with the database’s code kept for the screen’s message', async () => {
    fake.on('POST', rpc, { status: 500, body: { code: 'XX000', message: 'database is down' } });
    const result = await studentBillingReadModel.get();
    expect(result.success).toBe(false);
  });
});

describe('toStudentBilling', () => {
  it('reads an empty answer as no money at all', () => {
    expect(toStudentBilling(null)).toEqual({
      currency: '',
      balance: 0,
      overdue: 0,
      openInvoices: 0,
      invoices: [],
      creditNotes: [],
      receipts: [],
    });
  });

  it('keeps unknown statuses and methods inside the known ones', () => {
    const billing = toStudentBilling({
      invoices: [{ status: 'weird' }],
      receipts: [{ kind: 'other', method: 'cheque' }],
    });
    expect(billing.invoices[0]?.status).toBe('open');
    expect(billing.receipts[0]).toMatchObject({ kind: 'payment', method: 'cash' });
  });
});
