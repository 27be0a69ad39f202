import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSiteName } from '../provider/site-name';

/**
 * Names the browser tab after the screen and the school ('Course Catalog · Lingua Academy', the
 * site name from System Settings), so a screen reader announces where a navigation landed and tabs
 * and history can be told apart. `screen` is already translated, so the title follows the UI language.
 */
export function usePageTitle(screen: string): void {
  const { t } = useTranslation('common');
  const site = useSiteName();
  useDocumentTitle(t('documentTitle', { screen, site }));
}
