import { useMantineTheme } from '@mantine/core';
import { DEFAULT_BRANDING } from '../theme';

/**
 * The school's name (System Settings → General → site name): the brand wherever it shows.
 * PortalUiProvider puts it in the Mantine theme (`theme.other.siteName`), not in a context of this
 * package: each app bundles its own copy of shared-ui, and only @mantine/core's theme context is
 * one for the whole page.
 */
export function useSiteName(): string {
  const name: unknown = useMantineTheme().other.siteName;
  return typeof name === 'string' && name ? name : DEFAULT_BRANDING.siteName;
}
