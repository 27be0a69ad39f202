import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { setLanguage } from './i18n';
import { useLanguage } from './use-language';

function Probe() {
  const { language } = useLanguage();
  return <p>current: {language}</p>;
}

describe('useLanguage', () => {
  it('re-renders when the language changes', async () => {
    renderWithProviders(<Probe />);
    expect(screen.getByText('current: en')).toBeInTheDocument();

    await act(() => setLanguage('es'));

    expect(screen.getByText('current: es')).toBeInTheDocument();
  });
});
