import { Alert, Card, Checkbox, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { authAtom, isNotificationKind, type NotificationPreference } from '@portal/shared-data';
import { notificationMutations, notificationQueries } from '@portal/shared-data/queries';
import { namespace } from './i18n';

/**
 * Profile → Notifications: per kind, in the app, by email, or both (the database keeps at least one).
 * Each change is saved at once (own rows only: row security); no row stored means the kind's defaults.
 */
export function NotificationPreferencesSection() {
  const { t } = useTranslation(namespace, { keyPrefix: 'notifications' });
  const userId = useAtomValue(authAtom).user?.id;
  const preferences = useQuery(notificationQueries.preferences());
  const save = useMutation(notificationMutations.savePreference());
  // Kinds a newer database knows and this build has no words for are left out.
  const kinds = (preferences.data ?? []).filter((preference) =>
    isNotificationKind(preference.kind),
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
                    <Table.Td>
                      <Group justify="center">
                        <Checkbox
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
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="center">
                        <Checkbox
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
                      </Group>
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
