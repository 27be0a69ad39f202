import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LAST_VIEW_ATTRIBUTE,
  LAST_VIEW_CONTAINER_ID,
  LAST_VIEW_MAX_HTML_LENGTH,
  LAST_VIEW_STORAGE_KEY,
  LAST_VIEW_VERSION,
  captureLastView,
  forgetLastView,
  isLastViewOnShow,
  isSettled,
  releaseLastView,
  isKeepable,
  type LastView,
} from './last-view';

const KEYS = {
  sessionKey: 'portal-auth',
  languageKey: 'portal.language',
  settingsKey: 'portal.settings',
  colorSchemeKey: 'mantine-color-scheme-value',
};

const DASHBOARD =
  '<main><h1>Dashboard</h1><section><h4>Business Spanish</h4><a href="/courses/1">Course Classroom</a></section></main>';

function renderApp(markup = DASHBOARD) {
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  return document.getElementById('root') as HTMLElement;
}

function stored(): LastView | null {
  const raw = sessionStorage.getItem(LAST_VIEW_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as LastView) : null;
}

/** captureLastView for user-1 beside their session in sessionStorage, as the layout calls it. */
function keep(changes: Partial<Parameters<typeof captureLastView>[0]> = {}) {
  return captureLastView({
    userId: 'user-1',
    storage: sessionStorage,
    keys: KEYS,
    browserLanguage: 'en',
    ...changes,
  });
}

/** The signed-in user's session, beside which the copy is kept. */
function signIn(userId = 'user-1', storage: Storage = sessionStorage) {
  storage.setItem(KEYS.sessionKey, JSON.stringify({ access_token: 't', user: { id: userId } }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  signIn();
  document.head.innerHTML = '';
  document.documentElement.removeAttribute(LAST_VIEW_ATTRIBUTE);
});

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  document.documentElement.lang = '';
});

describe('captureLastView', () => {
  it('keeps the markup with what the head script compares and the stylesheets in order', () => {
    renderApp();
    document.head.innerHTML =
      '<link rel="stylesheet" href="/static/css/a.css">' +
      '<link rel="preload" as="style" href="/static/css/ignored.css">' +
      '<link rel="stylesheet" href="/static/css/failed.css">' +
      '<link rel="stylesheet" href="http://localhost:3001/static/css/b.css" crossorigin="anonymous">' +
      '<script src="/static/js/index.1.js"></script>';
    // Loaded (jsdom loads none): all but the one that failed.
    for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      if (!link.href.endsWith('failed.css')) {
        Object.defineProperty(link, 'sheet', { value: {} as CSSStyleSheet });
      }
    }
    localStorage.setItem(KEYS.languageKey, 'es');
    localStorage.setItem(KEYS.settingsKey, '{"siteName":"Lingua Academy"}');
    document.documentElement.lang = 'es';
    document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');
    document.title = 'Panel · Lingua Academy';

    const kept = captureLastView({
      userId: 'user-1',
      storage: sessionStorage,
      keys: KEYS,
      browserLanguage: 'en',
      now: 1_000,
    });

    expect(kept).toBe(true);
    expect(stored()).toMatchObject({
      version: LAST_VIEW_VERSION,
      userId: 'user-1',
      path: '/',
      savedAt: 1_000,
      savedLanguage: 'es',
      cachedSettings: '{"siteName":"Lingua Academy"}',
      savedColorScheme: null,
      language: 'es',
      colorScheme: 'dark',
      title: 'Panel · Lingua Academy',
      html: DASHBOARD,
      width: window.innerWidth,
      scripts: ['http://localhost:3000/static/js/index.1.js'],
      browserLanguage: 'en',
      styles: [
        { href: 'http://localhost:3000/static/css/a.css', crossOrigin: null },
        { href: 'http://localhost:3001/static/css/b.css', crossOrigin: 'anonymous' },
      ],
    });
  });

  it.each([
    ['a script', '<main><h1>Dashboard</h1><script>alert(1)</script></main>'],
    [
      'an event handler attribute',
      '<main><h1>Dashboard</h1><img src="x" onerror="alert(1)"></main>',
    ],
    ['a javascript: link', '<main><h1>Dashboard</h1><a href="javascript:alert(1)">x</a></main>'],
    ['an iframe', '<main><h1>Dashboard</h1><iframe src="/x"></iframe></main>'],
  ])('keeps nothing from a page holding %s, and drops the older copy', (_what, markup) => {
    sessionStorage.setItem(LAST_VIEW_STORAGE_KEY, '{"old":true}');
    renderApp(markup);
    expect(keep()).toBe(false);
    expect(sessionStorage.getItem(LAST_VIEW_STORAGE_KEY)).toBeNull();
  });

  it("keeps nothing beside another user's session (another tab signed in since)", () => {
    renderApp();
    signIn('user-2');
    expect(keep()).toBe(false);
    expect(stored()).toBeNull();
  });

  it('keeps nothing from a page larger than the limit', () => {
    renderApp(`<main><h1>Dashboard</h1><p>${'x'.repeat(LAST_VIEW_MAX_HTML_LENGTH)}</p></main>`);
    expect(keep()).toBe(false);
    expect(stored()).toBeNull();
  });

  it('says so when the storage refuses it', () => {
    renderApp();
    const full = {
      getItem: (key: string) => sessionStorage.getItem(key),
      setItem() {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem() {},
    };
    expect(keep({ storage: full })).toBe(false);
  });

  it('never copies a copy: not while the last view is on show', () => {
    renderApp();
    document.documentElement.setAttribute(LAST_VIEW_ATTRIBUTE, 'shown');
    expect(keep()).toBe(false);
    expect(stored()).toBeNull();
  });
});

describe('isSettled', () => {
  it('needs the page title, no loader and no read in flight', () => {
    const root = renderApp();
    expect(isSettled(root, 0)).toBe(true);
    expect(isSettled(root, 1)).toBe(false);

    renderApp('<main><h1>Dashboard</h1><div class="mantine-Loader-root"></div></main>');
    expect(isSettled(document.getElementById('root') as HTMLElement, 0)).toBe(false);

    renderApp('<main><p>Loading</p></main>');
    expect(isSettled(document.getElementById('root') as HTMLElement, 0)).toBe(false);
  });
});

describe('releaseLastView and forgetLastView', () => {
  it('removes the copy on show and shows #root; twice is harmless', () => {
    document.body.innerHTML = `<div id="root"></div><div id="${LAST_VIEW_CONTAINER_ID}"></div>`;
    document.documentElement.setAttribute(LAST_VIEW_ATTRIBUTE, 'shown');
    expect(isLastViewOnShow()).toBe(true);

    releaseLastView();
    releaseLastView();

    expect(document.getElementById(LAST_VIEW_CONTAINER_ID)).toBeNull();
    expect(isLastViewOnShow()).toBe(false);
  });

  it('forgets the stored copy', () => {
    sessionStorage.setItem(LAST_VIEW_STORAGE_KEY, '{}');
    forgetLastView(sessionStorage);
    expect(sessionStorage.getItem(LAST_VIEW_STORAGE_KEY)).toBeNull();
  });
});

describe('isKeepable', () => {
  it('is settled with no failed read, no error on the page and the menu closed', () => {
    expect(isKeepable(renderApp(), 0, 0)).toBe(true);
    expect(isKeepable(renderApp(), 0, 1)).toBe(false);
    const failure =
      '<main><h1>Dashboard</h1><div role="alert">This section is unavailable</div></main>';
    expect(isKeepable(renderApp(failure), 0, 0)).toBe(false);
    const menuOpen =
      '<header><button><div class="mantine-Burger-burger" data-opened="true"></div></button></header>' +
      DASHBOARD;
    expect(isKeepable(renderApp(menuOpen), 0, 0)).toBe(false);
  });
});
