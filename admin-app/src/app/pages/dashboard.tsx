import { Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconSchool, IconShieldLock, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { ErrorBanner, StatCard } from '@portal/shared-ui';
import { authAtom } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useSchoolOverview } from '../../features/dashboard/use-school-overview';

export default function AdminDashboard() {
  const { t } = useTranslation('admin');
  const { user } = useAtomValue(authAtom);
  const { state, reload } = useSchoolOverview();

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            {t('dashboard.welcome', { name: user?.firstName ?? '' })}
          </Title>
          <Text c="dimmed">{t('dashboard.subtitle')}</Text>
        </div>
        <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void reload()}>
          {t('dashboard.refresh')}
        </Button>
      </Group>
      {state.status === 'loading' && <Loader aria-label={t('dashboard.refresh')} />}
      {state.status === 'error' && (
        <ErrorBanner title={t('dashboard.loadError')} message={state.error.message} onRetry={() => void reload()} />
      )}
      {state.status === 'ready' && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          <StatCard
            label={t('dashboard.totalUsers')}
            value={state.counts.total}
            icon={<IconUsers size={22} aria-hidden />}
            hint={t('dashboard.totalUsersHint', {
              students: state.counts.student,
              teachers: state.counts.teacher,
              admins: state.counts.admin,
            })}
          />
          <StatCard label={t('dashboard.teachers')} value={state.counts.teacher} icon={<IconSchool size={22} aria-hidden />} color="teal" />
          <StatCard label={t('dashboard.students')} value={state.counts.student} icon={<IconUsersGroup size={22} aria-hidden />} color="grape" />
          <StatCard label={t('dashboard.admins')} value={state.counts.admin} icon={<IconShieldLock size={22} aria-hidden />} color="orange" />
        </SimpleGrid>
      )}
    </Stack>
  );
}
