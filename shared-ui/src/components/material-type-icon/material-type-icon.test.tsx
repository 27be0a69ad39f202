import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { MaterialTypeIcon } from './material-type-icon';

function icon(container: HTMLElement) {
  return container.querySelector('.mantine-ThemeIcon-root');
}

describe('MaterialTypeIcon', () => {
  it('is decorative by default', () => {
    const { container } = renderWithProviders(<MaterialTypeIcon type="video" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(icon(container)).toHaveAttribute('aria-hidden', 'true');
  });

  it('names the type when it stands alone', () => {
    renderWithProviders(<MaterialTypeIcon type="audio" labelled />, { language: 'es' });
    expect(screen.getByRole('img', { name: 'Audio' })).toBeInTheDocument();
  });

  it('uses the same colour as the type badge', () => {
    const { container } = renderWithProviders(<MaterialTypeIcon type="pdf" />);
    expect(icon(container)?.getAttribute('style')).toContain('--mantine-color-red');
  });

  it('falls back to the generic file icon for an unknown type, named as stored', () => {
    const { container } = renderWithProviders(<MaterialTypeIcon type="zip" labelled />);
    expect(screen.getByRole('img', { name: 'zip' })).toBeInTheDocument();
    expect(icon(container)?.getAttribute('style')).toContain('--mantine-color-gray');
  });
});
