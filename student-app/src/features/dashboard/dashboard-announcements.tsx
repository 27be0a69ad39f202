import { Card, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@portal/shared-data';
import {
  announcementKeys,
  announcementQueries,
  useAnnouncementsLive,
} from '@portal/shared-data/queries';
import { AnnouncementList, announcementsNamespace } from '@portal/shared-ui';

/**
 * The newest announcements across the student's active courses, in one request, each with its course
 * (docs/announcements.md); live, like the course page.
 */
export function DashboardAnnouncements({ studentId }: { studentId: string }) {
  const { t } = useTranslation(announcementsNamespace);
  const headingId = useId();
  const newest = useQuery(announcementQueries.newestForStudent(studentId));
  useAnnouncementsLive('dashboard', announcementKeys.newestForStudent(studentId), studentId);
  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="lg">
      <Stack gap="md">
        <Title order={3} id={headingId}>
          {t('newest.heading')}
        </Title>
        <AnnouncementList
          items={newest.data}
          loading={newest.isPending}
          error={newest.isError ? t(errorMessageKey(newest.error), { ns: 'errors' }) : null}
          onRetry={() => void newest.refetch()}
          retrying={newest.isFetching}
          emptyText={t('newest.empty')}
          headingOrder={4}
        />
      </Stack>
    </Card>
  );
}
