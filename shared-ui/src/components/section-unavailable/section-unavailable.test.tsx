import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { SectionUnavailable } from './section-unavailable';

const DETAIL = 'Failed to fetch remote entry http://localhost:3002/mf-manifest.json';

describe('SectionUnavailable', () => {
  it('explains the failure in words for users and retries', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(<SectionUnavailable onRetry={onRetry} detail={DETAIL} />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'This section is unavailable' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Everything else keeps working/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the technical detail folded away until asked for', async () => {
    const { user } = renderWithProviders(<SectionUnavailable onRetry={() => {}} detail={DETAIL} />);
    const disclosure = screen.getByText('Technical details').closest('details');
    expect(disclosure).not.toBeNull();
    expect(disclosure).not.toHaveAttribute('open');
    expect(disclosure).toHaveTextContent(DETAIL);

    await user.click(screen.getByText('Technical details'));
    expect(disclosure).toHaveAttribute('open');
  });

  it('leaves out the technical details when there are none', () => {
    renderWithProviders(<SectionUnavailable onRetry={() => {}} />);
    expect(screen.queryByText('Technical details')).not.toBeInTheDocument();
  });

  it('shows Retry as busy while the section reloads', () => {
    renderWithProviders(<SectionUnavailable onRetry={() => {}} retrying />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
  });

  it('is translated', () => {
    renderWithProviders(<SectionUnavailable onRetry={() => {}} detail={DETAIL} />, {
      language: 'es',
    });
    expect(
      screen.getByRole('heading', { name: 'Esta sección no está disponible' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.getByText('Detalles técnicos')).toBeInTheDocument();
  });
});
