import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  authAtom,
  NAME_MAX_LENGTH,
  registerWriteAtom,
  validateSignUp,
  type ServiceError,
} from '@portal/shared-data';
import { currentLanguage } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';
import { PasswordField } from './password-field';
import { ServerError } from './server-error';
import { translateErrors } from './translate-errors';

export function SignUpForm({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation(namespace);
  const register = useSetAtom(registerWriteAtom);
  const { isLoading } = useAtomValue(authAtom);
  const [serverError, setServerError] = useState<ServiceError | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate: (values) => translateErrors(validateSignUp(values), t),
  });

  const submit = form.onSubmit(
    async (values) => {
      setServerError(null);
      const result = await register({
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        language: currentLanguage(),
      });
      if (!result.success) setServerError(result.error);
    },
    () => setServerError(null),
  );

  // The users table keeps at most NAME_MAX_LENGTH characters of each name.
  const counter = (value: string) =>
    t('characters', { length: value.length, max: NAME_MAX_LENGTH });

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
        <ServerError title={t('signUp.failed')} error={serverError} />
        <Group grow align="flex-start">
          <TextInput
            label={t('signUp.firstName')}
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
            description={counter(form.values.firstName)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('signUp.lastName')}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            description={counter(form.values.lastName)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('lastName')}
          />
        </Group>
        <TextInput
          label={t('signUp.email')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('signUp.password')}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('signUp.confirmPassword')}
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
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
