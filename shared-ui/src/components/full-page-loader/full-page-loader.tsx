import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface FullPageLoaderProps {
  /** Announced to assistive technology; defaults to "Loading…". */
  label?: string;
  /** Height of the centred area; use a smaller value inside a page section. */
  minHeight?: number | string;
}

export function FullPageLoader({ label, minHeight = '100dvh' }: FullPageLoaderProps) {
  const { t } = useTranslation('common');
  const text = label ?? t('loading');
  return (
    <Center mih={minHeight} role="status" aria-label={text} aria-live="polite">
      <Loader aria-hidden />
      {/* Live regions announce their content, not their aria-label. */}
      <VisuallyHidden>{text}</VisuallyHidden>
    </Center>
  );
}
