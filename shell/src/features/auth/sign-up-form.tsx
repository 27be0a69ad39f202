import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { authAtom, registerWriteAtom, validateSignUp } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { useFormFields } from './use-form-fields';
import { translateFieldErrors } from './translate-errors';

export function SignUpForm({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation(['shell', 'validation']);
  const register = useSetAtom(registerWriteAtom);
  const { isLoading } = useAtomValue(authAtom);
  const { values, errors, setErrors, setField } = useFormFields({
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
            value={values.firstName}
            onChange={(event) => setField('firstName', event.currentTarget.value)}
            error={errors.firstName}
          />
          <TextInput
            label={t('signUp.lastName')}
            autoComplete="family-name"
            value={values.lastName}
            onChange={(event) => setField('lastName', event.currentTarget.value)}
            error={errors.lastName}
          />
        </Group>
        <TextInput
          label={t('signUp.email')}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => setField('email', event.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          label={t('signUp.password')}
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={errors.password}
          visibilityToggleButtonProps={{ 'aria-label': t('signIn.showPassword') }}
        />
        <PasswordInput
          label={t('signUp.confirmPassword')}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => setField('confirmPassword', event.currentTarget.value)}
          error={errors.confirmPassword}
          visibilityToggleButtonProps={{ 'aria-label': t('signIn.showPassword') }}
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
