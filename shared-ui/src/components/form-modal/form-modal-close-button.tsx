import { Button, type ButtonProps } from '@mantine/core';
import { createContext, use, type ReactNode } from 'react';

/** The enclosing FormModal's close: it asks first while the dialog has changes. */
export const FormModalCloseContext = createContext<(() => void) | null>(null);

export type FormModalCloseButtonProps = ButtonProps & { children: ReactNode };

/**
 * A dialog's own Cancel or Close button, anywhere inside a FormModal (its `actions` or its body):
 * it closes the dialog the way its × does, so a dialog with changes asks before they are lost.
 */
export function FormModalCloseButton({ children, ...buttonProps }: FormModalCloseButtonProps) {
  const close = use(FormModalCloseContext);
  if (!close) throw new Error('FormModalCloseButton is used outside a FormModal');
  return (
    <Button variant="default" {...buttonProps} onClick={close}>
      {children}
    </Button>
  );
}
