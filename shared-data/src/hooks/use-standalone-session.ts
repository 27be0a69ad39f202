import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { authAtom } from '@portal/shared-data/session';
import { initializeAuthWriteAtom } from '../atoms/initialize-auth-write-atom';
import { loginWriteAtom } from '../atoms/login-write-atom';
import { logoutWriteAtom } from '../atoms/logout-write-atom';
import type { Result } from '../result';
import type { AuthSession } from '../services/auth';

/** The session as a remote's standalone dev harness (shared-ui `StandaloneHarness`) needs it. */
export type StandaloneSession = {
  status: 'loading' | 'signed-out' | 'signed-in';
  userLabel: string | null;
  error: string | null;
  busy: boolean;
  signIn: (email: string, password: string) => Promise<Result<AuthSession>>;
  signOut: () => Promise<Result<null>>;
};

/**
 * Session for a remote running on its own dev server; in the portal the shell owns sign-in.
 * Checks the stored session on mount, like the shell does at start-up.
 */
export function useStandaloneSession(): StandaloneSession {
  const { user, isLoading, error, initialized } = useAtomValue(authAtom);
  const initialize = useSetAtom(initializeAuthWriteAtom);
  const login = useSetAtom(loginWriteAtom);
  const logout = useSetAtom(logoutWriteAtom);

  useEffect(() => {
    if (!initialized) void initialize();
  }, [initialize, initialized]);

  let status: StandaloneSession['status'] = 'signed-out';
  if (!initialized) status = 'loading';
  else if (user) status = 'signed-in';

  return {
    status,
    userLabel: user ? `${user.firstName} ${user.lastName}`.trim() || user.email : null,
    error,
    busy: isLoading,
    // A developer's own machine: keep the session across reloads.
    signIn: (email, password) => login({ email, password, remember: true }),
    signOut: () => logout(),
  };
}
