import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  List,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClockExclamation, IconFile } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  errorMessageKey,
  isOverdue,
  type StudentActivity,
  type Submission,
} from '@portal/shared-data';
import { submissionQueries } from '@portal/shared-data/queries';
import {
  ErrorBanner,
  TypeBadge,
  formatDate,
  formatTime,
  intlLocale,
  useLanguage,
  useReturnFocus,
} from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { useActivityPlace, useDueText } from './activity-card';
import { formatPoints, submitState } from './activity-rules';
import { namespace } from './i18n';
import { SubmissionStatusBadge } from './submission-status-badge';
import { storedFileName } from './submission-files';

export interface ActivityDetailsModalProps {
  activity: StudentActivity;
  studentId: string | null;
  now: Date;
  onClose: () => void;
  /** Opens the submit form (offered while submitting is open). */
  onSubmit: (activity: StudentActivity) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** View: description, instructions, points, due date, late policy, own submission, grade and feedback. */
export function ActivityDetailsModal({
  activity,
  studentId,
  now,
  onClose,
  onSubmit,
}: ActivityDetailsModalProps) {
  useReturnFocus();
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  // Below Mantine's `xs` breakpoint (576 px) the dialog takes the whole screen.
  const phone = useMediaQuery('(max-width: 35.99em)') ?? false;
  const place = useActivityPlace(activity);
  const due = useDueText(activity.dueDate);
  const overdue = isOverdue(activity, now);
  const state = submitState(activity, now);
  // The list carries only the submission's status and grade; its text and files are one more read.
  const own = useQuery({
    ...submissionQueries.own(activity.id, studentId ?? ''),
    enabled: studentId !== null && activity.mySubmission !== null,
  });

  return (
    <Modal opened onClose={onClose} title={activity.title} size="lg" fullScreen={phone}>
      <Stack gap="md">
        <Group gap="xs">
          <TypeBadge type={activity.type} />
          {place ? (
            <Text size="sm" c="dimmed">
              {place}
            </Text>
          ) : null}
        </Group>

        {activity.description ? (
          <Section title={t('details.description')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {activity.description}
            </Text>
          </Section>
        ) : null}
        {activity.instructions ? (
          <Section title={t('details.instructions')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {activity.instructions}
            </Text>
          </Section>
        ) : null}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Section title={t('details.points')}>
            <Text size="sm">{formatPoints(activity.maxPoints, intlLocale(language))}</Text>
          </Section>
          <Section title={t('details.dueDate')}>
            <Text size="sm" c={overdue ? 'red' : undefined} fw={overdue ? 600 : undefined}>
              {due}
            </Text>
          </Section>
        </SimpleGrid>
        {activity.allowLateSubmission ? (
          <Alert variant="light" color="blue" icon={<IconClockExclamation aria-hidden />}>
            {t('details.lateAllowed')}
          </Alert>
        ) : state === 'closed' ? (
          <Alert variant="light" color="red" icon={<IconClockExclamation aria-hidden />}>
            {t('closed')}
          </Alert>
        ) : null}

        <Divider />
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {t('details.mySubmission')}
          </Title>
          <SubmissionStatusBadge
            submission={activity.mySubmission}
            maxPoints={activity.maxPoints}
          />
        </Group>
        {activity.mySubmission === null ? (
          <Text size="sm" c="dimmed">
            {t('details.notSubmittedYet')}
          </Text>
        ) : own.isError ? (
          <ErrorBanner
            title={t('details.submissionError')}
            message={t(errorMessageKey(own.error), { ns: 'errors' })}
            onRetry={() => void own.refetch()}
            retrying={own.isFetching}
          />
        ) : own.data ? (
          <OwnSubmission submission={own.data} maxPoints={activity.maxPoints} />
        ) : own.isSuccess ? (
          <Text size="sm" c="dimmed">
            {t('details.notSubmittedYet')}
          </Text>
        ) : (
          <Group gap="xs" role="status" aria-label={t('details.loadingSubmission')}>
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('details.loadingSubmission')}
            </Text>
          </Group>
        )}

        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('details.close')}
          </Button>
          {state === 'open' ? (
            <Button onClick={() => onSubmit(activity)}>
              {activity.mySubmission ? t('card.resubmit') : t('card.submit')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

function OwnSubmission({ submission, maxPoints }: { submission: Submission; maxPoints: number }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const graded = submission.grade !== null || submission.feedback !== null;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('details.submittedOn', {
          date: formatDate(submission.submittedAt, language),
          time: formatTime(submission.submittedAt, language),
        })}
      </Text>
      <Section title={t('details.text')}>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap' }}
          c={submission.submissionText ? undefined : 'dimmed'}
        >
          {submission.submissionText || t('details.noText')}
        </Text>
      </Section>
      <Section title={t('details.files')}>
        {submission.fileUrls.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('details.noFiles')}
          </Text>
        ) : (
          <List spacing={4} size="sm" icon={<IconFile size={14} aria-hidden />}>
            {submission.fileUrls.map((objectName) => (
              <List.Item key={objectName}>
                <SubmittedFile objectName={objectName} />
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      {graded ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Section title={t('details.grade')}>
            <Text size="sm" fw={600}>
              {submission.grade !== null
                ? t('details.gradeValue', {
                    grade: formatPoints(submission.grade, locale),
                    max: formatPoints(maxPoints, locale),
                  })
                : '—'}
            </Text>
          </Section>
          <Section title={t('details.feedback')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {submission.feedback || t('details.noFeedback')}
            </Text>
          </Section>
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

/** One submitted file: an hour-long link (private bucket), or why there is none. */
function SubmittedFile({ objectName }: { objectName: string }) {
  const { t } = useTranslation(namespace);
  const link = useQuery(submissionQueries.fileUrl(objectName));
  const name = storedFileName(objectName);
  if (link.data) {
    return (
      <Anchor href={link.data} target="_blank" rel="noopener noreferrer">
        {name}
      </Anchor>
    );
  }
  if (link.isError) {
    return (
      <Text span size="sm" c="red">
        {t('details.fileUnavailable', {
          name,
          message: t(errorMessageKey(link.error), { ns: 'errors' }),
        })}
      </Text>
    );
  }
  return (
    <Text span size="sm" c="dimmed">
      {name}
    </Text>
  );
}
