// Builds the single-app baseline (see single-app/rsbuild.config.mjs) into e2e/bench/dist/single.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { compressDist } from '../../scripts/compress-dist.mjs';
import { ROOT } from '../../scripts/lib.mjs';

const SHELL = join(ROOT, 'shell');
const CONFIG_DIR = join(ROOT, 'e2e', 'bench', 'single-app');

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Returns the output folder. Fails when anything from the federation runtime got into the build. */
export async function buildSingleApp() {
  const started = performance.now();
  process.env.NODE_ENV = 'production';
  const fromShell = createRequire(join(SHELL, 'package.json'));
  const { createRsbuild, loadConfig } = await import(
    pathToFileURL(fromShell.resolve('@rsbuild/core')).href
  );
  const { content } = await loadConfig({ cwd: CONFIG_DIR, path: 'rsbuild.config.mjs' });
  const dist = content.output.distPath.root;
  const rsbuild = await createRsbuild({
    cwd: SHELL,
    rsbuildConfig: { ...content, logLevel: 'warn' },
    loadEnv: false,
  });
  const { close } = await rsbuild.build();
  await close();

  const federated = filesUnder(dist).filter(
    (file) => /\.(m?js|html)$/.test(file) && readFileSync(file, 'utf8').includes('__FEDERATION__'),
  );
  if (federated.length) {
    throw new Error(
      `The single-app build contains the federation runtime (__FEDERATION__) in: ${federated.join(', ')}`,
    );
  }
  // Served like the apps' builds (`pnpm build` precompresses them): brotli 11 and gzip 9 files.
  await compressDist(dist);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Single-app baseline built in ${seconds} s (no __FEDERATION__ in its output) → ${dist}`,
  );
  return dist;
}
