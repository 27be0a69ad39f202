import { useRef, useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  TWO_FACTOR_CODE_LENGTH,
  normalizeTwoFactorCode,
  twoFactorService,
  validateTwoFactorCode,
  type AuthTokens,
  type ServiceError,
  type TwoFactorEnrollment,
} from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';
import { ServerError } from './server-error';
import { AuthenticatorSetup } from '@portal/shared-ui';

type Props = {
  /** 'verify': ask for the code of `factorId`; 'enroll': set an authenticator app up first. */
  step: { kind: 'verify'; factorId: string } | { kind: 'enroll' };
  /** The code was accepted: the session is aal2 with these tokens. */
  onVerified: (tokens: AuthTokens) => void | Promise<void>;
  /** Back to the password form (the password step's session is signed out). */
  onCancel: () => void;
};

/**
 * The sign-in's second step: the 6-digit code of the account's authenticator app, or (when the school
 * requires two-factor sign-in and the account has none) enrolling one. A refused code stays typed and
 * the reason shows above it.
 */
export function TwoFactorStep({ step, onVerified, onCancel }: Props) {
  const { t } = useTranslation(namespace);
  const [enrollment, setEnrollment] = useState<TwoFactorEnrollment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ServiceError | null>(null);
  const [startError, setStartError] = useState<ServiceError | null>(null);
  // Set by Cancel: a code answered after it must not sign the page in with the signed-out session.
  const left = useRef(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    clearInputErrorOnChange: true,
    validate: (values) => {
      const errors = validateTwoFactorCode(values);
      return errors.code ? { code: t(errors.code, { ns: 'validation' }) } : {};
    },
  });

  const factorId = step.kind === 'verify' ? step.factorId : enrollment?.factorId;

  const start = async () => {
    setBusy(true);
    setStartError(null);
    const result = await twoFactorService.enroll();
    if (left.current) return;
    setBusy(false);
    if (result.success) setEnrollment(result.data);
    else setStartError(result.error);
  };

  const submit = form.onSubmit(async ({ code }) => {
    if (!factorId) return;
    setBusy(true);
    setError(null);
    const result = await twoFactorService.verifyCode({
      factorId,
      code: normalizeTwoFactorCode(code),
    });
    if (left.current) return;
    setBusy(false);
    if (result.success) void onVerified(result.data);
    else setError(result.error);
  });

  const codeForm = (
    <form onSubmit={submit} noValidate aria-labelledby="two-factor-title">
      <Stack>
        <ServerError title={t('twoFactor.failed')} error={error} />
        <TextInput
          data-autofocus
          autoFocus
          label={t('twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TWO_FACTOR_CODE_LENGTH + 2}
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('twoFactor.submit')}
        </Button>
      </Stack>
    </form>
  );

  return (
    <Stack>
      <div>
        <Title order={2} id="two-factor-title">
          {step.kind === 'verify' ? t('twoFactor.verifyTitle') : t('twoFactor.enrollTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {step.kind === 'verify' ? t('twoFactor.verifySubtitle') : t('twoFactor.enrollSubtitle')}
        </Text>
      </div>

      {step.kind === 'enroll' && !enrollment ? (
        <Stack>
          <ServerError title={t('twoFactor.startFailed')} error={startError} />
          <Button onClick={() => void start()} loading={busy} fullWidth>
            {t('twoFactor.start')}
          </Button>
        </Stack>
      ) : null}

      {step.kind === 'enroll' && enrollment ? (
        <Stack gap="xs">
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
        </Stack>
      ) : null}

      {factorId ? codeForm : null}

      <Text size="sm" ta="center">
        <Anchor
          component="button"
          type="button"
          onClick={() => {
            left.current = true;
            onCancel();
          }}
        >
          {t('twoFactor.cancel')}
        </Anchor>
      </Text>
    </Stack>
  );
}
