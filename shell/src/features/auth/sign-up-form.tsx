import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { authAtom, registerWriteAtom, validateSignUp } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';
import { useFormFields } from './use-form-fields';
import { translateFieldErrors } from './translate-errors';

export function SignUpForm({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation(['shell', 'validation']);
  const register = useSetAtom(registerWriteAtom);
  const { isLoading } = useAtomValue(authAtom);
  const { values, setErrors, bind } = useFormFields({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const fieldErrors = validateSignUp(values);
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(translateFieldErrors(fieldErrors, t));
      return;
    }
    const result = await register({
      email: values.email.trim(),
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    });
    if (!result.success) setServerError(result.error.message || t('signUp.failed'));
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="sign-up-title">
      <Stack>
        <div>
          <Title order={2} id="sign-up-title">
            {t('signUp.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('signUp.subtitle')}
          </Text>
        </div>
        {serverError && (
          <Alert color="red" role="alert" title={t('signUp.failed')}>
            {serverError}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            label={t('signUp.firstName')}
            autoComplete="given-name"
            {...bind('firstName')}
          />
          <TextInput
            label={t('signUp.lastName')}
            autoComplete="family-name"
            {...bind('lastName')}
          />
        </Group>
        <TextInput
          label={t('signUp.email')}
          type="email"
          autoComplete="email"
          {...bind('email')}
        />
        <PasswordField
          label={t('signUp.password')}
          autoComplete="new-password"
          {...bind('password')}
        />
        <PasswordField
          label={t('signUp.confirmPassword')}
          autoComplete="new-password"
          {...bind('confirmPassword')}
        />
        <Button type="submit" loading={isLoading} fullWidth>
          {t('signUp.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signUp.haveAccount')}{' '}
          <Anchor component="button" type="button" onClick={onSignIn}>
            {t('signUp.toSignIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
