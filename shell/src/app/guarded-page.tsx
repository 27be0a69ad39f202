import { Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Navigate, useLoaderData } from 'react-router-dom';
import { authAtom, paths } from '@portal/shared-data';
import { usePageTitle } from '@portal/shared-ui';
import NoAccessScreen from '../features/errors/no-access-screen';
import MessagesScreen from '../features/messages/messages-screen';
import ProfileScreen from '../features/profile/profile-screen';
import { RemotePage } from '../features/remotes/remote-page';
import { namespace } from './i18n';
import { pageLoader, type PageLoad } from './page-loader';
import { resolveRoute } from './route-table';

/**
 * Resolves a route pattern for the signed-in role and mounts its page, or "no access". `preloaded`:
 * the page's module as the route's loader left it (page-loader.ts); without it the page loads it.
 */
export default function GuardedPage({
  path,
  preloaded = null,
}: {
  path: string;
  preloaded?: PageLoad | null;
}) {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const resolution = user ? resolveRoute(path, user.role) : null;
  usePageTitle(
    resolution?.status === 'allowed'
      ? t(resolution.route.titleKey)
      : t('noAccess.title', { ns: 'shell-errors' }),
  );
  if (!user || !resolution) return null;
  if (resolution.status === 'unknown') return <Navigate to={paths.home} replace />;
  if (resolution.status === 'forbidden') {
    return <NoAccessScreen role={user.role} allowedRoles={resolution.allowedRoles} />;
  }
  const { route } = resolution;
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t(route.titleKey)}
      </Title>
      {route.source.kind === 'remote' ? (
        <RemotePage
          key={`${route.source.remote}:${route.source.module}`}
          remote={route.source.remote}
          module={route.source.module}
          preloaded={
            preloaded?.remote === route.source.remote && preloaded.module === route.source.module
              ? preloaded.load
              : undefined
          }
        />
      ) : route.source.page === 'messages' ? (
        <MessagesScreen />
      ) : (
        <ProfileScreen />
      )}
    </>
  );
}

/** A signed-in page's route, for the router's `lazy`: the page and its loader. */
export function pageRoute(path: string) {
  function Page() {
    return <GuardedPage path={path} preloaded={useLoaderData() as PageLoad | null} />;
  }
  return { Component: Page, loader: pageLoader(path) };
}
