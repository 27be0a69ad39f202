import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadTextFile } from '../class-calendar/download-text-file';

/** A file a DownloadButton saves: its name, text and media type. */
export type DownloadedFile = { fileName: string; text: string; type: string };

export interface DownloadButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  children: string;
  /** What is downloaded, when the visible text alone does not say it (a course card's title). */
  'aria-describedby'?: string;
  /** Reads what is downloaded (fresh, e.g. a CSV export) and answers the file. */
  read: () => Promise<DownloadedFile>;
  /** The lead-in of a failure, e.g. "The export failed:". */
  failedTitle: string;
  /** Why `read` failed, in the user's language (never the raw message). */
  describeError: (error: unknown) => string;
}

/**
 * A button that reads something and saves it as a file (the admin's CSV exports): busy while it
 * reads; a failure stays on screen until dismissed, so its reason can be read at any pace.
 */
export function DownloadButton({
  children,
  read,
  failedTitle,
  describeError,
  variant = 'default',
  ...props
}: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { fileName, text, type } = await read();
      downloadTextFile(fileName, text, type);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: failedTitle,
        message: describeError(error),
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
