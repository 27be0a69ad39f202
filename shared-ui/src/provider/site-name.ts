import { createContext, useContext } from 'react';
import { DEFAULT_BRANDING } from '../theme';

/** The school's name from System Settings, as PortalUiProvider was given it. */
export const SiteNameContext = createContext<string>(DEFAULT_BRANDING.siteName);

/** The school's name (System Settings → General → site name): the brand wherever it shows. */
export function useSiteName(): string {
  return useContext(SiteNameContext);
}
