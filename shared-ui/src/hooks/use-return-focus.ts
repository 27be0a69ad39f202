import { useEffect, useState } from 'react';

/**
 * For a dialog that is mounted only while it is open (Mantine returns the focus only when `opened`
 * turns false): when it unmounts, the focus goes back to what had it when the dialog opened, so a
 * keyboard user continues from the button they pressed. Nothing moves if that element is gone or
 * if something else (the next dialog) has taken the focus meanwhile.
 */
export function useReturnFocus(): void {
  const [previous] = useState(() =>
    typeof document === 'undefined' ? null : document.activeElement,
  );
  useEffect(
    () => () => {
      if (!(previous instanceof HTMLElement)) return;
      // After the dialog's own nodes (and their focus) are gone.
      window.setTimeout(() => {
        const current = document.activeElement;
        const focusLost = !current || current === document.body;
        if (focusLost && previous.isConnected) previous.focus();
      }, 0);
    },
    [previous],
  );
}
