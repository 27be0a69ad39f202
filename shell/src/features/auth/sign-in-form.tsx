import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { authAtom, loginWriteAtom, validateSignIn } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';
import { useFormFields } from './use-form-fields';
import { translateFieldErrors } from './translate-errors';

type Props = { onForgotPassword: (email: string) => void; onSignUp: () => void };

export function SignInForm({ onForgotPassword, onSignUp }: Props) {
  const { t } = useTranslation(['shell', 'validation']);
  const login = useSetAtom(loginWriteAtom);
  const { isLoading } = useAtomValue(authAtom);
  const { values, setErrors, setField, bind } = useFormFields<{ email: string; password: string; remember: boolean }>({
    email: '',
    password: '',
    remember: true,
  });
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const fieldErrors = validateSignIn({ email: values.email, password: values.password });
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(translateFieldErrors(fieldErrors, t));
      return;
    }
    const result = await login({ email: values.email.trim(), password: values.password, remember: values.remember });
    if (!result.success) setServerError(result.error.message || t('signIn.failed'));
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
      <Stack>
        <div>
          <Title order={2} id="sign-in-title">
            {t('signIn.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('signIn.subtitle')}
          </Text>
        </div>
        {serverError && (
          <Alert color="red" role="alert" title={t('signIn.failed')}>
            {serverError}
          </Alert>
        )}
        <TextInput
          label={t('signIn.email')}
          type="email"
          autoComplete="email"
          {...bind('email')}
        />
        <PasswordField
          label={t('signIn.password')}
          autoComplete="current-password"
          {...bind('password')}
        />
        <Group justify="space-between">
          <Checkbox
            label={t('signIn.rememberMe')}
            checked={values.remember}
            onChange={(event) => setField('remember', event.currentTarget.checked)}
          />
          <Anchor component="button" type="button" size="sm" onClick={() => onForgotPassword(values.email)}>
            {t('signIn.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" loading={isLoading} fullWidth>
          {t('signIn.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signIn.noAccount')}{' '}
          <Anchor component="button" type="button" onClick={onSignUp}>
            {t('signIn.toSignUp')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
