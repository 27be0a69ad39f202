/**
 * The dashboard as last seen, painted on the next start before the app's scripts have run.
 *
 * A signed-in start waits for the portal's JavaScript (about 330 KiB on a phone), the session
 * check, the role's remote and the dashboard's read before the first useful paint. To paint at
 * once, the signed-in layout keeps a copy of the dashboard's rendered HTML once its data is in
 * (`captureLastView`), in the storage that holds the session (localStorage with "Remember me",
 * sessionStorage without), and removes it when the session ends. On the next start at `/`, the
 * first script of index.html (build/prerender/last-view-script.js) shows that copy, inert, while
 * the app starts underneath in a hidden #root, but only when the app would paint the same: the
 * same user's stored session, the same saved language, colour scheme, cached school settings and
 * width band, a copy less than a day old, and every stylesheet it used still loading. When the
 * app's own dashboard has settled (its data and code are in, `isSettled`), the layout removes the
 * copy and shows #root in the same task (`releaseLastView`), so the page changes hands in one
 * frame. Every other outcome (another page, a signed-out start, an error screen, a failed entry
 * script, 15 s without a settled page) removes it too.
 */

/** Where the copy is kept: the session's storage (shared-data's rememberMeStorage). */
export type LastViewStorage = Pick<Storage, 'setItem' | 'removeItem'>;

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
/** Larger copies are not kept (a dashboard is about 30–60 KB). */
export const LAST_VIEW_MAX_HTML_LENGTH = 400_000;
/**
 * Mantine's breakpoints (xs … xl) in CSS pixels: the layout changes at these widths, so a copy is
 * shown only in the band of widths it was taken in.
 */
export const LAST_VIEW_WIDTH_STEPS = [576, 768, 992, 1200, 1408] as const;

/** Mantine's colour-scheme store (its default localStorageColorSchemeManager). */
export const MANTINE_COLOR_SCHEME_KEY = 'mantine-color-scheme-value';

/** Keys the copy depends on besides the session (the head script compares their raw values). */
export type LastViewKeys = { languageKey: string; settingsKey: string; colorSchemeKey: string };

export type LastViewStyle = { href: string; crossOrigin: string | null };

export type LastView = {
  version: typeof LAST_VIEW_VERSION;
  userId: string;
  path: string;
  savedAt: number;
  /** Index into LAST_VIEW_WIDTH_STEPS' bands. */
  widthBand: number;
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

/** The first of the browser's languages the portal has (es-AR → es), as the app detects it. */
export function browserLanguage(
  navigator: Pick<Navigator, 'languages'>,
  languages: readonly string[],
): string | null {
  for (const tag of navigator.languages ?? []) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (languages.includes(base)) return base;
  }
  return null;
}

export function widthBand(width: number): number {
  return LAST_VIEW_WIDTH_STEPS.filter((step) => width >= step).length;
}

/** Loaders of Mantine (page, section, lazy chart) and the page title the guarded page renders. */
const STILL_LOADING = '.mantine-Loader-root';
const PAGE_TITLE = 'main h1';

/**
 * The page's code and data are in: a title, no loader left, no read in flight. Mantine's static
 * class names hold for every remote, including one deployed before this check existed.
 */
export function isSettled(root: Element, fetching: number): boolean {
  return (
    fetching === 0 && root.querySelector(PAGE_TITLE) !== null && !root.querySelector(STILL_LOADING)
  );
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
  /** The portal's languages (shared-ui's SUPPORTED_LANGUAGES). */
  languages: readonly string[];
  doc?: Document;
  win?: Window & typeof globalThis;
  now?: number;
}): boolean {
  const doc = input.doc ?? document;
  const win = input.win ?? window;
  const root = doc.getElementById('root');
  if (!root || isLastViewOnShow(doc)) return false;
  const html = root.innerHTML;
  const local = win.localStorage;
  const record: LastView = {
    version: LAST_VIEW_VERSION,
    userId: input.userId,
    path: win.location.pathname,
    savedAt: input.now ?? Date.now(),
    widthBand: widthBand(win.innerWidth),
    savedLanguage: read(local, input.keys.languageKey),
    cachedSettings: read(local, input.keys.settingsKey),
    savedColorScheme: read(local, input.keys.colorSchemeKey),
    prefersDark: win.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
    browserLanguage: browserLanguage(win.navigator, input.languages),
    language: doc.documentElement.lang,
    colorScheme: doc.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light',
    direction: doc.documentElement.dir || 'ltr',
    title: doc.title,
    styles: [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
      href: link.href,
      crossOrigin: link.getAttribute('crossorigin'),
    })),
    html,
  };
  if (html.length > LAST_VIEW_MAX_HTML_LENGTH || LAST_VIEW_UNSAFE_MARKUP.test(html)) {
    forgetLastView(input.storage);
    return false;
  }
  try {
    input.storage.setItem(LAST_VIEW_STORAGE_KEY, JSON.stringify(record));
    return true;
  } catch {
    // Full or blocked storage: the next start paints without a copy.
    forgetLastView(input.storage);
    return false;
  }
}
