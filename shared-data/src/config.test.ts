// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPortalConfig, parsePortalConfig } from './config';
import { ConfigError } from './errors';

const valid = {
  supabaseUrl: 'http://127.0.0.1:54321',
  supabaseAnonKey: 'anon-key',
  apiProvider: 'supabase',
  remotes: {
    student: 'http://localhost:3001/mf-manifest.json',
    teacher: 'http://localhost:3002/mf-manifest.json',
    admin: 'http://localhost:3003/mf-manifest.json',
  },
};

describe('parsePortalConfig', () => {
  it('accepts a complete config', () => {
    expect(parsePortalConfig(valid)).toEqual(valid);
  });

  it('defaults a missing provider to supabase and ignores unknown keys', () => {
    const { apiProvider: _omitted, ...withoutProvider } = valid;

    expect(parsePortalConfig({ ...withoutProvider, extra: true })).toEqual(valid);
  });

  it('keeps other provider names for initDataClient to judge', () => {
    expect(parsePortalConfig({ ...valid, apiProvider: ' node ' }).apiProvider).toBe('node');
  });

  it('accepts manifest paths on the same origin', () => {
    const remotes = { ...valid.remotes, admin: '/remotes/admin/mf-manifest.json' };

    expect(parsePortalConfig({ ...valid, remotes }).remotes.admin).toBe(
      '/remotes/admin/mf-manifest.json',
    );
  });

  it.each([
    ['a non-object', 'nope', 'expected a JSON object'],
    ['an array', [], 'expected a JSON object'],
    [
      'a missing URL',
      { ...valid, supabaseUrl: undefined },
      '"supabaseUrl" must be a non-empty string',
    ],
    [
      'a non-http URL',
      { ...valid, supabaseUrl: 'ftp://db' },
      '"supabaseUrl" must be an http(s) URL',
    ],
    [
      'an empty anon key',
      { ...valid, supabaseAnonKey: ' ' },
      '"supabaseAnonKey" must be a non-empty string',
    ],
    ['a non-string provider', { ...valid, apiProvider: 3 }, '"apiProvider" must be a string'],
    ['missing remotes', { ...valid, remotes: undefined }, '"remotes" must be an object'],
    [
      'a missing remote',
      { ...valid, remotes: { ...valid.remotes, teacher: undefined } },
      '"remotes.teacher" must be a non-empty string',
    ],
    [
      'a protocol-relative remote',
      { ...valid, remotes: { ...valid.remotes, student: '//cdn.test/m.json' } },
      '"remotes.student" must be an http(s) URL or a path',
    ],
  ])('rejects %s', (_case, json, message) => {
    expect(() => parsePortalConfig(json)).toThrow(ConfigError);
    expect(() => parsePortalConfig(json)).toThrow(message);
  });

  it('lists every problem in one message', () => {
    expect(() => parsePortalConfig({ remotes: {} })).toThrow(
      /supabaseUrl.*supabaseAnonKey.*remotes\.student.*remotes\.teacher.*remotes\.admin/,
    );
  });
});

describe('loadPortalConfig', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches /portal.config.json past the HTTP cache and validates it', async () => {
    const fetchMock = vi.fn(async () => Response.json(valid));
    vi.stubGlobal('fetch', fetchMock);

    await expect(loadPortalConfig()).resolves.toEqual(valid);
    expect(fetchMock).toHaveBeenCalledWith(
      '/portal.config.json',
      expect.objectContaining({ cache: 'no-cache' }),
    );
  });

  it('uses the request the page started earlier instead of sending a second one', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ...valid, supabaseUrl: 'http://wrong' }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(loadPortalConfig(undefined, Promise.resolve(Response.json(valid)))).resolves.toEqual(
      valid,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports an HTTP failure with its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('missing', { status: 404 })),
    );

    await expect(loadPortalConfig('/config.json')).rejects.toThrow(
      new ConfigError('Could not load portal config from /config.json: HTTP 404'),
    );
  });

  it('reports a body that is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>')),
    );

    await expect(loadPortalConfig()).rejects.toThrow('is not valid JSON');
  });

  it('reports an unreachable server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    await expect(loadPortalConfig()).rejects.toThrow(
      'Could not load portal config from /portal.config.json: Failed to fetch',
    );
  });

  it('reports an invalid config', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ ...valid, supabaseAnonKey: '' })),
    );

    await expect(loadPortalConfig()).rejects.toThrow(
      '"supabaseAnonKey" must be a non-empty string',
    );
  });
});
