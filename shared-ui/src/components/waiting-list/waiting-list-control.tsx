import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wrappingButtonStyles } from '../../layout/wrapping';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import { namespace } from './i18n';

export interface WaitingListControlProps {
  courseTitle: string;
  /** The student's entry for this course, if they are in line (1 = first). */
  entry: { id: string; position: number } | undefined;
  /** The student's entries are still loading: the button waits. */
  loading?: boolean;
  /** Joins; resolves with the place in line, rejects with the server's refusal. */
  onJoin: () => Promise<{ position: number }>;
  /** Leaves (after the student confirmed); a rejection keeps the question open with the reason. */
  onLeave: (entryId: string) => Promise<unknown>;
  /** A rejection in the student's words (`t(errorMessageKey(error), { ns: 'errors' })`). */
  describeError: (error: unknown) => string;
}

/**
 * A full course's action for a student (docs/waiting-list.md): Join the waiting list, or their place in
 * line with Leave, asked first. The database decides who may join; the screens only offer it.
 */
export function WaitingListControl({
  courseTitle,
  entry,
  loading = false,
  onJoin,
  onLeave,
  describeError,
}: WaitingListControlProps) {
  const { t } = useTranslation(namespace);
  const [joining, setJoining] = useState(false);
  const [asking, setAsking] = useState(false);

  const join = () => {
    setJoining(true);
    onJoin().then(
      ({ position }) => {
        setJoining(false);
        notifications.show({
          color: 'green',
          message: t('joined', { title: courseTitle, position }),
        });
      },
      (error: unknown) => {
        setJoining(false);
        notifications.show({
          color: 'red',
          message: t('joinFailed', { message: describeError(error) }),
        });
      },
    );
  };

  const confirmLeave = async () => {
    if (!entry) return;
    await onLeave(entry.id);
    setAsking(false);
    notifications.show({ color: 'green', message: t('left', { title: courseTitle }) });
  };

  if (entry) {
    return (
      <Stack gap="xs">
        <Text fw={600} role="status">
          {t('position', { position: entry.position })}
        </Text>
        <Button
          fullWidth
          styles={wrappingButtonStyles}
          variant="default"
          onClick={() => setAsking(true)}
        >
          {t('leave')}
        </Button>
        <ConfirmDialog
          opened={asking}
          title={t('leaveTitle')}
          message={t('leaveMessage', { title: courseTitle })}
          confirmLabel={t('leaveConfirm')}
          danger
          onConfirm={confirmLeave}
          onCancel={() => setAsking(false)}
          describeError={(error) => t('leaveFailed', { message: describeError(error) })}
        />
      </Stack>
    );
  }

  return (
    <Button
      fullWidth
      styles={wrappingButtonStyles}
      leftSection={<IconHourglass size={16} aria-hidden />}
      onClick={join}
      loading={loading || joining}
    >
      {t('join')}
    </Button>
  );
}
