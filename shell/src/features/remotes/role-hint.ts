import { AUTH_STORAGE_KEY, rememberMeStorage, type Role } from '@portal/shared-data';

// The role of the user who was signed in last, kept for the next page load's early start
// (app/early-start.ts). This part is read on every start, so it stays small: the early start itself
// loads only when a remembered user's session is stored.

const ROLE_HINT_KEY = 'portal.role-hint';
const ROLES: readonly Role[] = ['student', 'teacher', 'admin'];

type Hint = { userId: string; role: Role };

function readJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function storedHint(): Hint | null {
  let text: string | null = null;
  try {
    text = localStorage.getItem(ROLE_HINT_KEY);
  } catch {
    return null;
  }
  const hint = readJson(text) as Partial<Hint> | null;
  if (typeof hint?.userId !== 'string' || !ROLES.includes(hint.role as Role)) return null;
  return { userId: hint.userId, role: hint.role as Role };
}

/** The user id of the session supabase-js will restore, if one is stored. */
function storedSessionUserId(): string | null {
  // The auth storage reads sessionStorage and localStorage (a remembered session) alike.
  const session = readJson(rememberMeStorage.getItem(AUTH_STORAGE_KEY)) as {
    user?: { id?: unknown };
  } | null;
  return typeof session?.user?.id === 'string' ? session.user.id : null;
}

/** Called once the session check has named the user: the next page load's head start. */
export function rememberRole(userId: string, role: Role): void {
  try {
    localStorage.setItem(ROLE_HINT_KEY, JSON.stringify({ userId, role }));
  } catch {
    // No storage (a private window's quota): the next load simply starts without the hint.
  }
}

/** Signing out forgets it: nothing about the last user stays behind on a shared computer. */
export function forgetRole(): void {
  try {
    localStorage.removeItem(ROLE_HINT_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The remembered user, when the stored session is theirs. */
export function rememberedUser(): Hint | null {
  const hint = storedHint();
  return hint && storedSessionUserId() === hint.userId ? hint : null;
}
