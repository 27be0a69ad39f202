import { useAtomValue } from 'jotai';
import { authAtom } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { AppLayout } from '../features/layout/app-layout';
import { namespace } from './i18n';
import { NAV_ICONS } from './nav-icons';
import { navigationFor } from './route-table';

/** The layout with the signed-in role's sidebar entries, read from the route table. */
export function SignedInLayout() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const navigation = user
    ? navigationFor(user.role).map((item) => ({
        path: item.path,
        label: t(item.labelKey),
        icon: NAV_ICONS[item.icon],
      }))
    : [];
  return <AppLayout navigation={navigation} />;
}
