import { Alert, Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AVATAR_MAX_BYTES,
  PROFILE_AVATAR_ACCEPT,
  avatarFileError,
  errorMessageKey,
  type AppUser,
} from '@portal/shared-data';
import { userMutations } from '@portal/shared-data/queries';
import { ConfirmDialog, SaveFailedAlert, formatFileSize, useLanguage } from '@portal/shared-ui';
import { namespace } from './i18n';

export interface ProfileAvatarProps {
  user: AppUser;
  /** The profile after a new photo or its removal (the session and sidebar show it at once). */
  onChanged: (user: AppUser) => void;
}

export function initialsOf(user: Pick<AppUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/**
 * The profile photo with Upload / Change and Remove. A picture's type and size are checked before
 * anything is sent; the stored URL carries a version, so the new picture shows at once.
 */
export function ProfileAvatar({ user, onChanged }: ProfileAvatarProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const hintId = useId();
  const resetPicker = useRef<() => void>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const upload = useMutation(userMutations.uploadAvatar());
  const remove = useMutation(userMutations.removeAvatar());
  const maxSize = formatFileSize(AVATAR_MAX_BYTES, language);
  const busy = upload.isPending || remove.isPending;
  const name = `${user.firstName} ${user.lastName}`.trim();

  const choose = (file: File | null) => {
    // The same file may be chosen again after a refusal.
    resetPicker.current?.();
    if (!file) return;
    upload.reset();
    remove.reset();
    const refusal = avatarFileError(file);
    if (refusal) {
      setProblem(t(refusal, { ns: 'validation', size: maxSize }));
      return;
    }
    setProblem(null);
    upload.mutate(
      { userId: user.id, file },
      {
        onSuccess: (saved) => {
          onChanged(saved);
          notifications.show({ color: 'teal', message: t('avatar.uploaded') });
        },
      },
    );
  };

  const confirmRemove = () =>
    remove.mutateAsync(user.id).then((saved) => {
      onChanged(saved);
      setConfirmingRemove(false);
      notifications.show({ color: 'teal', message: t('avatar.removed') });
    });

  return (
    <Stack gap="xs" align="flex-start">
      <Avatar
        src={user.avatar}
        alt={t('avatar.alt', { name })}
        size={96}
        radius="xl"
        color="indigo"
      >
        {initialsOf(user)}
      </Avatar>
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={choose} accept={PROFILE_AVATAR_ACCEPT} resetRef={resetPicker}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconPhotoUp size={16} aria-hidden />}
              loading={upload.isPending}
              disabled={busy && !upload.isPending}
              aria-describedby={hintId}
            >
              {user.avatar ? t('avatar.replace') : t('avatar.upload')}
            </Button>
          )}
        </FileButton>
        {user.avatar ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={busy}
            onClick={() => {
              upload.reset();
              setProblem(null);
              setConfirmingRemove(true);
            }}
          >
            {t('avatar.remove')}
          </Button>
        ) : null}
      </Group>
      <Text id={hintId} size="xs" c="dimmed">
        {t('avatar.hint', { size: maxSize })}
      </Text>
      {problem ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          <Text size="sm">{problem}</Text>
        </Alert>
      ) : null}
      {upload.error ? (
        <SaveFailedAlert
          title={t('avatar.uploadFailed')}
          reason={t(errorMessageKey(upload.error), { ns: 'errors' })}
        />
      ) : null}
      <ConfirmDialog
        opened={confirmingRemove}
        title={t('avatar.confirmTitle')}
        message={t('avatar.confirmMessage')}
        confirmLabel={t('avatar.remove')}
        danger
        failedTitle={t('avatar.removeFailed')}
        describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
        onCancel={() => setConfirmingRemove(false)}
        onConfirm={confirmRemove}
      />
    </Stack>
  );
}
