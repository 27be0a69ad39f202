import { Suspense, lazy } from 'react';

// Loaded on first render, not with the kit: pages that never show a toast (sign-in) do not pay for
// it. `notifications.show()` calls made before it mounts wait in Mantine's store and appear then.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** Where toasts appear. PortalUiProvider mounts it unless told not to; the shell mounts it itself. */
export function NotificationsHost() {
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
