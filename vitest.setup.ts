import { afterEach } from 'vitest';

// Pure-logic test files run without a DOM (`// @vitest-environment node` at their top; see
// vitest.config.ts): they skip all of this, so they do not load Testing Library and React DOM.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  const { mediaQueryList } = await import('./shared-ui/src/test-utils/window-size');

  afterEach(() => cleanup());

  // findBy* and waitFor give up after 3 s instead of 1 s: with a test file on each core, a screen's
  // lazy parts and debounced reads can take longer than a second to show on a 2-core machine.
  configure({ asyncUtilTimeout: 3_000 });

  // No media query matches unless a test says otherwise (`vi.spyOn(window, 'matchMedia')`): screens
  // start in the layout they have where no width is known, whatever window size happy-dom assumes
  // (1024 px, where its own matchMedia would already match `min-width: 62em`).
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => mediaQueryList(query, false),
  });
  // happy-dom's IntersectionObserver never reports (it lays nothing out), so a part drawn only near
  // the view would never be drawn. Without one, components draw everything (their fallback, as in a
  // browser without it); a test about nearness stubs its own (`vi.stubGlobal`).
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  // Browser APIs that Mantine relies on and the DOM of the tests may lack.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.HTMLElement.prototype.scrollIntoView ??= () => {};
  // @mantine/schedule scrolls its time grid to the morning.
  window.Element.prototype.scrollTo ??= () => {};
}
