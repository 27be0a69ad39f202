/** The window size happy-dom starts with (its default), put back after each test. */
const DEFAULT_WINDOW_SIZE = { width: 1024, height: 768 } as const;

/** A phone held upright. */
export const PHONE_WIDTH = 390;

type HappyDomWindow = {
  happyDOM?: { setViewport(viewport: { width: number; height: number }): void };
};

/**
 * Resizes the test's window. happy-dom lays nothing out, but `innerWidth` and the CSS media queries
 * of the page's style sheets follow this size: Mantine's `hiddenFrom` / `visibleFrom` classes hide
 * an element (and take it out of the accessibility tree) only at the widths a browser would.
 * `window.matchMedia` stays the tests' stub (vitest.setup.ts): a phone test says which queries
 * match as well.
 */
export function setWindowSize(size: { width: number; height?: number }): void {
  const { happyDOM } = window as unknown as HappyDomWindow;
  if (!happyDOM) throw new Error('setWindowSize needs the happy-dom test environment');
  happyDOM.setViewport({ height: DEFAULT_WINDOW_SIZE.height, ...size });
}

/** Puts back happy-dom's default size (shared-worker-setup.ts, after each test). */
export function resetWindowSize(): void {
  (window as unknown as HappyDomWindow).happyDOM?.setViewport(DEFAULT_WINDOW_SIZE);
}

/** What `window.matchMedia` answers for `query` in a test: whether it matches, and inert listeners. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}
