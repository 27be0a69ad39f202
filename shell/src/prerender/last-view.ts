/**
 * The dashboard as last seen, painted on the next start before the app's scripts have run.
 *
 * A signed-in start waits for the portal's JavaScript (about 330 KiB on a phone), the session
 * check, the role's remote and the dashboard's read before the first useful paint. To paint at
 * once, the signed-in layout keeps a copy of the dashboard's rendered HTML once its data is in and
 * nothing on it failed (`captureLastView`, `isKeepable`), beside the user's own session in the
 * storage that holds it (localStorage with "Remember me", sessionStorage without). Signing out,
 * and a start that finds the session gone, forget it. On the next start at `/`, the first script of
 * index.html (build/prerender/last-view-script.js) shows that copy, inert, while the app starts
 * underneath in a hidden #root, but only when the app would paint the same: the same user's stored
 * session, the same build of the shell, the same saved language, colour scheme, cached school
 * settings, browser language and viewport width, a copy less than a day old, and every stylesheet
 * it used still loading. When the app's own dashboard has settled (its data and code are in,
 * `isSettled`), the layout removes the copy and shows #root in the same task (`releaseLastView`),
 * so the page changes hands in one frame. Every other outcome (another page, a signed-out start,
 * an error screen, a failed entry script, 15 s without a settled page) removes it too.
 */

/** Where the copy is kept: the session's storage (shared-data's rememberMeStorage). */
export type LastViewStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The key of the copy, in the storage of the session it belongs to. */
export const LAST_VIEW_STORAGE_KEY = 'portal.lastView';
/** Bumped when the record's shape changes: an older record is ignored. */
export const LAST_VIEW_VERSION = 1;
/** The element holding the copy on show (after #root). */
export const LAST_VIEW_CONTAINER_ID = 'portal-last-view';
/** On `<html>`: `pending` while the copy's stylesheets load, `shown` once painted; #root is hidden meanwhile. */
export const LAST_VIEW_ATTRIBUTE = 'data-last-view';
/** The only page kept: the role's dashboard, the page every start opens. */
export const LAST_VIEW_PATH = '/';
/** A copy older than this is not shown: its dates and counts would be too far from today's. */
export const LAST_VIEW_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The copy goes after this long even if the app's page never settles (the app's loader shows instead). */
export const LAST_VIEW_TIMEOUT_MS = 15_000;
/** The app's scripts wait for the copy's paint, but no longer than this for its stylesheets. */
export const LAST_VIEW_STYLE_WAIT_MS = 2_000;
/** On a stylesheet the head script added for the copy (removed again if it fails to load). */
export const LAST_VIEW_LINK_ATTRIBUTE = 'data-last-view-style';
/** Longer copies (in characters of HTML) are not kept; a dashboard is about 30–80 thousand. */
export const LAST_VIEW_MAX_HTML_LENGTH = 400_000;

/** Mantine's colour-scheme store (its default localStorageColorSchemeManager). */
export const MANTINE_COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

/** Keys the copy depends on (the head script compares their raw values). */
export type LastViewKeys = {
  sessionKey: string;
  languageKey: string;
  settingsKey: string;
  colorSchemeKey: string;
};

export type LastViewStyle = { href: string; crossOrigin: string | null };

export type LastView = {
  version: typeof LAST_VIEW_VERSION;
  userId: string;
  path: string;
  savedAt: number;
  /** The viewport's width: the layout, and the charts' drawn width, follow it. */
  width: number;
  /** Every script of the page: the head script shows the copy only to the same build of the shell. */
  scripts: string[];
  /** The raw stored values the app's language, scheme and branding follow from. */
  savedLanguage: string | null;
  cachedSettings: string | null;
  savedColorScheme: string | null;
  prefersDark: boolean;
  /** The browser's first supported language, which the app's follows when none is saved. */
  browserLanguage: string | null;
  /** What the app had applied to `<html>` and the title. */
  language: string;
  colorScheme: string;
  direction: string;
  title: string;
  /** Every stylesheet of the page, in document order. */
  styles: LastViewStyle[];
  html: string;
};

/**
 * Markup that could run or navigate when parsed into the page again. React writes none of it (it
 * sets no `on…` attributes and refuses `javascript:` URLs); a page that does is not kept, and the
 * head script checks again before it shows a copy. Case-insensitive.
 */
export const LAST_VIEW_UNSAFE_MARKUP =
  /<(?:script|iframe|frame|object|embed|meta|base|link)\b|\son[a-z]+\s*=|javascript:/i;

/** Loaders of Mantine (page, section, lazy chart) and the page title the guarded page renders. */
const STILL_LOADING = '.mantine-Loader-root';
const PAGE_TITLE = 'main h1';
/** A failure on the page (an error banner, "This section is unavailable"), or the phone's menu open. */
const NOT_TO_KEEP = 'main [role="alert"], .mantine-Burger-burger[data-opened]';

/**
 * The page's code and data are in: a title, no loader left, no read in flight. Mantine's static
 * class names hold for every remote, including one deployed before this check existed.
 */
export function isSettled(root: Element, fetching: number): boolean {
  return (
    fetching === 0 && root.querySelector(PAGE_TITLE) !== null && !root.querySelector(STILL_LOADING)
  );
}

/**
 * Settled, with nothing a start should not paint: no failed read (`failing`), no error on the page,
 * the phone's menu closed.
 */
export function isKeepable(root: Element, fetching: number, failing: number): boolean {
  return isSettled(root, fetching) && failing === 0 && !root.querySelector(NOT_TO_KEEP);
}

export function isLastViewOnShow(doc: Document = document): boolean {
  return doc.documentElement.hasAttribute(LAST_VIEW_ATTRIBUTE);
}

/** Removes the copy and shows #root: the app paints on its own from now on. Idempotent. */
export function releaseLastView(doc: Document = document): void {
  doc.getElementById(LAST_VIEW_CONTAINER_ID)?.remove();
  doc.documentElement.removeAttribute(LAST_VIEW_ATTRIBUTE);
}

/** The session ended: its copy goes with it. */
export function forgetLastView(storage: LastViewStorage): void {
  try {
    storage.removeItem(LAST_VIEW_STORAGE_KEY);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}

function sessionUserId(storage: LastViewStorage, sessionKey: string): string | null {
  try {
    const session = JSON.parse(storage.getItem(sessionKey) ?? 'null') as {
      user?: { id?: unknown };
    } | null;
    return typeof session?.user?.id === 'string' ? session.user.id : null;
  } catch {
    return null;
  }
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Keeps #root's current markup as the copy for the next start, with what it depends on. Returns
 * whether it was kept (not when too large, holding markup that could run, or refused by the
 * storage; an older copy is then removed).
 */
export function captureLastView(input: {
  userId: string;
  storage: LastViewStorage;
  keys: LastViewKeys;
  /** shared-ui's `browserLanguage()` (this module is in the entry, before any shared package). */
  browserLanguage: string | null;
  doc?: Document;
  win?: Window & typeof globalThis;
  now?: number;
}): boolean {
  const doc = input.doc ?? document;
  const win = input.win ?? window;
  const root = doc.getElementById('root');
  if (!root || isLastViewOnShow(doc)) return false;
  // Only beside this user's own session, in the storage that holds it (another tab may have signed
  // in someone else, or flipped "Remember me", since).
  if (sessionUserId(input.storage, input.keys.sessionKey) !== input.userId) return false;
  const html = root.innerHTML;
  if (html.length > LAST_VIEW_MAX_HTML_LENGTH || LAST_VIEW_UNSAFE_MARKUP.test(html)) {
    forgetLastView(input.storage);
    return false;
  }
  const local = win.localStorage;
  const record: LastView = {
    version: LAST_VIEW_VERSION,
    userId: input.userId,
    path: win.location.pathname,
    savedAt: input.now ?? Date.now(),
    width: win.innerWidth,
    scripts: [...doc.querySelectorAll<HTMLScriptElement>('script[src]')].map(
      (script) => script.src,
    ),
    savedLanguage: read(local, input.keys.languageKey),
    cachedSettings: read(local, input.keys.settingsKey),
    savedColorScheme: read(local, input.keys.colorSchemeKey),
    prefersDark: win.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
    browserLanguage: input.browserLanguage,
    language: doc.documentElement.lang,
    colorScheme: doc.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light',
    direction: doc.documentElement.dir || 'ltr',
    title: doc.title,
    // Those in force: a stylesheet that failed to load is not asked for again.
    styles: [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .filter((link) => link.sheet !== null)
      .map((link) => ({ href: link.href, crossOrigin: link.getAttribute('crossorigin') })),
    html,
  };
  try {
    input.storage.setItem(LAST_VIEW_STORAGE_KEY, JSON.stringify(record));
    return true;
  } catch {
    // Full or blocked storage: the next start paints without a copy.
    forgetLastView(input.storage);
    return false;
  }
}
