import { Avatar, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconSchool } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorBanner } from '@portal/shared-ui';
import { authAtom, errorMessageKey } from '@portal/shared-data';
import { toServiceError, userQueries } from '@portal/shared-data/queries';
import { namespace } from './i18n';

/** Teacher dashboard: for now the teaching team (the full dashboard is the next issue). */
export default function DashboardScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const teachers = useQuery(userQueries.teachers());

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            {t('welcome', { name: user?.firstName ?? '' })}
          </Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={teachers.isFetching}
          onClick={() => void teachers.refetch()}
        >
          {t('refresh')}
        </Button>
      </Group>
      {teachers.isPending ? <Loader aria-label={t('loading')} /> : null}
      {teachers.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(toServiceError(teachers.error)), { ns: 'errors' })}
          onRetry={() => void teachers.refetch()}
          retrying={teachers.isFetching}
        />
      ) : null}
      {teachers.data ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="team-title">
          <Group justify="space-between" mb="md">
            <Title order={3} size="h4" id="team-title">
              {t('team')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('teamCount', { count: teachers.data.length })}
            </Text>
          </Group>
          {teachers.data.length === 0 ? (
            <EmptyState icon={<IconSchool size={32} aria-hidden />} title={t('noTeachers')} />
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {teachers.data.map((teacher) => (
                <Group key={teacher.id} component="li" wrap="nowrap">
                  <Avatar src={teacher.avatar} radius="xl" color="teal">
                    {(teacher.firstName.charAt(0) + teacher.lastName.charAt(0)).toUpperCase()}
                  </Avatar>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {teacher.firstName} {teacher.lastName}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {teacher.email}
                    </Text>
                  </div>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      ) : null}
    </Stack>
  );
}
