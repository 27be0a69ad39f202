import { Alert, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconCreditCard, IconDownload, IconReceipt } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  EmptyState,
  ErrorBanner,
  StatGrid,
  documentLabels,
  formatDate,
  formatMoney,
  useLanguage,
} from '@portal/shared-ui';
import {
  errorMessageKey,
  paths,
  type InvoiceStatus,
  type StudentInvoice,
} from '@portal/shared-data';
import {
  billingKeys,
  billingMutations,
  billingQueries,
  usePdfDownload,
} from '@portal/shared-data/queries';
import { BillingTable } from './billing-table';
import { namespace } from './i18n';

/** The query parameter the card payment comes back with (docs/money.md "Screens: the student"). */
export const CARD_RETURN_PARAM = 'card';

/**
 * The reasons the database writes on a credit note (a drop's, a seat hold that ran out unpaid); any
 * other (the office's own) as written.
 */
const DROP_REASONS: Record<string, string> = {
  'Enrolment dropped: full credit': 'reasons.dropFull',
  'Enrolment dropped: classes not yet held': 'reasons.dropProRata',
  'Seat hold expired': 'reasons.seatHoldExpired',
};

/**
 * Mantine's `lg` breakpoint: from here the lists are tables (the main column, beside the sidebar, is
 * wide enough for the invoice table's eight columns); below, a card per row.
 */
export const TABLE_QUERY = '(min-width: 75em)';

const STATUS_COLOR: Record<InvoiceStatus, string> = {
  open: 'blue',
  paid: 'green',
  overdue: 'red',
  void: 'gray',
};

/** Billing (student): balance, invoices, credit notes and receipts in one read; PDFs; card payment. */
export default function BillingScreen() {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const billing = useQuery(billingQueries.studentBilling());
  const wide = useMediaQuery(TABLE_QUERY) ?? false;
  const card = useQuery(billingQueries.cardPayments());
  const startCard = useMutation(billingMutations.startCardPayment());
  const [searchParams, setSearchParams] = useSearchParams();
  const [cardReturn, setCardReturn] = useState<'success' | 'cancel' | null>(null);
  const [payingId, setPayingId] = useState<string | null>(null);
  const queryClient = useQueryClient();

  // Back from the card provider: say how it went, read again, and drop the parameter from the address.
  const returned = searchParams.get(CARD_RETURN_PARAM);
  useEffect(() => {
    if (returned !== 'success' && returned !== 'cancel') return;
    setCardReturn(returned);
    // The page may show a read kept from before the payment: every money read is stale now.
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    setSearchParams(
      (params) => {
        params.delete(CARD_RETURN_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [returned, setSearchParams, queryClient]);

  const reason = (error: unknown) => t(errorMessageKey(error), { ns: 'errors' });
  const pdf = usePdfDownload(documentLabels, (error) =>
    notifications.show({ color: 'red', message: t('downloadFailed', { message: reason(error) }) }),
  );

  const money = (amount: number, currency: string) => formatMoney(amount, currency, language);
  const day = (value: string) => formatDate(value, language);

  const payByCard = async (invoice: StudentInvoice) => {
    setPayingId(invoice.id);
    try {
      const { url } = await startCard.mutateAsync(invoice.id);
      window.location.assign(url);
    } catch (error) {
      setPayingId(null);
      notifications.show({ color: 'red', message: t('payFailed', { message: reason(error) }) });
    }
  };

  const data = billing.data;
  const cardAvailable = card.data?.available === true;

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('intro')}</Text>

      {cardReturn ? (
        <Alert
          color={cardReturn === 'success' ? 'green' : 'yellow'}
          withCloseButton
          closeButtonLabel={t('close', { ns: 'common' })}
          onClose={() => setCardReturn(null)}
          role="status"
        >
          {t(cardReturn === 'success' ? 'cardSuccess' : 'cardCancelled')}
        </Alert>
      ) : null}

      {billing.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(billing.error), { ns: 'errors' })}
          onRetry={() => void billing.refetch()}
          retrying={billing.isFetching}
        />
      ) : null}

      {billing.isPending ? (
        <Text role="status" c="dimmed">
          {t('loading')}
        </Text>
      ) : null}

      {data ? (
        <StatGrid
          items={[
            {
              label: data.balance < 0 ? t('credit') : t('balance'),
              value: money(Math.abs(data.balance), data.currency),
              hint: data.balance < 0 ? undefined : t('balanceHint'),
            },
            {
              label: t('overdue'),
              value: money(data.overdue, data.currency),
              hint: t('overdueHint'),
              color: data.overdue > 0 ? 'red' : undefined,
            },
            { label: t('openInvoices'), value: data.openInvoices },
          ]}
        />
      ) : null}

      {data && data.invoices.length === 0 ? (
        <EmptyState
          icon={<IconReceipt aria-hidden />}
          title={t('emptyTitle')}
          description={t('emptyHint')}
          action={
            <Button
              component={Link}
              to={paths.catalog}
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              {t('browseCatalog')}
            </Button>
          }
        />
      ) : null}

      {data && data.invoices.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="billing-invoices">
          <Title order={2} size="h3" id="billing-invoices">
            {t('invoicesTitle')}
          </Title>
          <BillingTable
            wide={wide}
            caption={t('invoicesCaption')}
            columns={[
              { label: t('columns.number') },
              { label: t('columns.course') },
              { label: t('columns.issued') },
              { label: t('columns.due') },
              { label: t('columns.total'), align: 'right' },
              { label: t('columns.dueAmount'), align: 'right' },
              { label: t('columns.status') },
            ]}
            actionsLabel={t('columns.actions')}
            rows={data.invoices.map((invoice) => {
              const busyKey = `invoice:${invoice.id}`;
              const payable =
                cardAvailable &&
                invoice.due > 0 &&
                (invoice.status === 'open' || invoice.status === 'overdue');
              return {
                key: invoice.id,
                header: invoice.number,
                cells: [
                  invoice.courseTitle,
                  day(invoice.issuedOn),
                  day(invoice.dueOn),
                  money(invoice.total, invoice.currency),
                  money(invoice.due, invoice.currency),
                  <Badge key="status" color={STATUS_COLOR[invoice.status]} variant="light">
                    {t(`status.${invoice.status}`)}
                  </Badge>,
                ],
                actions: (
                  <>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      aria-label={t('downloadInvoiceLabel', { number: invoice.number })}
                      loading={pdf.busyId === busyKey}
                      onClick={() =>
                        void pdf.download({ kind: 'invoice', invoiceId: invoice.id }, busyKey)
                      }
                    >
                      {t('downloadInvoice')}
                    </Button>
                    {payable ? (
                      <Button
                        size="xs"
                        leftSection={<IconCreditCard size={14} aria-hidden />}
                        aria-label={t('payByCardLabel', { number: invoice.number })}
                        loading={payingId === invoice.id}
                        onClick={() => void payByCard(invoice)}
                      >
                        {t('payByCard')}
                      </Button>
                    ) : null}
                  </>
                ),
              };
            })}
          />
        </Stack>
      ) : null}

      {data && data.creditNotes.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="billing-credit-notes">
          <Title order={2} size="h3" id="billing-credit-notes">
            {t('creditNotesTitle')}
          </Title>
          <BillingTable
            wide={wide}
            caption={t('creditNotesCaption')}
            columns={[
              { label: t('columns.number') },
              { label: t('columns.invoice') },
              { label: t('columns.date') },
              { label: t('columns.reason') },
              { label: t('columns.amount'), align: 'right' },
            ]}
            rows={data.creditNotes.map((note) => ({
              key: note.id,
              header: note.number,
              cells: [
                note.invoiceNumber,
                day(note.issuedOn),
                DROP_REASONS[note.reason] ? t(DROP_REASONS[note.reason]!) : note.reason,
                money(note.total, note.currency),
              ],
            }))}
          />
        </Stack>
      ) : null}

      {data && data.invoices.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="billing-receipts">
          <Title order={2} size="h3" id="billing-receipts">
            {t('receiptsTitle')}
          </Title>
          {data.receipts.length === 0 ? (
            <Text c="dimmed">{t('receiptsEmpty')}</Text>
          ) : (
            <BillingTable
              wide={wide}
              caption={t('receiptsCaption')}
              columns={[
                { label: t('columns.date') },
                { label: t('columns.kind') },
                { label: t('columns.invoice') },
                { label: t('columns.method') },
                { label: t('columns.reference') },
                { label: t('columns.amount'), align: 'right' },
              ]}
              actionsLabel={t('columns.actions')}
              rows={data.receipts.map((receipt) => {
                const busyKey = `${receipt.kind}:${receipt.id}`;
                const date = day(receipt.date);
                const amount = money(receipt.amount, receipt.currency);
                return {
                  key: busyKey,
                  header: date,
                  cells: [
                    t(`kind.${receipt.kind}`),
                    receipt.invoiceNumber,
                    t(`methods.${receipt.method}`),
                    receipt.reference || t('noReference'),
                    receipt.kind === 'refund' ? `−${amount}` : amount,
                  ],
                  actions: (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      aria-label={t('downloadReceiptLabel', {
                        date,
                        number: receipt.invoiceNumber,
                      })}
                      loading={pdf.busyId === busyKey}
                      onClick={() =>
                        void pdf.download(
                          {
                            kind: 'receipt',
                            invoiceId: receipt.invoiceId,
                            entry: {
                              kind: receipt.kind,
                              date: receipt.date,
                              method: receipt.method,
                              reference: receipt.reference,
                              amount: receipt.amount,
                            },
                          },
                          busyKey,
                        )
                      }
                    >
                      {t('downloadReceipt')}
                    </Button>
                  ),
                };
              })}
            />
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
