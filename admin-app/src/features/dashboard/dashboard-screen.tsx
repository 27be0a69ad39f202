import { Button, Loader, SimpleGrid, Stack } from '@mantine/core';
import {
  IconRefresh,
  IconSchool,
  IconShieldLock,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ErrorBanner, PageHeader, StatCard } from '@portal/shared-ui';
import { authAtom, errorMessageKey } from '@portal/shared-data';
import { userQueries } from '@portal/shared-data/queries';
import { namespace } from './i18n';

/** Admin dashboard: users by role, in one request (the full dashboard is a later issue). */
export default function DashboardScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const counts = useQuery(userQueries.roleCounts());

  return (
    <Stack>
      <PageHeader
        order={2}
        title={t('welcome', { name: user?.firstName ?? '' })}
        description={t('subtitle')}
        actions={
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={counts.isFetching}
            onClick={() => void counts.refetch()}
          >
            {t('refresh')}
          </Button>
        }
      />
      {counts.isPending ? <Loader aria-label={t('loading')} /> : null}
      {counts.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(counts.error), { ns: 'errors' })}
          onRetry={() => void counts.refetch()}
          retrying={counts.isFetching}
        />
      ) : null}
      {counts.data ? (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          <StatCard
            label={t('totalUsers')}
            value={counts.data.total}
            icon={<IconUsers size={22} aria-hidden />}
            hint={t('totalUsersHint', {
              students: t('studentCount', { count: counts.data.student }),
              teachers: t('teacherCount', { count: counts.data.teacher }),
              admins: t('adminCount', { count: counts.data.admin }),
            })}
          />
          <StatCard
            label={t('teachers')}
            value={counts.data.teacher}
            icon={<IconSchool size={22} aria-hidden />}
            color="teal"
          />
          <StatCard
            label={t('students')}
            value={counts.data.student}
            icon={<IconUsersGroup size={22} aria-hidden />}
            color="grape"
          />
          <StatCard
            label={t('admins')}
            value={counts.data.admin}
            icon={<IconShieldLock size={22} aria-hidden />}
            color="orange"
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
