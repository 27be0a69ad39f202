import { NumberInput, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MONEY_TEXT_LIMITS,
  amountOf,
  validateCreditNoteForm,
  type CreditNoteFormValues,
  type InvoiceBalance,
} from '@portal/shared-data';
import { billingMutations } from '@portal/shared-data/queries';
import { FormModal, translateErrors, useLanguage } from '@portal/shared-ui';
import { namespace } from './i18n';
import { formatMoney, moneyFailureText } from './money';

export interface CreditNoteModalProps {
  invoice: InvoiceBalance;
  onClose: () => void;
}

/**
 * Issue credit note: an amount (tax included) and a reason. The database splits it into net and tax
 * and refuses more than is left to credit (a money error, in the user's language; nothing typed lost).
 */
export function CreditNoteModal({ invoice, onClose }: CreditNoteModalProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const issue = useMutation(billingMutations.issueCreditNote());
  const money = (amount: number) => formatMoney(amount, invoice.currency, language);
  const form = useForm<CreditNoteFormValues>({
    mode: 'controlled',
    initialValues: { amount: '', reason: '' },
    validate: (values) =>
      translateErrors(validateCreditNoteForm(values), t, (field) =>
        field === 'reason' ? { max: MONEY_TEXT_LIMITS.reason } : {},
      ),
  });

  const submit = form.onSubmit((values) => {
    const amount = amountOf(values.amount);
    issue.mutate(
      { invoiceId: invoice.id, amount, reason: values.reason },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t('credit.issued', { amount: money(amount), number: invoice.number }),
          });
          onClose();
        },
      },
    );
  });

  return (
    <FormModal
      title={t('credit.title', { number: invoice.number })}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={issue.isPending}
      onSubmit={submit}
      submitLabel={t('credit.submit')}
      failure={
        issue.error
          ? {
              title: t('credit.failed'),
              reason: moneyFailureText(issue.error, t),
              notice: t('keptNotice'),
            }
          : null
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('credit.creditableHint', {
          total: money(invoice.total),
          credited: money(invoice.credited),
        })}
      </Text>
      <NumberInput
        label={t('credit.amount', { currency: invoice.currency })}
        withAsterisk
        data-autofocus
        min={0}
        hideControls
        disabled={issue.isPending}
        {...form.getInputProps('amount')}
      />
      <Textarea
        mt="sm"
        label={t('credit.reason')}
        withAsterisk
        minRows={2}
        maxLength={MONEY_TEXT_LIMITS.reason}
        disabled={issue.isPending}
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}
