import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@portal/shared-data';
import { waitingListQueries } from '@portal/shared-data/queries';
import { CourseWaitingLine } from '@portal/shared-ui';

/** Course Management: the waiting list of a course, read only, in one request (docs/waiting-list.md). */
export function CourseWaitingList({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const line = useQuery(waitingListQueries.course(courseId));
  return (
    <CourseWaitingLine
      entries={line.data?.map((entry) => ({
        id: entry.id,
        name: `${entry.firstName} ${entry.lastName}`.trim(),
        joinedAt: entry.joinedAt,
        position: entry.position,
      }))}
      error={line.isError ? t(errorMessageKey(line.error), { ns: 'errors' }) : null}
      onRetry={() => void line.refetch()}
      retrying={line.isFetching}
      headingOrder={4}
    />
  );
}
