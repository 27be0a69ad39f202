import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, currentLanguage } from '../../i18n';
import { renderWithProviders } from '../../test-utils';
import { LanguageSwitcher } from './language-switcher';

afterEach(() => localStorage.clear());

describe('LanguageSwitcher', () => {
  it('is a labelled choice between English and Español', () => {
    renderWithProviders(<LanguageSwitcher />);
    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Español' })).not.toBeChecked();
  });

  it('switches the portal language and remembers it', async () => {
    const { user } = renderWithProviders(<LanguageSwitcher />);
    await user.click(screen.getByRole('radio', { name: 'Español' }));

    expect(currentLanguage()).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    expect(await screen.findByRole('radiogroup', { name: 'Idioma' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked();
  });
});
