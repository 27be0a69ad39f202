/** What the fallback plugin resolves instead of a remote module that could not load. */
export const REMOTE_UNAVAILABLE = '__portalRemoteUnavailable' as const;

export type UnavailableRemote = { [REMOTE_UNAVAILABLE]: true; id: string; reason: string };

export function isUnavailableRemote(value: unknown): value is UnavailableRemote {
  return typeof value === 'object' && value !== null && REMOTE_UNAVAILABLE in value;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}
