import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../result';
import { authService } from '../services/auth';
import { appUser, authSession } from '../test-support/auth-fixtures';
import { useStandaloneSession } from './use-standalone-session';

afterEach(() => vi.restoreAllMocks());

function renderSession() {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(Provider, { store }, children);
  return renderHook(() => useStandaloneSession(), { wrapper });
}

describe('useStandaloneSession', () => {
  it('is loading until the stored session is checked, then signed in', async () => {
    vi.spyOn(authService, 'getSession').mockResolvedValue(ok(authSession()));

    const { result } = renderSession();
    expect(result.current.status).toBe('loading');

    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(result.current.userLabel).toBe('Ana García');
  });

  it('signs in with remember on and out again', async () => {
    vi.spyOn(authService, 'getSession').mockResolvedValue(ok(null));
    const signIn = vi
      .spyOn(authService, 'signIn')
      .mockResolvedValue(ok(authSession({ user: appUser({ firstName: '', lastName: '' }) })));
    vi.spyOn(authService, 'signOut').mockResolvedValue(ok(null));
    const { result } = renderSession();
    await waitFor(() => expect(result.current.status).toBe('signed-out'));

    await act(() => result.current.signIn('ana@school.test', 'secret1'));
    expect(signIn).toHaveBeenCalledWith({
      email: 'ana@school.test',
      password: 'secret1',
      remember: true,
    });
    expect(result.current).toMatchObject({ status: 'signed-in', userLabel: 'ana@school.test' });

    await act(() => result.current.signOut());
    expect(result.current.status).toBe('signed-out');
  });

  it('shows the sign-in failure', async () => {
    vi.spyOn(authService, 'getSession').mockResolvedValue(ok(null));
    vi.spyOn(authService, 'signIn').mockResolvedValue(
      fail('LOGIN_ERROR', 'Invalid login credentials'),
    );
    const { result } = renderSession();
    await waitFor(() => expect(result.current.status).toBe('signed-out'));

    await act(() => result.current.signIn('ana@school.test', 'wrong12'));

    expect(result.current).toMatchObject({
      status: 'signed-out',
      error: 'Invalid login credentials',
      busy: false,
    });
  });
});
