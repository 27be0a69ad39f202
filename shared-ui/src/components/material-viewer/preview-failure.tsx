import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Why a file's preview cannot be shown, with the way to open it anyway; the viewer's Download stays
 * below. Never a blank box.
 */
export function PreviewFailure({
  message,
  openHref,
}: {
  message: string;
  openHref: string | null;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {openHref ? (
          <Button
            component="a"
            href={openHref}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            size="xs"
            leftSection={<IconExternalLink size={14} aria-hidden />}
          >
            {t('viewer.openInNewTab')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
