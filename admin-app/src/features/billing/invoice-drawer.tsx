import { Badge, Button, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type PaymentMethod } from '@portal/shared-data';
import { officeBillingQueries, usePdfDownload } from '@portal/shared-data/queries';
import {
  ErrorBanner,
  FORM_MODAL_PHONE_QUERY,
  documentLabels,
  formatDate,
  useLanguage,
} from '@portal/shared-ui';
import { CreditNoteModal } from './credit-note-modal';
import { namespace } from './i18n';
import { STATUS_COLORS, formatMoney } from './money';
import { PaymentFormModal } from './payment-form-modal';

export interface InvoiceDrawerProps {
  /**
   * The invoice to show: its id, and its number when the list showed it (it names the drawer while
   * the read runs; a just-issued invoice is named once read). Only the drawer's own read gives figures.
   */
  opened: { id: string; number?: string };
  onClose: () => void;
  /** Opens the student's statement. */
  onStatement: (studentId: string, name: string) => void;
  /** Another dialog (the statement) stands in the drawer's place for now. */
  hidden?: boolean;
}

type Action = 'payment' | 'refund' | 'credit' | null;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

type MovementKind = 'payment' | 'refund';

/** A payment or a refund as the drawer lists it. */
type Movement = {
  id: string;
  date: string;
  method: PaymentMethod;
  amount: number | string;
  reference: string | null;
};

/**
 * One payment or refund: date · method · amount · reference, and its receipt's download (a refund's
 * button names it a refund receipt for screen readers).
 */
function MovementRow({
  kind,
  entry,
  number,
  day,
  money,
  busyId,
  onReceipt,
}: {
  kind: MovementKind;
  entry: Movement;
  /** The invoice's number, for the button's accessible name. */
  number: string;
  day: (value: string) => string;
  money: (amount: number | string) => string;
  busyId: string | null;
  onReceipt: (kind: MovementKind, entry: Movement) => void;
}) {
  const { t } = useTranslation(namespace);
  const busyKey = `${kind}:${entry.id}`;
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Text size="sm">
        {day(entry.date)} · {t(`methods.${entry.method}`)} · {money(entry.amount)}
        {entry.reference ? ` · ${entry.reference}` : ''}
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconDownload size={14} aria-hidden />}
        aria-label={t(
          kind === 'payment' ? 'invoice.downloadReceiptLabel' : 'invoice.downloadRefundLabel',
          {
            date: day(entry.date),
            number,
          },
        )}
        loading={busyId === busyKey}
        onClick={() => onReceipt(kind, entry)}
      >
        {t('invoice.downloadReceipt')}
      </Button>
    </Group>
  );
}

/**
 * One invoice as issued: its lines, totals, credit notes, payments and refunds (one read), and the
 * office's actions on it. Every figure is the database's; the drawer adds nothing up.
 */
export function InvoiceDrawer({
  opened,
  onClose,
  onStatement,
  hidden = false,
}: InvoiceDrawerProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const phone = useMediaQuery(FORM_MODAL_PHONE_QUERY);
  // One read: the invoice, its balance, lines, credit notes, payments and refunds. A money action
  // invalidates it with every other money read, so the figures follow.
  const detail = useQuery(officeBillingQueries.invoiceDetail(opened.id));
  const [action, setAction] = useState<Action>(null);
  // Opened again, the cache may still hold what was read last time (before a payment or a drop made
  // elsewhere): the query reads it again on every open, and until that read has answered nothing of
  // the cached copy is shown, so an old due is never shown as the current one.
  const fresh = detail.isFetchedAfterMount;
  const invoice = fresh ? detail.data?.balance : undefined;
  const doc = fresh ? detail.data?.document : undefined;
  const number = doc?.invoice.number ?? opened.number;
  const money = (amount: number | string) =>
    formatMoney(Number(amount), invoice?.currency ?? '', language);
  const day = (value: string) => formatDate(`${value}T12:00:00`, language);
  // PDFs are built from the invoice this drawer already read (no request of their own), in the
  // invoice's language, with the builder loaded on the first press (docs/money.md "PDFs").
  const pdf = usePdfDownload(documentLabels, (error) =>
    notifications.show({
      color: 'red',
      message: t('invoice.downloadFailed', {
        message: t(errorMessageKey(error), { ns: 'errors' }),
      }),
    }),
  );
  const downloadButton = (label: string, text: string, busyKey: string, run: () => void) => (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={label}
      loading={pdf.busyId === busyKey}
      onClick={run}
    >
      {text}
    </Button>
  );

  // What each payment and refund row needs: its text and its receipt, printed from this read.
  const movementProps = {
    number: doc?.invoice.number ?? '',
    day,
    money,
    busyId: pdf.busyId,
    onReceipt: (kind: MovementKind, entry: Movement) => {
      if (!doc) return;
      void pdf.download(
        {
          kind: 'receipt',
          invoiceId: opened.id,
          document: doc,
          entry: {
            kind,
            date: entry.date,
            method: entry.method,
            reference: entry.reference ?? '',
            amount: Number(entry.amount),
          },
        },
        `${kind}:${entry.id}`,
      );
    },
  };

  return (
    <>
      {/* One dialog at a time: a form opened from here takes the drawer's place until it closes. */}
      <Drawer
        opened={action === null && !hidden}
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 'lg'}
        title={
          <Group gap="xs">
            <Text fw={700} component="span">
              {number ? t('invoice.title', { number }) : t('invoice.titleUnnumbered')}
            </Text>
            {invoice ? (
              <Badge color={STATUS_COLORS[invoice.status]} variant="light">
                {t(`status.${invoice.status}`)}
              </Badge>
            ) : null}
          </Group>
        }
        closeButtonProps={{ 'aria-label': t('invoice.close') }}
      >
        {detail.isPending || !fresh ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('invoice.loading')}</Text>
          </Group>
        ) : detail.isError ? (
          <ErrorBanner
            title={t('invoice.loadError')}
            message={t(errorMessageKey(detail.error), { ns: 'errors' })}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        ) : !invoice || !doc ? (
          <Text size="sm">{t('invoice.missing')}</Text>
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('invoice.issuedOn', { date: day(invoice.issuedOn), due: day(invoice.dueOn) })}
            </Text>
            <Section title={t('invoice.billedTo')}>
              <Text size="sm">{invoice.studentName}</Text>
              <Text size="sm" c="dimmed">
                {invoice.studentEmail}
              </Text>
            </Section>

            <Group gap="xs" wrap="wrap">
              <Button
                size="sm"
                onClick={() => setAction('payment')}
                disabled={invoice.due <= 0 || invoice.status === 'void'}
              >
                {t('invoice.recordPayment')}
              </Button>
              <Button
                size="sm"
                variant="light"
                onClick={() => setAction('refund')}
                disabled={invoice.paid <= invoice.refunded}
              >
                {t('invoice.recordRefund')}
              </Button>
              <Button
                size="sm"
                variant="light"
                onClick={() => setAction('credit')}
                disabled={invoice.status === 'void'}
              >
                {t('invoice.issueCreditNote')}
              </Button>
              {invoice.studentId ? (
                <Button
                  size="sm"
                  variant="subtle"
                  onClick={() => onStatement(invoice.studentId as string, invoice.studentName)}
                >
                  {t('invoice.statement')}
                </Button>
              ) : null}
              {downloadButton(
                t('invoice.downloadInvoiceLabel', { number: doc.invoice.number }),
                t('invoice.downloadInvoice'),
                'invoice',
                () =>
                  void pdf.download(
                    { kind: 'invoice', invoiceId: opened.id, document: doc },
                    'invoice',
                  ),
              )}
            </Group>

            <Table withTableBorder variant="vertical" layout="fixed" fz="sm">
              <Table.Tbody>
                {(
                  [
                    ['net', invoice.net],
                    ['tax', invoice.tax],
                    ['total', invoice.total],
                    ['credited', invoice.credited],
                    ['paid', invoice.paid],
                    ['refunded', invoice.refunded],
                    ['due', invoice.due],
                  ] as const
                ).map(([key, amount]) => (
                  <Table.Tr key={key}>
                    <Table.Th scope="row" w="50%">
                      {key === 'tax'
                        ? t('invoice.tax', { rate: Number(doc.invoice.tax_rate) })
                        : t(`invoice.${key}`)}
                    </Table.Th>
                    <Table.Td ta="right" fw={key === 'due' || key === 'total' ? 700 : undefined}>
                      {money(amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>

            <Section title={t('invoice.lines')}>
              <Table.ScrollContainer minWidth={420}>
                <Table fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('invoice.description')}</Table.Th>
                      <Table.Th ta="right">{t('invoice.quantity')}</Table.Th>
                      <Table.Th ta="right">{t('invoice.unitPrice')}</Table.Th>
                      <Table.Th ta="right">{t('invoice.discount')}</Table.Th>
                      <Table.Th ta="right">{t('invoice.lineAmount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {doc.lines.map((line) => (
                      <Table.Tr key={line.position}>
                        <Table.Td>{line.description}</Table.Td>
                        <Table.Td ta="right">{line.quantity}</Table.Td>
                        <Table.Td ta="right">{money(line.unitPrice)}</Table.Td>
                        <Table.Td ta="right">{money(line.discount)}</Table.Td>
                        <Table.Td ta="right">{money(line.amount)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Section>
            <Section title={t('invoice.creditNotes')}>
              {doc.creditNotes.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('invoice.noCreditNotes')}
                </Text>
              ) : (
                doc.creditNotes.map((note) => (
                  <Text size="sm" key={note.id}>
                    {day(note.issued_on)} · {note.number} · {money(note.total)} · {note.reason}
                  </Text>
                ))
              )}
            </Section>
            <Section title={t('invoice.payments')}>
              {doc.payments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('invoice.noPayments')}
                </Text>
              ) : (
                doc.payments.map((payment) => (
                  <MovementRow
                    key={payment.id}
                    kind="payment"
                    entry={{
                      id: payment.id,
                      date: payment.paid_on,
                      method: payment.method as PaymentMethod,
                      amount: payment.amount,
                      reference: payment.reference,
                    }}
                    {...movementProps}
                  />
                ))
              )}
            </Section>
            <Section title={t('invoice.refunds')}>
              {doc.refunds.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('invoice.noRefunds')}
                </Text>
              ) : (
                doc.refunds.map((refund) => (
                  <MovementRow
                    key={refund.id}
                    kind="refund"
                    entry={{
                      id: refund.id,
                      date: refund.refunded_on,
                      method: refund.method as PaymentMethod,
                      amount: refund.amount,
                      reference: refund.reference,
                    }}
                    {...movementProps}
                  />
                ))
              )}
            </Section>
          </Stack>
        )}
      </Drawer>
      {invoice && (action === 'payment' || action === 'refund') ? (
        <PaymentFormModal kind={action} invoice={invoice} onClose={() => setAction(null)} />
      ) : null}
      {invoice && action === 'credit' ? (
        <CreditNoteModal invoice={invoice} onClose={() => setAction(null)} />
      ) : null}
    </>
  );
}
