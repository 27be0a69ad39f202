import {
  ActionIcon,
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconPaperclip, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  isSizeProblem,
  submissionsService,
  type StudentActivity,
  type Submission,
} from '@portal/shared-data';
import { ErrorBanner, formatFileSize, useLanguage } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { submitState } from './activity-rules';
import { ACTIVITIES_NAMESPACE } from './i18n';
import {
  SUBMISSION_FILE_ACCEPT,
  SUBMISSION_MAX_BYTES,
  storedFileName,
  submissionFileProblems,
  withSubmissionType,
} from './submission-files';
import { useIsPhone } from './use-is-phone';
import { useOwnSubmission } from './use-own-submission';

/**
 * What the student has written and chosen for one activity. It lives with the screen, so closing the
 * form, a failed upload or a refusal by the server never loses it.
 */
export type SubmissionDraft = {
  text: string;
  /** New files to upload. */
  files: File[];
  /** Files of the previous submission that stay (object names). */
  keptFiles: string[];
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

type Failure = { title: string; message: string };

/**
 * Submit: text and files. Files upload first (their object names go into fileUrls), then the
 * submission is saved; resubmitting before the due date replaces it. The server refuses work after
 * the due date unless late work is allowed, and its message is shown.
 */
export function SubmitActivityModal({
  activity,
  studentId,
  draft,
  onDraftChange,
  onClose,
  onSubmitted,
}: SubmitActivityModalProps) {
  const { t } = useTranslation(ACTIVITIES_NAMESPACE);
  const { language } = useLanguage();
  const phone = useIsPhone();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [nothingToSubmit, setNothingToSubmit] = useState(false);
  const resubmitting = activity.mySubmission !== null;
  const needsPrefill = resubmitting && !draft.prefilled;
  const { state: previous, reload } = useOwnSubmission(activity.id, studentId, needsPrefill);

  // Copy the previous submission in once, so resubmitting starts from it.
  useEffect(() => {
    if (needsPrefill && previous.status === 'ready') {
      onDraftChange({
        ...draft,
        text: draft.text || (previous.submission?.submissionText ?? ''),
        keptFiles: previous.submission?.fileUrls ?? [],
        prefilled: true,
      });
    }
  }, [needsPrefill, previous, draft, onDraftChange]);

  const update = (changes: Partial<SubmissionDraft>) => {
    setNothingToSubmit(false);
    onDraftChange({ ...draft, ...changes });
  };

  const maxSize = formatFileSize(SUBMISSION_MAX_BYTES, language);
  const problems = submissionFileProblems(draft.files).map(({ file, kind }) =>
    kind === 'tooLarge'
      ? t('form.tooLarge', { name: file.name, size: maxSize })
      : t('form.wrongType', { name: file.name }),
  );

  const submit = async () => {
    setFailure(null);
    if (problems.length > 0) return;
    if (!draft.text.trim() && draft.files.length === 0 && draft.keptFiles.length === 0) {
      setNothingToSubmit(true);
      return;
    }
    if (submitState(activity, new Date()) === 'closed') {
      setFailure({ title: t('form.failed'), message: t('closed') });
      return;
    }
    setSubmitting(true);
    const uploaded = [...draft.uploaded];
    const objectNames: string[] = [];
    for (const file of draft.files) {
      const done = uploaded.find((entry) => entry.file === file);
      if (done) {
        objectNames.push(done.objectName);
        continue;
      }
      const result = await submissionsService.uploadFile(
        withSubmissionType(file),
        activity.id,
        studentId,
      );
      if (!result.success) {
        onDraftChange({ ...draft, uploaded });
        const { details } = result.error;
        setFailure({
          title: t('form.uploadFailed', { name: file.name }),
          message: isSizeProblem(details)
            ? t('form.tooLarge', {
                name: file.name,
                size: formatFileSize(details.limitBytes, language),
              })
            : result.error.message,
        });
        setSubmitting(false);
        return;
      }
      uploaded.push({ file, objectName: result.data });
      objectNames.push(result.data);
    }
    const result = await submissionsService.submit({
      activityId: activity.id,
      studentId,
      submissionText: draft.text,
      fileUrls: [...draft.keptFiles, ...objectNames],
    });
    setSubmitting(false);
    if (!result.success) {
      onDraftChange({ ...draft, uploaded });
      setFailure({ title: t('form.failed'), message: result.error.message });
      return;
    }
    onSubmitted(result.data);
  };

  return (
    <Modal
      opened
      onClose={submitting ? () => undefined : onClose}
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
      title={t('form.title', { title: activity.title })}
      size="lg"
      fullScreen={phone}
    >
      {needsPrefill && previous.status === 'error' ? (
        <ErrorBanner
          title={t('details.submissionError')}
          message={previous.error.message}
          onRetry={() => void reload()}
        />
      ) : needsPrefill ? (
        <Group gap="xs" role="status" aria-label={t('details.loadingSubmission')}>
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('details.loadingSubmission')}
          </Text>
        </Group>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            {resubmitting ? (
              <Text size="sm" c="dimmed">
                {t('form.resubmitNotice')}
              </Text>
            ) : null}
            <Textarea
              label={t('form.text')}
              placeholder={t('form.textPlaceholder')}
              // A fixed height: autosize measures fonts, which jsdom and some embedded browsers lack.
              rows={6}
              resize="vertical"
              value={draft.text}
              onChange={(event) => update({ text: event.currentTarget.value })}
              error={nothingToSubmit ? t('form.nothingToSubmit') : undefined}
              disabled={submitting}
            />
            {draft.keptFiles.length > 0 ? (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('form.keptFiles')}
                </Text>
                <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
                  {draft.keptFiles.map((objectName) => {
                    const name = storedFileName(objectName);
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
                            update({
                              keptFiles: draft.keptFiles.filter((kept) => kept !== objectName),
                            })
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
              value={draft.files}
              onChange={(files) => update({ files })}
              error={problems.length > 0 ? problems.join(' ') : undefined}
              disabled={submitting}
            />
            {failure ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                role="alert"
              >
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
              <Button variant="default" onClick={onClose} disabled={submitting}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={submitting} disabled={problems.length > 0}>
                {t('form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
