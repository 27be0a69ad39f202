// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fallbackPlugin from './fallback';
import { describeError, isUnavailableRemote } from './unavailable';

describe('fallback runtime plugin', () => {
  it('turns a failed remote load into an unavailable marker', () => {
    const plugin = fallbackPlugin();
    const hook = plugin.errorLoadRemote as (args: {
      id: string;
      error: unknown;
      lifecycle: string;
    }) => unknown;
    const result = hook({
      id: 'teacher_app/Dashboard',
      error: new Error('Failed to fetch manifest'),
      lifecycle: 'onLoad',
    });
    expect(isUnavailableRemote(result)).toBe(true);
    expect(result).toMatchObject({
      id: 'teacher_app/Dashboard',
      reason: 'Failed to fetch manifest',
    });
  });

  it('leaves the inner stages to the runtime, so it does not cache a marker as a manifest', () => {
    const hook = fallbackPlugin().errorLoadRemote as (args: {
      id: string;
      error: unknown;
      lifecycle: string;
    }) => unknown;
    for (const lifecycle of ['beforeRequest', 'afterResolve', 'beforeLoadShare']) {
      expect(
        hook({ id: 'http://localhost:3002/mf-manifest.json', error: new Error('down'), lifecycle }),
      ).toBeUndefined();
    }
  });

  it('does not mistake a real module for the marker', () => {
    expect(isUnavailableRemote({ default: () => null })).toBe(false);
    expect(isUnavailableRemote(null)).toBe(false);
  });

  it('describes any thrown value', () => {
    expect(describeError('boom')).toBe('boom');
    expect(describeError(42)).toBe('Unknown error');
  });
});
