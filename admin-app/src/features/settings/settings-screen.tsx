import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@portal/shared-data';
import { settingsQueries, type PageLoader } from '@portal/shared-data/queries';
import { ErrorBanner } from '@portal/shared-ui';
import { namespace } from './i18n';
import { SettingsForm } from './settings-form';

/** The shell's route loader: the school's settings, before the form renders. */
export const loader: PageLoader = (queryClient) =>
  queryClient.ensureQueryData(settingsQueries.current());

/**
 * System Settings (admins): the settings that take effect, in five tabs, saved together
 * (docs/product-rules.md "System Settings"). One request to load (get_app_settings); Save Changes is
 * one more (plus one when a new SMTP password was typed). The shell applies the saved branding, theme
 * and session timeout to every page at once; the sign-in limiter and the enrolment alerts read theirs
 * from the database.
 */
export default function SettingsScreen() {
  const { t } = useTranslation(namespace);
  const settings = useQuery(settingsQueries.current());

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('subtitle')}</Text>
      {settings.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : settings.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(settings.error), { ns: 'errors' })}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </Stack>
  );
}
