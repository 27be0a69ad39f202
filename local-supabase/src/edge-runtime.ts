import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HOST, PACKAGE_ROOT, REPO_ROOT } from './config';

// Edge functions run under Deno, the runtime Supabase runs them on, from the `deno` npm package. Each
// function is its own Deno process serving its `Deno.serve(handler)` on a loopback port, started on its
// first call, restarted when its file changes or when it dies. Like Supabase's edge runtime, a function
// sees only the variables Supabase provides (plus what a deployment sets as secrets), never the
// stack's own environment.

/** Where Deno keeps the npm packages the functions import (their deno.json maps names to npm:). */
const DENO_DIR = path.join(REPO_ROOT, '.data', 'deno');
/** Imports one function and exits with the stack (deno/worker.js). */
const WORKER_SCRIPT = path.join(PACKAGE_ROOT, 'deno', 'worker.js');
/** The first start of a function may download its npm packages. */
const START_TIMEOUT_MS = 120_000;

/** The Deno executable inside the `deno` npm package (its platform-specific optional dependency). */
export function denoExecutable(): string {
  const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
  const install = require('deno/install_api.cjs') as { runInstall(): string };
  return install.runInstall();
}

/**
 * How this machine reaches the network (proxy, extra CA certificates), which Deno needs to fetch the
 * functions' npm packages on their first start, plus PATH and HOME. Nothing else of the stack's
 * environment reaches a function.
 */
function machineNetworkEnv(): Record<string, string> {
  const names = [
    'PATH', 'HOME', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy',
    'SSL_CERT_FILE', 'SSL_CERT_DIR', 'NODE_EXTRA_CA_CERTS', 'DENO_CERT', 'DENO_TLS_CA_STORE', 'NPM_CONFIG_REGISTRY',
  ];
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

interface Worker {
  child: ChildProcess;
  port: number;
  /** The index.ts mtime the worker was started with. */
  version: number;
  ready: Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, HOST);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface EdgeRuntimeOptions {
  functionsDir: string;
  /** The variables every function sees (SUPABASE_URL, SUPABASE_ANON_KEY, …). */
  env: Record<string, string>;
  /**
   * A JSON object of secrets (`{ "STRIPE_SECRET_KEY": "…" }`), the local `supabase secrets set`: read
   * when a function starts, over `env`; changing the file restarts the functions. Only `secretNames`
   * are taken from it.
   */
  secretsFile?: string;
  secretNames?: readonly string[];
  /** Where a function's stderr lines go (the stack's log by default). */
  log?: (line: string) => void;
}

export class EdgeRuntime {
  private readonly workers = new Map<string, Worker>();
  private readonly starting = new Map<string, Promise<Worker>>();
  private stopped = false;

  constructor(private readonly options: EdgeRuntimeOptions) {}

  /**
   * The file a function is served from, or undefined when there is no such function. Folders whose
   * name starts with `_` (`_shared`) hold code the functions import, never a function, as on Supabase.
   */
  async entryOf(name: string): Promise<{ file: string; version: number } | undefined> {
    // Folders starting with `_` (`_shared`) hold code the functions import, as on Supabase.
    if (name.startsWith('_')) return undefined;
    const file = path.join(this.options.functionsDir, name, 'index.ts');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { file, version: Math.max(info.mtimeMs, await this.sharedVersion(), await this.secretsVersion()) };
  }

  /** When the secrets file last changed (0 without one), so new secrets restart the functions. */
  private async secretsVersion(): Promise<number> {
    if (!this.options.secretsFile) return 0;
    const info = await stat(this.options.secretsFile).catch(() => undefined);
    // Deleting the file is a change too: a version no file time can have.
    return info ? info.mtimeMs : 1;
  }

  /** The secrets file's variables (only the allowed names, string values), or none. */
  private async secrets(): Promise<Record<string, string>> {
    if (!this.options.secretsFile) return {};
    const text = await readFile(this.options.secretsFile, 'utf8').catch(() => undefined);
    if (text === undefined) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return {};
    }
    const allowed = new Set(this.options.secretNames ?? []);
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries((parsed ?? {}) as Record<string, unknown>)) {
      if (allowed.has(name) && typeof value === 'string') out[name] = value;
    }
    return out;
  }

  /** The newest change in `_shared/`, so editing shared code restarts the functions too. */
  private async sharedVersion(): Promise<number> {
    const dir = path.join(this.options.functionsDir, '_shared');
    const names = await readdir(dir).catch(() => [] as string[]);
    const times = await Promise.all(names.map((name) => stat(path.join(dir, name)).then((info) => info.mtimeMs, () => 0)));
    return Math.max(0, ...times);
  }

  /** The loopback port of a running worker for `name`, started (or restarted) as needed. */
  async portOf(name: string): Promise<number> {
    if (this.stopped) throw new Error('the edge runtime is stopped');
    const entry = await this.entryOf(name);
    if (!entry) throw new Error(`no function ${name}`);
    const current = this.workers.get(name);
    if (current && current.version === entry.version && current.child.exitCode === null) {
      await current.ready;
      return current.port;
    }
    let pending = this.starting.get(name);
    if (!pending) {
      if (current) this.kill(name, current);
      pending = this.start(name, entry.file, entry.version).finally(() => this.starting.delete(name));
      this.starting.set(name, pending);
    }
    const worker = await pending;
    await worker.ready;
    return worker.port;
  }

  private async start(name: string, file: string, version: number): Promise<Worker> {
    const port = await freePort();
    const log = this.options.log ?? ((line: string) => console.error(line));
    const config = path.join(path.dirname(file), 'deno.json');
    const hasConfig = await stat(config).then((info) => info.isFile(), () => false);
    const secrets = await this.secrets();
    const child = spawn(
      denoExecutable(),
      [
        'run',
        '--allow-net',
        '--allow-env',
        '--allow-read',
        '--allow-sys',
        '--no-prompt',
        ...(hasConfig ? ['--config', config] : []),
        WORKER_SCRIPT,
        pathToFileURL(file).href,
      ],
      {
        cwd: path.dirname(file),
        // stdin stays open while this process lives: the worker exits when it closes.
        stdio: ['pipe', 'pipe', 'pipe'],
        env: {
          ...this.options.env,
          ...secrets,
          DENO_DIR,
          DENO_SERVE_ADDRESS: `tcp:${HOST}:${port}`,
          NO_COLOR: '1',
          ...machineNetworkEnv(),
        },
      },
    );
    let output = '';
    const collect = (prefix: string) => (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-4000);
      for (const line of text.split('\n')) {
        if (line.trim() && !line.startsWith('Listening on') && !line.startsWith('Download')) log(`[functions] ${name}${prefix}: ${line}`);
      }
    };
    child.stdout?.on('data', collect(''));
    child.stderr?.on('data', collect(' (stderr)'));
    const worker: Worker = { child, port, version, ready: Promise.resolve() };
    worker.ready = new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const exited = () => reject(new Error(`function ${name} exited before serving: ${output.trim().slice(-500)}`));
      child.once('exit', exited);
      const poll = async () => {
        if (child.exitCode !== null) return;
        if (await canConnect(port)) {
          child.off('exit', exited);
          resolve();
          return;
        }
        if (Date.now() - started > START_TIMEOUT_MS) {
          child.off('exit', exited);
          child.kill('SIGKILL');
          reject(new Error(`function ${name} did not start within ${START_TIMEOUT_MS / 1000} s`));
          return;
        }
        setTimeout(() => void poll(), 50);
      };
      void poll();
    });
    child.once('exit', () => {
      if (this.workers.get(name) === worker) this.workers.delete(name);
    });
    this.workers.set(name, worker);
    // A worker that fails to start is dropped, so the next call tries again.
    worker.ready.catch(() => this.workers.get(name) === worker && this.workers.delete(name));
    return worker;
  }

  private kill(name: string, worker: Worker): void {
    if (this.workers.get(name) === worker) this.workers.delete(name);
    if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
  }

  /**
   * Fetches every function's npm packages into Deno's cache (`deno cache`), one function at a time, so
   * a first call does not wait for downloads. Failures are logged; the first call then tries again.
   */
  async prepare(): Promise<void> {
    const log = this.options.log ?? ((line: string) => console.error(line));
    const names = await readdir(this.options.functionsDir).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const entry = await this.entryOf(name);
      if (!entry || this.stopped) continue;
      await new Promise<number | null>((resolve) => {
        const child = spawn(denoExecutable(), ['cache', path.basename(entry.file)], {
          cwd: path.dirname(entry.file),
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { DENO_DIR, NO_COLOR: '1', ...machineNetworkEnv() },
        });
        let errors = '';
        child.stderr?.on('data', (chunk: Buffer) => {
          errors = (errors + chunk.toString('utf8')).slice(-1000);
        });
        child.once('error', () => resolve(-1));
        child.once('exit', (exitCode) => {
          if (exitCode !== 0) log(`[functions] caching ${name}'s packages failed: ${errors.trim().split('\n').pop() ?? ''}`);
          resolve(exitCode);
        });
      });
    }
  }

  /** Functions whose worker is running now. */
  running(): string[] {
    return [...this.workers.entries()].filter(([, worker]) => worker.child.exitCode === null).map(([name]) => name);
  }

  /** Stops every worker (the stack is shutting down). */
  async stop(): Promise<void> {
    this.stopped = true;
    const exits = [...this.workers.entries()].map(([name, worker]) => {
      const exited = worker.child.exitCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => worker.child.once('exit', () => resolve()));
      this.kill(name, worker);
      return Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 3_000).unref())]);
    });
    await Promise.all(exits);
  }
}
