import { Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUserOff, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  USER_TOAST_MS,
  type AppUser,
  type BulkUserOperation,
  type BulkUserResult,
} from '@portal/shared-data';
import { userMutations } from '@portal/shared-data/queries';
import { ConfirmDialog } from '@portal/shared-ui';
import { namespace as bulkNamespace } from './bulk-i18n';
import { userFailureText } from './user-failure';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A refused person's reason, in the user's language (never the server's text). */
function reasonOf(result: Extract<BulkUserResult, { status: 'refused' }>, t: Translate): string {
  switch (result.code) {
    case 'TEACHER_HAS_COURSES':
      return t('reasons.teacherCourses', { count: result.courses ?? 0 });
    case 'CANNOT_DELETE_SELF':
    case 'CANNOT_DEMOTE_SELF':
      return t('reasons.self');
    case 'USER_NOT_FOUND':
      return t('reasons.notFound');
    default:
      return t('reasons.other');
  }
}

export interface BulkUserActionsProps {
  /** The selected users (of the shown page; never the signed-in administrator). */
  selected: readonly AppUser[];
  onClear: () => void;
  nameOf: (user: AppUser) => string;
}

type Refused = { user: AppUser; reason: string };

/**
 * The toolbar of a selection in User Management: Deactivate or Delete everyone selected, after a
 * confirmation that says how many and names them. One call of the admin-users function answers
 * each person: the done ones are counted in a toast, the refused ones listed with their reasons (a
 * teacher who still has courses is handed over from their own row, one teacher at a time).
 */
export function BulkUserActions({ selected, onClear, nameOf }: BulkUserActionsProps) {
  const { t } = useTranslation(bulkNamespace);
  // The operation and the people it names, kept while the dialog closes.
  const [confirming, setConfirming] = useState<{
    operation: BulkUserOperation;
    users: readonly AppUser[];
    open: boolean;
  } | null>(null);
  const [refused, setRefused] = useState<Refused[]>([]);
  const bulk = useMutation(userMutations.adminBulk());

  const count = selected.length;
  const ask = (operation: BulkUserOperation) =>
    setConfirming({ operation, users: selected, open: true });
  const deleting = confirming?.operation === 'delete';
  const named = confirming?.users ?? [];
  const close = () => setConfirming((current) => current && { ...current, open: false });
  const run = async () => {
    if (!confirming) return;
    const { operation, users } = confirming;
    const results = await bulk.mutateAsync({ operation, ids: users.map((user) => user.id) });
    const done = results.filter((result) => result.status === 'done').length;
    const left = results.flatMap((result): Refused[] => {
      const user = users.find((candidate) => candidate.id === result.id);
      return result.status === 'refused' && user ? [{ user, reason: reasonOf(result, t) }] : [];
    });
    close();
    onClear();
    if (done > 0) {
      notifications.show({
        color: 'teal',
        message: t(operation === 'delete' ? 'result.deleted' : 'result.deactivated', { count: done }),
        autoClose: USER_TOAST_MS,
      });
    }
    setRefused(left);
  };

  return (
    <>
      {count > 0 ? (
        <Paper withBorder p="xs" role="toolbar" aria-label={t('toolbar.label')}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600} aria-live="polite">
              {t('toolbar.selected', { count })}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                color="orange"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => ask('deactivate')}
              >
                {t('toolbar.deactivate')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => ask('delete')}
              >
                {t('toolbar.delete')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={onClear}
              >
                {t('toolbar.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}

      <ConfirmDialog
        opened={confirming?.open ?? false}
        title={t(deleting ? 'confirm.deleteTitle' : 'confirm.deactivateTitle', { count: named.length })}
        message={
          // The dialog's message is a paragraph: the names follow as a line of their own in it.
          <>
            {t(deleting ? 'confirm.deleteMessage' : 'confirm.deactivateMessage')}
            <Text span display="block" mt="xs" fw={600}>
              {named.map((user) => `${nameOf(user)} (${user.email})`).join(', ')}
            </Text>
          </>
        }
        confirmLabel={t(deleting ? 'confirm.deleteConfirm' : 'confirm.deactivateConfirm')}
        danger
        onConfirm={run}
        onCancel={close}
        failedTitle={t('confirm.failed')}
        describeError={(error) => userFailureText(error, t('reasons.other'), t)}
      />

      <Modal
        opened={refused.length > 0}
        onClose={() => setRefused([])}
        title={t('result.title', { count: refused.length })}
      >
        <Stack gap="md">
          <List size="sm">
            {refused.map(({ user, reason }) => (
              <List.Item key={user.id}>
                <Text span fw={600}>
                  {nameOf(user)}
                </Text>
                : {reason}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button onClick={() => setRefused([])}>{t('result.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
