import { Suspense, lazy, useEffect } from 'react';

// Loaded on first render, not with the kit: pages that never show a toast (sign-in) do not pay for
// it. `notifications.show()` calls made before it mounts wait in Mantine's store and appear then.
// Escape closes every toast on show (WCAG 2.4.11 Focus not obscured): a toast over the focused
// element goes without the focus moving. It does not stop the key: an open dialog closes too.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({
    default: function ToastHost() {
      useEffect(() => {
        const onKeyDown = (event: KeyboardEvent) => {
          if (event.key === 'Escape') module.notifications.clean();
        };
        window.addEventListener('keydown', onKeyDown);
        return () => window.removeEventListener('keydown', onKeyDown);
      }, []);
      return <module.Notifications />;
    },
  })),
);

/** Where toasts appear. PortalUiProvider mounts it unless told not to; the shell mounts it itself. */
export function NotificationsHost() {
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
