/** What the auth server put in the URL fragment when it sent the user back to us. */
export type AuthRedirect = { type: string | null; error: string | null };

let captured: AuthRedirect = { type: null, error: null };

export function parseAuthRedirect(hash: string): AuthRedirect {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    type: params.get('type'),
    error: params.get('error_description') ?? params.get('error'),
  };
}

export function captureAuthRedirect(hash: string): void {
  captured = parseAuthRedirect(hash);
}

export function authRedirect(): AuthRedirect {
  return captured;
}
