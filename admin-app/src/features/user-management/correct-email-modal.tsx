import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isValidEmail, type AppUser } from '@portal/shared-data';
import { userMutations } from '@portal/shared-data/queries';
import { FormModal } from '@portal/shared-ui';
import { namespace } from './i18n';
import { userFailureText } from './user-failure';

export interface CorrectEmailModalProps {
  user: AppUser;
  /** The person's name as the list shows it. */
  name: string;
  onClose: () => void;
  /** The confirmation mail is on its way to `email`. */
  onDone: (email: string) => void;
}

/**
 * User Management → Correct email (issue 29 item 10): a mistyped sign-in email is corrected through
 * a confirmation. The corrected address gets a mail with a link; the account moves there only when it
 * is followed, and until then keeps signing in with the current address (the server's rule:
 * admin-users `correctEmail`, confirm-email). What was typed stays when the server refuses it.
 */
export function CorrectEmailModal({ user, name, onClose, onDone }: CorrectEmailModalProps) {
  const { t } = useTranslation(namespace);
  const correct = useMutation(userMutations.adminCorrectEmail());
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: user.email },
    validate: {
      email: (value) =>
        !isValidEmail(value.trim())
          ? t('correctEmail.invalid')
          : value.trim().toLowerCase() === user.email.toLowerCase()
            ? t('correctEmail.unchanged')
            : null,
    },
  });

  const submit = form.onSubmit(({ email }) => {
    const next = email.trim().toLowerCase();
    correct.mutate({ id: user.id, email: next }, { onSuccess: () => onDone(next) });
  });

  return (
    <FormModal
      title={t('correctEmail.title', { name })}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={correct.isPending}
      onSubmit={submit}
      submitLabel={t('correctEmail.submit')}
      failure={
        correct.error
          ? {
              title: t('correctEmail.failed'),
              reason: userFailureText(correct.error, t('correctEmail.sendFailed'), t),
            }
          : null
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('correctEmail.hint', { email: user.email })}
      </Text>
      <TextInput
        label={t('correctEmail.label')}
        type="email"
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('email')}
      />
    </FormModal>
  );
}
