// The stack in a child process, for benchmarks whose load generator must not share the gateway's
// thread (and whose memory is read from the gateway's process alone). Ports and data directory come
// from the environment (LOCAL_SUPABASE_PORT_OFFSET, LOCAL_SUPABASE_DATA_DIR), set before this loads.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { API_PORT, HOST } from '../src/config';
import { isProcessAlive, sleep } from '../src/process-utils';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));

export async function startStackProcess(env: NodeJS.ProcessEnv, reset: boolean): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'start', ...(reset ? ['--reset'] : [])], {
    cwd: packageRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The stack exited during start-up (${child.exitCode})`);
    const status = await fetch(`http://${HOST}:${API_PORT}/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return child;
    await sleep(250);
  }
  throw new Error('The stack did not become healthy within 180 s');
}

export async function stopStackProcess(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || !isProcessAlive(child.pid)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (isProcessAlive(child.pid)) child.kill('SIGKILL');
}
