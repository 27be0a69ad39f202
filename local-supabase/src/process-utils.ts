import { readFile } from 'node:fs/promises';
import net from 'node:net';

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function waitForProcessExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await sleep(100);
  }
  return !isProcessAlive(pid);
}

/**
 * On Linux, check that a pid from a pid file still runs the program we expect, so a recycled pid of an
 * unrelated process is never signalled. Elsewhere there is no cheap check and we trust the pid file.
 */
export async function processLooksLike(pid: number, programName: string): Promise<boolean> {
  if (!isProcessAlive(pid)) return false;
  if (process.platform !== 'linux') return true;
  try {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes(programName);
  } catch {
    return false;
  }
}

export async function readPidFile(file: string): Promise<number | undefined> {
  try {
    const firstLine = (await readFile(file, 'utf8')).split('\n')[0]?.trim() ?? '';
    const pid = Number(firstLine);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * Whether the port is free, or frees itself within `waitMs`. The stack's ports lie in Linux's range of
 * ephemeral ports, so a client's connection (a browser's, a test's) can hold one for a moment just
 * after another stack stopped; that is no reason to refuse to start.
 */
export async function portFreeWithin(port: number, host: string, waitMs = 5_000): Promise<boolean> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    if (await isPortFree(port, host)) return true;
    if (performance.now() >= deadline) return false;
    await sleep(100);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Keeps the last lines a child process printed, to show them when it fails to start. */
export class LogTail {
  private lines: string[] = [];
  constructor(private readonly max = 40) {}

  push(chunk: string): void {
    for (const line of chunk.split('\n')) {
      if (!line.trim()) continue;
      this.lines.push(line);
      if (this.lines.length > this.max) this.lines.shift();
    }
  }

  toString(): string {
    return this.lines.join('\n');
  }
}

/** One run of a supervised child: resolves `exited` with a reason when it ends. */
export interface ChildRun {
  pid: number | undefined;
  /** Resolves when the process has ended, with how ('signal SIGKILL', 'code 1'). */
  exited: Promise<string>;
  /** Ends it on purpose (the supervisor does not restart it then). */
  stop(): Promise<void>;
  /** Ends it at once (SIGKILL); the supervisor restarts it. */
  kill(): void;
}

export interface SupervisorOptions {
  /** Answers whether a running child still serves; `failuresBeforeKill` misses in a row kill it (frozen). */
  probe?: () => Promise<boolean>;
  probeIntervalMs?: number;
  failuresBeforeKill?: number;
  /** Called after each successful restart. */
  onRestarted?: () => void;
}

export type SupervisedState = 'running' | 'restarting' | 'stopped';

/**
 * Keeps a child process running: when it exits without being asked to, it is started again (at once,
 * then with growing delays up to 5 s while starting fails). Each outage is logged as one line when it
 * begins and one when it ends, never a line per retry.
 */
export class Supervised {
  private current: ChildRun | undefined;
  private stopped = false;
  private restarting: Promise<void> | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  private probeMisses = 0;
  private probing = false;
  private _state: SupervisedState = 'running';
  restarts = 0;

  private constructor(
    private readonly name: string,
    private readonly startOnce: () => Promise<ChildRun>,
    private readonly log: (line: string) => void,
    private readonly options: SupervisorOptions,
  ) {}

  /** Starts the child (a failure here is thrown: nothing to supervise yet), then watches it. */
  static async start(
    name: string,
    startOnce: () => Promise<ChildRun>,
    log: (line: string) => void,
    options: SupervisorOptions = {},
  ): Promise<Supervised> {
    const supervised = new Supervised(name, startOnce, log, options);
    supervised.watch(await startOnce());
    if (options.probe) {
      supervised.probeTimer = setInterval(() => void supervised.runProbe(), options.probeIntervalMs ?? 2_000);
      supervised.probeTimer.unref();
    }
    return supervised;
  }

  get state(): SupervisedState {
    return this._state;
  }

  get pid(): number | undefined {
    return this.current?.pid;
  }

  private watch(run: ChildRun): void {
    this.current = run;
    this._state = 'running';
    this.probeMisses = 0;
    void run.exited.then((how) => {
      if (this.stopped || this.current !== run) return;
      this.restarting = this.restart(how);
    });
  }

  private async runProbe(): Promise<void> {
    const run = this.current;
    if (this.probing || this.stopped || this._state !== 'running' || !run || !this.options.probe) return;
    this.probing = true;
    try {
      const ok = await this.options.probe().catch(() => false);
      if (ok) {
        this.probeMisses = 0;
        return;
      }
      this.probeMisses += 1;
      if (this.probeMisses >= (this.options.failuresBeforeKill ?? 3) && this.current === run && !this.stopped) {
        this.log(`${this.name} stopped answering; killing it (pid ${run.pid}) to start it again`);
        this.probeMisses = 0;
        run.kill();
      }
    } finally {
      this.probing = false;
    }
  }

  private async restart(how: string): Promise<void> {
    this._state = 'restarting';
    const downSince = Date.now();
    this.log(`${this.name} exited unexpectedly (${how}); restarting it`);
    let delayMs = 200;
    let firstFailure: string | undefined;
    while (!this.stopped) {
      try {
        const run = await this.startOnce();
        if (this.stopped) {
          await run.stop();
          return;
        }
        this.restarts += 1;
        this.watch(run);
        this.log(
          `${this.name} is back (pid ${run.pid}) after ${((Date.now() - downSince) / 1000).toFixed(1)} s` +
            (firstFailure ? `; earlier tries failed: ${firstFailure}` : ''),
        );
        this.options.onRestarted?.();
        return;
      } catch (error) {
        firstFailure ??= (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200);
        await sleep(delayMs);
        delayMs = Math.min(delayMs * 2, 5_000);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this._state = 'stopped';
    clearInterval(this.probeTimer);
    await this.restarting?.catch(() => undefined);
    await this.current?.stop();
  }
}
