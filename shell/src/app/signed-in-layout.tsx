import { QueryClientProvider } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { authAtom } from '@portal/shared-data';
import { NotificationsHost } from '@portal/shared-ui';
import { createQueryClient } from '@portal/shared-data/queries';
import { useTranslation } from 'react-i18next';
import { AppLayout } from '../features/layout/app-layout';
import { namespace } from './i18n';
import { NAV_ICONS } from './nav-icons';
import { navigationFor } from './route-table';

/**
 * The layout with the signed-in role's sidebar entries, read from the route table. It owns the
 * page's QueryClient: one per signed-in session, so signing out drops every cached read and the
 * next user starts clean.
 */
export default function SignedInLayout() {
  const { t } = useTranslation(namespace);
  const [queryClient] = useState(() => createQueryClient());
  const { user } = useAtomValue(authAtom);
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
