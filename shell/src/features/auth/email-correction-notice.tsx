import { Alert } from '@mantine/core';
import { IconMailCheck, IconMailX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';
import { useHydrated } from './static-sign-in';

/**
 * The outcome of an email-correction link (the confirm-email function lands the browser on the
 * sign-in page with `?emailCorrection=confirmed | invalid | taken`): shown above the forms.
 */
export function EmailCorrectionNotice() {
  const { t } = useTranslation(namespace);
  // After hydration only: the built sign-in page has no notice, so hydrating it stays a match.
  const hydrated = useHydrated();
  const outcome = new URLSearchParams(globalThis.location?.search ?? '').get('emailCorrection');
  if (!hydrated) return null;
  if (outcome !== 'confirmed' && outcome !== 'invalid' && outcome !== 'taken') return null;
  const confirmed = outcome === 'confirmed';
  return (
    <Alert
      color={confirmed ? 'teal' : 'red'}
      variant="light"
      icon={confirmed ? <IconMailCheck aria-hidden /> : <IconMailX aria-hidden />}
      role="status"
      mb="md"
    >
      {t(`emailCorrection.${outcome}`)}
    </Alert>
  );
}
