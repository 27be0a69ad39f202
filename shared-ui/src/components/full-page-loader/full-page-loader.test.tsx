import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { FullPageLoader } from './full-page-loader';

describe('FullPageLoader', () => {
  it('is a status named "Loading…"', () => {
    renderWithProviders(<FullPageLoader />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toHaveTextContent('Loading…');
  });

  it('speaks Spanish', () => {
    renderWithProviders(<FullPageLoader />, { language: 'es' });
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeInTheDocument();
  });

  it('accepts a specific label', () => {
    renderWithProviders(<FullPageLoader label="Checking your session" minHeight={200} />);
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
  });
});
