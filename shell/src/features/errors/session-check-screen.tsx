import { Box, Center, Stack, Text } from '@mantine/core';
import { errorMessageKey, type ServiceError } from '@portal/shared-data';
import { ErrorBanner, LanguageSwitcher } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

type Props = { failure: ServiceError; onRetry: () => void; retrying: boolean };

/**
 * The start-up session check could not reach the server: the stored session is kept, so instead
 * of the sign-in page the user reads why and can try again.
 */
export function SessionCheckScreen({ failure, onRetry, retrying }: Props) {
  const { t } = useTranslation(namespace);
  return (
    <Center mih="100vh" p="md">
      <Stack maw={560} w="100%">
        <Box style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <LanguageSwitcher />
        </Box>
        <ErrorBanner
          title={t('sessionCheck.title')}
          message={t(errorMessageKey(failure), { ns: 'errors' })}
          onRetry={onRetry}
          retrying={retrying}
        />
        <Text size="sm" c="dimmed">
          {t('sessionCheck.hint')}
        </Text>
      </Stack>
    </Center>
  );
}
