import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billingService, paths, type SeatHold } from '@portal/shared-data';
import { renderScreen } from '../../test-support/render-screen';
import { MyHeldSeats } from './my-held-seats';

// My Courses' held seats (docs/money.md "Payment before the seat"). The unit boundary is the service;
// the database's rules are supabase/tests/seat-holds.test.ts.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.billingService.mySeatHolds = vi.fn();
  actual.billingService.cardPaymentAvailability = vi.fn();
  actual.billingService.startCardPayment = vi.fn();
  return actual;
});

const mine = vi.mocked(billingService.mySeatHolds);
const availability = vi.mocked(billingService.cardPaymentAvailability);

function hold(overrides: Partial<SeatHold> = {}): SeatHold {
  return {
    id: 'hold-1',
    courseId: 'course-1',
    courseTitle: 'Business Spanish',
    heldUntil: '2026-12-03T18:00:00Z',
    invoiceId: 'invoice-1',
    invoiceNumber: '2026-000042',
    amountDue: 120,
    currency: 'EUR',
    timeZone: 'America/New_York',
    ...overrides,
  };
}

beforeEach(() => {
  mine.mockReset();
  availability.mockReset();
  availability.mockResolvedValue({ success: true, data: { available: true } });
});

describe('My Courses: seats held for payment', () => {
  it('lists each held seat with its course, its end in the school’s time zone, Pay by card and Billing', async () => {
    mine.mockResolvedValue({ success: true, data: [hold()] });
    renderScreen(<MyHeldSeats />);
    const section = await screen.findByRole('region', { name: 'Seats held for payment' });
    expect(within(section).getByRole('link', { name: 'Business Spanish' })).toHaveAttribute(
      'href',
      paths.courseDetail('course-1'),
    );
    // 18:00 UTC is 13:00 in New York.
    expect(within(section).getByText(/Seat held until Dec 3, 2026, 13:00/)).toBeInTheDocument();
    expect(await within(section).findByRole('button', { name: 'Pay by card' })).toBeInTheDocument();
    expect(
      within(section).getByRole('link', { name: 'See the invoice in Billing' }),
    ).toHaveAttribute('href', paths.billing);
  });

  it('shows nothing without a held seat, and a translated error with Try again when the read fails', async () => {
    mine.mockResolvedValue({ success: true, data: [] });
    const { unmount } = renderScreen(<MyHeldSeats />);
    await vi.waitFor(() => expect(mine).toHaveBeenCalled());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    unmount();

    mine.mockResolvedValue({ success: false, error: { code: 'QUERY_ERROR', message: 'raw' } });
    renderScreen(<MyHeldSeats />, { language: 'es' });
    expect(
      await screen.findByText('No se han podido cargar tus plazas reservadas.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('raw')).not.toBeInTheDocument();
  });
});
