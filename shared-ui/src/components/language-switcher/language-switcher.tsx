import { SegmentedControl, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, isSupportedLanguage, useLanguage, type Language } from '../../i18n';

export interface LanguageSwitcherProps {
  size?: MantineSize;
  fullWidth?: boolean;
  /** Not usable yet (the sign-in page's built HTML, before the app runs). */
  disabled?: boolean;
  /** Told of each language the person picks (the shell keeps a signed-in person's on their account). */
  onChoose?: (language: Language) => void;
}

/** English / Español toggle; the choice applies to the whole portal and is remembered. */
export function LanguageSwitcher({
  size = 'xs',
  fullWidth = false,
  disabled = false,
  onChoose,
}: LanguageSwitcherProps) {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  return (
    <SegmentedControl
      aria-label={t('language')}
      size={size}
      fullWidth={fullWidth}
      disabled={disabled}
      value={language}
      onChange={(value) => {
        if (!isSupportedLanguage(value)) return;
        void setLanguage(value);
        onChoose?.(value);
      }}
      data={SUPPORTED_LANGUAGES.map((lng) => ({
        value: lng,
        // Each name is written in its own language, so mark it for correct pronunciation.
        label: <span lang={lng}>{t(`languages.${lng}`)}</span>,
      }))}
    />
  );
}
