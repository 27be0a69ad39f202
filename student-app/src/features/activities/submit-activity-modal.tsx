import {
  ActionIcon,
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMicrophone, IconPaperclip, IconX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import {
  SUBMISSION_MAX_BYTES,
  SUBMISSION_MAX_FILES,
  SUBMISSION_TEXT_MAX_LENGTH,
  errorMessageKey,
  isSizeProblem,
  submissionFileProblems,
  submissionTextLength,
  submittedFiles,
  validateSubmission,
  type StudentActivity,
  type Submission,
  type SubmittedFile,
} from '@portal/shared-data';
import {
  submissionMutations,
  submissionQueries,
  toServiceError,
} from '@portal/shared-data/queries';
import {
  ErrorBanner,
  FormModal,
  FormModalCloseButton,
  LazyAudioRecorder,
  formatFileSize,
  useLanguage,
} from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { submitState } from './activity-rules';
import { namespace } from './i18n';
import { SUBMISSION_FILE_ACCEPT, withSubmissionType } from './submission-files';

/**
 * What the student has written and chosen for one activity. It lives with the screen, so closing the
 * form, a failed upload or a refusal by the server never loses it.
 */
export type SubmissionDraft = {
  text: string;
  /** New files to upload. */
  files: File[];
  /** Files of the previous submission that stay (object names and the names they had). */
  keptFiles: SubmittedFile[];
  /** Files already uploaded by an attempt that failed later: not uploaded twice. */
  uploaded: { file: File; objectName: string }[];
  /** True once the previous submission has been copied in. */
  prefilled: boolean;
};

export const EMPTY_DRAFT: SubmissionDraft = {
  text: '',
  files: [],
  keptFiles: [],
  uploaded: [],
  prefilled: false,
};

export interface SubmitActivityModalProps {
  activity: StudentActivity;
  studentId: string;
  draft: SubmissionDraft;
  onDraftChange: (draft: SubmissionDraft) => void;
  onClose: () => void;
  onSubmitted: (submission: Submission) => void;
}

/**
 * Submit: text and files. Resubmitting starts from the previous submission (loaded once), which
 * the new one replaces.
 */
export function SubmitActivityModal(props: SubmitActivityModalProps) {
  const { activity, studentId, draft, onClose } = props;
  const { t } = useTranslation(namespace);
  const [busy, setBusy] = useState(false);
  const needsPrefill = activity.mySubmission !== null && !draft.prefilled;
  const previous = useQuery({
    ...submissionQueries.own(activity.id, studentId),
    enabled: needsPrefill,
  });

  let body;
  if (needsPrefill && previous.isError) {
    body = (
      <ErrorBanner
        title={t('details.submissionError')}
        message={t(errorMessageKey(previous.error), { ns: 'errors' })}
        onRetry={() => void previous.refetch()}
        retrying={previous.isFetching}
      />
    );
  } else if (needsPrefill && previous.isPending) {
    body = (
      <Group gap="xs" role="status" aria-label={t('details.loadingSubmission')}>
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('details.loadingSubmission')}
        </Text>
      </Group>
    );
  } else {
    const start: SubmissionDraft = needsPrefill
      ? {
          ...draft,
          text: draft.text || (previous.data?.submissionText ?? ''),
          keptFiles: previous.data ? submittedFiles(previous.data) : [],
          prefilled: true,
        }
      : draft;
    body = <SubmitForm {...props} draft={start} onBusyChange={setBusy} />;
  }

  return (
    <FormModal
      title={t('form.title', { title: activity.title })}
      onClose={onClose}
      // Closing loses nothing: the draft lives with the screen and comes back with the dialog.
      dirty={false}
      busy={busy}
    >
      {body}
    </FormModal>
  );
}

type FormValues = { text: string; files: File[]; keptFiles: SubmittedFile[] };

type Failure = { title: string; message: string };

/**
 * Files upload first (their object names go into fileUrls), then the submission is saved. The
 * server refuses work after the due date unless late work is allowed; every refusal is shown in
 * the user's language and nothing typed or chosen is lost.
 */
function SubmitForm({
  activity,
  studentId,
  draft,
  onDraftChange,
  onSubmitted,
  onBusyChange,
}: SubmitActivityModalProps & { onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const upload = useMutation(submissionMutations.uploadFile());
  const send = useMutation(submissionMutations.submit());
  const uploaded = useRef(draft.uploaded);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The recorder opens on demand (its code downloads then); a kept recording becomes one of the files.
  const [recording, setRecording] = useState(false);
  // Back on "Record an answer" once the recorder closes, so the keyboard stays where it was.
  const recordButton = useRef<HTMLButtonElement>(null);
  const closeRecorder = () => {
    setRecording(false);
    requestAnimationFrame(() => recordButton.current?.focus());
  };
  // The file being uploaded and the share of it sent.
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const progressId = useId();
  const maxSize = formatFileSize(SUBMISSION_MAX_BYTES, language);

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { text: draft.text, files: draft.files, keptFiles: draft.keptFiles },
    // A refused file is named as soon as it is chosen.
    validateInputOnChange: ['files'],
    validate: (values) => {
      const errors = validateSubmission({
        ...values,
        keptFiles: values.keptFiles.map((kept) => kept.objectName),
      });
      const problems = submissionFileProblems(values.files);
      const refused = (
        kind: 'tooLarge' | 'wrongType',
        key: 'submissionFileTooLarge' | 'submissionFileType',
      ) => {
        const names = problems
          .filter((problem) => problem.kind === kind)
          .map(({ file }) => file.name);
        return names.length > 0
          ? [t(key, { ns: 'validation', names: names.join(', '), size: maxSize })]
          : [];
      };
      return {
        text: errors.text
          ? t(errors.text, { ns: 'validation', max: SUBMISSION_TEXT_MAX_LENGTH })
          : null,
        files:
          errors.files === 'submissionTooManyFiles'
            ? t(errors.files, { ns: 'validation', max: SUBMISSION_MAX_FILES })
            : errors.files
              ? [
                  ...refused('tooLarge', 'submissionFileTooLarge'),
                  ...refused('wrongType', 'submissionFileType'),
                ].join(' ')
              : null,
      };
    },
    onValuesChange: (values) =>
      onDraftChange({ ...values, uploaded: uploaded.current, prefilled: true }),
  });

  const busy = (value: boolean) => {
    setSubmitting(value);
    onBusyChange(value);
  };

  const fail = (next: Failure) => {
    onDraftChange({ ...form.getValues(), uploaded: uploaded.current, prefilled: true });
    setFailure(next);
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    if (submitState(activity, new Date()) === 'closed') {
      setFailure({ title: t('form.failed'), message: t('closed') });
      return;
    }
    busy(true);
    const objectNames: string[] = [];
    for (const file of values.files) {
      const done = uploaded.current.find((entry) => entry.file === file);
      if (done) {
        objectNames.push(done.objectName);
        continue;
      }
      try {
        setProgress({ name: file.name, fraction: 0 });
        const objectName = await upload.mutateAsync({
          file: withSubmissionType(file),
          activityId: activity.id,
          studentId,
          onProgress: (fraction) => setProgress({ name: file.name, fraction }),
        });
        setProgress(null);
        uploaded.current = [...uploaded.current, { file, objectName }];
        objectNames.push(objectName);
      } catch (error) {
        const problem = toServiceError(error);
        setProgress(null);
        busy(false);
        fail({
          title: t('form.uploadFailed', { name: file.name }),
          message: isSizeProblem(problem.details)
            ? t('form.tooLarge', {
                name: file.name,
                size: formatFileSize(problem.details.limitBytes, language),
              })
            : t(errorMessageKey(problem), { ns: 'errors' }),
        });
        return;
      }
    }
    try {
      const submission = await send.mutateAsync({
        activityId: activity.id,
        studentId,
        submissionText: values.text,
        fileUrls: [...values.keptFiles.map((kept) => kept.objectName), ...objectNames],
        // The names the files had, so the teacher sees them instead of the stored names.
        fileNames: [
          ...values.keptFiles.map((kept) => kept.name),
          ...values.files.map((file) => file.name),
        ],
      });
      busy(false);
      onSubmitted(submission);
    } catch (error) {
      busy(false);
      fail({
        title: t('form.failed'),
        message: t(errorMessageKey(error), { ns: 'errors' }),
      });
    }
  });

  const { keptFiles, text } = form.values;
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {activity.mySubmission ? (
          <Text size="sm" c="dimmed">
            {t('form.resubmitNotice')}
          </Text>
        ) : null}
        <Textarea
          // The dialog opens on the answer, not on its × (Mantine focuses data-autofocus first).
          data-autofocus
          label={t('form.text')}
          placeholder={t('form.textPlaceholder')}
          description={`${submissionTextLength(text)}/${SUBMISSION_TEXT_MAX_LENGTH}`}
          // Fixed height: autosize measures fonts, which happy-dom and some embedded browsers lack.
          rows={6}
          resize="vertical"
          disabled={submitting}
          {...form.getInputProps('text')}
        />
        {keptFiles.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('form.keptFiles')}
            </Text>
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
              {keptFiles.map(({ objectName, name }) => {
                return (
                  <Group component="li" key={objectName} gap="xs" wrap="nowrap">
                    <IconPaperclip size={14} aria-hidden />
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={t('form.removeFile', { name })}
                      disabled={submitting}
                      onClick={() =>
                        form.setFieldValue(
                          'keptFiles',
                          keptFiles.filter((kept) => kept.objectName !== objectName),
                        )
                      }
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                  </Group>
                );
              })}
            </Stack>
          </Stack>
        ) : null}
        <FileInput
          label={t('form.files')}
          placeholder={t('form.filesPlaceholder')}
          description={t('form.filesHint', { size: maxSize })}
          multiple
          clearable
          accept={SUBMISSION_FILE_ACCEPT}
          leftSection={<IconPaperclip size={16} aria-hidden />}
          disabled={submitting}
          {...form.getInputProps('files')}
        />
        {recording ? (
          <LazyAudioRecorder
            limitSeconds={activity.recordingLimitSeconds}
            useLabel={t('form.useRecording')}
            disabled={submitting}
            onCancel={closeRecorder}
            onUse={({ file }) => {
              form.setFieldValue('files', [...form.getValues().files, file]);
              closeRecorder();
            }}
          />
        ) : (
          <Group>
            <Button
              ref={recordButton}
              variant="light"
              leftSection={<IconMicrophone size={16} aria-hidden />}
              disabled={submitting}
              onClick={() => setRecording(true)}
            >
              {t('form.record')}
            </Button>
          </Group>
        )}
        {progress ? (
          <Stack gap={4}>
            <Text size="sm" id={progressId}>
              {t('form.uploading', {
                name: progress.name,
                percent: Math.round(progress.fraction * 100),
              })}
            </Text>
            <Progress.Root transitionDuration={100}>
              <Progress.Section value={progress.fraction * 100} aria-labelledby={progressId} />
            </Progress.Root>
          </Stack>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            <Text size="sm">
              <Text span fw={600} inherit>
                {failure.title}
              </Text>{' '}
              {failure.message}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('form.keptNotice')}
            </Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <FormModalCloseButton disabled={submitting}>{t('form.cancel')}</FormModalCloseButton>
          <Button type="submit" loading={submitting}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
