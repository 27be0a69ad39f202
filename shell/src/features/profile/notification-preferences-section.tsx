import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  Checkbox,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  authAtom,
  isNotificationKind,
  notificationKindReaches,
  type NotificationPreference,
} from '@portal/shared-data';
import { notificationMutations, notificationQueries } from '@portal/shared-data/queries';
import { namespace } from './i18n';

/**
 * Profile → Notifications: per kind, in the app, by email, or both (the database keeps at least one).
 * Each change is saved at once (own rows only: row security); no row stored means the kind's defaults.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation(namespace, { keyPrefix: 'notifications' });
  const user = useAtomValue(authAtom).user;
  const userId = user?.id;
  const preferences = useQuery(notificationQueries.preferences());
  const save = useMutation(notificationMutations.savePreference());
  // Kinds a newer database knows and this build has no words for are left out, and so are kinds that
  // never reach the person's role (a teacher or an administrator is told only of messages).
  const kinds = (preferences.data ?? []).filter(
    (preference) =>
      isNotificationKind(preference.kind) &&
      (!user || notificationKindReaches(preference.kind, user.role)),
  );

  const change = (
    preference: NotificationPreference,
    channel: 'inApp' | 'byEmail',
    value: boolean,
  ) => {
    if (!userId) return;
    save.mutate({
      userId,
      kind: preference.kind,
      inApp: preference.inApp,
      byEmail: preference.byEmail,
      [channel]: value,
    });
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('description')}
        </Text>
        {preferences.isPending ? (
          <Group>
            <Loader size="sm" role="status" aria-label={t('title')} />
          </Group>
        ) : preferences.isError ? (
          <Alert color="red" role="alert">
            {t('loadFailed')}
          </Alert>
        ) : (
          // No scrolling area: the kind's name and the headers wrap, so the table fits a 320 px phone.
          <Table verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('kind')}</Table.Th>
                <Table.Th ta="center">{t('inApp')}</Table.Th>
                <Table.Th ta="center">{t('byEmail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {kinds.map((preference) => {
                const label = t(`kinds.${preference.kind}`);
                const saving = save.isPending && save.variables?.kind === preference.kind;
                return (
                  <Table.Tr key={preference.kind}>
                    <Table.Td>
                      <Text size="sm">{label}</Text>
                    </Table.Td>
                    <Table.Td p={0}>
                      <CheckboxCell>
                        <Checkbox
                          size="md"
                          aria-label={t('inAppFor', { kind: label })}
                          checked={preference.inApp}
                          // The last channel left cannot be unticked: the database keeps at least one.
                          disabled={saving || (preference.inApp && !preference.byEmail)}
                          title={
                            preference.inApp && !preference.byEmail ? t('atLeastOne') : undefined
                          }
                          onChange={(event) =>
                            change(preference, 'inApp', event.currentTarget.checked)
                          }
                        />
                      </CheckboxCell>
                    </Table.Td>
                    <Table.Td p={0}>
                      <CheckboxCell>
                        <Checkbox
                          size="md"
                          aria-label={t('byEmailFor', { kind: label })}
                          checked={preference.byEmail}
                          disabled={saving || (preference.byEmail && !preference.inApp)}
                          title={
                            preference.byEmail && !preference.inApp ? t('atLeastOne') : undefined
                          }
                          onChange={(event) =>
                            change(preference, 'byEmail', event.currentTarget.checked)
                          }
                        />
                      </CheckboxCell>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {save.isError ? (
          <Alert color="red" role="alert">
            {t('saveFailed')}
          </Alert>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('atLeastOne')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * A checkbox's cell is its label: a 24 px box (Mantine md) in a 44 px high, full-width hit area, so a tap
 * anywhere in the cell toggles it (WCAG 2.5.8 asks for at least 24 × 24 px).
 */
function CheckboxCell({ children }: { children: ReactNode }) {
  return (
    <Box
      component="label"
      display="flex"
      mih={44}
      px="xs"
      style={{ alignItems: 'center', justifyContent: 'center', cursor: 'pointer' }}
    >
      {children}
    </Box>
  );
}
