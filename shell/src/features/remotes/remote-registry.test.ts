// @vitest-environment node
import {
  createInstance,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fallbackPlugin from '../../runtime-plugins/fallback';
import { CONTAINER, createRemoteRegistry } from './remote-registry';

/**
 * A fake remote behind the real Module Federation runtime: the runtime's `fetch` and `loadEntry`
 * hooks stand in for the network, so what is cached between attempts is the runtime's own doing.
 */
function fakeRemote(origin: string) {
  const state = {
    up: true,
    /** The entry file the manifest names, and the files the server has. */
    entryFile: 'teacher_app.v1.js',
    served: new Set(['teacher_app.v1.js']),
    manifestFetches: 0,
    entryLoads: [] as string[],
    /** What the remote's code asks of the share scope before its page module runs. */
    consumes: async () => {},
    /** The page module's exports beside its screen (a `loader`, say). */
    exports: {} as Record<string, unknown>,
  };
  const manifest = () => ({
    id: CONTAINER.teacher,
    name: CONTAINER.teacher,
    metaData: {
      name: CONTAINER.teacher,
      type: 'app',
      buildInfo: { buildVersion: '1.0.0', buildName: '@portal/teacher-app' },
      remoteEntry: { name: state.entryFile, path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: CONTAINER.teacher,
      pluginVersion: '2.9.2',
      publicPath: `${origin}/`,
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: `${CONTAINER.teacher}:Dashboard`,
        name: 'Dashboard',
        path: './Dashboard',
        assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      },
    ],
  });
  const network: ModuleFederationRuntimePlugin = {
    name: 'fake-network',
    async fetch() {
      state.manifestFetches += 1;
      if (!state.up) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(manifest()), { status: 200 });
    },
    async loadEntry({ remoteInfo }) {
      state.entryLoads.push(remoteInfo.entry);
      const file = remoteInfo.entry.slice(remoteInfo.entry.lastIndexOf('/') + 1);
      if (!state.up || !state.served.has(file)) {
        throw new Error(`ScriptNetworkError: Failed to load script "${remoteInfo.entry}"`);
      }
      const Page = () => file;
      return {
        init: async () => {},
        get: () => async () => {
          await state.consumes();
          return { default: Page, ...state.exports };
        },
      };
    },
  };
  return { state, network };
}

let hosts = 0;

/**
 * A shared singleton as sharedDependencies() (module-federation.shared.ts) declares it for an app
 * built with `version`: the same major required, strictly (tests/module-federation-shared.test.ts
 * checks the real config has this shape).
 */
const singletonShare = (version: string) => ({
  singleton: true,
  strictVersion: true,
  requiredVersion: `^${version.split('.')[0]}.0.0`,
});
const SHELL_MANTINE = '9.7.3';

function setUp() {
  hosts += 1;
  // Each test gets its own origin: the runtime keeps some caches on globalThis.__FEDERATION__.
  const origin = `http://teacher-${hosts}.test`;
  const remote = fakeRemote(origin);
  const runtime = createInstance({
    name: `shell_test_${hosts}`,
    remotes: [],
    plugins: [remote.network, fallbackPlugin()],
    shareStrategy: 'loaded-first',
    shared: {
      '@mantine/core': {
        version: SHELL_MANTINE,
        lib: () => ({ Button: "the shell's Button" }),
        shareConfig: singletonShare(SHELL_MANTINE),
      },
    },
  });
  const registry = createRemoteRegistry(runtime);
  registry.register({
    student: `http://student-${hosts}.test/mf-manifest.json`,
    teacher: `${origin}/mf-manifest.json`,
    admin: `http://admin-${hosts}.test/mf-manifest.json`,
  });
  /** What the remote's page got for @mantine/core, as its build's consume asks for it. */
  const received: { lib?: unknown } = {};
  /** The remote was built with @mantine/core at `version`. */
  const remoteBuiltWith = (version: string) => {
    remote.state.consumes = async () => {
      const factory = await runtime.loadShare('@mantine/core', {
        customShareInfo: { version, shareConfig: singletonShare(version) },
      });
      received.lib = factory ? factory() : undefined;
    };
  };
  return { registry, runtime, remoteBuiltWith, received, ...remote };
}

const rendered = (load: Awaited<ReturnType<ReturnType<typeof createRemoteRegistry>['load']>>) =>
  load.status === 'loaded' ? (load.Page as () => string)() : `unavailable: ${load.reason}`;

describe('remote registry on the real federation runtime', () => {
  // The runtime logs every failure it meets; the assertions below say what matters.
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('reports a dead remote as unavailable, naming the failed manifest fetch', async () => {
    const { registry, state } = setUp();
    state.up = false;
    const load = await registry.load('teacher', './Dashboard');
    expect(load.status).toBe('unavailable');
    expect(rendered(load)).toMatch(/Failed to get manifest/);
  });

  it('fetches the manifest again on Retry once the remote is back', async () => {
    const { registry, state } = setUp();
    state.up = false;
    await registry.load('teacher', './Dashboard');
    const fetchesWhileDown = state.manifestFetches;

    state.up = true;
    const retried = await registry.load('teacher', './Dashboard', true);
    expect(state.manifestFetches).toBeGreaterThan(fetchesWhileDown);
    expect(rendered(retried)).toBe('teacher_app.v1.js');
  });

  it('loads the new build on Retry when the remote was redeployed after a failed entry load', async () => {
    const { registry, state } = setUp();
    // Half-way through a deploy: the manifest names an entry file the server does not have yet.
    state.entryFile = 'teacher_app.v2.js';
    state.served = new Set(['teacher_app.v1.js']);
    expect((await registry.load('teacher', './Dashboard')).status).toBe('unavailable');

    // The deploy finishes with a newer build than the manifest first named.
    state.entryFile = 'teacher_app.v3.js';
    state.served = new Set(['teacher_app.v3.js']);
    const retried = await registry.load('teacher', './Dashboard', true);
    expect(rendered(retried)).toBe('teacher_app.v3.js');
  });

  it("runs a remote built with a newer minor of a shared package on the shell's copy", async () => {
    const { registry, runtime, remoteBuiltWith, received } = setUp();
    await runtime.loadShare('@mantine/core'); // the shell's own start-up loads its copy
    remoteBuiltWith('9.8.0');
    expect((await registry.load('teacher', './Dashboard')).status).toBe('loaded');
    expect(received.lib).toEqual({ Button: "the shell's Button" });
  });

  it('refuses, as unavailable, a remote built with another major of a shared package', async () => {
    const { registry, runtime, remoteBuiltWith } = setUp();
    await runtime.loadShare('@mantine/core');
    remoteBuiltWith('10.0.0');
    const load = await registry.load('teacher', './Dashboard');
    expect(load.status).toBe('unavailable');
    expect(rendered(load)).toMatch(/9\.7\.3.*does not satisfy the requirement.*\^10\.0\.0/);
  });

  it('does not re-register a remote that loaded (a Retry after a page crash reuses it)', async () => {
    const { registry, state } = setUp();
    expect((await registry.load('teacher', './Dashboard')).status).toBe('loaded');
    const retried = await registry.load('teacher', './Dashboard', true);
    expect(rendered(retried)).toBe('teacher_app.v1.js');
    expect(state.manifestFetches).toBe(1);
    expect(warn).not.toHaveBeenCalledWith(expect.stringMatching(/already registered/));
  });

  it("passes on the page module's loader, and loads a module without one as before", async () => {
    const { registry } = setUp();
    const withoutLoader = await registry.load('teacher', './Dashboard');
    expect(withoutLoader.status === 'loaded' && withoutLoader.loader).toBeUndefined();

    const { registry: next, state: nextState } = setUp();
    const loader = async () => 'first read';
    nextState.exports = { loader };
    const withLoader = await next.load('teacher', './Dashboard');
    expect(withLoader.status === 'loaded' && withLoader.loader).toBe(loader);
    // Something else under that name is not taken for a loader.
    const { registry: other, state: otherState } = setUp();
    otherState.exports = { loader: 'not a function' };
    const withOther = await other.load('teacher', './Dashboard');
    expect(withOther.status).toBe('loaded');
    expect(withOther.status === 'loaded' && withOther.loader).toBeUndefined();
  });
});
