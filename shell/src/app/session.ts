import { createStore } from 'jotai';
import { authAtom, initializeAuthWriteAtom, type AppUser } from '@portal/shared-data';
import { forgetStoredQueryCaches } from './stored-query-caches';

/**
 * The page's jotai store. The shell's <Provider> hands it to React (the shell's and the remotes'
 * components read the session from it), and the router's loaders, which run outside React, read the
 * same session here.
 */
export const portalStore = createStore();

type Store = typeof portalStore;

const checks = new WeakMap<Store, Promise<void>>();

/**
 * The start-up session check, run once per store: the first route loader that needs the user starts
 * it (before any screen renders), and the session gate's mount finds it already running.
 */
export function checkSession(store: Store = portalStore): Promise<void> {
  let check = checks.get(store);
  if (!check) {
    check = store.set(initializeAuthWriteAtom).then(() => undefined);
    checks.set(store, check);
  }
  return check;
}

/** Try again after a failed check (the session gate's button). */
export function checkSessionAgain(store: Store = portalStore): Promise<void> {
  const check = store.set(initializeAuthWriteAtom).then(() => undefined);
  checks.set(store, check);
  return check;
}

/** The signed-in user once the start-up check has answered; null for a visitor or a failed check. */
export async function signedInUser(store: Store = portalStore): Promise<AppUser | null> {
  await checkSession(store);
  return store.get(authAtom).user;
}

/**
 * A session that ends (sign-out, expiry, another tab) or turns out to be gone at start leaves no
 * kept query cache behind, even where the signed-in layout never mounted. A failed check keeps it:
 * the user is still signed in.
 */
export function forgetQueryCachesWhenSignedOut(store: Store = portalStore): () => void {
  const check = () => {
    const { initialized, user, sessionCheckFailure } = store.get(authAtom);
    if (initialized && !user && !sessionCheckFailure) forgetStoredQueryCaches();
  };
  check();
  return store.sub(authAtom, check);
}
