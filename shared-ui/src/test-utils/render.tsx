import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { initI18n, type Language } from '../i18n';
import { PortalUiProvider } from '../provider/portal-ui-provider';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Language to render in; each call sets it, so tests do not leak a language into each other. */
  language?: Language;
}

export type RenderWithProvidersResult = RenderResult & { user: UserEvent };

/** Renders inside the same providers the shell mounts, in Mantine's test mode (no portals). */
export function renderWithProviders(
  ui: ReactElement,
  { language = 'en', ...options }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  initI18n({ lng: language });
  const user = userEvent.setup();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PortalUiProvider env="test">{children}</PortalUiProvider>
  );
  return { user, ...render(ui, { wrapper, ...options }) };
}
