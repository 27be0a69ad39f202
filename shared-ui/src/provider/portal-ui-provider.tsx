import { MantineProvider, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { initI18n } from '../i18n';
import { accessibleColorVariables } from '../contrast';
import {
  DEFAULT_BRANDING,
  createPortalTheme,
  needsColorGenerator,
  type PortalBranding,
  type ShadesOf,
} from '../theme';
import { NotificationsHost } from './notifications-host';

export interface PortalUiProviderProps {
  children: ReactNode;
  /** Site name and colours from System Settings; omitted values use the defaults. */
  branding?: PortalBranding;
  defaultColorScheme?: MantineColorScheme;
  /**
   * The portal's theme from System Settings (light, dark or auto = the device's), applied live and
   * remembered by Mantine for the next load; omitted, the scheme is left as it is.
   */
  colorScheme?: MantineColorScheme;
  /** `'test'` turns off transitions and portals (Mantine's test environment). */
  env?: 'default' | 'test';
  /** Mount the toasts host here (default). The shell mounts it in its signed-in layout instead. */
  withNotifications?: boolean;
}

// The colour generator (color-shades.ts), loaded once a page shows a colour other than the defaults.
let loadedShades: ShadesOf | null = null;
let loadingShades: Promise<ShadesOf> | null = null;

function loadColorShades(): Promise<ShadesOf> {
  loadingShades ??= import('../color-shades').then(
    ({ colorShades }) => (loadedShades = colorShades),
    (error: unknown) => {
      loadingShades = null;
      throw error;
    },
  );
  return loadingShades;
}

/**
 * Resolves once the theme can show these colours: at once for the defaults, after loading the colour
 * generator for a school's own (never rejects: a failed load leaves the defaults until the next
 * change of colours tries again). A start-up awaits it for the colours it will render first, so a
 * school's own colours show from the first paint.
 */
export function prepareBranding(branding: PortalBranding | undefined): Promise<void> {
  if (!needsColorGenerator(branding)) return Promise.resolve();
  return loadColorShades().then(
    () => undefined,
    () => undefined,
  );
}

/** The palettes for the theme: the generator once loaded; before that, the defaults' palettes only. */
function useShadesOf(branding: PortalBranding | undefined): ShadesOf | undefined {
  const needed = needsColorGenerator(branding);
  const [shades, setShades] = useState<ShadesOf | null>(() => loadedShades);
  useEffect(() => {
    if (!needed || shades) return;
    let current = true;
    loadColorShades().then(
      (loaded) => current && setShades(() => loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [needed, shades]);
  return shades ?? undefined;
}

/** Theme, notifications and i18n for the whole page; the shell mounts it once around everything. */
export function PortalUiProvider({
  children,
  branding,
  defaultColorScheme = 'light',
  colorScheme,
  env = 'default',
  withNotifications = true,
}: PortalUiProviderProps) {
  // Idempotent, so mounting the provider is enough even if the bootstrap did not call it.
  const [i18n] = useState(() => initI18n());
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedMantine
        branding={branding}
        defaultColorScheme={colorScheme ?? defaultColorScheme}
        colorScheme={colorScheme}
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
  colorScheme,
  env,
  withNotifications,
}: Required<Pick<PortalUiProviderProps, 'defaultColorScheme' | 'env' | 'withNotifications'>> &
  Pick<PortalUiProviderProps, 'children' | 'branding' | 'colorScheme'>) {
  const { t } = useTranslation('common');
  const close = t('close');
  const { primaryColor, secondaryColor, accentColor } = branding ?? {};
  const siteName = branding?.siteName?.trim() || DEFAULT_BRANDING.siteName;
  const shadesOf = useShadesOf(branding);
  const theme = useMemo(
    () => ({
      ...createPortalTheme({ primaryColor, secondaryColor, accentColor }, { close }, shadesOf),
      // Read by useSiteName() in every app's copy of shared-ui.
      other: { siteName },
    }),
    [primaryColor, secondaryColor, accentColor, close, siteName, shadesOf],
  );
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={accessibleColorVariables}
      defaultColorScheme={defaultColorScheme}
      env={env}
    >
      {colorScheme ? <FollowColorScheme scheme={colorScheme} /> : null}
      {withNotifications ? <NotificationsHost /> : null}
      {children}
    </MantineProvider>
  );
}

/** Puts the page in `scheme` whenever the setting changes (Mantine stores it for the next load). */
function FollowColorScheme({ scheme }: { scheme: MantineColorScheme }) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (colorScheme !== scheme) setColorScheme(scheme);
  }, [scheme, colorScheme, setColorScheme]);
  return null;
}
