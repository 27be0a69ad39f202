import {
  Button,
  Center,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  BILLING_BOUNDS,
  INVOICE_MODES,
  REFUND_RULES,
  errorMessageKey,
  validateBillingSettings,
  type BillingSettings,
  type BillingSettingsField,
  type InvoiceMode,
  type RefundRule,
} from '@portal/shared-data';
import { billingMutations, billingQueries } from '@portal/shared-data/queries';
import { ErrorBanner, SaveFailedAlert } from '@portal/shared-ui';
import { namespace } from './i18n';

/** The form's values: the number inputs hold '' while empty. */
type BillingFormValues = Omit<BillingSettings, 'taxRate' | 'paymentTermsDays' | 'seatHoldHours'> & {
  taxRate: number | string;
  paymentTermsDays: number | string;
  seatHoldHours: number | string;
};

const numberOf = (value: number | string) =>
  value === '' ? Number.NaN : typeof value === 'number' ? value : Number(value);

function toSettings(values: BillingFormValues): BillingSettings {
  return {
    ...values,
    currency: values.currency.trim().toUpperCase(),
    legalName: values.legalName.trim(),
    address: values.address.trim(),
    taxId: values.taxId.trim(),
    taxRate: numberOf(values.taxRate),
    paymentTermsDays: numberOf(values.paymentTermsDays),
    seatHoldHours: numberOf(values.seatHoldHours),
  };
}

/** shared-data's billing problems as `validation` namespace keys (with their variables). */
const PROBLEM_KEYS = {
  currency: 'billingCurrencyInvalid',
  tooLong: 'settingsTextTooLong',
  taxRate: 'billingTaxRateRange',
  paymentTermsDays: 'billingPaymentTermsRange',
  seatHoldHours: 'billingSeatHoldRange',
  invoiceMode: 'billingChoiceInvalid',
  refundOnDrop: 'billingChoiceInvalid',
} as const;

function validate(values: BillingFormValues, t: TFunction) {
  const problems = validateBillingSettings(toSettings(values));
  const errors: Partial<Record<BillingSettingsField, string>> = {};
  for (const [field, problem] of Object.entries(problems) as [
    BillingSettingsField,
    keyof typeof PROBLEM_KEYS,
  ][]) {
    const max =
      field === 'legalName' || field === 'address' || field === 'taxId'
        ? BILLING_BOUNDS[field]
        : undefined;
    errors[field] = String(t(PROBLEM_KEYS[problem], { ns: 'validation', max }));
  }
  return errors;
}

/**
 * System Settings → Billing: what new invoices carry (the school's legal name, address and tax id, the
 * currency, the tax rate, the payment terms), the invoice mode (on enrolment, or payment before the
 * seat with how many hours a seat is held: that field only in that mode) and the refund rule on a drop,
 * saved on its own through billingService.saveSettings with the database's bounds checked first. Loaded
 * when the tab opens (one request).
 */
export function BillingSettingsPanel() {
  const { t } = useTranslation(namespace);
  const settings = useQuery(billingQueries.settings());
  if (settings.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('billing.loading')} />
      </Center>
    );
  if (settings.isError)
    return (
      <ErrorBanner
        title={t('billing.loadError')}
        message={t(errorMessageKey(settings.error), { ns: 'errors' })}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  return <BillingSettingsFields settings={settings.data} />;
}

function BillingSettingsFields({ settings }: { settings: BillingSettings }) {
  const { t } = useTranslation(namespace);
  const save = useMutation(billingMutations.saveSettings());
  const form = useForm<BillingFormValues>({
    mode: 'controlled',
    initialValues: settings,
    validate: (values) => validate(values, t),
  });
  const saving = save.isPending;

  // Not a <form>: this panel sits inside System Settings' own form; its button saves this tab alone.
  const submit = form.onSubmit((values) => {
    save.mutate(toSettings(values), {
      onSuccess: (saved) => {
        form.setValues(saved);
        form.resetDirty(saved);
        notifications.show({ color: 'teal', message: t('billing.saved') });
      },
    });
  });

  return (
    <Stack maw={560}>
      <Text size="sm" c="dimmed">
        {t('billing.intro')}
      </Text>
      {save.error ? (
        <SaveFailedAlert
          title={t('billing.saveFailed')}
          reason={t(errorMessageKey(save.error), { ns: 'errors' })}
          notice={t('keptNotice')}
        />
      ) : null}
      <TextInput
        label={t('billing.legalName')}
        description={`${t('billing.legalNameHint')} · ${form.values.legalName.trim().length}/${BILLING_BOUNDS.legalName}`}
        disabled={saving}
        {...form.getInputProps('legalName')}
      />
      <Textarea
        label={t('billing.address')}
        description={`${form.values.address.trim().length}/${BILLING_BOUNDS.address}`}
        minRows={2}
        disabled={saving}
        {...form.getInputProps('address')}
      />
      <TextInput
        label={t('billing.taxId')}
        description={`${form.values.taxId.trim().length}/${BILLING_BOUNDS.taxId}`}
        disabled={saving}
        {...form.getInputProps('taxId')}
      />
      <TextInput
        label={t('billing.currency')}
        description={t('billing.currencyHint')}
        withAsterisk
        disabled={saving}
        {...form.getInputProps('currency')}
      />
      <NumberInput
        label={t('billing.taxRate')}
        description={t('billing.taxRateHint')}
        min={BILLING_BOUNDS.taxRate.min}
        max={BILLING_BOUNDS.taxRate.max}
        withAsterisk
        disabled={saving}
        {...form.getInputProps('taxRate')}
      />
      <NumberInput
        label={t('billing.paymentTermsDays')}
        description={t('billing.paymentTermsDaysHint')}
        min={BILLING_BOUNDS.paymentTermsDays.min}
        max={BILLING_BOUNDS.paymentTermsDays.max}
        withAsterisk
        disabled={saving}
        {...form.getInputProps('paymentTermsDays')}
      />
      <Select
        label={t('billing.refundOnDrop')}
        data={REFUND_RULES.map((rule) => ({
          value: rule,
          label: t(`billing.refundRules.${rule}`),
        }))}
        allowDeselect={false}
        disabled={saving}
        {...form.getInputProps('refundOnDrop')}
        onChange={(value) => value && form.setFieldValue('refundOnDrop', value as RefundRule)}
      />
      <Select
        label={t('billing.invoiceMode')}
        description={t('billing.invoiceModeHint')}
        data={INVOICE_MODES.map((mode) => ({
          value: mode,
          label: t(`billing.invoiceModes.${mode}`),
        }))}
        allowDeselect={false}
        disabled={saving}
        {...form.getInputProps('invoiceMode')}
        onChange={(value) => value && form.setFieldValue('invoiceMode', value as InvoiceMode)}
      />
      {form.values.invoiceMode === 'payment_before_seat' ? (
        <NumberInput
          label={t('billing.seatHoldHours')}
          description={t('billing.seatHoldHoursHint')}
          min={BILLING_BOUNDS.seatHoldHours.min}
          max={BILLING_BOUNDS.seatHoldHours.max}
          withAsterisk
          disabled={saving}
          {...form.getInputProps('seatHoldHours')}
        />
      ) : null}
      <Text size="sm" c="dimmed">
        {t('billing.separateHint')}
      </Text>
      <div>
        <Button
          type="button"
          loading={saving}
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          onClick={() => submit()}
        >
          {t('billing.save')}
        </Button>
      </div>
    </Stack>
  );
}
