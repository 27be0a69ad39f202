import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PORT, HOST, SERVICE_ROLE_KEY } from '../../src/config';
import { gatewayPid, resilienceRun, rssMb } from './support';

const UPLOADS = 20;
const SIZE = 49 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 'resilience upload %PDF ');

/** Streams SIZE bytes from one reused chunk, so the test process itself stays small. */
function upload(name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: HOST,
        port: API_PORT,
        method: 'POST',
        path: `/storage/v1/object/materials/${name}`,
        headers: {
          apikey: SERVICE_ROLE_KEY,
          authorization: `Bearer ${SERVICE_ROLE_KEY}`,
          'content-type': 'application/pdf',
          'content-length': SIZE,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    let sent = 0;
    const write = () => {
      while (sent < SIZE) {
        const piece = sent + CHUNK.length <= SIZE ? CHUNK : CHUNK.subarray(0, SIZE - sent);
        sent += piece.length;
        if (!req.write(piece)) return req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe.skipIf(!resilienceRun)('20 parallel large uploads', () => {
  const prefix = `resilience-${randomUUID().slice(0, 8)}`;
  afterAll(async () => {
    const names = Array.from({ length: UPLOADS }, (_, index) => `${prefix}/file-${index}.pdf`);
    await fetch(`http://${HOST}:${API_PORT}/storage/v1/object/materials`, {
      method: 'DELETE',
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: names }),
    }).catch(() => undefined);
  });

  it('keep the gateway under 400 MB resident', async () => {
    const pid = await gatewayPid();
    const before = await rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      rssMb(pid).then((mb) => {
        peak = Math.max(peak, mb);
      }, () => undefined);
    }, 50);
    try {
      const statuses = await Promise.all(Array.from({ length: UPLOADS }, (_, index) => upload(`${prefix}/file-${index}.pdf`)));
      expect(statuses.every((status) => status === 200), statuses.join(',')).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    console.log(`[resilience] gateway RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most during ${UPLOADS} × 49 MB uploads`);
    expect(peak).toBeLessThan(400);
  }, 120_000);
});
