import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy* and waitFor give up after 3 s instead of 1 s: with a test file on each core, a screen's
// lazy parts and debounced reads can take longer than a second to show on a 2-core machine.
configure({ asyncUtilTimeout: 3_000 });

// jsdom lacks these browser APIs that Mantine relies on.
if (typeof window !== 'undefined') {
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
