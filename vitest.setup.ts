import { afterEach } from 'vitest';

// Pure-logic test files run without a DOM (`// @vitest-environment node` at their top; see
// vitest.config.ts): they skip all of this, so they do not load Testing Library and React DOM.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');

  afterEach(() => cleanup());

  // findBy* and waitFor give up after 3 s instead of 1 s: with a test file on each core, a screen's
  // lazy parts and debounced reads can take longer than a second to show on a 2-core machine.
  configure({ asyncUtilTimeout: 3_000 });

  // jsdom lacks these browser APIs that Mantine relies on.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.HTMLElement.prototype.scrollIntoView ??= () => {};
  // @mantine/schedule scrolls its time grid to the morning.
  window.Element.prototype.scrollTo ??= () => {};
}
