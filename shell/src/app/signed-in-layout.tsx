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
 * The layout with the signed-in role's sidebar entries, read from the route table. The page's
 * QueryClient is the App's; the user's session in it (query-cache.ts: kept in the session's storage
 * so the next start paints from it) follows the layout, and every kept read goes when it leaves.
 */
export default function SignedInLayout() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const { state } = useNavigation();
  // This user's reads from now on (another user signed in from another tab: the last one's go).
  if (user) portalQueryCache.sessionFor(user.id);
  // The session ends when the layout leaves (sign-out, expiry, another tab), or when another user's
  // replaces it (already started above: that one stays).
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
