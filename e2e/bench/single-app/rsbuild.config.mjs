// The single-app baseline of `pnpm bench:web`: the shell's real code built as ONE ordinary
// single-page app, each remote page a lazy chunk instead of a Module Federation load.
// It is the shell's own Rsbuild config (same Rsbuild, same plugin-react, same chunkSplit, same
// html/output/resolve/tools settings) without the Module Federation plugin, and:
//  - resolve.alias swaps the one module that talks to the federation runtime
//    (shell/src/features/remotes/remote-registry.ts) for ./remote-registry.ts;
//  - the teacher-app's parser rule for @mantine/schedule, since its pages are now part of the build.
// Rsbuild is loaded from the shell's dependencies, so the version is the shell's by construction.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
const SHELL = join(ROOT, 'shell');
// Under a dist/ folder: ignored by git and eslint like every build output.
const SINGLE_DIST = join(HERE, '..', 'dist', 'single');

const fromShell = createRequire(join(SHELL, 'package.json'));
/** @type {import('@rsbuild/core')} */
const rsbuild = await import(pathToFileURL(fromShell.resolve('@rsbuild/core')).href);

const { content: shellConfig } = await rsbuild.loadConfig({
  cwd: SHELL,
  envMode: 'production',
  command: 'build',
});
const plugins = (shellConfig.plugins ?? []).filter(
  (plugin) => !/module-federation/.test(plugin?.name ?? ''),
);
if (!plugins.some((plugin) => plugin?.name === 'rsbuild:react')) {
  throw new Error(
    'shell/rsbuild.config.ts no longer uses @rsbuild/plugin-react: update e2e/bench/single-app',
  );
}
// The dev server's settings do not matter for a production build.
const buildSettings = { ...shellConfig, plugins };
delete buildSettings.server;
delete buildSettings.dev;

export default rsbuild.mergeRsbuildConfig(buildSettings, {
  root: SHELL,
  source: { entry: { index: join(SHELL, 'src', 'index.tsx') } },
  resolve: {
    alias: {
      [`${join(SHELL, 'src', 'features', 'remotes', 'remote-registry')}$`]: join(
        HERE,
        'remote-registry.ts',
      ),
    },
  },
  output: { distPath: { root: SINGLE_DIST }, cleanDistPath: true },
  tools: {
    rspack: {
      module: {
        rules: [
          {
            // The shell importing a name ./remote-registry.ts lacks (the real one grew an export)
            // fails the build instead of crashing the page.
            test: /[\\/]shell[\\/]src[\\/]/,
            parser: { exportsPresence: 'error' },
          },
          {
            // As in teacher-app/rsbuild.config.ts: @mantine/schedule reads `rrule`'s default
            // export only when it exists; the check itself is not a missing import.
            test: /[\\/]@mantine[\\/]schedule[\\/]/,
            parser: { exportsPresence: false },
          },
        ],
      },
    },
  },
});
