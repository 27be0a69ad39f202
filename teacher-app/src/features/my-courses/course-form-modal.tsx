import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
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
import { courseMutations } from '@portal/shared-data/queries';
import {
  CourseFormFields,
  courseFormNamespace,
  useReturnFocus,
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
  useReturnFocus();
  // Below Mantine's `xs` breakpoint (576 px) the dialog takes the whole screen.
  const phone = useMediaQuery('(max-width: 35.99em)') ?? false;
  const create = useMutation(courseMutations.create());
  const update = useMutation(courseMutations.update());
  const saving = create.isPending || update.isPending;
  const close = saving ? () => undefined : onClose;

  return (
    <Modal
      opened
      onClose={close}
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      title={editing ? t('dialog.editTitle') : t('dialog.createTitle')}
      size="lg"
      fullScreen={phone}
    >
      <CourseForm
        editing={editing}
        saving={saving}
        failure={editing ? update.error : create.error}
        onCancel={close}
        onSubmit={(values) => {
          const input = toCourseInput(values);
          if (editing) {
            update.mutate(
              { id: editing.id, changes: input },
              { onSuccess: (course) => onSaved('updated', course.id) },
            );
          } else {
            create.mutate(input, { onSuccess: (course) => onSaved('created', course.id) });
          }
        }}
      />
    </Modal>
  );
}

interface CourseFormProps {
  editing: TeacherCourse | null;
  saving: boolean;
  failure: Error | null;
  onCancel: () => void;
  onSubmit: (values: CourseFormValues) => void;
}

function CourseForm({ editing, saving, failure, onCancel, onSubmit }: CourseFormProps) {
  const { t } = useTranslation(courseFormNamespace);
  const { user } = useAtomValue(authAtom);
  const form = useForm<CourseFormValues>({
    mode: 'controlled',
    // A new course is the signed-in teacher's own.
    initialValues: editing ? courseFormFromCourse(editing) : emptyCourseForm(user?.id ?? ''),
    validate: (values) => {
      const errors = validateCourseForm(values);
      return Object.fromEntries(
        Object.entries(errors).map(([field, key]) => [
          field,
          key ? t(key, { ns: 'validation' }) : null,
        ]),
      );
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <CourseFormFields
          form={form}
          languages={COURSE_LANGUAGES}
          categories={COURSE_CATEGORIES}
          levels={COURSE_LEVELS}
          teachers={selfAsTeacher(user, t('unknownPerson', { ns: 'common' }))}
          teacherFixed
          editing={editing !== null}
          disabled={saving}
          textLimits={COURSE_TEXT_LIMITS}
          priceStep={COURSE_PRICE.step}
        />
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            <Text size="sm">
              <Text span fw={600} inherit>
                {t('dialog.failed')}
              </Text>{' '}
              {t(errorMessageKey(failure), { ns: 'errors' })}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('dialog.keptNotice')}
            </Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {editing ? t('dialog.save') : t('dialog.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
