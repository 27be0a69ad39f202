import '@mantine/dates/styles.css';
// The calendar's month and weekday names in Spanish (dayjs is one shared copy for the page).
import 'dayjs/locale/es';
import {
  Accordion,
  Alert,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_POINTS,
  ACTIVITY_RECORDING_LIMIT,
  DEFAULT_DUE_TIME,
  ACTIVITY_TEXT_LIMITS,
  ACTIVITY_TYPES,
  CEFR_LEVELS,
  SKILLS,
  activityFormFromActivity,
  activityTextLength,
  emptyActivityForm,
  errorMessageKey,
  toActivityInput,
  validateActivityForm,
  type ActivityAssociation,
  type ActivityFormValues,
  type ActivityType,
  type CefrLevel,
  type ManagedActivity,
  rubricBestTotal,
} from '@portal/shared-data';
import { activityMutations, type ManagedCourseOption } from '@portal/shared-data/queries';
import {
  ErrorBanner,
  FormModal,
  formatClock,
  formatDate,
  formatTime,
  translateErrors,
  useDateInputProps,
  useLanguage,
  useTimeInputProps,
} from '@portal/shared-ui';
import { namespace } from './i18n';
import { useCourseClasses } from './use-activity-places';
import { ActivityRubricField } from './activity-rubric-field';
import { namespace as rubricNamespace } from './rubric-i18n';

export type SavedAs = 'created' | 'updated';

export interface ActivityFormModalProps {
  /** The activity to edit; null creates a new one. */
  editing: ManagedActivity | null;
  /** The courses the user may set activities for. */
  courses: UseQueryResult<ManagedCourseOption[]>;
  onClose: () => void;
  onSaved: (as: SavedAs) => void;
}

/** The fields of the "Instructions and assessment" section. */
const MORE_OPTION_FIELDS = [
  'instructions',
  'skills',
  'cefrLevel',
  'recordingLimitSeconds',
  'rubric',
] as const;

/** True when the form's values use the section's fields (an activity being edited). */
function usesMoreOptions(values: ActivityFormValues): boolean {
  const empty = emptyActivityForm();
  return (
    values.instructions.trim() !== '' ||
    values.skills.length > 0 ||
    values.cefrLevel !== '' ||
    values.rubric !== null ||
    Number(values.recordingLimitSeconds) !== Number(empty.recordingLimitSeconds)
  );
}

/**
 * Create or edit an activity. Mounted only while open. Every field is checked on submit by the shared
 * `validateActivityForm`; a refusal by the server is shown in the dialog and nothing typed is lost.
 */
export function ActivityFormModal({ editing, courses, onClose, onSaved }: ActivityFormModalProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const dateInput = useDateInputProps();
  const timeInput = useTimeInputProps(t('form.dueTime'));
  const create = useMutation(activityMutations.create());
  const update = useMutation(activityMutations.update());
  const saving = create.isPending || update.isPending;
  const failure = editing ? update.error : create.error;
  const form = useForm<ActivityFormValues>({
    mode: 'controlled',
    initialValues: editing ? activityFormFromActivity(editing) : emptyActivityForm(),
    validate: (values) =>
      translateErrors(validateActivityForm(values), t, {
        max: ACTIVITY_POINTS.max,
        total: values.rubric ? rubricBestTotal(values.rubric.criteria) : 0,
      }),
  });
  const { association, courseId, classId, dueDate, dueTime } = form.values;
  const byClass = association === 'class';
  const classes = useCourseClasses(courseId, byClass);
  // Instructions and the assessment fields (skills, level, recording limit, rubric) are optional: a
  // section of their own, closed on a new activity so the dialog fits a 1280x800 window, open when the
  // activity being edited uses any of them, and opened when the form's checks refuse one of them.
  const [moreOpen, setMoreOpen] = useState(() => usesMoreOptions(form.values));

  const submit = (values: ActivityFormValues) => {
    if (editing) {
      // The activity keeps its exact due instant when its date and time were left as they were.
      update.mutate(
        { id: editing.id, changes: toActivityInput(values, editing) },
        { onSuccess: () => onSaved('updated') },
      );
    } else {
      create.mutate(toActivityInput(values), { onSuccess: () => onSaved('created') });
    }
  };

  // The activity's own course and class stay selectable even when the option lists lack them.
  const courseOptions = courses.data ?? [];
  const courseData = [
    ...courseOptions.map((course) => ({ value: course.id, label: course.title })),
    ...(editing?.effectiveCourseId &&
    !courseOptions.some((course) => course.id === editing.effectiveCourseId)
      ? [
          {
            value: editing.effectiveCourseId,
            label: editing.courseTitle ?? t('unknownCourse', { ns: 'common' }),
          },
        ]
      : []),
  ];
  const classOptions = (classes.data ?? []).map((cls) => ({
    value: cls.id,
    label: t('form.classOption', {
      title: cls.title,
      date: formatDate(cls.scheduledDate, language),
      time: formatTime(cls.scheduledDate, language),
    }),
  }));
  const classData =
    editing?.classId &&
    courseId === editing.effectiveCourseId &&
    !classOptions.some((option) => option.value === editing.classId)
      ? [...classOptions, { value: editing.classId, label: editing.classTitle ?? editing.classId }]
      : classOptions;

  // Submitting is pointless while the chosen association offers nothing to choose.
  const noCourses = courses.isSuccess && courseData.length === 0;
  const noClasses = byClass && courseId !== '' && classes.isSuccess && classData.length === 0;
  const noOptions = noCourses || noClasses;

  const chooseAssociation = (value: string) => {
    form.setFieldValue('association', value as ActivityAssociation);
    form.clearFieldError('courseId');
    form.clearFieldError('classId');
  };
  const chooseCourse = (value: string | null) => {
    form.setFieldValue('courseId', value ?? '');
    // A class belongs to one course: another course means choosing its class again.
    if ((value ?? '') !== courseId) form.setFieldValue('classId', '');
  };
  const chooseDate = (value: string | null) => {
    form.setFieldValue('dueDate', value ?? '');
    // The time means nothing without a date; it is cleared with it. A new date is due at the end of
    // its day unless a time is chosen.
    if (!value) form.setFieldValue('dueTime', '');
    else if (dueTime.trim() === '') form.setFieldValue('dueTime', DEFAULT_DUE_TIME);
  };

  const dateSet = dueDate !== '';
  // Fields side by side keep their boxes level: each one's hint goes under its box.
  const hintBelow = ['label', 'input', 'description', 'error'] as const;
  const timeHint = dateSet ? t('form.dueTimeHint') : t('form.dueTimeNeedsDate');

  return (
    <FormModal
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={saving}
      onSubmit={form.onSubmit(submit, (errors) => {
        const inSection = (key: string) =>
          MORE_OPTION_FIELDS.some((field) => key === field || key.startsWith(`${field}.`));
        if (Object.keys(errors).some(inSection)) setMoreOpen(true);
      })}
      failure={
        failure && {
          title: t('form.failed'),
          reason: t(errorMessageKey(failure), { ns: 'errors' }),
          notice: t('form.keptNotice'),
        }
      }
      submitLabel={editing ? t('form.submitSave') : t('form.submitCreate')}
      submitDisabled={noOptions}
    >
      {courses.isError ? (
        <ErrorBanner
          title={t('form.coursesError')}
          message={t(errorMessageKey(courses.error), { ns: 'errors' })}
          onRetry={() => void courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : null}
      {/* Two fields a row from sm up (here and below), so the dialog fits a 1280x800 window; one
          column on phones. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          // The dialog opens on its first field, not on its × (Mantine focuses data-autofocus first).
          data-autofocus
          label={t('form.title')}
          placeholder={t('form.titlePlaceholder')}
          description={`${activityTextLength(form.values.title)}/${ACTIVITY_TEXT_LIMITS.title}`}
          inputWrapperOrder={[...hintBelow]}
          withAsterisk
          disabled={saving}
          {...form.getInputProps('title')}
        />
        <Select
          label={t('form.type')}
          data={ACTIVITY_TYPES.map((type) => ({
            value: type,
            label: t(`activityTypes.${type}`, { ns: 'common' }),
          }))}
          allowDeselect={false}
          inputWrapperOrder={[...hintBelow]}
          withAsterisk
          disabled={saving}
          {...form.getInputProps('type')}
          onChange={(value) => form.setFieldValue('type', (value ?? 'assignment') as ActivityType)}
        />
      </SimpleGrid>
      <Textarea
        label={t('form.description')}
        placeholder={t('form.descriptionPlaceholder')}
        description={`${activityTextLength(form.values.description)}/${ACTIVITY_TEXT_LIMITS.description}`}
        // Fixed height: autosize measures fonts, which happy-dom and some embedded browsers lack.
        rows={2}
        resize="vertical"
        withAsterisk
        disabled={saving}
        {...form.getInputProps('description')}
      />
      {noCourses ? (
        <Alert color="yellow" variant="light">
          {t('form.noCourses')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Radio.Group
          label={t('form.association')}
          withAsterisk
          value={association}
          onChange={chooseAssociation}
        >
          <Group gap="lg" mt={6}>
            <Radio value="course" label={t('form.forCourse')} disabled={saving} />
            <Radio value="class" label={t('form.forClass')} disabled={saving} />
          </Group>
        </Radio.Group>
        <Select
          label={t('form.course')}
          description={byClass ? t('form.classCourseHint') : undefined}
          placeholder={courses.isPending ? t('form.loadingCourses') : t('form.coursePlaceholder')}
          data={courseData}
          searchable
          inputWrapperOrder={[...hintBelow]}
          rightSection={courses.isPending ? <Loader size="xs" aria-hidden /> : undefined}
          withAsterisk={!byClass}
          disabled={saving}
          {...form.getInputProps('courseId')}
          value={courseId || null}
          onChange={chooseCourse}
        />
      </SimpleGrid>
      {byClass ? (
        <>
          {classes.isError ? (
            <ErrorBanner
              title={t('form.classesError')}
              message={t(errorMessageKey(classes.error), { ns: 'errors' })}
              onRetry={() => void classes.refetch()}
              retrying={classes.isFetching}
            />
          ) : null}
          {noClasses ? (
            <Alert color="yellow" variant="light">
              {t('form.noClasses')}
            </Alert>
          ) : null}
          <Select
            label={t('form.class')}
            placeholder={
              courseId === ''
                ? t('form.chooseCourseFirst')
                : classes.isFetching
                  ? t('form.loadingClasses')
                  : t('form.classPlaceholder')
            }
            data={classData}
            searchable
            rightSection={classes.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
            withAsterisk
            disabled={saving || courseId === ''}
            {...form.getInputProps('classId')}
            value={classId || null}
            onChange={(value) => form.setFieldValue('classId', value ?? '')}
          />
        </>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateInput
          {...dateInput}
          label={t('form.dueDate')}
          allowDeselect
          clearable
          inputWrapperOrder={[...hintBelow]}
          disabled={saving}
          {...form.getInputProps('dueDate')}
          value={dueDate || null}
          onChange={chooseDate}
        />
        <TimePicker
          {...timeInput}
          // Mounted afresh when a date brings the default time: Mantine's TimePicker reports a time
          // left half typed as '' only after it has held a complete time of its own, and a value set
          // from outside does not count as one.
          key={dateSet ? 'dated' : 'undated'}
          description={timeHint}
          inputWrapperOrder={[...hintBelow]}
          // Enabled only once a due date is set.
          disabled={saving || !dateSet}
          {...form.getInputProps('dueTime')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t('form.maxPoints')}
          description={t('form.maxPointsHint', {
            min: ACTIVITY_POINTS.min,
            max: ACTIVITY_POINTS.max,
          })}
          min={ACTIVITY_POINTS.min}
          max={ACTIVITY_POINTS.max}
          inputWrapperOrder={[...hintBelow]}
          withAsterisk
          disabled={saving}
          {...form.getInputProps('maxPoints')}
        />
        <Switch
          label={t('form.allowLate')}
          description={t('form.allowLateHint')}
          disabled={saving}
          mt={{ sm: 'xl' }}
          {...form.getInputProps('allowLateSubmission', { type: 'checkbox' })}
        />
      </SimpleGrid>
      <Accordion
        variant="contained"
        value={moreOpen ? 'more' : null}
        onChange={(value) => setMoreOpen(value === 'more')}
      >
        <Accordion.Item value="more">
          <Accordion.Control>{t('form.moreOptions')}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <Textarea
                label={t('form.instructions')}
                placeholder={t('form.instructionsPlaceholder')}
                description={`${activityTextLength(form.values.instructions)}/${ACTIVITY_TEXT_LIMITS.instructions}`}
                rows={2}
                resize="vertical"
                disabled={saving}
                {...form.getInputProps('instructions')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <MultiSelect
                  label={t('form.skills', { ns: rubricNamespace })}
                  placeholder={
                    form.values.skills.length === 0
                      ? t('form.skillsPlaceholder', { ns: rubricNamespace })
                      : undefined
                  }
                  data={SKILLS.map((skill) => ({
                    value: skill,
                    label: t(`skills.${skill}`, { ns: 'common' }),
                  }))}
                  inputWrapperOrder={[...hintBelow]}
                  disabled={saving}
                  value={form.values.skills}
                  onChange={(values) =>
                    form.setFieldValue(
                      'skills',
                      SKILLS.filter((skill) => values.includes(skill)),
                    )
                  }
                />
                <Select
                  label={t('form.cefrLevel', { ns: rubricNamespace })}
                  description={t('form.cefrLevelHint', { ns: rubricNamespace })}
                  placeholder={t('form.cefrLevelPlaceholder', { ns: rubricNamespace })}
                  data={[...CEFR_LEVELS]}
                  clearable
                  inputWrapperOrder={[...hintBelow]}
                  disabled={saving}
                  value={form.values.cefrLevel || null}
                  onChange={(value) =>
                    form.setFieldValue('cefrLevel', (value ?? '') as CefrLevel | '')
                  }
                />
              </SimpleGrid>
              <NumberInput
                label={t('form.recordingLimit')}
                description={t('form.recordingLimitHint', {
                  clock: formatClock(Number(form.values.recordingLimitSeconds) || 0),
                })}
                min={ACTIVITY_RECORDING_LIMIT.min}
                max={ACTIVITY_RECORDING_LIMIT.max}
                step={30}
                inputWrapperOrder={[...hintBelow]}
                disabled={saving}
                w={{ base: '100%', sm: '50%' }}
                {...form.getInputProps('recordingLimitSeconds')}
              />
              <ActivityRubricField
                rubric={form.values.rubric}
                rubricId={form.values.rubricId}
                maxPoints={form.values.maxPoints}
                error={typeof form.errors.rubric === 'string' ? form.errors.rubric : null}
                disabled={saving}
                onChange={({ rubric, rubricId }) => {
                  form.setFieldValue('rubric', rubric);
                  form.setFieldValue('rubricId', rubricId);
                  form.clearFieldError('rubric');
                }}
              />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      {editing ? (
        <Switch
          label={t('form.active')}
          description={t('form.activeHint')}
          disabled={saving}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
      ) : null}
    </FormModal>
  );
}
