import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const DELAYS_MS = [250, 750];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries a remote's manifest fetch a couple of times before the fallback takes over. */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-manifest-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= DELAYS_MS.length; attempt += 1) {
        try {
          const response = await fetch(url, { ...init, cache: 'no-cache' });
          if (response.ok) return response;
          lastError = new Error(`${url} answered ${response.status}`);
        } catch (error) {
          lastError = error;
        }
        const delay = DELAYS_MS[attempt];
        if (delay !== undefined) await wait(delay);
      }
      throw lastError;
    },
  };
}
