import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_VIEW_VERSION, type LastView } from '../../src/prerender/last-view';
import { lastViewScriptConfig } from './last-view-config';

// The browser script the build inlines into index.html, run as the page runs it.
type Config = ReturnType<typeof lastViewScriptConfig> & { entries: string[] };
const here = dirname(fileURLToPath(import.meta.url));
// As the build inlines them: this file, then head-script.js (its start-after-paint helpers).
const source = ['last-view-script.js', 'head-script.js']
  .map((file) => readFileSync(join(here, file), 'utf8'))
  .join('\n');
const script = new Function(`${source}\nreturn { lastViewToShow, showLastView };`)() as {
  lastViewToShow: (config: Config) => LastView | null;
  showLastView: (config: Config, start: () => void) => (() => void) | null;
};

const config = { ...lastViewScriptConfig(), entries: ['/static/js/index.1.js'] };
const USER = 'user-1';
const NOW = Date.parse('2026-11-25T08:00:00Z');

function record(changes: Partial<LastView> = {}): LastView {
  return {
    version: LAST_VIEW_VERSION,
    userId: USER,
    path: '/',
    savedAt: NOW - 60_000,
    width: window.innerWidth,
    scripts: [
      'http://localhost:3000/static/js/index.1.js',
      'http://localhost:3000/static/js/async/a.js',
    ],
    savedLanguage: null,
    cachedSettings: null,
    savedColorScheme: null,
    prefersDark: false,
    browserLanguage: 'en',
    language: 'es',
    colorScheme: 'light',
    direction: 'ltr',
    title: 'Panel · Lingua Academy',
    styles: [{ href: 'http://localhost:3000/static/css/a.css', crossOrigin: null }],
    html: '<main><h1>Panel</h1><h4>Business Spanish</h4></main>',
    ...changes,
  };
}

function store(view: LastView, storage: Storage = localStorage) {
  storage.setItem(config.sessionKey, JSON.stringify({ access_token: 't', user: { id: USER } }));
  storage.setItem(config.key, JSON.stringify(view));
}

const stylesheet = (href: string) =>
  document.head.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`);
const container = () => document.getElementById(config.containerId);
const state = () => document.documentElement.getAttribute(config.attribute);

beforeEach(() => {
  vi.useFakeTimers({
    now: NOW,
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'requestAnimationFrame'],
  });
  localStorage.clear();
  sessionStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div><script></script>';
});

afterEach(() => {
  vi.useRealTimers();
  document.documentElement.removeAttribute(config.attribute);
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('lastViewToShow', () => {
  it('finds the copy the same user saved, in the storage of the session', () => {
    store(record());
    expect(script.lastViewToShow(config)?.title).toBe('Panel · Lingua Academy');
    localStorage.clear();
    store(record(), sessionStorage);
    expect(script.lastViewToShow(config)?.title).toBe('Panel · Lingua Academy');
  });

  it.each<[string, () => void]>([
    ['no stored session', () => localStorage.removeItem(config.sessionKey)],
    [
      'a session of another user',
      () => localStorage.setItem(config.sessionKey, JSON.stringify({ user: { id: 'user-2' } })),
    ],
    ['a copy of another page', () => store(record({ path: '/courses' }))],
    ['a copy older than a day', () => store(record({ savedAt: NOW - config.maxAgeMs }))],
    ['a copy from the future', () => store(record({ savedAt: NOW + 60_000 }))],
    [
      'a copy from another build of the shell',
      () => store(record({ scripts: ['http://localhost:3000/static/js/index.0.js'] })),
    ],
    ['a copy of an older shape', () => store(record({ version: 0 as typeof LAST_VIEW_VERSION }))],
    ['another saved language', () => localStorage.setItem(config.languageKey, 'en')],
    ['other cached school settings', () => localStorage.setItem(config.settingsKey, '{}')],
    ['another saved colour scheme', () => localStorage.setItem(config.colorSchemeKey, 'dark')],
    ['a copy taken with the dark system scheme', () => store(record({ prefersDark: true }))],
    ['another browser language', () => store(record({ browserLanguage: 'es' }))],
    ['markup that could run', () => store(record({ html: '<img src=x onerror=alert(1)>' }))],
    ['a damaged entry', () => localStorage.setItem(config.key, '{not json')],
    ['a damaged stylesheet list', () => store(record({ styles: [null as never] }))],
    [
      'a session of another user where "Remember me" points first',
      () => {
        localStorage.setItem(config.rememberMeKey, 'false');
        sessionStorage.setItem(config.sessionKey, JSON.stringify({ user: { id: 'user-2' } }));
      },
    ],
    [
      'a copy kept beside a session in the other storage',
      () => {
        localStorage.removeItem(config.sessionKey);
        sessionStorage.setItem(config.sessionKey, JSON.stringify({ user: { id: USER } }));
      },
    ],
  ])('shows nothing with %s', (_case, change) => {
    store(record());
    change();
    expect(script.lastViewToShow(config)).toBeNull();
  });
});

describe('showLastView', () => {
  it('paints the copy, inert, after #root once its stylesheets are in, then starts the app', () => {
    store(record());
    const start = vi.fn();

    const release = script.showLastView(config, start);

    expect(release).toBeTypeOf('function');
    expect(state()).toBe('pending');
    const link = stylesheet('http://localhost:3000/static/css/a.css');
    expect(link).not.toBeNull();
    expect(container()).toBeNull();

    link?.dispatchEvent(new Event('load'));

    expect(state()).toBe('shown');
    expect(container()?.previousElementSibling?.id).toBe('root');
    expect(container()?.hasAttribute('inert')).toBe(true);
    expect(container()?.getAttribute('aria-hidden')).toBe('true');
    expect(container()?.querySelector('h4')?.textContent).toBe('Business Spanish');
    expect(document.documentElement.lang).toBe('es');
    expect(document.title).toBe('Panel · Lingua Academy');
    // The scripts start after the copy's paint (a frame, then a task), not with it.
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(start).toHaveBeenCalled();
  });

  it('leaves the page to the app when a stylesheet fails, drops its link, and starts it', () => {
    store(record());
    const start = vi.fn();
    script.showLastView(config, start);

    stylesheet('http://localhost:3000/static/css/a.css')?.dispatchEvent(new Event('error'));

    expect(state()).toBeNull();
    expect(container()).toBeNull();
    expect(stylesheet('http://localhost:3000/static/css/a.css')).toBeNull();
    expect(start).toHaveBeenCalled();
  });

  it("starts the app without the copy's paint when its stylesheets are slow", () => {
    store(record());
    const start = vi.fn();
    script.showLastView(config, start);
    vi.advanceTimersByTime(config.styleWaitMs - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalled();
    // The copy still paints if they come in before the app has settled.
    stylesheet('http://localhost:3000/static/css/a.css')?.dispatchEvent(new Event('load'));
    expect(state()).toBe('shown');
  });

  it('leaves the page to the app at another width', () => {
    store(record({ width: window.innerWidth + 1 }));
    const start = vi.fn();
    script.showLastView(config, start);
    expect(state()).toBeNull();
    expect(start).toHaveBeenCalled();
  });

  it('goes by itself when the app never settles', () => {
    store(record());
    script.showLastView(config, vi.fn());
    stylesheet('http://localhost:3000/static/css/a.css')?.dispatchEvent(new Event('load'));
    expect(state()).toBe('shown');

    vi.advanceTimersByTime(config.timeoutMs);

    expect(state()).toBeNull();
    expect(container()).toBeNull();
  });

  it('does not paint once the app has settled first', () => {
    store(record());
    script.showLastView(config, vi.fn());
    // The app's releaseLastView (src/prerender/last-view.ts) while the stylesheets load.
    document.documentElement.removeAttribute(config.attribute);

    stylesheet('http://localhost:3000/static/css/a.css')?.dispatchEvent(new Event('load'));

    expect(container()).toBeNull();
  });

  it('returns null, and leaves the start to the caller, with nothing to show', () => {
    const start = vi.fn();
    expect(script.showLastView(config, start)).toBeNull();
    expect(start).not.toHaveBeenCalled();
    expect(state()).toBeNull();
  });
});
