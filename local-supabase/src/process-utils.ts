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
