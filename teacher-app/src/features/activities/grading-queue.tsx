import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClockExclamation, IconInbox, IconPencilCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, type WaitingSubmission } from '@portal/shared-data';
import { submissionQueries } from '@portal/shared-data/queries';
import {
  EmptyState,
  ErrorBanner,
  PagedResults,
  formatDate,
  useLanguage,
  usePageOfFilters,
  wrappingTitle,
} from '@portal/shared-ui';
import { namespace } from './i18n';

/** Submissions on one page of the queue. */
export const GRADING_QUEUE_PAGE_SIZE = 12;

/**
 * The work waiting for a grade across the caller's courses (an administrator's: the school's),
 * oldest first, one page per request; Grade opens the grading dialog on that submission.
 */
export function GradingQueue({ onGrade }: { onGrade: (submissionId: string) => void }) {
  const { t } = useTranslation(namespace);
  const { page, setPage, settle } = usePageOfFilters();
  const queue = useQuery(submissionQueries.waiting({ page, limit: GRADING_QUEUE_PAGE_SIZE }));
  // Grading the last submission of the last page leaves that page empty: its new last page shows.
  const results = settle({ data: queue.data, isPlaceholderData: queue.isPlaceholderData });

  return (
    <>
      {queue.isError ? (
        <ErrorBanner
          title={t('queue.loadError')}
          message={t(errorMessageKey(queue.error), { ns: 'errors' })}
          onRetry={() => void queue.refetch()}
          retrying={queue.isFetching}
        />
      ) : null}
      {queue.isError && results === undefined ? null : (
        <PagedResults
          results={results}
          countTitle={(count) => t('queue.count', { count })}
          fetching={queue.isFetching}
          loadingLabel={t('queue.loading')}
          updatingLabel={t('queue.updating')}
          empty={
            <EmptyState
              icon={<IconInbox aria-hidden />}
              title={t('queue.emptyTitle')}
              description={t('queue.emptyDescription')}
            />
          }
          page={page}
          onPageChange={setPage}
          pagerLabel={t('queue.pager')}
        >
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {(results?.items ?? []).map((submission) => (
              <WaitingRow key={submission.id} submission={submission} onGrade={onGrade} />
            ))}
          </Stack>
        </PagedResults>
      )}
    </>
  );
}

function WaitingRow({
  submission,
  onGrade,
}: {
  submission: WaitingSubmission;
  onGrade: (submissionId: string) => void;
}) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const student = submission.studentName ?? t('unknownPerson', { ns: 'common' });
  const activity = submission.activityTitle ?? '';
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Text fw={600} style={wrappingTitle}>
            {activity}
          </Text>
          <Text size="sm" c="dimmed" style={wrappingTitle}>
            {t('queue.byStudent', { student, course: submission.courseTitle ?? '' })}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          {submission.isLate ? (
            <Badge
              variant="light"
              color="red"
              leftSection={<IconClockExclamation size={12} aria-hidden />}
            >
              {t('queue.late')}
            </Badge>
          ) : null}
          <Text size="sm" c="dimmed">
            <time dateTime={submission.submittedAt}>
              {t('queue.submittedOn', { date: formatDate(submission.submittedAt, language) })}
            </time>
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencilCheck size={14} aria-hidden />}
            aria-label={t('queue.gradeLabel', { activity, student })}
            onClick={() => onGrade(submission.id)}
          >
            {t('queue.grade')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
