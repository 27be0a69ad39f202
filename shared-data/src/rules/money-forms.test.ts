import { describe, expect, it } from 'vitest';
import { OFFICE_PAYMENT_METHODS, PAYMENT_METHODS } from '../mappers/billing';
import { validateCreditNoteForm, validateDateRange, validatePaymentForm } from './money-forms';

const payment = {
  amount: 40 as number | string,
  method: 'cash',
  date: '2026-11-29',
  reference: '',
};

describe('validatePaymentForm', () => {
  it('accepts a positive amount in cents, an office method and a date', () => {
    expect(validatePaymentForm(payment, { methods: OFFICE_PAYMENT_METHODS, max: 100.5 })).toEqual(
      {},
    );
  });

  it('refuses an empty, zero, negative or sub-cent amount, and more than the amount due', () => {
    const check = (amount: number | string) =>
      validatePaymentForm({ ...payment, amount }, { methods: OFFICE_PAYMENT_METHODS, max: 100.5 })
        .amount;
    expect(check('')).toBe('moneyAmountRequired');
    expect(check(0)).toBe('moneyAmountPositive');
    expect(check(-3)).toBe('moneyAmountPositive');
    expect(check(1.005)).toBe('moneyAmountCents');
    expect(check(100.51)).toBe('moneyAmountAboveDue');
    expect(check(100.5)).toBeUndefined();
  });

  it('offers card_online for a refund only, needs a date and limits the reference', () => {
    expect(
      validatePaymentForm(
        { ...payment, method: 'card_online' },
        { methods: OFFICE_PAYMENT_METHODS },
      ).method,
    ).toBe('moneyMethodRequired');
    expect(
      validatePaymentForm({ ...payment, method: 'card_online' }, { methods: PAYMENT_METHODS }),
    ).toEqual({});
    expect(validatePaymentForm({ ...payment, date: '' }, { methods: PAYMENT_METHODS }).date).toBe(
      'moneyDateRequired',
    );
    expect(
      validatePaymentForm({ ...payment, reference: 'x'.repeat(201) }, { methods: PAYMENT_METHODS })
        .reference,
    ).toBe('moneyReferenceTooLong');
  });
});

describe('validateCreditNoteForm', () => {
  it('needs an amount and a reason of at most 500 characters', () => {
    expect(validateCreditNoteForm({ amount: 30, reason: 'Missed classes' })).toEqual({});
    expect(validateCreditNoteForm({ amount: '', reason: '  ' })).toEqual({
      amount: 'moneyAmountRequired',
      reason: 'moneyReasonRequired',
    });
    expect(validateCreditNoteForm({ amount: 1, reason: 'x'.repeat(501) }).reason).toBe(
      'moneyReasonTooLong',
    );
  });
});

describe('validateDateRange', () => {
  it('needs two dates, the first not after the second', () => {
    expect(validateDateRange({ from: '2026-11-01', to: '2026-11-29' })).toEqual({});
    expect(validateDateRange({ from: '2026-11-01', to: '2026-11-01' })).toEqual({});
    expect(validateDateRange({ from: '2026-11-30', to: '2026-11-29' })).toEqual({
      to: 'moneyRangeOrder',
    });
    expect(validateDateRange({ from: '', to: '2026-11-29' })).toEqual({
      from: 'moneyDateRequired',
    });
  });
});
