import { QueryClientProvider } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { authAtom, rememberMeStorage } from '@portal/shared-data';
import { NotificationsHost } from '@portal/shared-ui';
import { createQueryClient } from '@portal/shared-data/queries';
import { useTranslation } from 'react-i18next';
import { AppLayout } from '../features/layout/app-layout';
import { earlyQueryClientFor, endEarlyStart, forgetRole, rememberRole } from './early-start';
import { namespace } from './i18n';
import { NAV_ICONS } from './nav-icons';
import { navigationFor } from './route-table';
import { useLastView } from './use-last-view';
import { forgetLastView } from '../prerender/last-view';

/**
 * The layout with the signed-in role's sidebar entries, read from the route table. It owns the
 * page's QueryClient: one per signed-in session, so signing out drops every cached read and the
 * next user starts clean. It remembers the user's role for the next page load's early start, and
 * keeps the dashboard's last view for the next start's first paint (use-last-view.ts).
 */
export default function SignedInLayout() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  // The client the start filled early for this user (features/remotes/early-start.ts), else a new one.
  const [queryClient] = useState(
    () => (user ? earlyQueryClientFor(user.id) : null) ?? createQueryClient(),
  );
  const userId = user?.id;
  const role = user?.role;
  useEffect(() => {
    if (userId && role) rememberRole(userId, role);
  }, [userId, role]);
  // The layout leaves when the session ends (sign-out, expiry, another tab).
  useEffect(
    () => () => {
      forgetRole();
      endEarlyStart();
      // The dashboard's last view is this user's: the next start must not paint it.
      forgetLastView(rememberMeStorage);
    },
    [],
  );
  useLastView(queryClient, userId);
  const navigation = user
    ? navigationFor(user.role).map((item) => ({
        path: item.path,
        label: t(item.labelKey),
        icon: NAV_ICONS[item.icon],
      }))
    : [];
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationsHost />
      <AppLayout navigation={navigation} />
    </QueryClientProvider>
  );
}
