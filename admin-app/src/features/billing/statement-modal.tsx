import { Group, Loader, Modal, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type StatementEntry } from '@portal/shared-data';
import { billingQueries } from '@portal/shared-data/queries';
import {
  ErrorBanner,
  FORM_MODAL_PHONE_QUERY,
  StatGrid,
  formatDate,
  useLanguage,
} from '@portal/shared-ui';
import { namespace } from './i18n';
import { formatMoney } from './money';

export interface StatementModalProps {
  studentId: string;
  name: string;
  onClose: () => void;
}

/**
 * A student's statement (student_statement, one read): the balance, what is overdue, and every
 * invoice, credit note, payment and refund in date order with the running balance the database
 * computed.
 */
export function StatementModal({ studentId, name, onClose }: StatementModalProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const phone = useMediaQuery(FORM_MODAL_PHONE_QUERY);
  const statement = useQuery(billingQueries.statement(studentId));
  const currency = statement.data?.currency || 'EUR';
  const money = (amount: number) => formatMoney(amount, currency, language);
  const describe = (entry: StatementEntry) =>
    t(`statement.kinds.${entry.kind}`, {
      number: entry.number ?? '',
      description: entry.description,
      method: t(`methods.${entry.description}`, { defaultValue: entry.description }),
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('statement.title', { name })}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('statement.close') }}
    >
      {statement.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('statement.loading')}</Text>
        </Group>
      ) : statement.isError ? (
        <ErrorBanner
          title={t('statement.loadError')}
          message={t(errorMessageKey(statement.error), { ns: 'errors' })}
          onRetry={() => void statement.refetch()}
          retrying={statement.isFetching}
        />
      ) : (
        <>
          <StatGrid
            items={[
              { label: t('statement.balance'), value: money(statement.data.balance) },
              { label: t('statement.overdue'), value: money(statement.data.overdue) },
            ]}
          />
          {statement.data.entries.length === 0 ? (
            <Text size="sm" mt="md">
              {t('statement.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480} mt="md">
              <Table fz="sm" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('statement.date')}</Table.Th>
                    <Table.Th>{t('statement.entry')}</Table.Th>
                    <Table.Th ta="right">{t('statement.amount')}</Table.Th>
                    <Table.Th ta="right">{t('statement.running')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {statement.data.entries.map((entry) => (
                    <Table.Tr key={`${entry.kind}-${entry.id}`}>
                      <Table.Td>{formatDate(`${entry.date}T12:00:00`, language)}</Table.Td>
                      <Table.Td>{describe(entry)}</Table.Td>
                      <Table.Td ta="right">{money(entry.amount)}</Table.Td>
                      <Table.Td ta="right">{money(entry.balance)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Modal>
  );
}
