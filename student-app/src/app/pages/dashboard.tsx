import { Avatar, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconSchool } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { EmptyState, ErrorBanner } from '@portal/shared-ui';
import { authAtom } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { useTeachers } from '../../features/dashboard/use-teachers';

export default function StudentDashboard() {
  const { t } = useTranslation('student');
  const { user } = useAtomValue(authAtom);
  const { state, reload } = useTeachers();

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
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="team-title">
          <Group justify="space-between" mb="md">
            <Title order={3} size="h4" id="team-title">
              {t('dashboard.team')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('dashboard.teamCount', { count: state.teachers.length })}
            </Text>
          </Group>
          {state.teachers.length === 0 ? (
            <EmptyState icon={<IconSchool size={32} aria-hidden />} title={t('dashboard.noTeachers')} />
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {state.teachers.map((teacher) => (
                <Group key={teacher.id} component="li" wrap="nowrap">
                  <Avatar src={teacher.avatar} radius="xl" color="teal">
                    {(teacher.firstName.charAt(0) + teacher.lastName.charAt(0)).toUpperCase()}
                  </Avatar>
                  <div>
                    <Text fw={600}>
                      {teacher.firstName} {teacher.lastName}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {teacher.email}
                    </Text>
                  </div>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      )}
    </Stack>
  );
}
