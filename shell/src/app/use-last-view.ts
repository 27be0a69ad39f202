import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import {
  AUTH_STORAGE_KEY,
  PUBLIC_SETTINGS_STORAGE_KEY,
  REMEMBER_ME_KEY,
  rememberMeStorage,
} from '@portal/shared-data';
import { LANGUAGE_STORAGE_KEY, browserLanguage } from '@portal/shared-ui';
import {
  LAST_VIEW_PATH,
  MANTINE_COLOR_SCHEME_KEY,
  captureLastView,
  isKeepable,
  isLastViewOnShow,
  isSettled,
  releaseLastView,
} from '../prerender/last-view';

const KEYS = {
  sessionKey: AUTH_STORAGE_KEY,
  languageKey: LANGUAGE_STORAGE_KEY,
  settingsKey: PUBLIC_SETTINGS_STORAGE_KEY,
  colorSchemeKey: MANTINE_COLOR_SCHEME_KEY,
};
/** How often the layout looks whether the page has settled. */
const CHECK_EVERY_MS = 100;
/** Settled this long before the copy is taken: a chart's bars have finished growing. */
const STEADY_MS = 1_000;

/** Runs `task` when the browser is idle (or soon, where it cannot say); returns what cancels it. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 0);
  return () => window.clearTimeout(handle);
}

/**
 * The dashboard's last view (src/prerender/last-view.ts), from the signed-in layout: hands the page
 * over from the copy on show once the app's own has settled (or at once on another page), and
 * takes a new copy once the dashboard has stayed settled for a moment, and again when the tab is
 * hidden or the page unloads as long as the user has not worked the page (not when another page of the portal opens: by the time an effect
 * cleans up, the DOM already shows that page).
 */
export function useLastView(queryClient: QueryClient, userId: string | undefined): void {
  const { pathname } = useLocation();
  // Another tab changed what the page's language, scheme or branding follow from, or the session or
  // where it is kept: this page may no longer be what a start would render, so it is not kept again.
  const outOfStep = useRef(false);
  useEffect(() => {
    const watched: (string | null)[] = [null, REMEMBER_ME_KEY, ...Object.values(KEYS)];
    const onStorage = (event: StorageEvent) => {
      if (watched.includes(event.key)) outOfStep.current = true;
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  useEffect(() => {
    if (!userId) return undefined;
    const onDashboard = pathname === LAST_VIEW_PATH;
    const root = () => document.getElementById('root');
    const settled = () => {
      const app = root();
      return app !== null && isSettled(app, queryClient.isFetching());
    };
    const keepable = () => {
      const app = root();
      const failing = queryClient
        .getQueryCache()
        .findAll({ predicate: (query) => query.state.status === 'error' }).length;
      return app !== null && isKeepable(app, queryClient.isFetching(), failing);
    };
    // Once the user has worked the page (another period, a filter, a tab), it is no longer the page
    // a start paints: what was kept before that stays the copy.
    let changedByUser = false;
    const onInput = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('main')) changedByUser = true;
    };
    const capture = () => {
      if (!onDashboard || changedByUser || outOfStep.current || isLastViewOnShow() || !keepable()) {
        return false;
      }
      return captureLastView({
        userId,
        storage: rememberMeStorage,
        keys: KEYS,
        browserLanguage: browserLanguage(),
      });
    };
    let settledSince: number | null = null;
    let idle: (() => void) | null = null;
    const stop = () => window.clearInterval(timer);
    const check = () => {
      if (isLastViewOnShow()) {
        if (!onDashboard || settled()) releaseLastView();
        return;
      }
      if (!onDashboard) {
        stop();
        return;
      }
      if (!keepable()) {
        settledSince = null;
        return;
      }
      settledSince ??= Date.now();
      if (Date.now() - settledSince < STEADY_MS) return;
      stop();
      // Off the busy moments: the copy is a few milliseconds of serialising and storing.
      idle = whenIdle(() => {
        idle = null;
        capture();
      });
    };
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    check();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') capture();
    };
    window.addEventListener('pagehide', capture);
    document.addEventListener('visibilitychange', onHidden);
    document.addEventListener('pointerdown', onInput, true);
    document.addEventListener('keydown', onInput, true);
    return () => {
      stop();
      idle?.();
      window.removeEventListener('pagehide', capture);
      document.removeEventListener('visibilitychange', onHidden);
      document.removeEventListener('pointerdown', onInput, true);
      document.removeEventListener('keydown', onInput, true);
    };
  }, [pathname, userId, queryClient]);
}
