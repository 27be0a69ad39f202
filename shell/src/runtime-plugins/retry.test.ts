// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import retryPlugin from './retry';

type FetchHook = (url: string, init: RequestInit) => Promise<Response>;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('manifest retry runtime plugin', () => {
  it('retries a failing manifest fetch and returns the first success', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const promise = (retryPlugin().fetch as FetchHook)(
      'http://localhost:3002/mf-manifest.json',
      {},
    );
    await vi.runAllTimersAsync();
    const response = await promise;
    expect(response.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after three attempts with the last error', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockResolvedValue(new Response('', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    const promise = (retryPlugin().fetch as FetchHook)(
      'http://localhost:3002/mf-manifest.json',
      {},
    );
    const assertion = expect(promise).rejects.toThrow('answered 503');
    await vi.runAllTimersAsync();
    await assertion;
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
