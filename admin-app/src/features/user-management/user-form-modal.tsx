import { Alert, Select, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ROLES,
  UI_SITE_LANGUAGES,
  USER_TEXT_LIMITS,
  emptyUserForm,
  toNewUserInput,
  toUserChanges,
  uiSiteLanguage,
  userFormFromUser,
  userTextLength,
  validateUserForm,
  type AppUser,
  type CreatedUser,
  type Role,
  type UiSiteLanguage,
  type UserFormValues,
  type UserTextField,
} from '@portal/shared-data';
import { settingsQueries, userMutations } from '@portal/shared-data/queries';
import { FormModal, translateErrors } from '@portal/shared-ui';
import { namespace } from './i18n';
import { userFailureText } from './user-failure';

export interface UserFormModalProps {
  /** The account to edit; null creates one. */
  editing: AppUser | null;
  /** The signed-in administrator: their own role cannot be changed here. */
  currentUserId: string | undefined;
  onClose: () => void;
  /** A new account, with its one-time password. */
  onCreated: (created: CreatedUser) => void;
  onUpdated: (user: AppUser) => void;
}

/** `12/100` under a field the database limits. */
function counter(values: UserFormValues, field: UserTextField & keyof UserFormValues): string {
  return `${userTextLength(values[field])}/${USER_TEXT_LIMITS[field]}`;
}

/**
 * Create or edit an account. Mounted only while open. Creating goes through the admin-users edge
 * function, which answers the one-time temporary password; the email cannot change once created.
 * A refusal is shown in the dialog (the server's reason, or 'Error al guardar usuario') and nothing
 * typed is lost.
 */
export function UserFormModal({
  editing,
  currentUserId,
  onClose,
  onCreated,
  onUpdated,
}: UserFormModalProps) {
  const { t } = useTranslation(namespace);
  const create = useMutation(userMutations.adminCreate());
  const update = useMutation(userMutations.adminUpdate());
  const saving = create.isPending || update.isPending;
  const failure = editing ? update.error : create.error;
  const mode = editing ? 'edit' : 'create';
  const ownAccount = editing !== null && editing.id === currentUserId;
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: editing ? userFormFromUser(editing) : emptyUserForm(),
    validate: (values) =>
      translateErrors(validateUserForm(values, mode), t, (field) =>
        field in USER_TEXT_LIMITS ? { max: USER_TEXT_LIMITS[field as UserTextField] } : {},
      ),
  });

  // The school's default language (System Settings), as the server would give the account: shown
  // until another is chosen, and sent, so the welcome mail is in the language the form showed.
  const settings = useQuery({ ...settingsQueries.public(), enabled: editing === null });
  const schoolLanguage = settings.data ? uiSiteLanguage(settings.data.defaultLanguage) : null;
  const language = form.values.language || schoolLanguage;

  const submit = (values: UserFormValues) => {
    if (editing) {
      update.mutate(
        { id: editing.id, changes: toUserChanges(values, editing) },
        { onSuccess: onUpdated },
      );
    } else {
      create.mutate(toNewUserInput({ ...values, language: language ?? '' }), {
        onSuccess: onCreated,
      });
    }
  };

  const roleOptions = ROLES.map((role) => ({
    value: role,
    label: t(`roles.${role}`, { ns: 'common' }),
  }));
  // Each language in its own name, as the language switch shows it.
  const languageOptions = UI_SITE_LANGUAGES.map((value) => ({
    value,
    label: t(`languages.${value}`, { ns: 'common' }),
  }));

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
              reason: userFailureText(failure, t('form.saveFailed'), t),
              notice: t('form.keptNotice'),
            }
          : null
      }
      cancelLabel={t('form.cancel')}
      submitLabel={editing ? t('form.save') : t('form.create')}
    >
      {form.errors.form ? (
        <Alert color="red" variant="light" role="alert">
          {form.errors.form}
        </Alert>
      ) : null}
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
      <Select
        label={t('form.role')}
        placeholder={t('form.rolePlaceholder')}
        description={ownAccount ? t('form.ownRole') : undefined}
        data={roleOptions}
        withAsterisk
        allowDeselect={false}
        disabled={saving || ownAccount}
        {...form.getInputProps('role')}
        value={form.values.role || null}
        onChange={(value) => form.setFieldValue('role', (value ?? '') as Role | '')}
      />
      {editing ? null : (
        // Afterwards only the account's owner changes it (their profile), so only on create.
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
