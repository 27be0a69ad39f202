import { Badge, Group, Loader, Table, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, validateDateRange, type DateRangeValues } from '@portal/shared-data';
import { CSV_CONTENT_TYPE } from '@portal/shared-data/csv';
import { officeBillingQueries } from '@portal/shared-data/queries';
import {
  DownloadButton,
  EmptyState,
  ErrorBanner,
  StatGrid,
  formatDate,
  translateErrors,
  useDateInputProps,
  useLanguage,
} from '@portal/shared-ui';
import { namespace } from './i18n';
import { formatMoney, todayIso } from './money';
import { paymentsCsv } from './payments-csv';

/** The first day of the current month (the range the tab opens with: this month so far). */
function monthStart(today: string): string {
  return `${today.slice(0, 8)}01`;
}

/**
 * Payments and refunds dated in a range, with the range's totals from get_revenue (received,
 * payments, refunds, invoiced, outstanding), in one request (`payments_report`), and Export CSV for
 * the accountant.
 */
export function PaymentsTab() {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const fromInput = useDateInputProps();
  const toInput = useDateInputProps();
  const today = todayIso();
  const [range, setRange] = useState<DateRangeValues>({ from: monthStart(today), to: today });
  const form = useForm<DateRangeValues>({
    mode: 'controlled',
    initialValues: range,
    validateInputOnChange: true,
    validate: (values) => translateErrors(validateDateRange(values), t),
    onValuesChange: (values) => {
      if (Object.keys(validateDateRange(values)).length === 0) setRange(values);
    },
  });
  const report = useQuery(officeBillingQueries.paymentsReport(range.from, range.to));
  const revenue = report.data?.revenue;
  const currency = revenue?.currency || 'EUR';
  const money = (amount: number | undefined, code = currency) =>
    amount === undefined ? undefined : formatMoney(amount, code, language);
  const rows = report.data?.rows ?? [];

  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateInput
          {...fromInput}
          label={t('payments.from')}
          miw={180}
          {...form.getInputProps('from')}
          value={form.values.from || null}
          onChange={(value) => form.setFieldValue('from', value ?? '')}
        />
        <DateInput
          {...toInput}
          label={t('payments.to')}
          miw={180}
          {...form.getInputProps('to')}
          value={form.values.to || null}
          onChange={(value) => form.setFieldValue('to', value ?? '')}
        />
        <DownloadButton
          failedTitle={t('payments.exportFailed')}
          describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
          read={async () => {
            const data = await queryClient.fetchQuery(
              officeBillingQueries.paymentsReport(range.from, range.to),
            );
            return {
              fileName: t('payments.fileName', { from: range.from, to: range.to }),
              text: paymentsCsv(data.rows, t),
              type: CSV_CONTENT_TYPE,
            };
          }}
        >
          {t('payments.export')}
        </DownloadButton>
      </Group>

      <StatGrid
        loading={report.isPending}
        items={[
          {
            label: t('payments.received'),
            value: money(revenue?.received),
            hint: t('payments.receivedHint'),
          },
          { label: t('payments.paymentsTotal'), value: money(revenue?.payments) },
          { label: t('payments.refundsTotal'), value: money(revenue?.refunds) },
          {
            label: t('payments.invoiced'),
            value: money(revenue?.invoiced),
            hint: t('payments.invoicedHint'),
          },
          {
            label: t('payments.outstanding'),
            value: money(revenue?.outstanding),
            hint: t('payments.outstandingHint'),
          },
        ]}
      />

      {report.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('payments.loading')}</Text>
        </Group>
      ) : report.isError ? (
        <ErrorBanner
          title={t('payments.loadError')}
          message={t(errorMessageKey(report.error), { ns: 'errors' })}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconCash aria-hidden />}
          title={t('payments.emptyTitle')}
          description={t('payments.emptyDescription')}
        />
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.date')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('columns.invoice')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('columns.student')}</Table.Th>
                <Table.Th visibleFrom="md">{t('columns.method')}</Table.Th>
                <Table.Th visibleFrom="md">{t('columns.reference')}</Table.Th>
                <Table.Th>{t('columns.kind')}</Table.Th>
                <Table.Th ta="right">{t('columns.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.kind}-${row.id}`}>
                  <Table.Td>
                    {formatDate(`${row.date}T12:00:00`, language)}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {row.invoiceNumber} · {row.studentName}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{row.invoiceNumber}</Table.Td>
                  <Table.Td visibleFrom="sm">{row.studentName}</Table.Td>
                  <Table.Td visibleFrom="md">{t(`methods.${row.method}`)}</Table.Td>
                  <Table.Td visibleFrom="md">{row.reference}</Table.Td>
                  <Table.Td>
                    <Badge color={row.kind === 'payment' ? 'teal' : 'orange'} variant="light">
                      {t(`payments.${row.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{money(row.amount, row.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
