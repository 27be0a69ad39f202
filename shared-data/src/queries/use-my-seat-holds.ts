import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SeatHold } from '@portal/shared-data';
import { billingMutations, billingQueries } from './billing-queries';

/**
 * A student's seats held for their payment, for a screen (docs/money.md "Payment before the seat"):
 * their holds in one request, by course; whether card payment is available (asked once a session);
 * and paying a hold's invoice by card, which sends the browser to the card page. `userId` undefined
 * (signed out) reads nothing.
 */
export function useMySeatHolds(userId: string | undefined) {
  const holds = useQuery({ ...billingQueries.seatHolds(), enabled: Boolean(userId) });
  const card = useQuery({ ...billingQueries.cardPayments(), enabled: Boolean(userId) });
  const start = useMutation(billingMutations.startCardPayment());
  const [payingId, setPayingId] = useState<string | null>(null);
  const byCourse = useMemo(
    () => new Map<string, SeatHold>((holds.data ?? []).map((hold) => [hold.courseId, hold])),
    [holds.data],
  );
  return {
    holds,
    byCourse,
    cardAvailable: card.data?.available === true,
    /** The hold whose card payment is starting. */
    payingId,
    /** Starts the card payment of the hold's invoice; rejects with the refusal (the caller says why). */
    payByCard: async (hold: SeatHold) => {
      if (!hold.invoiceId) return;
      setPayingId(hold.id);
      try {
        const { url } = await start.mutateAsync(hold.invoiceId);
        window.location.assign(url);
      } catch (error) {
        setPayingId(null);
        throw error;
      }
    },
  };
}
