import { Card, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { authAtom, errorMessageKey, isCourseFull } from '@portal/shared-data';
import { useMyWaitingList, useWaitingListLive } from '@portal/shared-data/queries';
import { WaitingListControl, waitingListNamespace } from '@portal/shared-ui';

export interface CourseWaitingPanelProps {
  course: {
    id: string;
    title: string;
    isActive: boolean;
    enrolledCount: number;
    maxStudents: number;
  };
}

/**
 * Course detail, for a student not enrolled (docs/waiting-list.md): a full active course offers its
 * waiting list; a student in line sees their place and may leave. Nothing otherwise.
 */
export function CourseWaitingPanel({ course }: CourseWaitingPanelProps) {
  const { t } = useTranslation(waitingListNamespace);
  const { user } = useAtomValue(authAtom);
  const titleId = useId();
  const waiting = useMyWaitingList(user?.id);
  useWaitingListLive(user?.id);
  const entry = waiting.byCourse.get(course.id);
  if (!entry && !(course.isActive && isCourseFull(course))) return null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('panelTitle')}
        </Title>
        <Text size="sm">{entry ? t('seatGiven') : t('fullHint')}</Text>
        <div style={{ maxWidth: '24rem' }}>
          <WaitingListControl
            courseTitle={course.title}
            entry={entry}
            loading={waiting.loading}
            onJoin={() => waiting.join(course.id)}
            onLeave={waiting.leave}
            describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
          />
        </div>
      </Stack>
    </Card>
  );
}
