import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_SIGN_OUT_STORAGE_KEY } from '@portal/shared-data';
import { renderShell } from '../../test-support/render-shell';
import AuthScreen from './auth-screen';

afterEach(() => sessionStorage.clear());

describe('the sign-in page after an idle sign-out', () => {
  it('says why, once', () => {
    sessionStorage.setItem(IDLE_SIGN_OUT_STORAGE_KEY, '30');
    const { unmount } = renderShell(<AuthScreen />);

    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out after 30 minutes without activity',
    );
    expect(sessionStorage.getItem(IDLE_SIGN_OUT_STORAGE_KEY)).toBeNull();

    unmount();
    renderShell(<AuthScreen />);
    expect(screen.queryByText(/without activity/)).not.toBeInTheDocument();
  });

  it('says it in Spanish', () => {
    sessionStorage.setItem(IDLE_SIGN_OUT_STORAGE_KEY, '5');
    renderShell(<AuthScreen />, { language: 'es' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Se cerró tu sesión tras 5 minutos sin actividad',
    );
  });

  it('shows nothing after an ordinary sign-out', () => {
    renderShell(<AuthScreen />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
