import { Button, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ErrorBanner, FullPageLoader, PageHeader, useNow } from '@portal/shared-ui';
import { authAtom, errorMessageKey, isFirstVisit } from '@portal/shared-data';
import { dashboardQueries, useJoinClass, type PageLoader } from '@portal/shared-data/queries';
import { DashboardAnnouncements } from './dashboard-announcements';
import { DashboardCourses } from './dashboard-courses';
import { DashboardSkillProgress } from './dashboard-skill-progress';
import { namespace } from './i18n';
import { UpcomingClasses } from './upcoming-classes';

/** The shell's route loader: the dashboard's one read, before the page renders. */
export const loader: PageLoader = (queryClient) =>
  queryClient.ensureQueryData(dashboardQueries.student());

/** Student dashboard: welcome, the newest courses and their upcoming classes, in one request. */
export default function DashboardScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const dashboard = useQuery(dashboardQueries.student());
  const now = useNow();
  const { join, recorded, problem, dismissProblem } = useJoinClass(user?.id ?? null);
  const firstName = user?.firstName.trim() ?? '';

  return (
    <Stack gap="lg">
      <PageHeader
        order={2}
        title={
          isFirstVisit(user)
            ? firstName
              ? t('welcomeFirst', { name: firstName })
              : t('welcomeFirstNoName')
            : firstName
              ? t('welcome', { name: firstName })
              : t('welcomeNoName')
        }
        description={t('subtitle')}
        actions={
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void dashboard.refetch()}
            loading={dashboard.isFetching && dashboard.data !== undefined}
          >
            {t('refresh')}
          </Button>
        }
      />

      {dashboard.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(dashboard.error), { ns: 'errors' })}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : null}

      {dashboard.isPending ? <FullPageLoader label={t('loading')} minHeight={240} /> : null}

      {dashboard.data ? (
        <>
          <DashboardCourses
            courses={dashboard.data.courses}
            courseCount={dashboard.data.courseCount}
          />
          {user ? <DashboardAnnouncements studentId={user.id} /> : null}
          <UpcomingClasses
            courses={dashboard.data.courses}
            now={now}
            onJoin={(cls) => join(cls)}
            recorded={recorded}
            problem={problem}
            onDismissProblem={dismissProblem}
          />
          {user ? <DashboardSkillProgress studentId={user.id} /> : null}
        </>
      ) : null}
    </Stack>
  );
}
