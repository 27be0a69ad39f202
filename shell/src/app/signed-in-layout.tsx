import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { authAtom } from '@portal/shared-data';
import { NotificationsHost } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router-dom';
import { AppLayout } from '../features/layout/app-layout';
import { namespace } from './i18n';
import { NAV_ICONS } from './nav-icons';
import { portalQueryCache } from './query-cache';
import { navigationFor } from './route-table';

/**
 * The layout with the signed-in role's sidebar entries, read from the route table. The session's
 * QueryClient (query-cache.ts: one per user, kept in the session's storage so the next start paints
 * from it) is the App's; when the session ends the layout leaves, and every kept read goes with it.
 */
export default function SignedInLayout() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const { state } = useNavigation();
  // The layout leaves when the session ends (sign-out, expiry, another tab), or when another user's
  // session replaces this one (then the App has already given the next user a client of their own).
  const userId = user?.id;
  useEffect(() => () => portalQueryCache.end(userId), [userId]);
  if (!user) return null;
  const navigation = navigationFor(user.role).map((item) => ({
    path: item.path,
    label: t(item.labelKey),
    icon: NAV_ICONS[item.icon],
  }));
  return (
    <>
      <NotificationsHost />
      <AppLayout navigation={navigation} loading={state === 'loading'} />
    </>
  );
}
