import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { settingsQueries } from '@portal/shared-data/queries';
import { useSiteName } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

/**
 * What a deactivated person reads after signing in with the right password (the auth server answers
 * user_banned only then): the account is deactivated and whom to write to, System Settings → General
 * → contact email (public with the branding), or the school's office when none is set.
 */
export function DeactivatedNotice() {
  const { t } = useTranslation(namespace);
  const school = useSiteName();
  const contact = useQuery(settingsQueries.public()).data?.contactEmail ?? '';
  return (
    <Alert color="red" role="alert" title={t('deactivated.title')}>
      <Text size="sm">
        {contact
          ? t('deactivated.contact', { email: contact })
          : t('deactivated.noContact', { school })}
      </Text>
    </Alert>
  );
}
