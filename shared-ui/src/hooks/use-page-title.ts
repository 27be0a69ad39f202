import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab after the screen ('Course Catalog · Lingua Academy'), so a screen reader
 * announces where a navigation landed and tabs and history can be told apart. `screen` is already
 * translated, so the title follows the UI language.
 */
export function usePageTitle(screen: string): void {
  const { t } = useTranslation('common');
  useDocumentTitle(t('documentTitle', { screen }));
}
