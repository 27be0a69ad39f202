import { Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../hooks/use-return-focus';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog';
import { FormModalCloseButton, FormModalCloseContext } from './form-modal-close-button';
import { SaveFailedAlert, type SaveFailedAlertProps } from './save-failed-alert';

/** Below Mantine's `xs` breakpoint (576 px) a form dialog takes the whole screen. */
export const FORM_MODAL_PHONE_QUERY = '(max-width: 35.99em)';

export interface FormModalProps extends Omit<
  ModalProps,
  | 'opened'
  | 'onClose'
  | 'title'
  | 'children'
  | 'fullScreen'
  | 'closeOnClickOutside'
  | 'withCloseButton'
  | 'closeButtonProps'
  | 'onSubmit'
> {
  /**
   * Omit it for a dialog mounted only while it is open: it is open, and when it unmounts the focus
   * goes back to what had it (useReturnFocus). Pass it for a dialog that stays mounted; Mantine then
   * returns the focus itself when it turns false.
   */
  opened?: boolean;
  title: ReactNode;
  /**
   * Cancel, the ×, Escape and a click outside; never called while `busy`, and, while `dirty`, only
   * once the user has confirmed they want to discard what they entered.
   */
  onClose: () => void;
  /**
   * What the dialog holds would be lost by closing it: for a form, `form.isDirty()` (@mantine/form
   * compares the values with those it started from, so undoing a change closes at once again).
   * Cancel, the ×, Escape and a click outside then ask "Discard changes?" first. Required, so that
   * every dialog says whether closing it can lose work.
   */
  dirty: boolean;
  /** The question asked while `dirty`, when the dialog has a more precise one than the default. */
  discardPrompt?: DiscardPrompt;
  /**
   * A save is running: the dialog cannot be closed (no Escape, no click outside, the × disabled), so a
   * refusal can be shown and nothing typed is lost.
   */
  busy?: boolean;
  /** Wraps the body, the failure and the actions in a `<form noValidate>` with this handler. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** Why the last save failed, shown after the body and before the actions; null or omitted for none. */
  failure?: SaveFailedAlertProps | null;
  /**
   * The submit button's text ("Schedule Class", "Save Changes"): the dialog ends with Cancel (which
   * closes it) and this submit button, both held while `busy` (the submit spins). Omit it and pass
   * `actions` for other buttons.
   */
  submitLabel?: ReactNode;
  /** Defaults to common's "Cancel". */
  cancelLabel?: ReactNode;
  /** The submit button is off, e.g. while the form offers nothing to choose. */
  submitDisabled?: boolean;
  /**
   * Buttons of the dialog's own (instead of Cancel and `submitLabel`), after the failure. Its Cancel
   * or Close is a `FormModalCloseButton`, which asks first while `dirty`, as the × does.
   */
  actions?: ReactNode;
  /**
   * The fields. The dialog opens on the element marked `data-autofocus` (the first field), not on
   * its ×, as Mantine focuses that element first.
   */
  children: ReactNode;
}

export interface DiscardPrompt {
  title: ReactNode;
  message: ReactNode;
  /** The button that closes the dialog and loses what it held. */
  confirmLabel: string;
  /** The button that goes back to the dialog; defaults to "Keep editing". */
  cancelLabel?: string;
}

function ReturnFocusOnUnmount() {
  useReturnFocus();
  return null;
}

/**
 * "Discard changes?" over a changed dialog. Keep editing gives the focus back to where it was (the
 * field Escape was pressed in, the button that asked); Discard leaves it to the closing dialog.
 */
function DiscardQuestion({
  prompt,
  onDiscard,
  onKeep,
}: {
  prompt: DiscardPrompt | undefined;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation('common');
  const [previous] = useState(() => document.activeElement);
  return (
    <ConfirmDialog
      opened
      title={prompt?.title ?? t('discard.title')}
      message={prompt?.message ?? t('discard.message')}
      confirmLabel={prompt?.confirmLabel ?? t('discard.confirm')}
      cancelLabel={prompt?.cancelLabel ?? t('discard.keepEditing')}
      danger
      onConfirm={onDiscard}
      onCancel={() => {
        onKeep();
        // After the question's own nodes (and their focus) are gone.
        window.setTimeout(() => {
          if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
        }, 0);
      }}
    />
  );
}

/**
 * The kit's form dialog: a Mantine Modal (size lg by default) that takes the whole screen on phones
 * and cannot be dismissed while it saves, with the body, the reason a save failed and the buttons
 * (Cancel and submit, or its own) in that order. With changes (`dirty`) every way of closing it asks
 * first, in the kit's ConfirmDialog above it; Escape in a field's open popover (a date field's
 * calendar, a select's list) closes that popover only (docs/ui-conventions.md).
 */
export function FormModal({
  opened,
  title,
  onClose,
  dirty,
  discardPrompt,
  busy = false,
  onSubmit,
  failure,
  submitLabel,
  cancelLabel,
  submitDisabled = false,
  actions,
  children,
  size = 'lg',
  closeOnEscape = true,
  ...modalProps
}: FormModalProps) {
  const { t } = useTranslation('common');
  const phone = useMediaQuery(FORM_MODAL_PHONE_QUERY) ?? false;
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (busy) return;
    if (dirty) setAsking(true);
    else onClose();
  };
  const content = (
    <Stack gap="md">
      {children}
      {failure ? <SaveFailedAlert {...failure} /> : null}
      {submitLabel === undefined ? (
        actions
      ) : (
        <Group justify="flex-end" gap="xs">
          <FormModalCloseButton disabled={busy}>{cancelLabel ?? t('cancel')}</FormModalCloseButton>
          <Button type="submit" loading={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
  return (
    <>
      {opened === undefined ? <ReturnFocusOnUnmount /> : null}
      <Modal
        {...modalProps}
        opened={opened ?? true}
        onClose={requestClose}
        title={title}
        size={size}
        fullScreen={phone}
        // While the question is open, Escape and clicks belong to it, not to the form behind it.
        closeOnEscape={closeOnEscape && !busy && !asking}
        closeOnClickOutside={!busy && !asking}
        // The theme names the × (common's "Close"); naming it again here keeps that name.
        closeButtonProps={{ 'aria-label': t('close'), disabled: busy }}
      >
        <FormModalCloseContext value={requestClose}>
          {onSubmit ? (
            <form noValidate onSubmit={onSubmit}>
              {content}
            </form>
          ) : (
            content
          )}
        </FormModalCloseContext>
      </Modal>
      {/*
        Mounted only while it asks: a Modal's Escape listener reads its latest props, so a question
        already mounted would see `opened` turn true during the very Escape that opened it (the
        browser runs React's update between two listeners of one event) and close at once.
      */}
      {asking ? (
        <DiscardQuestion
          prompt={discardPrompt}
          onDiscard={() => {
            setAsking(false);
            onClose();
          }}
          onKeep={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
