import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { IDLE_SIGN_OUT_STORAGE_KEY } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

/** The minutes of the timeout that signed this tab out, while its notice is due; else null. */
export function readIdleMinutes(): number | null {
  try {
    const minutes = Number(globalThis.sessionStorage?.getItem(IDLE_SIGN_OUT_STORAGE_KEY));
    return Number.isInteger(minutes) && minutes > 0 ? minutes : null;
  } catch {
    return null;
  }
}

/**
 * "You were signed out after N minutes without activity": shown once on the sign-in page after the
 * session timeout signed this tab out (features/layout/use-idle-sign-out.ts leaves the minutes).
 */
export function IdleSignOutNotice() {
  const { t } = useTranslation(namespace);
  const [minutes] = useState(readIdleMinutes);
  useEffect(() => {
    try {
      globalThis.sessionStorage?.removeItem(IDLE_SIGN_OUT_STORAGE_KEY);
    } catch {
      // Nothing to forget.
    }
  }, []);
  if (minutes === null) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconClockPause aria-hidden />}
      role="status"
      mb="md"
    >
      {t('idleSignOut', { count: minutes })}
    </Alert>
  );
}
