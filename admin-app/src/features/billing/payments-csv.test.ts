// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { MoneyMovement } from '@portal/shared-data';
import { en } from './i18n';
import { paymentsCsv } from './payments-csv';

const t = i18next.createInstance();
await t.init({ lng: 'en', resources: { en: { billing: en } }, defaultNS: 'billing' });

const row = (overrides: Partial<MoneyMovement> = {}): MoneyMovement => ({
  kind: 'payment',
  id: 'p1',
  date: '2026-11-03',
  invoiceId: 'i1',
  invoiceNumber: '2026-000042',
  studentId: 's1',
  studentName: 'Sara Gil',
  studentEmail: 'sara@school.test',
  method: 'bank_transfer',
  reference: 'TR-9',
  amount: 40,
  currency: 'EUR',
  ...overrides,
});

describe('paymentsCsv', () => {
  it('writes the columns the accountant needs, one row per payment or refund', () => {
    const text = paymentsCsv(
      [row(), row({ kind: 'refund', id: 'r1', amount: 5.5, method: 'cash', reference: '' })],
      t.t.bind(t),
    );
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'date,invoice number,student,student email,method,reference,amount,currency,kind',
    );
    expect(lines[1]).toBe(
      '2026-11-03,2026-000042,Sara Gil,sara@school.test,Bank transfer,TR-9,40,EUR,Payment',
    );
    expect(lines[2]).toBe('2026-11-03,2026-000042,Sara Gil,sara@school.test,Cash,,5.5,EUR,Refund');
  });

  it('never writes a cell a spreadsheet would run', () => {
    const text = paymentsCsv([row({ reference: '=HYPERLINK("x")' })], t.t.bind(t));
    expect(text).toContain(`'=HYPERLINK`);
  });
});
