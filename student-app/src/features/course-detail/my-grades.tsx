import { Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@portal/shared-data';
import { gradebookQueries } from '@portal/shared-data/queries';
import {
  EmptyState,
  ErrorBanner,
  FullPageLoader,
  GradeMark,
  TypeBadge,
  formatDate,
  formatDecimal,
  useLanguage,
} from '@portal/shared-ui';
import { namespace } from './i18n';

/**
 * "My grades" on a student's course page: their own row of the gradebook (the same read as the
 * teacher's, which answers a student with their row only), one line per activity and their total.
 */
export function MyGrades({ courseId }: { courseId: string }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const gradebook = useQuery(gradebookQueries.course(courseId));
  const row = gradebook.data?.students[0];
  const activities = gradebook.data?.activities ?? [];

  let body;
  if (gradebook.isPending) {
    body = <FullPageLoader minHeight={120} label={t('grades.loading')} />;
  } else if (gradebook.isError) {
    body = (
      <ErrorBanner
        title={t('grades.loadError')}
        message={t(errorMessageKey(gradebook.error), { ns: 'errors' })}
        onRetry={() => void gradebook.refetch()}
        retrying={gradebook.isFetching}
      />
    );
  } else if (!row || activities.length === 0) {
    body = (
      <EmptyState
        icon={<IconClipboardList aria-hidden />}
        title={t('grades.none')}
        description={t('grades.noneHint')}
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        <div>
          <Text fw={700} size="lg">
            {t('grades.total')}:{' '}
            {row.total === null ? '—' : `${formatDecimal(row.total, language, 1)} %`}
          </Text>
          <Text size="sm" c="dimmed">
            {row.total === null ? t('grades.noTotal') : t('grades.totalHint')}
          </Text>
        </div>
        <List listStyleType="none" spacing="xs">
          {activities.map((activity, index) => {
            const cell = row.cells[index];
            return (
              <List.Item
                key={activity.id}
                styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
              >
                <Group
                  justify="space-between"
                  align="center"
                  gap="xs"
                  wrap="wrap"
                  py={6}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {activity.title}
                    </Text>
                    <Group gap={6}>
                      <TypeBadge type={activity.type} size="xs" />
                      <Text size="xs" c="dimmed">
                        {activity.dueDate
                          ? t('grades.due', { date: formatDate(activity.dueDate, language) })
                          : t('grades.noDue')}
                      </Text>
                    </Group>
                  </Stack>
                  {cell ? <GradeMark cell={cell} maxPoints={activity.maxPoints} showOpen /> : null}
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="my-grades-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="my-grades-title">
          {t('grades.title')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
