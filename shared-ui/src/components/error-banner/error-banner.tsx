import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorBannerProps {
  /** Lead-in shown in bold before the message, e.g. "Error loading dashboard data:". */
  title?: ReactNode;
  message: ReactNode;
  /** When given, a "Try again" button calls it. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Shows the retry button as busy while the reload runs. */
  retrying?: boolean;
  /** A small line under the message, e.g. "Nothing you entered was lost; you can try again." */
  notice?: ReactNode;
}

export function ErrorBanner({
  title,
  message,
  onRetry,
  retryLabel,
  retrying = false,
  notice,
}: ErrorBannerProps) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
      {/* One text run so the banner reads "<title> <message>", as the spec words it. */}
      <Text size="sm">
        {title ? (
          <>
            <Text span fw={600} inherit>
              {title}
            </Text>{' '}
          </>
        ) : null}
        {message}
      </Text>
      {notice ? (
        <Text size="xs" c="dimmed" mt={4}>
          {notice}
        </Text>
      ) : null}
      {onRetry ? (
        <Button
          mt="sm"
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRetry}
          loading={retrying}
        >
          {retryLabel ?? t('tryAgain')}
        </Button>
      ) : null}
    </Alert>
  );
}
