import { Card, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SeatHoldNotice, seatHoldNamespace } from '@portal/shared-ui';
import { errorMessageKey, paths, type SeatHold } from '@portal/shared-data';
import type { useMySeatHolds } from '@portal/shared-data/queries';

/**
 * Course detail, for a student whose seat is held for its payment (docs/money.md "Payment before the
 * seat"): until when, what is due, Pay by card (when the school takes cards) and Billing.
 */
export function CourseSeatHoldPanel({
  hold,
  seats,
}: {
  hold: SeatHold;
  seats: ReturnType<typeof useMySeatHolds>;
}) {
  const { t } = useTranslation(seatHoldNamespace);
  const titleId = useId();
  const pay = () =>
    seats.payByCard(hold).catch((error: unknown) =>
      notifications.show({
        color: 'red',
        message: t('payFailed', { message: t(errorMessageKey(error), { ns: 'errors' }) }),
      }),
    );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('title')}
        </Title>
        <div style={{ maxWidth: '24rem' }}>
          <SeatHoldNotice
            heldUntil={hold.heldUntil}
            timeZone={hold.timeZone}
            amountDue={hold.amountDue}
            currency={hold.currency}
            billingHref={paths.billing}
            onPayByCard={
              seats.cardAvailable && hold.invoiceId && hold.amountDue > 0 ? pay : undefined
            }
            paying={seats.payingId === hold.id}
          />
        </div>
      </Stack>
    </Card>
  );
}
