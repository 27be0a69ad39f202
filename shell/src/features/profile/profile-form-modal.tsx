import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PROFILE_TEXT_LIMITS,
  errorMessageKey,
  profileFormFromUser,
  profileTextLength,
  toProfileChanges,
  validateProfileForm,
  type AppUser,
  type ProfileFormValues,
} from '@portal/shared-data';
import { userMutations } from '@portal/shared-data/queries';
import { FormModal, translateErrors } from '@portal/shared-ui';
import { namespace } from './i18n';

export interface ProfileFormModalProps {
  user: AppUser;
  onClose: () => void;
  /** The saved profile (the session and sidebar show it at once). */
  onSaved: (user: AppUser) => void;
}

/**
 * Edit profile, mounted only while open: first and last name (required), phone, location and bio,
 * each with the database's length limit and a counter. A refused save is shown in the dialog and
 * everything typed stays.
 */
export function ProfileFormModal({ user, onClose, onSaved }: ProfileFormModalProps) {
  const { t } = useTranslation(namespace);
  const save = useMutation(userMutations.update());
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: profileFormFromUser(user),
    clearInputErrorOnChange: true,
    validate: (values) =>
      translateErrors(validateProfileForm(values), t, (field) => ({
        max: PROFILE_TEXT_LIMITS[field],
      })),
  });

  const submit = form.onSubmit((values) =>
    save.mutate({ id: user.id, changes: toProfileChanges(values) }, { onSuccess: onSaved }),
  );

  const counter = (field: keyof ProfileFormValues) =>
    `${profileTextLength(form.values[field])}/${PROFILE_TEXT_LIMITS[field]}`;

  return (
    <FormModal
      title={t('edit.title')}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={save.isPending}
      onSubmit={submit}
      failure={
        save.error
          ? {
              title: t('edit.failed'),
              reason: t(errorMessageKey(save.error), { ns: 'errors' }),
              notice: t('edit.keptNotice'),
            }
          : null
      }
      submitLabel={t('edit.save')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          data-autofocus
          withAsterisk
          label={t('firstName')}
          autoComplete="given-name"
          description={counter('firstName')}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          withAsterisk
          label={t('lastName')}
          autoComplete="family-name"
          description={counter('lastName')}
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          type="tel"
          label={t('phone')}
          placeholder={t('edit.phonePlaceholder')}
          autoComplete="tel"
          description={counter('phone')}
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('location')}
          placeholder={t('edit.locationPlaceholder')}
          autoComplete="address-level2"
          description={counter('location')}
          {...form.getInputProps('location')}
        />
      </SimpleGrid>
      <Textarea
        label={t('bio')}
        placeholder={t('edit.bioPlaceholder')}
        // Fixed height: autosize measures fonts, which happy-dom and some embedded browsers lack.
        rows={4}
        resize="vertical"
        description={counter('bio')}
        {...form.getInputProps('bio')}
      />
    </FormModal>
  );
}
