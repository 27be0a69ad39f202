import { MantineProvider, type MantineColorScheme } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { initI18n } from '../i18n';
import { accessibleColorVariables } from '../contrast';
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
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedMantine
        branding={branding}
        defaultColorScheme={defaultColorScheme}
        env={env}
        withNotifications={withNotifications}
      >
        {children}
      </ThemedMantine>
    </I18nextProvider>
  );
}

/** Mantine with the portal theme; rebuilt when the branding or the UI language changes. */
function ThemedMantine({
  children,
  branding,
  defaultColorScheme,
  env,
  withNotifications,
}: Required<Pick<PortalUiProviderProps, 'defaultColorScheme' | 'env' | 'withNotifications'>> &
  Pick<PortalUiProviderProps, 'children' | 'branding'>) {
  const { t } = useTranslation('common');
  const close = t('close');
  const { primaryColor, secondaryColor, accentColor } = branding ?? {};
  const theme = useMemo(
    () => createPortalTheme({ primaryColor, secondaryColor, accentColor }, { close }),
    [primaryColor, secondaryColor, accentColor, close],
  );
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={accessibleColorVariables}
      defaultColorScheme={defaultColorScheme}
      env={env}
    >
      {withNotifications ? <NotificationsHost /> : null}
      {children}
    </MantineProvider>
  );
}
