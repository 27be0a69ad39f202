import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { ErrorBanner } from './error-banner';

describe('ErrorBanner', () => {
  it('announces the title and message as one alert', () => {
    renderWithProviders(
      <ErrorBanner title="Error loading dashboard data:" message="Failed to fetch courses" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error loading dashboard data: Failed to fetch courses',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers Try again when it can retry', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithProviders(
      <ErrorBanner title="Error loading users:" message="boom" onRetry={onRetry} />,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('adds a small notice under the message when given one', () => {
    renderWithProviders(
      <ErrorBanner
        title="The class was not saved:"
        message="You are not allowed to do this."
        notice="Nothing you entered was lost; you can try again."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The class was not saved: You are not allowed to do this.Nothing you entered was lost; you can try again.',
    );
  });

  it('says Try again in Spanish', () => {
    renderWithProviders(<ErrorBanner message="boom" onRetry={() => {}} />, { language: 'es' });
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
  });
});
