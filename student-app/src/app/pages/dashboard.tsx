import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ErrorBanner, FullPageLoader } from '@portal/shared-ui';
import { authAtom } from '@portal/shared-data';
import { DashboardCourses } from '../../features/dashboard/components/dashboard-courses';
import { UpcomingClasses } from '../../features/dashboard/components/upcoming-classes';
import { DASHBOARD_NAMESPACE } from '../../features/dashboard/i18n';
import { useJoinClass } from '../../features/dashboard/use-join-class';
import { useNow } from '../../features/dashboard/use-now';
import { useStudentDashboard } from '../../features/dashboard/use-student-dashboard';

/** SPEC §2 Student dashboard: welcome, my first courses and their upcoming classes, in one request. */
export default function StudentDashboard() {
  const { t } = useTranslation(DASHBOARD_NAMESPACE);
  const { user } = useAtomValue(authAtom);
  const { dashboard, error, loading, reload } = useStudentDashboard();
  const now = useNow();
  const { join, recorded, problem, dismissProblem } = useJoinClass(user?.id ?? null);
  const firstName = user?.firstName.trim() ?? '';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={2}>
            {firstName ? t('welcome', { name: firstName }) : t('welcomeNoName')}
          </Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void reload()}
          loading={loading && dashboard !== null}
        >
          {t('refresh')}
        </Button>
      </Group>

      {error ? (
        <ErrorBanner
          title={t('loadError')}
          message={error.message}
          onRetry={() => void reload()}
          retrying={loading}
        />
      ) : null}

      {dashboard === null && loading ? (
        <FullPageLoader label={t('loading')} minHeight={240} />
      ) : null}

      {dashboard ? (
        <>
          <DashboardCourses courses={dashboard.courses} courseCount={dashboard.courseCount} />
          <UpcomingClasses
            courses={dashboard.courses}
            now={now}
            onJoin={(cls) => void join(cls)}
            recorded={recorded}
            problem={problem}
            onDismissProblem={dismissProblem}
          />
        </>
      ) : null}
    </Stack>
  );
}
