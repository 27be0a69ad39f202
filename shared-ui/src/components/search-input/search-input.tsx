import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchInputProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'leftSection' | 'rightSection' | 'type' | 'role'
> {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name when there is no visible `label`; defaults to "Search". */
  'aria-label'?: string;
}

/**
 * A search field: magnifier icon, a clear button once something is typed, and Escape to clear.
 * Filtering stays with the screen.
 */
export function SearchInput({
  value,
  onChange,
  label,
  'aria-label': ariaLabel,
  onKeyDown,
  ...others
}: SearchInputProps) {
  const { t } = useTranslation('common');
  const inputRef = useRef<HTMLInputElement>(null);
  const clear = () => {
    onChange('');
    inputRef.current?.focus();
  };
  return (
    <TextInput
      {...others}
      ref={inputRef}
      // A text input in the searchbox role: type="search" would add the browser's own clear button.
      role="searchbox"
      enterKeyHint="search"
      autoComplete="off"
      label={label}
      aria-label={label ? undefined : (ariaLabel ?? t('search'))}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && value) {
          // Keep Escape from also closing a surrounding modal when it only clears the field.
          event.stopPropagation();
          clear();
        }
        onKeyDown?.(event);
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? <CloseButton size="sm" aria-label={t('searchInput.clear')} onClick={clear} /> : null
      }
      rightSectionPointerEvents={value ? 'all' : 'none'}
    />
  );
}
