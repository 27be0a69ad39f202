import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClockExclamation, IconFile } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import {
  errorMessageKey,
  isOverdue,
  submittedFiles,
  type StudentActivity,
  type RubricContent,
  type Submission,
  type SubmittedFile,
} from '@portal/shared-data';
import { submissionQueries, toServiceError } from '@portal/shared-data/queries';
import {
  AudioClip,
  ErrorBanner,
  MaterialViewer,
  SkillBadges,
  TypeBadge,
  formatDate,
  formatTime,
  intlLocale,
  startDownload,
  useLanguage,
  useReturnFocus,
} from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { useActivityPlace, useDueText } from './activity-card';
import { formatPoints, submitState } from './activity-rules';
import { namespace } from './i18n';
import { SubmissionStatusBadge } from './submission-status-badge';
import { RubricResult } from './rubric-result';
import { ownFileMaterial } from './submission-files';

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
  const viewer = useOwnFileViewer();

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={activity.title}
        size="lg"
        fullScreen={phone}
        // While a file is open in the viewer on top, Escape and the focus belong to the viewer.
        closeOnEscape={viewer.open === null}
        trapFocus={viewer.open === null}
      >
        <Stack gap="md">
          <Group gap="xs">
            <TypeBadge type={activity.type} />
            <SkillBadges skills={activity.skills} cefrLevel={activity.cefrLevel} />
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
            <OwnSubmission
              submission={own.data}
              maxPoints={activity.maxPoints}
              rubric={activity.rubric}
              onOpenFile={(file) => viewer.show(file, own.data!)}
            />
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
      <MaterialViewer
        opened={viewer.open !== null}
        onClose={viewer.close}
        material={viewer.open ? ownFileMaterial(viewer.open.file, viewer.open.submission) : null}
        url={viewer.url}
        loading={viewer.loading}
        error={viewer.error}
        onDownload={viewer.download}
      />
    </>
  );
}

/** A file of the student's own work open in the viewer. */
type OpenFile = { file: SubmittedFile; submission: Submission };

/**
 * The student's own files in the material viewer, as the grading dialog shows them to the teacher:
 * an hour-long signed link to the stored object, named and downloaded by the name it had.
 */
function useOwnFileViewer() {
  const { t } = useTranslation(namespace);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<OpenFile | null>(null);
  const link = useQuery({
    ...submissionQueries.fileUrl(open?.file.objectName ?? ''),
    enabled: open !== null,
  });
  const failure = (error: unknown) =>
    `${t('details.fileError')} ${t(errorMessageKey(toServiceError(error)), { ns: 'errors' })}`;
  const download = () => {
    if (!open) return;
    void queryClient
      .fetchQuery(submissionQueries.fileUrl(open.file.objectName))
      .then((url) => startDownload(url, open.file.name))
      .catch((error: unknown) =>
        notifications.show({ color: 'red', message: failure(error), autoClose: false }),
      );
  };
  return {
    open,
    show: (file: SubmittedFile, submission: Submission) => setOpen({ file, submission }),
    close: () => setOpen(null),
    url: open ? (link.data ?? null) : null,
    loading: open !== null && link.isPending,
    error: open && link.isError ? failure(link.error) : null,
    download,
  };
}

function OwnSubmission({
  submission,
  maxPoints,
  rubric,
  onOpenFile,
}: {
  submission: Submission;
  maxPoints: number;
  /** The activity's rubric: the grade came from the levels chosen, shown beside it. */
  rubric: RubricContent | null;
  onOpenFile: (file: SubmittedFile) => void;
}) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const graded =
    submission.grade !== null || submission.feedback !== null || submission.feedbackAudio !== null;
  const filesHintId = useId();

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
          <>
            <Text size="xs" c="dimmed" id={filesHintId}>
              {t('details.filesHint')}
            </Text>
            <Group gap="xs" wrap="wrap">
              {submittedFiles(submission).map((file) => (
                <Button
                  key={file.objectName}
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconFile size={14} aria-hidden />}
                  aria-describedby={filesHintId}
                  onClick={() => onOpenFile(file)}
                  styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                >
                  {file.name}
                </Button>
              ))}
            </Group>
          </>
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
          {/* Feedback that was only recorded has its player below: no "No feedback yet" above it. */}
          {submission.feedback || !submission.feedbackAudio ? (
            <Section title={t('details.feedback')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {submission.feedback || t('details.noFeedback')}
              </Text>
            </Section>
          ) : null}
        </SimpleGrid>
      ) : null}
      {submission.feedbackAudio ? <FeedbackAudio objectName={submission.feedbackAudio} /> : null}
      {rubric && submission.rubricScores ? (
        <RubricResult rubric={rubric} scores={submission.rubricScores} maxPoints={maxPoints} />
      ) : null}
    </Stack>
  );
}

/** The teacher's recorded feedback, played in the page through a signed link. */
function FeedbackAudio({ objectName }: { objectName: string }) {
  const { t } = useTranslation(namespace);
  const link = useQuery(submissionQueries.feedbackAudioUrl(objectName));
  return (
    <Section title={t('details.feedbackAudio')}>
      <AudioClip
        label={t('details.feedbackAudio')}
        url={link.data ?? null}
        loading={link.isPending}
        loadingText={t('details.feedbackAudioLoading')}
        error={
          link.isError
            ? `${t('details.feedbackAudioError')} ${t(errorMessageKey(toServiceError(link.error)), { ns: 'errors' })}`
            : null
        }
      />
    </Section>
  );
}
