import { Button, Group, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type OverdueInvoice } from '@portal/shared-data';
import { officeBillingMutations, officeBillingQueries } from '@portal/shared-data/queries';
import {
  EmptyState,
  ErrorBanner,
  formatDate,
  formatDateTime,
  useLanguage,
} from '@portal/shared-ui';
import { namespace } from './i18n';
import { formatMoney, moneyFailureText } from './money';

export interface OverdueTabProps {
  onOpen: (invoice: OverdueInvoice) => void;
}

/**
 * The overdue invoices (one read: `overdue_reminders`) with days overdue, amount due, the student and
 * the last reminder; Send reminder for one, or for all listed (the database skips any reminded in the
 * last 7 days and says how many it queued).
 */
export function OverdueTab({ onOpen }: OverdueTabProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const overdue = useQuery(officeBillingQueries.overdueReminders());
  const send = useMutation(officeBillingMutations.sendReminders());
  const rows = overdue.data ?? [];

  const sendReminders = (ids?: string[]) =>
    send.mutate(ids, {
      onSuccess: ({ queued }) =>
        notifications.show({
          color: queued > 0 ? 'teal' : 'yellow',
          message: queued === 0 ? t('overdue.sent_zero') : t('overdue.sent', { count: queued }),
        }),
    });

  if (overdue.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('overdue.loading')}</Text>
      </Group>
    );
  if (overdue.isError)
    return (
      <ErrorBanner
        title={t('overdue.loadError')}
        message={t(errorMessageKey(overdue.error), { ns: 'errors' })}
        onRetry={() => void overdue.refetch()}
        retrying={overdue.isFetching}
      />
    );
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<IconCircleCheck aria-hidden />}
        title={t('overdue.emptyTitle')}
        description={t('overdue.emptyDescription')}
      />
    );

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600}>{t('overdue.count', { count: rows.length })}</Text>
        <Button
          leftSection={<IconMailForward size={18} aria-hidden />}
          onClick={() => sendReminders(rows.map((row) => row.id))}
          loading={send.isPending && send.variables !== undefined && send.variables.length > 1}
          disabled={send.isPending}
        >
          {t('overdue.sendAll')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('overdue.rule')}
      </Text>
      {send.error ? (
        <ErrorBanner title={t('overdue.failed')} message={moneyFailureText(send.error, t)} />
      ) : null}
      <Table.ScrollContainer minWidth={0}>
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.number')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('columns.student')}</Table.Th>
              <Table.Th visibleFrom="md">{t('columns.due')}</Table.Th>
              <Table.Th visibleFrom="sm" ta="right">
                {t('columns.daysOverdue')}
              </Table.Th>
              <Table.Th ta="right">{t('columns.dueAmount')}</Table.Th>
              <Table.Th visibleFrom="md">{t('columns.lastReminder')}</Table.Th>
              <Table.Th>{t('columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onOpen(row)}
                    aria-label={t('invoices.open', { number: row.number })}
                    c="blue.8"
                    fw={600}
                    fz="sm"
                    td="underline"
                  >
                    {row.number}
                  </UnstyledButton>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {row.studentName} · {t('overdue.days', { count: row.daysOverdue })}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {row.studentName}
                  <Text size="xs" c="dimmed">
                    {row.studentEmail}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  {formatDate(`${row.dueOn}T12:00:00`, language)}
                </Table.Td>
                <Table.Td visibleFrom="sm" ta="right">
                  {t('overdue.days', { count: row.daysOverdue })}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(row.due, row.currency, language)}</Table.Td>
                <Table.Td visibleFrom="md">
                  {row.lastRemindedAt
                    ? formatDateTime(row.lastRemindedAt, language)
                    : t('overdue.never')}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('overdue.sendOneLabel', { number: row.number })}
                    onClick={() => sendReminders([row.id])}
                    disabled={send.isPending}
                  >
                    {t('overdue.sendOne')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
