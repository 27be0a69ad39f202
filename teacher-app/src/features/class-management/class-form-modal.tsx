import '@mantine/dates/styles.css';
// The calendar's month and weekday names in Spanish (dayjs is one shared copy for the page).
import 'dayjs/locale/es';
import {
  Alert,
  Group,
  Loader,
  NumberInput,
  Radio,
  Select,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CLASS_DURATION,
  CLASS_SERIES_WEEKS,
  CLASS_TEXT_LIMITS,
  authAtom,
  classFormFromClass,
  classStartsInPast,
  classTextLength,
  emptyClassForm,
  errorMessageKey,
  toClassInput,
  toClassSeries,
  validateClassForm,
  type ClassFormValues,
  type ClassType,
  type CourseClass,
} from '@portal/shared-data';
import { classMutations, type ManagedCourseOption } from '@portal/shared-data/queries';
import {
  ConfirmDialog,
  ErrorBanner,
  FormModal,
  translateErrors,
  useDateInputProps,
  useTimeInputProps,
} from '@portal/shared-ui';
import { namespace } from './i18n';

/** What the form saved: one class changed, or this many classes scheduled (a weekly series). */
export type SavedAs = { kind: 'updated' } | { kind: 'created'; count: number };

export interface ClassFormModalProps {
  /** The class to edit; null schedules a new one. */
  editing: CourseClass | null;
  /** The courses the user may schedule for. */
  courses: UseQueryResult<ManagedCourseOption[]>;
  onClose: () => void;
  onSaved: (as: SavedAs) => void;
}

/**
 * Schedule or edit a class. Mounted only while open. Every field is checked on submit by the
 * shared `validateClassForm`; a refusal by the server is shown in the dialog and nothing typed is
 * lost.
 */
export function ClassFormModal({ editing, courses, onClose, onSaved }: ClassFormModalProps) {
  const { t } = useTranslation(namespace);
  const dateInput = useDateInputProps();
  const timeInput = useTimeInputProps(t('form.time'));
  const isAdmin = useAtomValue(authAtom).user?.role === 'admin';
  const create = useMutation(classMutations.createSeries());
  const update = useMutation(classMutations.update());
  const saving = create.isPending || update.isPending;
  const failure = editing ? update.error : create.error;
  const form = useForm<ClassFormValues>({
    mode: 'controlled',
    initialValues: editing ? classFormFromClass(editing) : emptyClassForm(),
    validate: (values) =>
      translateErrors(validateClassForm(values), t, (field) =>
        field === 'weeks'
          ? { min: CLASS_SERIES_WEEKS.min, max: CLASS_SERIES_WEEKS.max }
          : { min: CLASS_DURATION.min, step: CLASS_DURATION.step },
      ),
  });

  // A class dated in the past is saved only once the user confirms it (issue 29): what they typed
  // waits here while the question is open.
  const [pastPending, setPastPending] = useState<ClassFormValues | null>(null);

  const submit = (values: ClassFormValues) => {
    if (classStartsInPast(values, new Date(), editing ?? undefined)) {
      setPastPending(values);
      return;
    }
    save(values);
  };

  const save = (values: ClassFormValues) => {
    if (editing) {
      // The class keeps its exact start when its date and time were left as they were.
      const input = toClassInput(values, editing);
      update.mutate(
        { id: editing.id, changes: input },
        { onSuccess: () => onSaved({ kind: 'updated' }) },
      );
    } else {
      create.mutate(toClassSeries(values), {
        onSuccess: (classes) => onSaved({ kind: 'created', count: classes.length }),
      });
    }
  };

  // The class's own course stays selectable even when the course list does not include it.
  const options = courses.data ?? [];
  const courseData = [
    ...options.map((course) => ({ value: course.id, label: course.title })),
    ...(editing && !options.some((course) => course.id === editing.courseId)
      ? [
          {
            value: editing.courseId,
            label: editing.courseTitle ?? t('unknownCourse', { ns: 'common' }),
          },
        ]
      : []),
  ];
  const live = form.values.type === 'live';

  return (
    <FormModal
      title={editing ? t('form.editTitle') : t('form.scheduleTitle')}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={saving}
      onSubmit={form.onSubmit(submit)}
      failure={
        failure && {
          title: t('form.failed'),
          reason: t(errorMessageKey(failure), { ns: 'errors' }),
          notice: t('form.keptNotice'),
        }
      }
      submitLabel={editing ? t('form.save') : t('form.create')}
    >
      {courses.isError ? (
        <ErrorBanner
          title={t(isAdmin ? 'form.coursesErrorAdmin' : 'form.coursesError')}
          message={t(errorMessageKey(courses.error), { ns: 'errors' })}
          onRetry={() => void courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : null}
      {courses.isSuccess && courseData.length === 0 ? (
        <Alert color="yellow" variant="light">
          {t('form.noCourses')}
        </Alert>
      ) : null}
      <Select
        // The dialog opens on its first field, not on its × (Mantine focuses data-autofocus first).
        data-autofocus
        label={t('form.course')}
        placeholder={courses.isPending ? t('form.loadingCourses') : t('form.coursePlaceholder')}
        data={courseData}
        rightSection={courses.isPending ? <Loader size="xs" aria-hidden /> : undefined}
        withAsterisk
        disabled={saving}
        {...form.getInputProps('courseId')}
        value={form.values.courseId || null}
        onChange={(value) => form.setFieldValue('courseId', value ?? '')}
      />
      <TextInput
        label={t('form.title')}
        placeholder={t('form.titlePlaceholder')}
        description={`${classTextLength(form.values.title)}/${CLASS_TEXT_LIMITS.title}`}
        withAsterisk
        disabled={saving}
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('form.description')}
        placeholder={t('form.descriptionPlaceholder')}
        description={`${classTextLength(form.values.description)}/${CLASS_TEXT_LIMITS.description}`}
        // Fixed height: autosize measures fonts, which happy-dom and some embedded browsers lack.
        rows={4}
        resize="vertical"
        withAsterisk
        disabled={saving}
        {...form.getInputProps('description')}
      />
      <Group grow align="flex-start" gap="sm" wrap="wrap" preventGrowOverflow={false}>
        <DateInput
          {...dateInput}
          label={t('form.date')}
          allowDeselect
          withAsterisk
          disabled={saving}
          miw={180}
          {...form.getInputProps('date')}
          value={form.values.date || null}
          onChange={(value) => form.setFieldValue('date', value ?? '')}
        />
        <TimePicker
          {...timeInput}
          description={t('form.timeHint')}
          withAsterisk
          disabled={saving}
          miw={140}
          {...form.getInputProps('time')}
        />
      </Group>
      <NumberInput
        label={t('form.duration')}
        description={t('form.durationHint', {
          min: CLASS_DURATION.min,
          step: CLASS_DURATION.step,
        })}
        min={CLASS_DURATION.min}
        step={CLASS_DURATION.step}
        withAsterisk
        disabled={saving}
        {...form.getInputProps('duration')}
      />
      <Radio.Group
        label={t('form.type')}
        withAsterisk
        {...form.getInputProps('type')}
        onChange={(value) => form.setFieldValue('type', value as ClassType)}
      >
        <Group gap="lg" mt={6}>
          <Radio value="live" label={t('form.live')} disabled={saving} />
          <Radio value="recorded" label={t('form.recorded')} disabled={saving} />
        </Group>
      </Radio.Group>
      {/* One link field: the meeting of a live class (required), or the recording of a recorded one. */}
      <TextInput
        type="url"
        label={live ? t('form.meetingLink') : t('form.recordingLink')}
        placeholder={live ? t('form.meetingLinkPlaceholder') : t('form.recordingLinkPlaceholder')}
        description={`${classTextLength(form.values.meetingLink)}/${CLASS_TEXT_LIMITS.link}`}
        withAsterisk={live}
        disabled={saving}
        {...form.getInputProps('meetingLink')}
      />
      {editing ? null : (
        <Group align="flex-start" gap="md" wrap="wrap">
          <Switch
            label={t('form.repeatWeekly')}
            description={t('form.repeatWeeklyHint')}
            disabled={saving}
            mt={4}
            style={{ flex: '1 1 14rem' }}
            {...form.getInputProps('repeatWeekly', { type: 'checkbox' })}
          />
          {form.values.repeatWeekly ? (
            <NumberInput
              label={t('form.weeks')}
              description={t('form.weeksHint', {
                min: CLASS_SERIES_WEEKS.min,
                max: CLASS_SERIES_WEEKS.max,
              })}
              min={CLASS_SERIES_WEEKS.min}
              max={CLASS_SERIES_WEEKS.max}
              withAsterisk
              disabled={saving}
              w={{ base: '100%', xs: 200 }}
              {...form.getInputProps('weeks')}
            />
          ) : null}
        </Group>
      )}
      <ConfirmDialog
        opened={pastPending !== null}
        title={t('form.pastTitle')}
        message={t('form.pastMessage')}
        confirmLabel={t('form.pastConfirm')}
        cancelLabel={t('form.pastCancel')}
        onConfirm={() => {
          if (pastPending) save(pastPending);
          setPastPending(null);
        }}
        onCancel={() => setPastPending(null)}
      />
    </FormModal>
  );
}
