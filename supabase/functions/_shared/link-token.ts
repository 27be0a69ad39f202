// The token of a link mailed by the portal itself (an administrator's email correction): 32 random
// bytes, base64url, kept in the database only as its SHA-256, so a database read cannot follow it.

export function newLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The stored form of a link token (hex SHA-256). */
export async function linkTokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)),
  );
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
