import { Alert, Button, Group, Loader, Radio, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../error-banner/error-banner';
import { FormModal } from '../form-modal/form-modal';
import { FormModalCloseButton } from '../form-modal/form-modal-close-button';
import { translateErrors, type FieldErrorKeys } from '../form-modal/translate-errors';
import { namespace } from './i18n';

/**
 * The same shapes as shared-data's `CourseHandoff`, `CourseHandoffValues`, `HandoffTeacherOption`
 * and `HandoffRead` (the kit takes data through props and does not import shared-data), so what
 * `useTeacherDeparture` answers passes as is.
 */
export type CourseHandoffChoice = 'keep' | 'reassign' | 'unassign';
export type CourseHandoffChoiceValues = { handoff: CourseHandoffChoice; reassignTo: string | null };
export type HandoffTeacherChoice = { value: string; label: string };
export type HandoffDialogRead<T> = {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  retry: () => void;
  retrying: boolean;
};

export interface TeacherHandoffDialogProps {
  /** The teacher's name, for "Keep them: they stay listed under {name}". */
  name: string;
  title: ReactNode;
  /** What the departure itself does (signed out, or removed for good). */
  message: ReactNode;
  confirmLabel: ReactNode;
  /** Red for a delete, orange for a deactivation. */
  confirmColor: 'red' | 'orange';
  /** The lead-in of a refusal, e.g. "The teacher was not deleted:". */
  failedTitle: ReactNode;
  /** The choices this departure offers, the first one preselected. */
  choices: readonly CourseHandoffChoice[];
  /** How many courses the teacher teaches. */
  courses: HandoffDialogRead<number>;
  /** The other active teachers who may take them, by name (read only when there are courses). */
  targets: HandoffDialogRead<HandoffTeacherChoice[]>;
  /** shared-data's `validateCourseHandoff`: `validation` keys per field. */
  validate: (values: CourseHandoffChoiceValues) => FieldErrorKeys<keyof CourseHandoffChoiceValues>;
  /**
   * Moves the courses and lets the teacher go; while its promise runs the dialog cannot be closed,
   * and if it rejects the dialog stays open with `describeError`'s reason and confirming retries.
   */
  onConfirm: (values: CourseHandoffChoiceValues) => Promise<unknown>;
  /** Why `onConfirm` failed, in the user's language (never the raw message). */
  describeError: (error: unknown) => ReactNode;
  onClose: () => void;
}

/** A rejected onConfirm, kept as a box so that even `undefined` counts as a failure. */
type Failure = { error: unknown };

/**
 * Deactivating or deleting a teacher, after saying what happens to their courses: they move to
 * another active teacher, stay with the teacher (deactivating), or keep no teacher and show
 * 'Unknown' (deleting). Teacher Management and User Management both ask it this way, fed by
 * shared-data's `useTeacherDeparture`. Mounted only while open; Cancel is where the focus starts.
 */
export function TeacherHandoffDialog({
  name,
  title,
  message,
  confirmLabel,
  confirmColor,
  failedTitle,
  choices,
  courses,
  targets,
  validate,
  onConfirm,
  describeError,
  onClose,
}: TeacherHandoffDialogProps) {
  const { t } = useTranslation(namespace);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const count = courses.data;
  const hasCourses = count !== undefined && count > 0;
  const form = useForm<CourseHandoffChoiceValues>({
    mode: 'controlled',
    initialValues: { handoff: choices[0] ?? 'reassign', reassignTo: null },
    validate: (values) => (hasCourses ? translateErrors(validate(values), t) : {}),
  });
  const reassigning = hasCourses && form.values.handoff === 'reassign';
  const options = targets.data ?? [];

  const submit = (values: CourseHandoffChoiceValues) => {
    setFailure(null);
    setRunning(true);
    onConfirm(values).then(
      () => setRunning(false),
      (error: unknown) => {
        setRunning(false);
        setFailure({ error });
      },
    );
  };

  let about: ReactNode;
  if (courses.error) {
    about = (
      <ErrorBanner
        title={t('coursesError')}
        message={describeError(courses.error)}
        onRetry={courses.retry}
        retrying={courses.retrying}
      />
    );
  } else if (count === undefined) {
    about = (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t('coursesLoading')}</Text>
      </Group>
    );
  } else if (count === 0) {
    about = (
      <Text size="sm" c="dimmed">
        {t('none')}
      </Text>
    );
  } else {
    about = (
      <Stack gap="sm">
        <Radio.Group
          label={t('question', { count })}
          value={form.values.handoff}
          onChange={(value) => form.setFieldValue('handoff', value as CourseHandoffChoice)}
        >
          <Stack gap="xs" mt="xs">
            {choices.map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={t(choice, { name, count })}
                disabled={running}
              />
            ))}
          </Stack>
        </Radio.Group>
        {reassigning && targets.error ? (
          <ErrorBanner
            title={t('targetsError')}
            message={describeError(targets.error)}
            onRetry={targets.retry}
            retrying={targets.retrying}
          />
        ) : null}
        {reassigning && targets.data && options.length === 0 ? (
          <Alert color="yellow" variant="light">
            {t('noTargets')}
          </Alert>
        ) : null}
        {reassigning ? (
          <Select
            label={t('target')}
            placeholder={targets.loading ? t('targetsLoading') : t('targetPlaceholder')}
            data={options}
            searchable
            withAsterisk
            nothingFoundMessage={t('noMatch')}
            disabled={running || targets.loading || options.length === 0}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('reassignTo')}
          />
        ) : null}
      </Stack>
    );
  }

  return (
    <FormModal
      title={title}
      size="md"
      onClose={onClose}
      // A question, not a form: Cancel is its safe answer.
      dirty={false}
      busy={running}
      onSubmit={form.onSubmit(submit)}
      failure={failure ? { title: failedTitle, reason: describeError(failure.error) } : null}
      actions={
        <Group justify="flex-end" gap="xs">
          {/* Focus starts on the safe choice, so Enter never confirms by accident. */}
          <FormModalCloseButton disabled={running} data-autofocus>
            {t('cancel', { ns: 'common' })}
          </FormModalCloseButton>
          <Button
            type="submit"
            color={confirmColor}
            loading={running}
            // The question is answered once the courses are known.
            disabled={count === undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      }
    >
      <Text size="sm">{message}</Text>
      {about}
    </FormModal>
  );
}
