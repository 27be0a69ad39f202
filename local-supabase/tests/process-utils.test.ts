import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { portFreeWithin } from '../src/process-utils';

const HOST = '127.0.0.1';
const servers: net.Server[] = [];

/** Holds a free port of the loopback interface; resolves with its number. */
function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server = net.createServer();
    servers.push(server);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ port, release: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

describe('portFreeWithin', () => {
  it('is true at once for a free port', async () => {
    const { port, release } = await holdPort();
    await release();
    expect(await portFreeWithin(port, HOST, 0)).toBe(true);
  });

  it('waits for a port held for a moment (a client connection just after a stack stopped)', async () => {
    const { port, release } = await holdPort();
    setTimeout(() => void release(), 300);
    expect(await portFreeWithin(port, HOST, 3_000)).toBe(true);
  });

  it('is false for a port held throughout', async () => {
    const { port } = await holdPort();
    const started = performance.now();
    expect(await portFreeWithin(port, HOST, 400)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
  });
});
