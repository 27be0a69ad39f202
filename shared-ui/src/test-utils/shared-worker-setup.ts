import { afterEach, vi } from 'vitest';

// The unit projects' files share a worker (vitest.unit-project.ts). What one file could leave to the
// next is put back here, so each file still starts as if alone:
// - our own modules are evaluated afresh for each file (module-level state such as a data client, an
//   atom or the i18n instance never crosses files; the libraries in node_modules stay loaded);
// - storage, timers, the document, the window's size and Mantine's toast store are put back after
//   each test.
vi.resetModules();

const { notifications } = await import('@mantine/notifications');
const { resetWindowSize } = await import('./window-size');

afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
    document.body.innerHTML = '';
    resetWindowSize();
  }
});
