import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../format/currency';
import { formatDateTimeInZone } from '../../format/date';
import { useLanguage } from '../../i18n';
import { wrappingButtonStyles } from '../../layout/wrapping';
import { namespace } from './i18n';

export interface SeatHoldNoticeProps {
  /** When the seat is released if still unpaid (ISO timestamp), written in `timeZone`. */
  heldUntil: string;
  /** The school's time zone. */
  timeZone: string;
  amountDue: number;
  currency: string;
  /** Where the invoice is (the student's Billing page). */
  billingHref: string;
  /** Offered only when given (card payment available and something due). */
  onPayByCard?: () => void;
  /** The card payment is starting: the button waits. */
  paying?: boolean;
}

/**
 * A seat held for its payment (docs/money.md "Payment before the seat"): until when, what is due, Pay
 * by card when the school takes cards, and the way to the invoice in Billing.
 */
export function SeatHoldNotice({
  heldUntil,
  timeZone,
  amountDue,
  currency,
  billingHref,
  onPayByCard,
  paying = false,
}: SeatHoldNoticeProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  return (
    <Stack gap="xs">
      <Text fw={600} role="status">
        {t('heldUntil', { when: formatDateTimeInZone(heldUntil, language, timeZone) })}
      </Text>
      <Text size="sm">{t('hint', { amount: formatMoney(amountDue, currency, language) })}</Text>
      {onPayByCard ? (
        <Button
          fullWidth
          styles={wrappingButtonStyles}
          leftSection={<IconCreditCard size={18} aria-hidden />}
          loading={paying}
          onClick={onPayByCard}
        >
          {t('payByCard')}
        </Button>
      ) : null}
      <Anchor component={Link} to={billingHref} size="sm">
        {t('toBilling')}
      </Anchor>
    </Stack>
  );
}
