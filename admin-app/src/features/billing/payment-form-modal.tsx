import { NumberInput, Select, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MONEY_TEXT_LIMITS,
  OFFICE_PAYMENT_METHODS,
  PAYMENT_METHODS,
  amountOf,
  validatePaymentForm,
  type InvoiceBalance,
  type PaymentFormValues,
} from '@portal/shared-data';
import { billingMutations } from '@portal/shared-data/queries';
import { FormModal, translateErrors, useDateInputProps, useLanguage } from '@portal/shared-ui';
import { namespace } from './i18n';
import { formatMoney, moneyFailureText, todayIso } from './money';

export interface PaymentFormModalProps {
  kind: 'payment' | 'refund';
  /** The invoice with its balance, as the database computed it. */
  invoice: InvoiceBalance;
  onClose: () => void;
}

/**
 * Record payment (cash, bank transfer, card terminal) or Record refund on one invoice: amount (a payment
 * starts at the amount due), method, date (today) and reference. The form refuses what the database
 * would; what only it knows (more than is due, more than was paid) comes back as a money error in the
 * user's language, and the dialog keeps what was typed.
 */
export function PaymentFormModal({ kind, invoice, onClose }: PaymentFormModalProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const dateInput = useDateInputProps();
  const payment = useMutation(billingMutations.recordPayment());
  const refund = useMutation(billingMutations.recordRefund());
  const mutation = kind === 'payment' ? payment : refund;
  const methods = kind === 'payment' ? OFFICE_PAYMENT_METHODS : PAYMENT_METHODS;
  // A payment is at most the amount due (the database's figure; it checks again). A refund's limit
  // (paid less refunded) is the database's to check: no sum is made here.
  const max = kind === 'payment' ? invoice.due : undefined;
  const money = (amount: number) => formatMoney(amount, invoice.currency, language);
  const form = useForm<PaymentFormValues>({
    mode: 'controlled',
    initialValues: {
      amount: kind === 'payment' && invoice.due > 0 ? invoice.due : '',
      method: 'cash',
      date: todayIso(),
      reference: '',
    },
    validate: (values) =>
      translateErrors(validatePaymentForm(values, { methods, max }), t, (field) =>
        field === 'amount'
          ? { max: money(invoice.due) }
          : field === 'reference'
            ? { max: MONEY_TEXT_LIMITS.reference }
            : {},
      ),
  });

  const submit = form.onSubmit((values) => {
    const amount = amountOf(values.amount);
    const input = {
      invoiceId: invoice.id,
      amount,
      date: values.date,
      reference: values.reference,
    };
    const done = () => {
      notifications.show({
        color: 'teal',
        message: t(kind === 'payment' ? 'payment.recorded' : 'payment.refundRecorded', {
          amount: money(amount),
          number: invoice.number,
        }),
      });
      onClose();
    };
    if (kind === 'payment')
      payment.mutate(
        { ...input, method: values.method as (typeof OFFICE_PAYMENT_METHODS)[number] },
        { onSuccess: done },
      );
    else
      refund.mutate(
        { ...input, method: values.method as (typeof PAYMENT_METHODS)[number] },
        { onSuccess: done },
      );
  });

  return (
    <FormModal
      title={t(kind === 'payment' ? 'payment.title' : 'payment.refundTitle', {
        number: invoice.number,
      })}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={mutation.isPending}
      onSubmit={submit}
      submitLabel={t(kind === 'payment' ? 'payment.submit' : 'payment.refundSubmit')}
      failure={
        mutation.error
          ? {
              title: t(kind === 'payment' ? 'payment.failed' : 'payment.refundFailed'),
              reason: moneyFailureText(mutation.error, t),
              notice: t('keptNotice'),
            }
          : null
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        {kind === 'payment'
          ? t('payment.dueHint', { amount: money(invoice.due) })
          : t('payment.refundableHint', {
              paid: money(invoice.paid),
              refunded: money(invoice.refunded),
            })}
      </Text>
      <NumberInput
        label={t('payment.amount', { currency: invoice.currency })}
        withAsterisk
        data-autofocus
        min={0}
        hideControls
        disabled={mutation.isPending}
        {...form.getInputProps('amount')}
      />
      <Select
        mt="sm"
        label={t('payment.method')}
        withAsterisk
        allowDeselect={false}
        disabled={mutation.isPending}
        data={methods.map((method) => ({ value: method, label: t(`methods.${method}`) }))}
        {...form.getInputProps('method')}
      />
      <DateInput
        {...dateInput}
        mt="sm"
        label={t('payment.date')}
        withAsterisk
        disabled={mutation.isPending}
        {...form.getInputProps('date')}
        value={form.values.date || null}
        onChange={(value) => form.setFieldValue('date', value ?? '')}
      />
      <TextInput
        mt="sm"
        label={t('payment.reference')}
        placeholder={t('payment.referencePlaceholder')}
        maxLength={MONEY_TEXT_LIMITS.reference}
        disabled={mutation.isPending}
        {...form.getInputProps('reference')}
      />
    </FormModal>
  );
}
