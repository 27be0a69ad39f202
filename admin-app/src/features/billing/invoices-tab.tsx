import { Badge, Button, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAGE_SIZE,
  INVOICE_STATUSES,
  errorMessageKey,
  type InvoiceListItem,
  type InvoiceStatus,
} from '@portal/shared-data';
import { officeBillingQueries } from '@portal/shared-data/queries';
import {
  EmptyState,
  ErrorBanner,
  ListFilters,
  PagedResults,
  formatDate,
  useLanguage,
  usePageOfFilters,
} from '@portal/shared-ui';
import { namespace } from './i18n';
import { STATUS_COLORS, formatMoney } from './money';
import { NewInvoiceModal } from './new-invoice-modal';

const SEARCH_DEBOUNCE_MS = 300;

export interface InvoicesTabProps {
  /** Opens an invoice in the drawer: a row of the list, or the invoice just issued (no number yet). */
  onOpen: (invoice: Pick<InvoiceListItem, 'id'> & { number?: string }) => void;
}

/**
 * The office's invoices: search (number, student, email, course), status filter, one page at a time,
 * one request per page (`invoice_list`); New invoice issues a manual one and opens it in the drawer.
 */
export function InvoicesTab({ onOpen }: InvoicesTabProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [creating, setCreating] = useState(false);
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const { page, setPage, settle } = usePageOfFilters(JSON.stringify([search, status]));
  const invoices = useQuery(
    officeBillingQueries.invoicePage({
      search: search || undefined,
      status: status ?? undefined,
      page,
      limit: DEFAULT_PAGE_SIZE,
    }),
  );
  const list = settle(invoices);
  const filtered = searchText.trim() !== '' || status !== null;
  const clear = () => {
    setSearchText('');
    setStatus(null);
  };
  const day = (value: string) => formatDate(`${value}T12:00:00`, language);

  return (
    <>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('newInvoice.open')}
        </Button>
      </Group>
      {creating ? (
        <NewInvoiceModal
          onClose={() => setCreating(false)}
          onIssued={(id) => {
            setCreating(false);
            onOpen({ id });
          }}
        />
      ) : null}
      <ListFilters
        searchLabel={t('invoices.search')}
        searchPlaceholder={t('invoices.searchPlaceholder')}
        search={searchText}
        onSearchChange={setSearchText}
        select={{
          label: t('invoices.status'),
          allLabel: t('invoices.allStatuses'),
          options: INVOICE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
          value: status,
          onChange: (value) => setStatus((value as InvoiceStatus | null) ?? null),
        }}
        filtered={filtered}
        clearLabel={t('invoices.clear')}
        onClear={clear}
      />
      {invoices.isError ? (
        <ErrorBanner
          title={t('invoices.loadError')}
          message={t(errorMessageKey(invoices.error), { ns: 'errors' })}
          onRetry={() => void invoices.refetch()}
          retrying={invoices.isFetching}
        />
      ) : null}
      <PagedResults
        results={list}
        countTitle={(count) => t('invoices.count', { count })}
        fetching={invoices.isFetching}
        loadingLabel={t('invoices.loading')}
        updatingLabel={t('invoices.updating')}
        filtered={filtered}
        filteredEmpty={{
          title: t('invoices.filteredTitle'),
          description: t('invoices.filteredDescription'),
          clearLabel: t('invoices.clear'),
          onClear: clear,
        }}
        empty={
          <EmptyState
            icon={<IconFileInvoice aria-hidden />}
            title={t('invoices.emptyTitle')}
            description={t('invoices.emptyDescription')}
          />
        }
        page={page}
        onPageChange={setPage}
        pagerLabel={t('invoices.pager')}
      >
        <Table.ScrollContainer minWidth={0}>
          <Table striped highlightOnHover fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.number')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('columns.student')}</Table.Th>
                <Table.Th visibleFrom="md">{t('columns.course')}</Table.Th>
                <Table.Th visibleFrom="md">{t('columns.issued')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('columns.due')}</Table.Th>
                <Table.Th visibleFrom="sm" ta="right">
                  {t('columns.total')}
                </Table.Th>
                <Table.Th ta="right">{t('columns.dueAmount')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list?.items ?? []).map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>
                    {/* "2026-000123" on one line at 375 px, never "2026-" / "000123". */}
                    <UnstyledButton
                      style={{ whiteSpace: 'nowrap' }}
                      onClick={() => onOpen(invoice)}
                      aria-label={t('invoices.open', { number: invoice.number })}
                      c="blue.8"
                      fw={600}
                      fz="sm"
                      td="underline"
                    >
                      {invoice.number}
                    </UnstyledButton>
                    {/* On a phone, the hidden columns' essentials under the number. */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {invoice.studentName} · {day(invoice.dueOn)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{invoice.studentName}</Table.Td>
                  <Table.Td visibleFrom="md">
                    {invoice.courseTitle ?? t('invoices.noCourse')}
                  </Table.Td>
                  <Table.Td visibleFrom="md">{day(invoice.issuedOn)}</Table.Td>
                  <Table.Td visibleFrom="sm">{day(invoice.dueOn)}</Table.Td>
                  <Table.Td visibleFrom="sm" ta="right">
                    {formatMoney(invoice.total, invoice.currency, language)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatMoney(invoice.due, invoice.currency, language)}
                  </Table.Td>
                  <Table.Td>
                    {/* The whole word, never cut to "PEN…": the column takes the badge's width. */}
                    <Badge
                      color={STATUS_COLORS[invoice.status]}
                      variant="light"
                      size="sm"
                      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                    >
                      {t(`status.${invoice.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedResults>
    </>
  );
}
