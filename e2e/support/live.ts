import { expect, type Page, type WebSocket } from '@playwright/test';

/**
 * A screen's live channels (supabase-js Realtime, docs/realtime.md) refetch their reads once joined,
 * which can be after the page's first network-idle moment. Call before the page loads; `settled()`
 * resolves once every channel the page joined has its postgres_changes answer and no API request has
 * been in flight for `quietMs`, so what a screen fetched on load is counted whatever the join's timing.
 */
export function watchLiveJoins(page: Page, quietMs = 700) {
  let joins = 0;
  let answered = 0;
  let inFlight = 0;
  let lastActivity = Date.now();
  const isApi = (url: string) => /\/(rest|storage|auth)\/v1\//.test(url);
  const onSocket = (socket: WebSocket) => {
    if (!socket.url().includes('/realtime/v1/websocket')) return;
    socket.on('framesent', ({ payload }) => {
      if (String(payload).includes('"phx_join"') && String(payload).includes('postgres_changes')) {
        joins += 1;
      }
    });
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes('"system"') && text.includes('"extension":"postgres_changes"'))
        answered += 1;
    });
  };
  const started = (url: string) => {
    if (!isApi(url)) return;
    inFlight += 1;
    lastActivity = Date.now();
  };
  const ended = (url: string) => {
    if (!isApi(url)) return;
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('websocket', onSocket);
  page.on('request', (request) => started(request.url()));
  page.on('requestfinished', (request) => ended(request.url()));
  page.on('requestfailed', (request) => ended(request.url()));
  return {
    async settled() {
      await expect
        // At least one join: every signed-in page has the bell, and a page whose socket opens late
        // (the dashboard after sign-in) was otherwise counted before its channels joined.
        .poll(
          () =>
            joins > 0 && answered >= joins && inFlight <= 0 && Date.now() - lastActivity >= quietMs,
          {
            timeout: 20_000,
            intervals: [100],
          },
        )
        .toBe(true);
    },
    stop() {
      page.removeAllListeners('websocket');
      page.removeAllListeners('request');
      page.removeAllListeners('requestfinished');
      page.removeAllListeners('requestfailed');
    },
  };
}
