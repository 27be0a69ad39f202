import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A password input whose show/hide toggle is labelled for screen readers. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('shell');
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('signIn.showPassword') }} />;
}
