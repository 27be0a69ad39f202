import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { SectionUnavailable } from './section-unavailable';

describe('SectionUnavailable', () => {
  it('explains the failure, shows the detail and retries', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <SectionUnavailable onRetry={onRetry} detail="Failed to fetch remote entry" />,
    );
    const panel = screen.getByRole('alert');
    expect(
      screen.getByRole('heading', { name: 'This section is unavailable' }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent('Failed to fetch remote entry');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('leaves out the detail line when there is none', () => {
    renderWithProviders(<SectionUnavailable onRetry={() => {}} />);
    expect(screen.queryByText('Details')).not.toBeInTheDocument();
  });

  it('is translated', () => {
    renderWithProviders(<SectionUnavailable onRetry={() => {}} />, { language: 'es' });
    expect(
      screen.getByRole('heading', { name: 'Esta sección no está disponible' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
