import { Alert, Button, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMicrophone, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_RECORDING_LIMIT,
  UPLOAD_LIMITS,
  errorMessageKey,
  isPlayableAudio,
  isSizeProblem,
  type GradingSubmission,
} from '@portal/shared-data';
import {
  submissionMutations,
  submissionQueries,
  toServiceError,
} from '@portal/shared-data/queries';
import { AudioClip, LazyAudioRecorder, formatFileSize, useLanguage } from '@portal/shared-ui';
import { namespace } from './i18n';
import { fileNameOf } from './submission-files';

// Spoken work in the grading dialog (issue 32): the student's recordings played in place, and the
// grader's recorded feedback, saved with the grade. Kept apart from the grade form so other parts of
// grading change without touching it.

/** The types the feedback-audio bucket takes (20261201008300_spoken_work.sql). */
const FEEDBACK_AUDIO_ACCEPT =
  'audio/webm,audio/ogg,audio/mp4,audio/mpeg,audio/wav,.webm,.weba,.ogg,.m4a,.mp3,.wav';

/** The student's audio files (recorded answers, audio uploads), each with a player. */
export function SubmissionRecordings({ submission }: { submission: GradingSubmission }) {
  const { t } = useTranslation(namespace);
  const audio = submission.fileUrls.filter((objectName) =>
    isPlayableAudio(fileNameOf(submission, objectName)),
  );
  if (audio.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {t('spoken.recordings')}
      </Title>
      {audio.map((objectName) => (
        <SubmittedAudio
          key={objectName}
          objectName={objectName}
          name={fileNameOf(submission, objectName)}
        />
      ))}
    </Stack>
  );
}

function SubmittedAudio({ objectName, name }: { objectName: string; name: string }) {
  const { t } = useTranslation(namespace);
  const link = useQuery(submissionQueries.fileUrl(objectName));
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <AudioClip
        label={t('spoken.listenLabel', { name })}
        url={link.data ?? null}
        loading={link.isPending}
        loadingText={t('spoken.listenLoading', { name })}
        error={
          link.isError
            ? `${t('spoken.listenError', { name })} ${t(errorMessageKey(toServiceError(link.error)), { ns: 'errors' })}`
            : null
        }
      />
    </Stack>
  );
}

export interface FeedbackAudioFieldProps {
  submission: GradingSubmission;
  /** The recording the grade will save (an object name), or null for none. */
  value: string | null;
  onChange: (objectName: string | null) => void;
  /** While the grade is being saved. */
  disabled?: boolean;
}

/**
 * The grader's recorded feedback: record (or upload an audio file), listen, record again, remove. A
 * new recording is uploaded at once beside the submission and saved with the grade; one replaced before
 * saving is dropped from storage. Removing a saved one takes effect when the grade is saved.
 */
export function FeedbackAudioField({
  submission,
  value,
  onChange,
  disabled = false,
}: FeedbackAudioFieldProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const [recording, setRecording] = useState(false);
  // Back on "Record feedback" once the recorder closes, so the keyboard stays where it was.
  const recordButton = useRef<HTMLButtonElement>(null);
  const closeRecorder = () => {
    setRecording(false);
    requestAnimationFrame(() => recordButton.current?.focus());
  };
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const upload = useMutation(submissionMutations.uploadFeedbackAudio());
  const discard = useMutation(submissionMutations.discardFeedbackAudio());
  const progressId = useId();
  const saved = submission.feedbackAudio;
  const busy = disabled || upload.isPending;

  /** Drops a recording uploaded in this dialog but never saved. */
  const dropUnsaved = () => {
    if (value && value !== saved) discard.mutate(value);
  };

  const send = (file: File) => {
    setProgress(0);
    upload.mutate(
      {
        file,
        activityId: submission.activityId,
        submissionId: submission.id,
        onProgress: setProgress,
      },
      {
        onSuccess: (objectName) => {
          dropUnsaved();
          onChange(objectName);
          if (recording) closeRecorder();
          setChosen(null);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const uploadError = upload.error ? toServiceError(upload.error) : null;

  return (
    <Stack gap="xs">
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {t('spoken.feedbackAudio')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('spoken.feedbackAudioHint')}
        </Text>
      </Stack>
      {value ? (
        <>
          <FeedbackAudioPlayer objectName={value} />
          {value !== saved ? (
            <Text size="xs" c="dimmed">
              {t('spoken.unsaved')}
            </Text>
          ) : null}
        </>
      ) : saved ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('spoken.removed')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={busy}
            onClick={() => onChange(saved)}
          >
            {t('spoken.undoRemove')}
          </Button>
        </Group>
      ) : null}
      {recording ? (
        <LazyAudioRecorder
          // Feedback may run as long as the longest answer a teacher can ask for (15 minutes).
          limitSeconds={ACTIVITY_RECORDING_LIMIT.max}
          useLabel={t('spoken.useRecording')}
          disabled={busy}
          onCancel={closeRecorder}
          onUse={({ file }) => send(file)}
        />
      ) : (
        <Group gap="xs">
          <Button
            ref={recordButton}
            variant="light"
            leftSection={<IconMicrophone size={16} aria-hidden />}
            disabled={busy}
            onClick={() => {
              upload.reset();
              setRecording(true);
            }}
          >
            {value ? t('spoken.recordAgain') : t('spoken.record')}
          </Button>
          {value ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={busy}
              onClick={() => {
                dropUnsaved();
                onChange(null);
              }}
            >
              {t('spoken.remove')}
            </Button>
          ) : null}
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <FileInput
          label={t('spoken.upload')}
          placeholder={t('spoken.uploadPlaceholder')}
          accept={FEEDBACK_AUDIO_ACCEPT}
          leftSection={<IconUpload size={16} aria-hidden />}
          clearable
          value={chosen}
          onChange={(file) => {
            setChosen(file);
            if (file) send(file);
          }}
          disabled={busy}
          w={{ base: '100%', xs: 320 }}
        />
      </Group>
      {progress !== null ? (
        <Stack gap={4}>
          <Text size="sm" id={progressId}>
            {t('spoken.uploading', { percent: Math.round(progress * 100) })}
          </Text>
          <Progress.Root transitionDuration={100}>
            <Progress.Section value={progress * 100} aria-labelledby={progressId} />
          </Progress.Root>
        </Stack>
      ) : null}
      {uploadError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          <Text size="sm">
            <Text span fw={600} inherit>
              {t('spoken.uploadFailed')}
            </Text>{' '}
            {isSizeProblem(uploadError.details)
              ? t('spoken.tooLarge', {
                  size: formatFileSize(UPLOAD_LIMITS['feedback-audio'], language),
                })
              : t(errorMessageKey(uploadError), { ns: 'errors' })}
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

function FeedbackAudioPlayer({ objectName }: { objectName: string }) {
  const { t } = useTranslation(namespace);
  const link = useQuery(submissionQueries.feedbackAudioUrl(objectName));
  return (
    <AudioClip
      label={t('spoken.feedbackAudioPlayer')}
      url={link.data ?? null}
      loading={link.isPending}
      loadingText={t('spoken.feedbackAudioLoading')}
      error={
        link.isError
          ? `${t('spoken.feedbackAudioError')} ${t(errorMessageKey(toServiceError(link.error)), { ns: 'errors' })}`
          : null
      }
    />
  );
}
