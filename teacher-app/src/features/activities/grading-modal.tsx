import {
  Alert,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconClockExclamation,
  IconFile,
  IconInbox,
} from '@tabler/icons-react';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_MAX_LENGTH,
  GRADE_DECIMALS,
  errorMessageKey,
  gradeFormFromSubmission,
  isOverdue,
  submissionTextLength,
  toGradeInput,
  validateGrade,
  type GradeFormValues,
  type GradingSubmission,
  type ManagedActivity,
  type RubricContent,
  rubricScoresTotal,
} from '@portal/shared-data';
import {
  activityQueries,
  submissionMutations,
  submissionQueries,
  toServiceError,
} from '@portal/shared-data/queries';
import {
  EmptyState,
  ErrorBanner,
  FormModal,
  FormModalCloseButton,
  MaterialViewer,
  SaveFailedAlert,
  TypeBadge,
  formatDate,
  formatTime,
  intlLocale,
  startDownload,
  translateErrors,
  useLanguage,
  useNow,
} from '@portal/shared-ui';
import { useActivityPlace, useDueText } from './activity-card';
import { namespace } from './i18n';
import { FeedbackAudioField, SubmissionRecordings } from './spoken-work';
import { fileNameOf, submittedFileMaterial } from './submission-files';
import { RubricGrid } from './rubric-grid';
import { namespace as rubricNamespace } from './rubric-i18n';

/** Submissions read per request; Next and Previous move across pages without closing. */
export const GRADING_PAGE_SIZE = 20;

export interface GradingModalProps {
  activityId: string;
  /** The activity when the screen already has it (its card); else it is read by id (a link). */
  activity?: ManagedActivity | null;
  /** Open on this submission (a Grade link), at its place in the list; else on the first. */
  opening?: { submissionId: string; position: number } | null;
  /** The grader moved to another submission (Next, Previous, the student list): the address follows. */
  onMove?: (submissionId: string) => void;
  onClose: () => void;
}

/** Where the grader is: a page of submissions and a place on it ('last' after moving back a page). */
type Cursor = { page: number; index: number | 'last' };

/** The page and place of the submission at `position` (1-based) in the grading order. */
function cursorAt(position: number): Cursor {
  const index = Math.max(position, 1) - 1;
  return { page: Math.floor(index / GRADING_PAGE_SIZE) + 1, index: index % GRADING_PAGE_SIZE };
}

/** What the grading dialog opens on: an activity's submissions, or one submission (a Grade link). */
export type GradingTarget =
  { activityId: string; activity: ManagedActivity | null } | { submissionId: string };

/**
 * The grading dialog for an activity, or for the one submission a Grade link names: that link's
 * activity and place are read first (`get_submission_place`), so the dialog opens on that very
 * submission; one that is gone, or not the caller's to see, is said so and nothing else opens.
 */
export function GradingDialog({
  target,
  onMove,
  onClose,
}: {
  target: GradingTarget;
  onMove?: (submissionId: string) => void;
  onClose: () => void;
}) {
  // What it opened on: the address then follows the grader (onMove), and that must not reopen it.
  const [opened] = useState(target);
  if ('activityId' in opened) {
    return (
      <GradingModal
        activityId={opened.activityId}
        activity={opened.activity}
        onMove={onMove}
        onClose={onClose}
      />
    );
  }
  return <LinkedSubmission submissionId={opened.submissionId} onMove={onMove} onClose={onClose} />;
}

function LinkedSubmission({
  submissionId,
  onMove,
  onClose,
}: {
  submissionId: string;
  onMove?: (submissionId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(namespace);
  const place = useQuery(submissionQueries.place(submissionId));
  if (place.data) {
    return (
      <GradingModal
        activityId={place.data.activityId}
        opening={{ submissionId, position: place.data.position }}
        onMove={onMove}
        onClose={onClose}
      />
    );
  }
  return (
    <FormModal onClose={onClose} dirty={false} title={t('grading.titlePlain')} size="xl">
      <Stack gap="md">
        {place.isError ? (
          <ErrorBanner
            title={t('grading.loadError')}
            message={t(errorMessageKey(place.error), { ns: 'errors' })}
            onRetry={() => void place.refetch()}
            retrying={place.isFetching}
          />
        ) : place.isSuccess ? (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {t('grading.submissionNotFound')}
          </Alert>
        ) : (
          <Group gap="xs" role="status" aria-label={t('grading.locating')} py="xl" justify="center">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('grading.locating')}
            </Text>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onClose}>
            {t('grading.close')}
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}

/** A submitted file open in the viewer. */
type OpenFile = { objectName: string; submission: GradingSubmission };

/** The same grade and feedback (a number field answers 17 or '17' alike), recorded feedback too. */
function sameGrade(a: GradeFormValues, b: GradeFormValues): boolean {
  return (
    String(a.grade) === String(b.grade) &&
    a.feedback === b.feedback &&
    (a.feedbackAudio ?? null) === (b.feedbackAudio ?? null) &&
    sameScores(a.rubricScores, b.rubricScores)
  );
}

/** The same rubric levels chosen (none on both sides counts as the same). */
function sameScores(a: GradeFormValues['rubricScores'], b: GradeFormValues['rubricScores']) {
  const left = a ?? {};
  const right = b ?? {};
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => left[key] === right[key]);
}

/** A grade for people: up to two decimals, no trailing zeros (88, 17.5). */
function formatPoints(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: GRADE_DECIMALS }).format(value);
}

/**
 * An activity's submissions, one student at a time: their answer, files (in the material viewer
 * through a signed link), submission time and late flag, and the grade and feedback form. Next and
 * Previous go through every submission, a page of GRADING_PAGE_SIZE per request; what was typed for
 * one student stays while moving to another. Mounted only while open.
 */
export function GradingModal({
  activityId,
  activity = null,
  opening = null,
  onMove,
  onClose,
}: GradingModalProps) {
  const { t } = useTranslation(namespace);
  const queryClient = useQueryClient();
  const [cursor, setCursor] = useState<Cursor>(() =>
    opening ? cursorAt(opening.position) : { page: 1, index: 0 },
  );
  // The linked submission, until its page has loaded: found there by id, should the list have moved
  // since its place was read.
  const [seeking, setSeeking] = useState(opening?.submissionId ?? null);
  const loaded = useQuery({
    ...activityQueries.managedOne(activityId),
    enabled: activity === null,
  });
  const shown = activity ?? loaded.data ?? null;
  const query = useQuery(
    submissionQueries.forGrading({
      activityId,
      page: cursor.page,
      limit: GRADING_PAGE_SIZE,
    }),
  );
  // Typed but unsaved grades, by submission, so moving between students loses nothing.
  const drafts = useRef(new Map<string, GradeFormValues>());
  // The recorded feedback each draft's submission has saved: a draft's other recording was uploaded in
  // this dialog and is dropped from storage if the dialog closes without saving it.
  const savedAudio = useRef(new Map<string, string | null>());
  // Recordings saved with a grade in this dialog: never dropped, even before the list has re-read them.
  const keptAudio = useRef(new Set<string>());
  const discardAudio = useMutation(submissionMutations.discardFeedbackAudio());
  const close = () => {
    for (const [id, values] of drafts.current) {
      const recording = values.feedbackAudio ?? null;
      if (
        recording !== null &&
        recording !== (savedAudio.current.get(id) ?? null) &&
        !keptAudio.current.has(recording)
      ) {
        discardAudio.mutate(recording);
      }
    }
    onClose();
  };
  // The submissions whose draft differs from what is saved: closing would lose them, so it asks.
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const markUnsaved = (id: string, changed: boolean) =>
    setUnsaved((current) => {
      if (current.has(id) === changed) return current;
      const next = new Set(current);
      if (changed) next.add(id);
      else next.delete(id);
      return next;
    });
  const [openFile, setOpenFile] = useState<OpenFile | null>(null);
  const fileUrl = useQuery({
    ...submissionQueries.fileUrl(openFile?.objectName ?? ''),
    enabled: openFile !== null,
  });

  // The previous page stays on screen while the next loads, but its places are not this page's.
  const current = query.isPlaceholderData ? undefined : query.data;
  const items = current?.items ?? [];
  // The list shrank under us (a page past the end): go to its new last submission.
  if (current && items.length === 0 && current.totalPages > 0 && cursor.page > current.totalPages) {
    setCursor({ page: current.totalPages, index: 'last' });
  }
  if (seeking !== null && current) {
    setSeeking(null);
    const at = items.findIndex((item) => item.id === seeking);
    if (at >= 0 && at !== cursor.index) setCursor({ page: cursor.page, index: at });
  }
  const index =
    items.length === 0
      ? -1
      : cursor.index === 'last'
        ? items.length - 1
        : Math.min(cursor.index, items.length - 1);
  const submission = index >= 0 ? items[index] : undefined;
  // Every submission shown after the first is a move: the address follows, so a reload or a shared
  // link reopens the one on screen.
  const shownId = submission?.id;
  const firstShown = useRef<string | null>(null);
  useEffect(() => {
    if (!shownId) return;
    if (firstShown.current === null) firstShown.current = shownId;
    else onMove?.(shownId);
    // Only a new submission on screen is a move; a new callback from the screen is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownId]);
  const totalPages = current?.totalPages ?? 0;
  const hasPrevious = current !== undefined && (index > 0 || cursor.page > 1);
  const hasNext = current !== undefined && (index < items.length - 1 || cursor.page < totalPages);

  const previous = () =>
    setCursor(
      index > 0
        ? { page: cursor.page, index: index - 1 }
        : { page: cursor.page - 1, index: 'last' },
    );
  const next = () =>
    setCursor(
      index < items.length - 1
        ? { page: cursor.page, index: index + 1 }
        : { page: cursor.page + 1, index: 0 },
    );

  const studentLabel = (item: GradingSubmission) =>
    t('grading.studentOption', {
      name: item.studentName ?? t('unknownPerson', { ns: 'common' }),
      status: t(`grading.status.${item.status}`),
    });

  const download = () => {
    if (!openFile) return;
    void queryClient
      .fetchQuery(submissionQueries.fileUrl(openFile.objectName))
      .then((url) => startDownload(url, fileNameOf(openFile.submission, openFile.objectName)))
      .catch((error: unknown) =>
        notifications.show({
          color: 'red',
          message: t(errorMessageKey(error), { ns: 'errors' }),
          autoClose: false,
        }),
      );
  };
  // While a grade is being saved the dialog stays, so a refusal is shown and nothing typed is lost.
  const saving = useIsMutating({ mutationKey: submissionMutations.grade().mutationKey }) > 0;

  return (
    <>
      <FormModal
        onClose={close}
        dirty={unsaved.size > 0}
        busy={saving}
        // While a file is open in the viewer on top, Escape and the focus belong to the viewer.
        closeOnEscape={openFile === null}
        trapFocus={openFile === null}
        title={shown ? t('grading.title', { title: shown.title }) : t('grading.titlePlain')}
        size="xl"
        styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
      >
        <Stack gap="md">
          {shown ? (
            <>
              <ActivitySummary activity={shown} />
              <Divider />
            </>
          ) : null}
          {loaded.isError ? (
            <ErrorBanner
              title={t('grading.activityError')}
              message={t(errorMessageKey(loaded.error), { ns: 'errors' })}
              onRetry={() => void loaded.refetch()}
              retrying={loaded.isFetching}
            />
          ) : null}
          {activity === null && loaded.isSuccess && loaded.data === null ? (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />}>
              {t('grading.notFound')}
            </Alert>
          ) : query.isError ? (
            <ErrorBanner
              title={t('grading.loadError')}
              message={t(errorMessageKey(query.error), { ns: 'errors' })}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          ) : current === undefined || shown === null ? (
            <Group
              gap="xs"
              role="status"
              aria-label={t('grading.loading')}
              py="xl"
              justify="center"
            >
              <Loader size="sm" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('grading.loading')}
              </Text>
            </Group>
          ) : current.total === 0 ? (
            <EmptyState
              icon={<IconInbox aria-hidden />}
              title={t('grading.emptyTitle')}
              description={t('grading.emptyDescription')}
            />
          ) : submission ? (
            <>
              <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
                <Select
                  label={t('grading.student')}
                  data={items.map((item) => ({ value: item.id, label: studentLabel(item) }))}
                  value={submission.id}
                  onChange={(id) => {
                    const at = items.findIndex((item) => item.id === id);
                    if (at >= 0) setCursor({ page: cursor.page, index: at });
                  }}
                  allowDeselect={false}
                  searchable
                  w={{ base: '100%', sm: 440 }}
                />
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t('grading.position', {
                    position: (cursor.page - 1) * GRADING_PAGE_SIZE + index + 1,
                    total: current.total,
                  })}
                </Text>
              </Group>
              <SubmissionDetail
                key={submission.id}
                submission={submission}
                maxPoints={submission.maxPoints ?? shown.maxPoints}
                rubric={shown.rubric}
                draft={drafts.current.get(submission.id)}
                onDraft={(values) => {
                  drafts.current.set(submission.id, values);
                  savedAudio.current.set(submission.id, submission.feedbackAudio ?? null);
                  markUnsaved(
                    submission.id,
                    !sameGrade(values, gradeFormFromSubmission(submission, shown.rubric)),
                  );
                }}
                onSaved={(values) => {
                  drafts.current.delete(submission.id);
                  savedAudio.current.delete(submission.id);
                  if (values.feedbackAudio) keptAudio.current.add(values.feedbackAudio);
                  markUnsaved(submission.id, false);
                }}
                onOpenFile={(objectName) => setOpenFile({ objectName, submission })}
              />
            </>
          ) : null}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
                disabled={!hasPrevious}
                onClick={previous}
              >
                {t('grading.previous')}
              </Button>
              <Button
                variant="default"
                rightSection={<IconArrowRight size={16} aria-hidden />}
                disabled={!hasNext}
                onClick={next}
              >
                {t('grading.next')}
              </Button>
            </Group>
            <FormModalCloseButton variant="subtle" disabled={saving}>
              {t('grading.close')}
            </FormModalCloseButton>
          </Group>
        </Stack>
      </FormModal>
      <MaterialViewer
        opened={openFile !== null}
        onClose={() => setOpenFile(null)}
        material={openFile ? submittedFileMaterial(openFile.submission, openFile.objectName) : null}
        url={openFile ? (fileUrl.data ?? null) : null}
        loading={openFile !== null && fileUrl.isPending}
        error={
          openFile && fileUrl.isError
            ? `${t('grading.fileError')} ${t(errorMessageKey(toServiceError(fileUrl.error)), { ns: 'errors' })}`
            : null
        }
        onDownload={download}
      />
    </>
  );
}

/** The activity being graded: type, course or class, points and due date. */
function ActivitySummary({ activity }: { activity: ManagedActivity }) {
  const { t } = useTranslation(namespace);
  const now = useNow();
  const overdue = isOverdue(activity, now);
  const place = useActivityPlace(activity);
  const due = useDueText(activity.dueDate, overdue);
  return (
    <Group gap="sm" wrap="wrap">
      <TypeBadge type={activity.type} />
      <Text size="sm">{place}</Text>
      <Text size="sm" c="dimmed">
        {t('card.points', { count: activity.maxPoints })}
      </Text>
      <Text size="sm" c={overdue ? 'red' : 'dimmed'} fw={overdue ? 600 : undefined}>
        {due}
      </Text>
    </Group>
  );
}

interface SubmissionDetailProps {
  submission: GradingSubmission;
  maxPoints: number;
  /** The activity's rubric: the work is graded by its levels. */
  rubric: RubricContent | null;
  draft: GradeFormValues | undefined;
  onDraft: (values: GradeFormValues) => void;
  /** The grade was saved with these values. */
  onSaved: (values: GradeFormValues) => void;
  onOpenFile: (objectName: string) => void;
}

/** One student's work and the form that grades it. */
function SubmissionDetail({
  submission,
  maxPoints,
  rubric,
  draft,
  onDraft,
  onSaved,
  onOpenFile,
}: SubmissionDetailProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const headingId = useId();
  const filesHintId = useId();
  const name = submission.studentName ?? t('unknownPerson', { ns: 'common' });

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={0}>
            <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {submission.studentEmail ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {submission.studentEmail}
              </Text>
            ) : null}
          </Stack>
          <Group gap={6}>
            <Badge
              variant="light"
              color={
                submission.status === 'graded'
                  ? 'teal'
                  : submission.status === 'returned'
                    ? 'blue'
                    : 'yellow'
              }
            >
              {t(`grading.status.${submission.status}`)}
            </Badge>
            {submission.isLate ? (
              <Badge
                variant="light"
                color="red"
                leftSection={<IconClockExclamation size={12} aria-hidden />}
              >
                {t('grading.late')}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          <time dateTime={submission.submittedAt}>
            {t('grading.submittedOn', {
              date: formatDate(submission.submittedAt, language),
              time: formatTime(submission.submittedAt, language),
            })}
          </time>
        </Text>

        <Stack gap={4}>
          <Title order={4} size="h6">
            {t('grading.answer')}
          </Title>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            c={submission.submissionText ? undefined : 'dimmed'}
          >
            {submission.submissionText || t('grading.noText')}
          </Text>
        </Stack>

        <Stack gap={4}>
          <Title order={4} size="h6">
            {t('grading.files')}
          </Title>
          {submission.fileUrls.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('grading.noFiles')}
            </Text>
          ) : (
            <>
              <Text size="xs" c="dimmed" id={filesHintId}>
                {t('grading.filesHint')}
              </Text>
              <Group gap="xs" wrap="wrap">
                {submission.fileUrls.map((objectName) => (
                  <Button
                    key={objectName}
                    variant="light"
                    size="compact-sm"
                    leftSection={<IconFile size={14} aria-hidden />}
                    aria-describedby={filesHintId}
                    onClick={() => onOpenFile(objectName)}
                    styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                  >
                    {fileNameOf(submission, objectName)}
                  </Button>
                ))}
              </Group>
            </>
          )}
        </Stack>
        <SubmissionRecordings submission={submission} />

        <Divider />
        {submission.grade !== null ? (
          <Text size="sm" fw={600}>
            {t('grading.currentGrade', {
              grade: formatPoints(submission.grade, locale),
              max: formatPoints(maxPoints, locale),
            })}
          </Text>
        ) : null}
        <GradeForm
          submission={submission}
          maxPoints={maxPoints}
          rubric={rubric}
          draft={draft}
          onDraft={onDraft}
          onSaved={onSaved}
        />
      </Stack>
    </Box>
  );
}

interface GradeFormProps {
  submission: GradingSubmission;
  maxPoints: number;
  rubric: RubricContent | null;
  draft: GradeFormValues | undefined;
  onDraft: (values: GradeFormValues) => void;
  /** The grade was saved with these values. */
  onSaved: (values: GradeFormValues) => void;
}

/**
 * Grade (0 to the activity's points, two decimals at most) and feedback, checked by the shared
 * `validateGrade` before sending; the database checks the same again. A refusal stays in the form
 * with everything typed.
 */
function GradeForm({ submission, maxPoints, rubric, draft, onDraft, onSaved }: GradeFormProps) {
  const { t } = useTranslation(namespace);
  const save = useMutation(submissionMutations.grade());
  const form = useForm<GradeFormValues>({
    mode: 'controlled',
    initialValues: draft ?? gradeFormFromSubmission(submission, rubric),
    onValuesChange: onDraft,
    validate: (values) =>
      translateErrors(validateGrade(values, maxPoints, rubric), t, { max: maxPoints }),
  });
  // Graded by a rubric: the grade is the sum of the levels chosen (the database computes it).
  const rubricTotal = rubric ? rubricScoresTotal(rubric, form.values.rubricScores ?? {}) : null;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(toGradeInput(submission.id, values), {
          onSuccess: () => {
            onSaved(values);
            notifications.show({ color: 'teal', message: t('grading.saved') });
          },
        }),
      )}
    >
      <Stack gap="sm">
        {rubric ? (
          <>
            <RubricGrid
              rubric={rubric}
              scores={form.values.rubricScores ?? {}}
              maxPoints={maxPoints}
              onChange={(scores) => {
                form.setFieldValue('rubricScores', scores);
                form.clearFieldError('rubricScores');
              }}
              error={typeof form.errors.rubricScores === 'string' ? form.errors.rubricScores : null}
              disabled={save.isPending}
            />
            <NumberInput
              label={t('grading.grade')}
              description={t('grid.gradeReadOnly', { ns: rubricNamespace })}
              readOnly
              value={rubricTotal ?? ''}
              w={{ base: '100%', xs: 220 }}
            />
          </>
        ) : (
          <NumberInput
            label={t('grading.grade')}
            description={t('grading.gradeHint', { max: maxPoints })}
            min={0}
            max={maxPoints}
            withAsterisk
            disabled={save.isPending}
            w={{ base: '100%', xs: 220 }}
            {...form.getInputProps('grade')}
          />
        )}
        <Textarea
          label={t('grading.feedback')}
          placeholder={t('grading.feedbackPlaceholder')}
          description={`${submissionTextLength(form.values.feedback)}/${FEEDBACK_MAX_LENGTH}`}
          rows={4}
          resize="vertical"
          disabled={save.isPending}
          {...form.getInputProps('feedback')}
        />
        <FeedbackAudioField
          submission={submission}
          value={form.values.feedbackAudio ?? null}
          onChange={(objectName) => form.setFieldValue('feedbackAudio', objectName)}
          disabled={save.isPending}
        />
        {save.error ? (
          <SaveFailedAlert
            title={t('grading.failed')}
            reason={t(errorMessageKey(save.error), { ns: 'errors' })}
            notice={t('grading.keptNotice')}
          />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('grading.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
