import { Select, SimpleGrid, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TEACHER_SPECIALIZATIONS,
  TEACHER_TEXT_LIMITS,
  UI_SITE_LANGUAGES,
  emptyTeacherForm,
  errorMessageKey,
  normalizeSpecializations,
  teacherFormFromTeacher,
  teacherMessageValues,
  teacherTextLength,
  toNewTeacherInput,
  toTeacherChanges,
  validateTeacherForm,
  type CreatedTeacher,
  type ManagedTeacher,
  type TeacherFormValues,
  type TeacherTextField,
  type UiSiteLanguage,
  uiSiteLanguage,
} from '@portal/shared-data';
import { settingsQueries, teacherMutations } from '@portal/shared-data/queries';
import { FormModal, translateErrors } from '@portal/shared-ui';
import { namespace } from './i18n';

export interface TeacherFormModalProps {
  /** The teacher to edit; null adds one. */
  editing: ManagedTeacher | null;
  /** Specializations already in use, offered as suggestions (any other can be typed). */
  suggestions: readonly string[];
  onClose: () => void;
  /** A new teacher, with the one-time password. */
  onCreated: (created: CreatedTeacher) => void;
  onUpdated: () => void;
}

/** `12/100` under a field the database limits. */
function counter(values: TeacherFormValues, field: TeacherTextField & keyof TeacherFormValues) {
  return `${teacherTextLength(values[field])}/${TEACHER_TEXT_LIMITS[field]}`;
}

/**
 * Add or edit a teacher. Mounted only while open. Adding goes through the admin-users function as
 * a teacher account, which answers the one-time temporary password; the email cannot change once
 * created. Specializations are free labels (suggested from those in use). A refusal is shown in the
 * dialog with its reason and nothing typed is lost.
 */
export function TeacherFormModal({
  editing,
  suggestions,
  onClose,
  onCreated,
  onUpdated,
}: TeacherFormModalProps) {
  const { t } = useTranslation(namespace);
  const create = useMutation(teacherMutations.create());
  const update = useMutation(teacherMutations.update());
  const saving = create.isPending || update.isPending;
  const failure = editing ? update.error : create.error;
  const mode = editing ? 'edit' : 'create';
  const form = useForm<TeacherFormValues>({
    mode: 'controlled',
    initialValues: editing ? teacherFormFromTeacher(editing) : emptyTeacherForm(),
    validate: (values) =>
      translateErrors(validateTeacherForm(values, mode), t, teacherMessageValues),
  });

  // As on User Management: the school's default language (System Settings) is shown until another is
  // chosen, and sent, so the welcome email is in the language the form showed.
  const settings = useQuery({ ...settingsQueries.public(), enabled: editing === null });
  const schoolLanguage = settings.data ? uiSiteLanguage(settings.data.defaultLanguage) : null;
  const language = form.values.language || schoolLanguage;

  const submit = (values: TeacherFormValues) => {
    if (editing) {
      update.mutate(
        { id: editing.id, changes: toTeacherChanges(values) },
        { onSuccess: onUpdated },
      );
    } else {
      create.mutate(toNewTeacherInput({ ...values, language: language ?? '' }), {
        onSuccess: onCreated,
      });
    }
  };

  // Each language in its own name, as the language switch shows it.
  const languageOptions = UI_SITE_LANGUAGES.map((value) => ({
    value,
    label: t(`languages.${value}`, { ns: 'common' }),
  }));

  const chosen = normalizeSpecializations(form.values.specializations).length;

  return (
    <FormModal
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={saving}
      onSubmit={form.onSubmit(submit)}
      failure={
        failure
          ? {
              title: t('form.failed'),
              reason: t(errorMessageKey(failure), { ns: 'errors' }),
              notice: t('form.keptNotice'),
            }
          : null
      }
      submitLabel={editing ? t('form.save') : t('form.create')}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          // The dialog opens on its first field, not on its ×.
          data-autofocus
          label={t('form.firstName')}
          description={counter(form.values, 'firstName')}
          withAsterisk
          autoComplete="off"
          disabled={saving}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={t('form.lastName')}
          description={counter(form.values, 'lastName')}
          withAsterisk
          autoComplete="off"
          disabled={saving}
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <TextInput
        type="email"
        label={t('form.email')}
        description={editing ? t('form.emailLocked') : undefined}
        withAsterisk={!editing}
        autoComplete="off"
        // Not editable once created: it is the account's sign-in name.
        readOnly={editing !== null}
        disabled={saving}
        {...form.getInputProps('email')}
      />
      {editing ? null : (
        // Afterwards only the teacher changes it (their profile), so only when adding.
        <Select
          label={t('form.language')}
          description={t('form.languageHint')}
          data={languageOptions}
          allowDeselect={false}
          disabled={saving}
          value={language}
          onChange={(value) =>
            form.setFieldValue('language', (value ?? '') as UiSiteLanguage | '')
          }
        />
      )}
      <TagsInput
        label={t('form.specializations')}
        description={t('form.specializationsHint', {
          chosen,
          max: TEACHER_SPECIALIZATIONS.maxCount,
        })}
        placeholder={t('form.specializationsPlaceholder')}
        data={[...suggestions]}
        maxTags={TEACHER_SPECIALIZATIONS.maxCount}
        maxLength={TEACHER_SPECIALIZATIONS.maxLength}
        splitChars={[',']}
        clearable
        disabled={saving}
        {...form.getInputProps('specializations')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="tel"
          label={t('form.phone')}
          description={counter(form.values, 'phone')}
          autoComplete="off"
          disabled={saving}
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('form.location')}
          description={counter(form.values, 'location')}
          autoComplete="off"
          disabled={saving}
          {...form.getInputProps('location')}
        />
      </SimpleGrid>
      <Textarea
        label={t('form.bio')}
        description={counter(form.values, 'bio')}
        // Fixed height: autosize measures fonts, which happy-dom and some embedded browsers lack.
        rows={3}
        resize="vertical"
        disabled={saving}
        {...form.getInputProps('bio')}
      />
      {editing ? null : (
        <Text size="sm" c="dimmed">
          {t('form.passwordNotice')}
        </Text>
      )}
    </FormModal>
  );
}
