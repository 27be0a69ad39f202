import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFailedAlert } from '../form-modal/save-failed-alert';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  /** Defaults to "Confirm". */
  confirmLabel?: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  /**
   * The confirmed action. Return its promise (e.g. `mutation.mutateAsync(id).then(close)`): while it
   * runs the confirm button spins and the dialog cannot be dismissed; if it rejects, the dialog stays
   * open and says why (`failedTitle`, `describeError`), and Confirm tries again. Closing once it
   * succeeds is the caller's (set `opened` false in the promise's continuation).
   */
  onConfirm: () => void | Promise<unknown>;
  /** Called by Cancel, the close button, Escape and a click outside. */
  onCancel: () => void;
  /** The action runs elsewhere (not as onConfirm's promise): same as while that promise runs. */
  loading?: boolean;
  /** Red confirm button for destructive actions (delete, log out). */
  danger?: boolean;
  /** The lead-in of a failure, e.g. "The class was not deleted:". */
  failedTitle?: ReactNode;
  /**
   * Why onConfirm's promise was rejected, in the user's language:
   * `(error) => t(errorMessageKey(error), { ns: 'errors' })`. Defaults to the generic "Something went
   * wrong" of the `errors` namespace; the raw message is never shown.
   */
  describeError?: (error: unknown) => ReactNode;
}

/** A rejected onConfirm, kept as a box so that even `undefined` counts as a failure. */
type Failure = { error: unknown };

function isPromise(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
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
  failedTitle,
  describeError,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // A new opening starts without the previous one's failure.
  const [shownOpen, setShownOpen] = useState(opened);
  if (shownOpen !== opened) {
    setShownOpen(opened);
    if (opened) setFailure(null);
  }
  const busy = loading || running;
  const dismiss = () => {
    if (!busy) onCancel();
  };
  const confirm = () => {
    if (busy) return;
    setFailure(null);
    const result = onConfirm();
    if (!isPromise(result)) return;
    setRunning(true);
    void result.then(
      () => setRunning(false),
      (error: unknown) => {
        setRunning(false);
        setFailure({ error });
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      title={title}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {failure ? (
          <SaveFailedAlert
            title={failedTitle}
            reason={describeError ? describeError(failure.error) : t('unknown', { ns: 'errors' })}
          />
        ) : null}
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        {/* Focus starts on the safe choice, so Enter never confirms a destructive action by accident. */}
        <Button variant="default" onClick={dismiss} disabled={busy} data-autofocus>
          {cancelLabel ?? t('cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={confirm} loading={busy}>
          {confirmLabel ?? t('confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
