import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ANON_KEY, API_URL, FUNCTIONS_DIR, SERVICE_ROLE_KEY } from './config';
import { HttpError, bearerToken, readBody } from './http-utils';
import { verifyJwt } from './jwt';

/** The portable edge-function shape: the same default export runs under Deno (Supabase) and here. */
export type FunctionHandler = (request: Request) => Response | Promise<Response>;

const FUNCTION_NAME = /^\/([A-Za-z0-9][A-Za-z0-9_-]*)(\/.*)?$/;
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);
const MAX_BODY_BYTES = 20 * 1024 * 1024;

function toRequestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** Runs `supabase/functions/<name>/index.ts` for `/functions/v1/<name>[/…]`, like Supabase's edge runtime. */
export class FunctionsApi {
  constructor(private readonly functionsDir = FUNCTIONS_DIR) {
    // What Supabase's edge runtime provides to every function.
    process.env.SUPABASE_URL = API_URL;
    process.env.SUPABASE_ANON_KEY = ANON_KEY;
    process.env.SUPABASE_SERVICE_ROLE_KEY = SERVICE_ROLE_KEY;
  }

  async handle(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<void> {
    const match = FUNCTION_NAME.exec(subpath);
    const name = match?.[1];
    const file = name ? path.join(this.functionsDir, name, 'index.ts') : undefined;
    const info = file ? await stat(file).catch(() => undefined) : undefined;
    if (!name || !file || !info?.isFile()) {
      throw new HttpError(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    }

    // Supabase verifies the caller's JWT before a function runs (verify_jwt, on by default).
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, { code: 401, message: 'Missing authorization header' });
    if (!(await verifyJwt(token)).ok) throw new HttpError(401, { code: 401, message: 'Invalid JWT' });

    // The file's mtime in the URL fragment makes an edited function load fresh without restarting the
    // stack (a fragment rather than a query, which bundler-based loaders would not read as .ts).
    const module = (await import(`${pathToFileURL(file).href}#v=${info.mtimeMs}`)) as { default?: unknown };
    if (typeof module.default !== 'function') {
      throw new HttpError(500, {
        code: 'BOOT_ERROR',
        message: `supabase/functions/${name}/index.ts must default-export a (request: Request) => Response handler`,
      });
    }
    const handler = module.default as FunctionHandler;

    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, MAX_BODY_BYTES);
    const request = new Request(`${API_URL}/functions/v1/${name}${match?.[2] ?? ''}${url.search}`, {
      method,
      headers: toRequestHeaders(req),
      body: body && body.length > 0 ? new Uint8Array(body) : undefined,
    });

    let response: Response;
    try {
      response = await handler(request);
    } catch (error) {
      console.error(`[functions] ${name} threw:`, error);
      throw new HttpError(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
    }

    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      // The gateway answers CORS for the allowed app origins; a function's own CORS headers would duplicate them.
      if (!key.startsWith('access-control-') && !HOP_BY_HOP.has(key)) headers[key] = value;
    });
    res.writeHead(response.status, headers);
    if (response.body && method !== 'HEAD') {
      const reader = response.body.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) res.write(next.value);
    }
    res.end();
  }
}
