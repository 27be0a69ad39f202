import type { Ref } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

/** A password input whose show/hide toggle is labelled for screen readers. */
export function PasswordField(props: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation(namespace);
  return (
    <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }} />
  );
}
