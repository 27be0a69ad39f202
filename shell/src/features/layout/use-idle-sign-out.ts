import { useEffect, useRef } from 'react';
import { LAST_ACTIVITY_STORAGE_KEY, msUntilIdleSignOut } from '@portal/shared-data';

/** What counts as using the portal (docs/product-rules.md "System Settings", session timeout). */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'];

/** Input is shared with the other tabs at most this often (the timeout is counted in minutes). */
const SHARE_EVERY_MS = 5_000;

function sharedActivity(): number {
  try {
    return Number(globalThis.localStorage?.getItem(LAST_ACTIVITY_STORAGE_KEY)) || 0;
  } catch {
    return 0;
  }
}

function shareActivity(at: number): void {
  try {
    globalThis.localStorage?.setItem(LAST_ACTIVITY_STORAGE_KEY, String(at));
  } catch {
    // Without storage each tab counts its own input only.
  }
}

/**
 * Calls `onIdle(minutes)` once no tab of this browser has seen mouse, keyboard or touch input for
 * `minutes` (System Settings → Security → session timeout); null turns it off. Starting counts as
 * input, so signing in or reloading restarts the count. `onUse(minutes)` hears of input at most every
 * 5 seconds (the layout keeps the session fresh with it, so the server's own timeout never ends a
 * session in use).
 */
export function useIdleSignOut(
  minutes: number | null,
  onIdle: (minutes: number) => void,
  onUse?: (minutes: number) => void,
): void {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;
  const onUseRef = useRef(onUse);
  onUseRef.current = onUse;

  useEffect(() => {
    if (minutes === null || minutes <= 0) return;
    let lastInput = Date.now();
    let lastShared = lastInput;
    shareActivity(lastInput);

    const onInput = () => {
      lastInput = Date.now();
      if (lastInput - lastShared >= SHARE_EVERY_MS) {
        lastShared = lastInput;
        shareActivity(lastInput);
        onUseRef.current?.(minutes);
      }
    };

    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const wait = msUntilIdleSignOut(minutes, Math.max(lastInput, sharedActivity()), Date.now());
      if (wait <= 0) {
        onIdleRef.current(minutes);
        return;
      }
      timer = setTimeout(check, wait);
    };
    timer = setTimeout(check, minutes * 60_000);

    for (const event of ACTIVITY_EVENTS) {
      window.addEventListener(event, onInput, { capture: true, passive: true });
    }
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) {
        window.removeEventListener(event, onInput, { capture: true });
      }
    };
  }, [minutes]);
}
