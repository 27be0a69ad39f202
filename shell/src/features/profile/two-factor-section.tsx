import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TWO_FACTOR_CODE_LENGTH,
  errorMessageKey,
  normalizeTwoFactorCode,
  validateTwoFactorCode,
  type TwoFactorEnrollment,
} from '@portal/shared-data';
import { toServiceError, twoFactorMutations, twoFactorQueries } from '@portal/shared-data/queries';
import { AuthenticatorSetup, ConfirmDialog, ErrorBanner } from '@portal/shared-ui';
import { namespace } from './i18n';

/**
 * Profile → Two-factor sign-in: enable (enrol → QR code + key → the first code turns it on) or turn it
 * off with a confirmation. A refused code keeps what was typed and says why.
 */
export function TwoFactorSection() {
  const { t } = useTranslation(namespace);
  const factors = useQuery(twoFactorQueries.factors());
  const enroll = useMutation(twoFactorMutations.enroll());
  const verify = useMutation(twoFactorMutations.verify());
  const unenroll = useMutation(twoFactorMutations.unenroll());
  const [enrollment, setEnrollment] = useState<TwoFactorEnrollment | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    clearInputErrorOnChange: true,
    validate: (values) => {
      const errors = validateTwoFactorCode(values);
      return errors.code ? { code: t(errors.code, { ns: 'validation' }) } : {};
    },
  });

  const factor = factors.data?.[0];
  const describe = (error: unknown) => t(errorMessageKey(toServiceError(error)), { ns: 'errors' });

  const start = () => {
    verify.reset();
    form.reset();
    enroll.mutate(undefined, { onSuccess: setEnrollment });
  };
  const cancel = () => {
    setEnrollment(null);
    enroll.reset();
    verify.reset();
    form.reset();
  };
  const submit = form.onSubmit(({ code }) => {
    if (!enrollment) return;
    verify.mutate(
      { factorId: enrollment.factorId, code: normalizeTwoFactorCode(code) },
      {
        onSuccess: () => {
          cancel();
          notifications.show({ color: 'teal', message: t('twoFactor.enabled') });
        },
      },
    );
  });

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm" align="stretch">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('twoFactor.section')}
          </Title>
          {factors.isSuccess ? (
            <Badge color={factor ? 'teal' : 'gray'} variant="light">
              {factor ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('twoFactor.description')}
        </Text>

        {factors.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('twoFactor.loading')}
            </Text>
          </Group>
        ) : null}
        {factors.isError ? (
          <ErrorBanner
            title={t('twoFactor.loadFailed')}
            message={describe(factors.error)}
            onRetry={() => void factors.refetch()}
            retrying={factors.isFetching}
          />
        ) : null}

        {factors.isSuccess && factor ? (
          <Group>
            <Button variant="light" color="red" onClick={() => setConfirmOff(true)}>
              {t('twoFactor.disable')}
            </Button>
          </Group>
        ) : null}

        {factors.isSuccess && !factor && !enrollment ? (
          <Stack gap="xs" align="flex-start">
            {enroll.isError ? (
              <Alert color="red" title={t('twoFactor.startFailed')}>
                {describe(enroll.error)}
              </Alert>
            ) : null}
            <Button
              variant="light"
              leftSection={<IconShieldLock size={16} aria-hidden />}
              loading={enroll.isPending}
              onClick={start}
              // The Spanish label is wider than a phone's card: it wraps instead of being cut.
              maw="100%"
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            >
              {t('twoFactor.enable')}
            </Button>
          </Stack>
        ) : null}

        {enrollment ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <AuthenticatorSetup
                qrCode={enrollment.qrCode}
                secret={enrollment.secret}
                labels={{
                  scan: t('twoFactor.scan'),
                  qrAlt: t('twoFactor.qrAlt'),
                  manual: t('twoFactor.manual'),
                }}
              />
              <Text size="sm">{t('twoFactor.enterCode')}</Text>
              {verify.isError ? (
                <Alert color="red" title={t('twoFactor.verifyFailed')}>
                  {describe(verify.error)}
                </Alert>
              ) : null}
              <TextInput
                data-autofocus
                label={t('twoFactor.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TWO_FACTOR_CODE_LENGTH + 2}
                maw={220}
                {...form.getInputProps('code')}
              />
              <Group>
                <Button type="submit" loading={verify.isPending}>
                  {t('twoFactor.verify')}
                </Button>
                <Button variant="default" onClick={cancel} disabled={verify.isPending}>
                  {t('twoFactor.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>

      {/* Always mounted, so Mantine gives the focus back to Turn off when it closes. */}
      <ConfirmDialog
        opened={confirmOff && factor !== undefined}
        danger
        title={t('twoFactor.disableTitle')}
        message={t('twoFactor.disableMessage')}
        confirmLabel={t('twoFactor.disableConfirm')}
        failedTitle={t('twoFactor.disableFailed')}
        describeError={describe}
        onCancel={() => setConfirmOff(false)}
        onConfirm={() =>
          factor
            ? unenroll.mutateAsync(factor.id).then(() => {
                setConfirmOff(false);
                notifications.show({ color: 'teal', message: t('twoFactor.disabled') });
              })
            : setConfirmOff(false)
        }
      />
    </Card>
  );
}
