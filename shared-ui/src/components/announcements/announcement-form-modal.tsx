import { Checkbox, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../format';
import { useLanguage } from '../../i18n';
import { FormModal } from '../form-modal/form-modal';
import { translateErrors, type FieldErrorKeys } from '../form-modal/translate-errors';
import type { AnnouncementView } from './announcement-list';
import { namespace } from './i18n';

/** The form's values (shared-data's `AnnouncementFormValues`). */
export type AnnouncementFormFieldValues = {
  title: string;
  body: string;
  pinned: boolean;
  emailStudents: boolean;
};

export interface AnnouncementFormModalProps {
  /** The announcement to edit; null posts a new one. */
  editing: AnnouncementView | null;
  /** shared-data's `validateAnnouncementForm`: keys of the `validation` namespace. */
  validate: (
    values: AnnouncementFormFieldValues,
  ) => FieldErrorKeys<keyof AnnouncementFormFieldValues>;
  /** shared-data's `ANNOUNCEMENT_TEXT_LIMITS`. */
  limits: { title: number; body: number };
  onClose: () => void;
  /** Saves; the dialog closes when it resolves and stays filled, saying why, when it rejects. */
  onSubmit: (values: AnnouncementFormFieldValues) => void;
  saving: boolean;
  /** Why the last save failed, in the user's language; null when it did not. */
  failure: string | null;
}

/**
 * Post or edit an announcement. Mounted only while open. Checked on submit by the shared validator; a
 * refusal by the server shows in the dialog and keeps what was typed; closing with changes asks first.
 * "Email it" is offered only when posting (mail goes out once, when it is posted).
 */
export function AnnouncementFormModal({
  editing,
  validate,
  limits,
  onClose,
  onSubmit,
  saving,
  failure,
}: AnnouncementFormModalProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const form = useForm<AnnouncementFormFieldValues>({
    mode: 'controlled',
    initialValues: editing
      ? {
          title: editing.title,
          body: editing.body,
          pinned: editing.pinned,
          emailStudents: editing.emailed,
        }
      : { title: '', body: '', pinned: false, emailStudents: false },
    validate: (values) =>
      translateErrors(validate(values), t, (field) => ({
        max: field === 'body' ? limits.body : limits.title,
      })),
  });

  return (
    <FormModal
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={saving}
      onSubmit={form.onSubmit(onSubmit)}
      failure={
        failure ? { title: t('form.failed'), reason: failure, notice: t('form.kept') } : null
      }
      submitLabel={editing ? t('form.submitEdit') : t('form.submitCreate')}
      size="lg"
    >
      <Stack gap="sm">
        <TextInput
          label={t('form.title')}
          required
          data-autofocus
          disabled={saving}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t('form.body')}
          description={t('form.bodyHint', { max: formatDecimal(limits.body, language, 0) })}
          required
          // Fixed height: autosize measures fonts, which happy-dom and some embedded browsers lack.
          rows={8}
          resize="vertical"
          disabled={saving}
          {...form.getInputProps('body')}
        />
        <Checkbox
          label={t('form.pinned')}
          disabled={saving}
          {...form.getInputProps('pinned', { type: 'checkbox' })}
        />
        {editing ? null : (
          <Stack gap={4}>
            <Checkbox
              label={t('form.emailStudents')}
              disabled={saving}
              aria-describedby="announcement-email-hint"
              {...form.getInputProps('emailStudents', { type: 'checkbox' })}
            />
            <Text size="xs" c="dimmed" id="announcement-email-hint" pl={30}>
              {t('form.emailHint')}
            </Text>
          </Stack>
        )}
      </Stack>
    </FormModal>
  );
}
