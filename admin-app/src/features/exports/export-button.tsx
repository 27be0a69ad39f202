import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@portal/shared-data';
import { CSV_CONTENT_TYPE } from '@portal/shared-data/csv';
import { downloadTextFile } from '@portal/shared-ui';
import { namespace } from './i18n';

export interface ExportButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  children: string;
  /** What is exported, when the visible text alone does not say it (a course card's title). */
  'aria-describedby'?: string;
  /** Reads what is exported (fresh) and answers the file's name and text. */
  read: () => Promise<{ fileName: string; csv: string }>;
}

/**
 * A button that reads a list and downloads it as a CSV file; busy while it reads, and a failure
 * stays on screen, in the user's language, until dismissed.
 */
export function ExportButton({ children, read, variant = 'default', ...props }: ExportButtonProps) {
  const { t } = useTranslation(namespace);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { fileName, csv } = await read();
      downloadTextFile(fileName, csv, CSV_CONTENT_TYPE);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('failed'),
        message: t(errorMessageKey(error), { ns: 'errors' }),
        autoClose: false,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={variant}
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={() => void run()}
      {...props}
    >
      {children}
    </Button>
  );
}
