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

export interface CourseAnnouncementsProps {
  courseId: string;
  /** The signed-in person: the live channel is theirs, and joins only once the session is known. */
  viewerId: string | null;
}

/**
 * The course's announcements, pinned first, newest next (docs/announcements.md), live: a new, edited or
 * deleted announcement shows without a reload.
 */
export function CourseAnnouncements({ courseId, viewerId }: CourseAnnouncementsProps) {
  const { t } = useTranslation(announcementsNamespace);
  const headingId = useId();
  const list = useQuery(announcementQueries.forCourse(courseId));
  useAnnouncementsLive(`course:${courseId}`, announcementKeys.course(courseId), viewerId);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={3} size="h4" id={headingId}>
          {t('heading')}
        </Title>
        <AnnouncementList
          items={list.data}
          loading={list.isPending}
          error={list.isError ? t(errorMessageKey(list.error), { ns: 'errors' }) : null}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
          emptyText={t('empty')}
          headingOrder={4}
        />
      </Stack>
    </Card>
  );
}
