import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue, useSetAtom } from 'jotai';
import { authAtom, loginWriteAtom, validateSignIn, type ServiceError } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';
import { PasswordField } from './password-field';
import { ServerError } from './server-error';
import { translateErrors } from './translate-errors';

type Props = { onForgotPassword: (email: string) => void; onSignUp: () => void };

export function SignInForm({ onForgotPassword, onSignUp }: Props) {
  const { t } = useTranslation(namespace);
  const login = useSetAtom(loginWriteAtom);
  const { isLoading } = useAtomValue(authAtom);
  const [serverError, setServerError] = useState<ServiceError | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', remember: true },
    validate: (values) => translateErrors(validateSignIn(values), t),
  });

  const submit = form.onSubmit(
    async ({ email, password, remember }) => {
      setServerError(null);
      const result = await login({ email: email.trim(), password, remember });
      if (!result.success) setServerError(result.error);
    },
    () => setServerError(null),
  );

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
        <ServerError title={t('signIn.failed')} error={serverError} />
        <TextInput
          label={t('signIn.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('signIn.password')}
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <Checkbox
            label={t('signIn.rememberMe')}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onForgotPassword(form.getValues().email)}
          >
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
