import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
  CEFR_LEVELS,
  COURSE_LEVELS,
  COURSE_PRICE,
  COURSE_TEXT_LIMITS,
  authAtom,
  courseFormFromCourse,
  emptyCourseForm,
  errorMessageKey,
  toCourseInput,
  validateCourseForm,
  type AppUser,
  type CourseFormValues,
  type TeacherCourse,
} from '@portal/shared-data';
import { courseMutations, settingsQueries } from '@portal/shared-data/queries';
import {
  CourseFormFields,
  FormModal,
  courseFormNamespace,
  translateErrors,
  type CourseFormTeacherOption,
} from '@portal/shared-ui';

export type SavedAs = 'created' | 'updated';

export interface CourseFormModalProps {
  /** The course to edit; null creates a new one. */
  editing: TeacherCourse | null;
  onClose: () => void;
  /** The save went through: the id of the course created or updated. */
  onSaved: (as: SavedAs, courseId: string) => void;
}

/** The signed-in teacher as the one teacher the form offers. */
function selfAsTeacher(user: AppUser | null, unknown: string): CourseFormTeacherOption[] {
  if (!user) return [];
  const name = `${user.firstName} ${user.lastName}`.trim();
  return [{ value: user.id, label: name || user.email || unknown }];
}

/**
 * Create or edit one of the teacher's own courses. Mounted only while open. The teacher is the
 * signed-in teacher (the database refuses any other); Active is offered only when editing. Every
 * field is checked on submit by the shared `validateCourseForm`; a refusal by the server is shown in
 * the dialog and nothing typed is lost.
 */
export function CourseFormModal({ editing, onClose, onSaved }: CourseFormModalProps) {
  const { t } = useTranslation(courseFormNamespace);
  const { user } = useAtomValue(authAtom);
  // The school's currency, from the page's one read of the public settings (no request of its own).
  const currency = useQuery(settingsQueries.currency()).data;
  const create = useMutation(courseMutations.create());
  const update = useMutation(courseMutations.update());
  const saving = create.isPending || update.isPending;
  const failure = editing ? update.error : create.error;
  const form = useForm<CourseFormValues>({
    mode: 'controlled',
    // A new course is the signed-in teacher's own.
    initialValues: editing ? courseFormFromCourse(editing) : emptyCourseForm(user?.id ?? ''),
    validate: (values) => translateErrors(validateCourseForm(values), t),
  });

  const submit = (values: CourseFormValues) => {
    const input = toCourseInput(values);
    if (editing) {
      update.mutate(
        { id: editing.id, changes: input },
        { onSuccess: (course) => onSaved('updated', course.id) },
      );
    } else {
      create.mutate(input, { onSuccess: (course) => onSaved('created', course.id) });
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
      <CourseFormFields
        form={form}
        languages={COURSE_LANGUAGES}
        categories={COURSE_CATEGORIES}
        levels={COURSE_LEVELS}
        cefrLevels={CEFR_LEVELS}
        teachers={selfAsTeacher(user, t('unknownPerson', { ns: 'common' }))}
        teacherFixed
        editing={editing !== null}
        disabled={saving}
        textLimits={COURSE_TEXT_LIMITS}
        priceStep={COURSE_PRICE.step}
        currency={currency}
      />
    </FormModal>
  );
}
