import { MantineProvider, type MantineColorScheme } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../i18n';
import { createPortalTheme, type PortalBranding } from '../theme';
import { NotificationsHost } from './notifications-host';

export interface PortalUiProviderProps {
  children: ReactNode;
  /** Colours from System Settings; omitted values use the defaults. */
  branding?: PortalBranding;
  defaultColorScheme?: MantineColorScheme;
  /** `'test'` turns off transitions and portals (Mantine's test environment). */
  env?: 'default' | 'test';
  /** Mount the toasts host here (default). The shell mounts it in its signed-in layout instead. */
  withNotifications?: boolean;
}

/** Theme, notifications and i18n for the whole page; the shell mounts it once around everything. */
export function PortalUiProvider({
  children,
  branding,
  defaultColorScheme = 'light',
  env = 'default',
  withNotifications = true,
}: PortalUiProviderProps) {
  // Idempotent, so mounting the provider is enough even if the bootstrap did not call it.
  const [i18n] = useState(() => initI18n());
  const { primaryColor, secondaryColor, accentColor } = branding ?? {};
  const theme = useMemo(
    () => createPortalTheme({ primaryColor, secondaryColor, accentColor }),
    [primaryColor, secondaryColor, accentColor],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme={defaultColorScheme} env={env}>
        {withNotifications ? <NotificationsHost /> : null}
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
