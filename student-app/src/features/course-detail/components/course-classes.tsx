import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { EmptyState, ErrorBanner, FullPageLoader, Pager } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import type { ClassesState } from '../hooks/use-course-detail';
import { COURSE_DETAIL_NS } from '../i18n';
import { ClassItem } from './class-item';

export interface CourseClassesProps {
  classes: ClassesState;
  onPageChange: (page: number) => void;
  onRetry: () => void;
  attendeeId: string | null;
  now: Date;
}

/** The course's classes, 5 to a page by date, with the pager of SPEC §2. */
export function CourseClasses({ classes, onPageChange, onRetry, attendeeId, now }: CourseClassesProps) {
  const { t } = useTranslation(COURSE_DETAIL_NS);
  const { data, page, loading, error } = classes;
  const total = data?.total ?? 0;

  let body;
  if (error) {
    body = <ErrorBanner title={t('classes.loadError')} message={error.message} onRetry={onRetry} />;
  } else if (loading || !data) {
    body = <FullPageLoader minHeight={200} label={t('classes.loading')} />;
  } else if (data.items.length === 0) {
    body = <EmptyState icon={<IconCalendarOff aria-hidden />} title={t('classes.empty')} />;
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.items.map((courseClass) => (
          <li key={courseClass.id}>
            <ClassItem courseClass={courseClass} attendeeId={attendeeId} now={now} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="course-classes-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h4" id="course-classes-title">
            {t('classes.title')}
          </Title>
          {total > 0 ? (
            <Text size="sm" c="dimmed">
              {t('classes.count', { count: total })}
            </Text>
          ) : null}
        </Group>
        {body}
        <Pager
          page={page}
          totalPages={data?.totalPages ?? 0}
          onChange={onPageChange}
          aria-label={t('classes.pager')}
        />
      </Stack>
    </Card>
  );
}
