import { ActionIcon, Button, Group, Menu, Stack, Title, type TitleOrder } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconPencil,
  IconPin,
  IconPinnedOff,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import type { FieldErrorKeys } from '../form-modal/translate-errors';
import { AnnouncementFormModal, type AnnouncementFormFieldValues } from './announcement-form-modal';
import { AnnouncementList, type AnnouncementView } from './announcement-list';
import { namespace } from './i18n';

export interface AnnouncementsManagerProps {
  /** A course's announcements, pinned first (shared-data's `useCourseAnnouncementsDrawer` returns all these props). */
  items: readonly AnnouncementView[] | undefined;
  loading: boolean;
  loadError: string | null;
  onRetry: () => void;
  retrying?: boolean;
  /** Posts (editing null) or saves an edit; rejects when the server refused. */
  save: (values: AnnouncementFormFieldValues, editing: AnnouncementView | null) => Promise<unknown>;
  remove: (announcement: AnnouncementView) => Promise<unknown>;
  setPinned: (announcement: AnnouncementView, pinned: boolean) => Promise<unknown>;
  /** A failure in the user's language: `t(errorMessageKey(error), { ns: 'errors' })`. */
  describeError: (error: unknown) => string;
  validate: (
    values: AnnouncementFormFieldValues,
  ) => FieldErrorKeys<keyof AnnouncementFormFieldValues>;
  limits: { title: number; body: number };
  headingOrder?: TitleOrder;
  /** False inside a drawer or dialog whose title already says "Announcements". */
  withHeading?: boolean;
}

type Dialog =
  | { kind: 'form'; editing: AnnouncementView | null }
  | { kind: 'delete'; announcement: AnnouncementView }
  | null;

/**
 * A course's announcements for its teacher and administrators: the list (pinned first, newest next),
 * Post, and per announcement Edit, Pin/Unpin and Delete (after a confirmation). The same section in
 * the teacher's My Courses and the administrator's Course Management; row security decides who may.
 */
export function AnnouncementsManager({
  items,
  loading,
  loadError,
  onRetry,
  retrying,
  save,
  remove,
  setPinned,
  describeError,
  validate,
  limits,
  headingOrder = 3,
  withHeading = true,
}: AnnouncementsManagerProps) {
  const { t } = useTranslation(namespace);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const openForm = (editing: AnnouncementView | null) => {
    setFailure(null);
    setDialog({ kind: 'form', editing });
  };

  const submit = (values: AnnouncementFormFieldValues, editing: AnnouncementView | null) => {
    setSaving(true);
    setFailure(null);
    save(values, editing).then(
      () => {
        setSaving(false);
        setDialog(null);
        notifications.show({
          color: 'teal',
          message: editing ? t('toast.updated') : t('toast.posted'),
        });
      },
      (error: unknown) => {
        setSaving(false);
        setFailure(describeError(error));
      },
    );
  };

  const togglePin = (announcement: AnnouncementView) => {
    setPinned(announcement, !announcement.pinned).catch((error: unknown) => {
      notifications.show({ color: 'red', title: t('pinFailed'), message: describeError(error) });
    });
  };

  const postButton = (variant: 'filled' | 'light') => (
    <Button
      variant={variant}
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => openForm(null)}
    >
      {t('post')}
    </Button>
  );

  const itemHeading = (withHeading ? Math.min(headingOrder + 1, 6) : headingOrder) as TitleOrder;

  return (
    <Stack gap="sm">
      <Group justify={withHeading ? 'space-between' : 'flex-end'} gap="sm">
        {withHeading ? (
          <Title order={headingOrder} size="h4">
            {t('heading')}
          </Title>
        ) : null}
        {items && items.length > 0 ? postButton('filled') : null}
      </Group>
      <AnnouncementList
        items={items}
        loading={loading}
        error={loadError}
        onRetry={onRetry}
        retrying={retrying}
        emptyText={t('emptyStaff')}
        emptyAction={postButton('light')}
        headingOrder={itemHeading}
        showEmailed
        actions={(announcement) => (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('actions', { title: announcement.title })}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => openForm(announcement)}
              >
                {t('edit')}
              </Menu.Item>
              <Menu.Item
                leftSection={
                  announcement.pinned ? (
                    <IconPinnedOff size={16} aria-hidden />
                  ) : (
                    <IconPin size={16} aria-hidden />
                  )
                }
                onClick={() => togglePin(announcement)}
              >
                {announcement.pinned ? t('unpin') : t('pin')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDialog({ kind: 'delete', announcement })}
              >
                {t('delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      />
      {dialog?.kind === 'form' ? (
        <AnnouncementFormModal
          editing={dialog.editing}
          validate={validate}
          limits={limits}
          onClose={() => setDialog(null)}
          onSubmit={(values) => submit(values, dialog.editing)}
          saving={saving}
          failure={failure}
        />
      ) : null}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={t('confirmDelete.title')}
        message={
          dialog?.kind === 'delete'
            ? t('confirmDelete.message', { title: dialog.announcement.title })
            : ''
        }
        confirmLabel={t('confirmDelete.confirm')}
        danger
        failedTitle={t('confirmDelete.failed')}
        describeError={describeError}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          dialog?.kind === 'delete'
            ? remove(dialog.announcement).then(() => {
                setDialog(null);
                notifications.show({ color: 'teal', message: t('toast.deleted') });
              })
            : undefined
        }
      />
    </Stack>
  );
}
