import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  /** Defaults to "Confirm". */
  confirmLabel?: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  onConfirm: () => void;
  /** Called by Cancel, the close button, Escape and a click outside. */
  onCancel: () => void;
  /** While the confirmed action runs: the confirm button spins and the dialog cannot be dismissed. */
  loading?: boolean;
  /** Red confirm button for destructive actions (delete, log out). */
  danger?: boolean;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  loading = false,
  danger = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const dismiss = () => {
    if (!loading) onCancel();
  };
  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={title}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      withCloseButton={!loading}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        {/* Focus starts on the safe choice, so Enter never confirms a destructive action by accident. */}
        <Button variant="default" onClick={dismiss} disabled={loading} data-autofocus>
          {cancelLabel ?? t('cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel ?? t('confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
