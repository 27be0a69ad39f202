import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
  CEFR_LEVELS,
  COURSE_LEVELS,
  COURSE_PRICE,
  COURSE_TEXT_LIMITS,
  courseFormFromCourse,
  emptyCourseForm,
  errorMessageKey,
  toCourseInput,
  validateCourseForm,
  type AppUser,
  type Course,
  type CourseFormValues,
} from '@portal/shared-data';
import { courseMutations, settingsQueries, userQueries } from '@portal/shared-data/queries';
import {
  CourseFormFields,
  ErrorBanner,
  FormModal,
  courseFormNamespace,
  translateErrors,
  type CourseFormTeacherOption,
} from '@portal/shared-ui';
import { namespace } from './i18n';

export type SavedAs = 'created' | 'updated';

export interface CourseFormModalProps {
  /** The course to edit; null creates a new one. */
  editing: Course | null;
  onClose: () => void;
  /** The save went through. */
  onSaved: (as: SavedAs) => void;
}

/** The real teachers as the form's choices, with the course's own teacher even if not listed. */
function teacherOptions(
  teachers: readonly AppUser[],
  editing: Course | null,
  unknown: string,
): CourseFormTeacherOption[] {
  const options = teachers.map((teacher) => ({
    value: teacher.id,
    label: `${teacher.firstName} ${teacher.lastName}`.trim() || teacher.email || unknown,
  }));
  const current = editing?.teacherId;
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: editing.teacherName ?? unknown });
  }
  return options;
}

/**
 * Create or edit any course (administrators). Mounted only while open. The teacher is chosen from
 * every teacher by name (read when the dialog opens; the database refuses anyone who is not a
 * teacher); the thumbnail URL is optional; Active is offered only when editing. Every field is checked
 * on submit by the shared `validateCourseForm`; a refusal by the server is shown in the dialog and
 * nothing typed is lost.
 */
export function CourseFormModal({ editing, onClose, onSaved }: CourseFormModalProps) {
  const { t } = useTranslation(courseFormNamespace);
  const { t: tScreen } = useTranslation(namespace);
  const teachers = useQuery(userQueries.teachers());
  // The school's currency, from the page's one read of the public settings (no request of its own).
  const currency = useQuery(settingsQueries.currency()).data;
  const create = useMutation(courseMutations.create());
  const update = useMutation(courseMutations.update());
  const saving = create.isPending || update.isPending;
  const failure = editing ? update.error : create.error;
  const form = useForm<CourseFormValues>({
    mode: 'controlled',
    initialValues: editing ? courseFormFromCourse(editing) : emptyCourseForm(),
    validate: (values) => translateErrors(validateCourseForm(values), t),
  });

  const submit = (values: CourseFormValues) => {
    const input = toCourseInput(values);
    if (editing) {
      update.mutate({ id: editing.id, changes: input }, { onSuccess: () => onSaved('updated') });
    } else {
      create.mutate(input, { onSuccess: () => onSaved('created') });
    }
  };

  return (
    <FormModal
      title={editing ? t('dialog.editTitle') : t('dialog.createTitle')}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={saving}
      onSubmit={form.onSubmit(submit)}
      failure={
        failure && {
          title: t('dialog.failed'),
          reason: t(errorMessageKey(failure), { ns: 'errors' }),
          notice: t('dialog.keptNotice'),
        }
      }
      submitLabel={editing ? t('dialog.save') : t('dialog.create')}
    >
      {teachers.isError ? (
        <ErrorBanner
          title={tScreen('form.teachersError')}
          message={t(errorMessageKey(teachers.error), { ns: 'errors' })}
          onRetry={() => void teachers.refetch()}
          retrying={teachers.isFetching}
        />
      ) : null}
      <CourseFormFields
        form={form}
        languages={COURSE_LANGUAGES}
        categories={COURSE_CATEGORIES}
        levels={COURSE_LEVELS}
        cefrLevels={CEFR_LEVELS}
        teachers={teacherOptions(
          teachers.data ?? [],
          editing,
          t('unknownPerson', { ns: 'common' }),
        )}
        teachersLoading={teachers.isPending}
        editing={editing !== null}
        disabled={saving}
        textLimits={COURSE_TEXT_LIMITS}
        priceStep={COURSE_PRICE.step}
        currency={currency}
      />
    </FormModal>
  );
}
