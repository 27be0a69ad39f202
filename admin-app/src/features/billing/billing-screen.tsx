import { Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';
import { InvoiceDrawer } from './invoice-drawer';
import { InvoicesTab } from './invoices-tab';
import { OverdueTab } from './overdue-tab';
import { PaymentsTab } from './payments-tab';
import { StatementModal } from './statement-modal';

type Tab = 'invoices' | 'overdue' | 'payments';

/**
 * Billing (administrators; docs/money.md "Screens: the office"): Invoices (search, status, pages),
 * Overdue (reminders), Payments (a date range's payments and refunds, its totals, Export CSV); an
 * invoice opens in a drawer with its actions, and a student's statement from there. Each tab is one
 * read; the database refuses all of it to anyone but an administrator.
 */
export default function BillingScreen() {
  const { t } = useTranslation(namespace);
  const [tab, setTab] = useState<Tab>('invoices');
  // The opened invoice (the drawer reads it with its balance).
  const [opened, setOpened] = useState<{ id: string; number?: string } | null>(null);
  const [statement, setStatement] = useState<{ studentId: string; name: string } | null>(null);

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('subtitle')}</Text>
      <Tabs
        value={tab}
        onChange={(value) => setTab((value as Tab | null) ?? 'invoices')}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabs.label')}>
          <Tabs.Tab value="invoices" leftSection={<IconFileInvoice size={16} aria-hidden />}>
            {t('tabs.invoices')}
          </Tabs.Tab>
          <Tabs.Tab value="overdue" leftSection={<IconAlertTriangle size={16} aria-hidden />}>
            {t('tabs.overdue')}
          </Tabs.Tab>
          <Tabs.Tab value="payments" leftSection={<IconCash size={16} aria-hidden />}>
            {t('tabs.payments')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invoices" pt="md">
          <Stack gap="md">
            <InvoicesTab onOpen={setOpened} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="overdue" pt="md">
          <Stack gap="md">
            <OverdueTab onOpen={setOpened} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <Stack gap="md">
            <PaymentsTab />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {opened ? (
        <InvoiceDrawer
          opened={opened}
          hidden={statement !== null}
          onClose={() => setOpened(null)}
          onStatement={(studentId, name) => setStatement({ studentId, name })}
        />
      ) : null}
      {statement ? (
        <StatementModal
          studentId={statement.studentId}
          name={statement.name}
          onClose={() => setStatement(null)}
        />
      ) : null}
    </Stack>
  );
}
