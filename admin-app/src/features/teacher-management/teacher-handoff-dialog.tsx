import { Alert, Button, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  errorMessageKey,
  handoffTarget,
  validateCourseHandoff,
  type AppUser,
  type CourseHandoff,
  type CourseHandoffValues,
  type ManagedTeacher,
} from '@portal/shared-data';
import { teacherMutations, userQueries } from '@portal/shared-data/queries';
import { ErrorBanner, FormModal, translateErrors } from '@portal/shared-ui';
import { namespace } from './i18n';

export type Departure = 'delete' | 'deactivate';

/** What was done: how many courses moved, and to whom (their name). */
export type DepartureOutcome = { departure: Departure; reassigned: number; to: string | null };

export interface TeacherHandoffDialogProps {
  departure: Departure;
  teacher: ManagedTeacher;
  onClose: () => void;
  onDone: (outcome: DepartureOutcome) => void;
}

/** The choices for each departure: a deactivated teacher may keep their courses, a deleted one not. */
const CHOICES: Record<Departure, readonly CourseHandoff[]> = {
  delete: ['reassign', 'unassign'],
  deactivate: ['keep', 'reassign'],
};

const fullName = (person: Pick<AppUser, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * Deleting or deactivating a teacher, after saying what happens to their courses: they move to
 * another active teacher (chosen from the teachers, up to 100, read when the dialog opens), stay
 * with the teacher (deactivating), or keep no teacher and show 'Unknown' (deleting). The server
 * moves them first, then deactivates or deletes. Mounted only while open; a refusal keeps the dialog
 * open with the reason, and confirming again retries.
 */
export function TeacherHandoffDialog({
  departure,
  teacher,
  onClose,
  onDone,
}: TeacherHandoffDialogProps) {
  const { t } = useTranslation(namespace);
  const hasCourses = teacher.courseCount > 0;
  const teachers = useQuery({ ...userQueries.teachers(), enabled: hasCourses });
  const remove = useMutation(teacherMutations.delete());
  const deactivate = useMutation(teacherMutations.setActive());
  const saving = remove.isPending || deactivate.isPending;
  const failure = departure === 'delete' ? remove.error : deactivate.error;
  const name = fullName(teacher) || t('unknownPerson', { ns: 'common' });
  const form = useForm<CourseHandoffValues>({
    mode: 'controlled',
    initialValues: { handoff: CHOICES[departure][0] ?? 'keep', reassignTo: null },
    validate: (values) => (hasCourses ? translateErrors(validateCourseHandoff(values), t) : {}),
  });

  const targets = (teachers.data ?? [])
    .filter((other) => other.isActive && other.id !== teacher.id)
    .map((other) => ({
      value: other.id,
      label: fullName(other) || other.email || t('unknownPerson', { ns: 'common' }),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const reassigning = hasCourses && form.values.handoff === 'reassign';

  const submit = (values: CourseHandoffValues) => {
    const reassignTo = hasCourses ? handoffTarget(values) : null;
    const to = targets.find((option) => option.value === reassignTo)?.label ?? null;
    if (departure === 'delete') {
      remove.mutate(
        { id: teacher.id, reassignTo },
        { onSuccess: ({ reassigned }) => onDone({ departure, reassigned, to }) },
      );
    } else {
      deactivate.mutate(
        { id: teacher.id, isActive: false, reassignTo },
        {
          onSuccess: () =>
            onDone({ departure, reassigned: reassignTo ? teacher.courseCount : 0, to }),
        },
      );
    }
  };

  const choiceLabel = (choice: CourseHandoff) =>
    t(`courses.${choice}`, { name, count: teacher.courseCount });

  return (
    <FormModal
      title={
        departure === 'delete' ? t('remove.title', { name }) : t('status.deactivateTitle', { name })
      }
      size="md"
      onClose={onClose}
      // A question, not a form: Cancel is its safe answer.
      dirty={false}
      busy={saving}
      onSubmit={form.onSubmit(submit)}
      failure={
        failure
          ? {
              title: departure === 'delete' ? t('remove.failed') : t('status.failed'),
              reason: t(errorMessageKey(failure), { ns: 'errors' }),
            }
          : null
      }
      actions={
        <Group justify="flex-end" gap="xs">
          {/* Focus starts on the safe choice, so Enter never confirms by accident. */}
          <Button variant="default" onClick={onClose} disabled={saving} data-autofocus>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" color={departure === 'delete' ? 'red' : 'orange'} loading={saving}>
            {departure === 'delete' ? t('remove.confirm') : t('status.deactivateConfirm')}
          </Button>
        </Group>
      }
    >
      <Text size="sm">
        {departure === 'delete' ? t('remove.message') : t('status.deactivateMessage')}
      </Text>
      {hasCourses ? (
        <Stack gap="sm">
          <Radio.Group
            label={t('courses.question', { count: teacher.courseCount })}
            value={form.values.handoff}
            onChange={(value) => form.setFieldValue('handoff', value as CourseHandoff)}
          >
            <Stack gap="xs" mt="xs">
              {CHOICES[departure].map((choice) => (
                <Radio key={choice} value={choice} label={choiceLabel(choice)} disabled={saving} />
              ))}
            </Stack>
          </Radio.Group>
          {reassigning && teachers.isError ? (
            <ErrorBanner
              title={t('courses.targetsError')}
              message={t(errorMessageKey(teachers.error), { ns: 'errors' })}
              onRetry={() => void teachers.refetch()}
              retrying={teachers.isFetching}
            />
          ) : null}
          {reassigning && teachers.isSuccess && targets.length === 0 ? (
            <Alert color="yellow" variant="light">
              {t('courses.noTargets')}
            </Alert>
          ) : null}
          {reassigning ? (
            <Select
              label={t('courses.target')}
              placeholder={
                teachers.isPending ? t('courses.targetsLoading') : t('courses.targetPlaceholder')
              }
              data={targets}
              searchable
              withAsterisk
              nothingFoundMessage={t('courses.noMatch')}
              disabled={saving || teachers.isPending || targets.length === 0}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('reassignTo')}
            />
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('courses.none')}
        </Text>
      )}
    </FormModal>
  );
}
