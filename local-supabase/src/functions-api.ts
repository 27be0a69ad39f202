import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { parse } from 'smol-toml';
import {
  ANON_KEY,
  API_PORT,
  API_URL,
  FUNCTIONS_DIR,
  HOST,
  REPO_ROOT,
  SEND_EMAIL_HOOK_SECRET,
  SERVICE_ROLE_KEY,
  SUPABASE_DIR,
  databaseUrl,
} from './config';
import { EdgeRuntime } from './edge-runtime';
import { HttpError, bearerToken, readBody } from './http-utils';
import { verifyJwt } from './jwt';

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

function headerObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/**
 * Secrets a deployment sets (`supabase secrets set`) that a local function may receive: from the
 * stack's own environment when started (`STRIPE_SECRET_KEY=… pnpm start`), or from the secrets file
 * below, which wins. STRIPE_API_BASE is test-only: it points the Stripe client at a local stub.
 */
export const FUNCTION_SECRET_NAMES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const;

/**
 * The local stand-in for `supabase secrets set`: a JSON object of FUNCTION_SECRET_NAMES, one file per
 * stack (by its API port), read when a function starts; writing it restarts the functions
 * (supabase/tests/card-payments.test.ts sets the Stripe keys this way).
 */
export function functionSecretsFile(apiPort = API_PORT): string {
  return path.join(REPO_ROOT, '.data', `function-secrets.${apiPort}.json`);
}

function secretsFromEnvironment(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FUNCTION_SECRET_NAMES) {
    const value = process.env[name];
    if (value) out[name] = value;
  }
  return out;
}

let unverified: Set<string> | undefined;

/**
 * Whether Supabase checks the caller's JWT before `name` runs: yes, unless supabase/config.toml says
 * `[functions.<name>] verify_jwt = false` (auth-mail, which the auth server calls with a signature).
 */
export function verifiesJwt(name: string): boolean {
  if (!unverified) {
    const config = parse(readFileSync(path.join(SUPABASE_DIR, 'config.toml'), 'utf8')) as {
      functions?: Record<string, { verify_jwt?: boolean }>;
    };
    unverified = new Set(
      Object.entries(config.functions ?? {})
        .filter(([, settings]) => settings.verify_jwt === false)
        .map(([functionName]) => functionName),
    );
  }
  return !unverified.has(name);
}

/** Runs `supabase/functions/<name>/index.ts` for `/functions/v1/<name>[/…]` under Deno, like Supabase's edge runtime. */
export class FunctionsApi {
  readonly runtime: EdgeRuntime;

  constructor(functionsDir = FUNCTIONS_DIR) {
    this.runtime = new EdgeRuntime({
      functionsDir,
      // What Supabase's edge runtime provides to every function.
      env: {
        SUPABASE_URL: API_URL,
        SUPABASE_ANON_KEY: ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
        SUPABASE_DB_URL: databaseUrl(),
        // A deployment's secret (`supabase secrets set`): the Send Email hook's (auth-mail).
        SEND_EMAIL_HOOK_SECRET,
        // The school's own secrets (card payments), when the stack was started with them.
        ...secretsFromEnvironment(),
      },
      secretsFile: functionSecretsFile(),
      secretNames: FUNCTION_SECRET_NAMES,
    });
  }

  async handle(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<void> {
    const match = FUNCTION_NAME.exec(subpath);
    const name = match?.[1];
    if (!name || !(await this.runtime.entryOf(name))) {
      throw new HttpError(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    }

    // Supabase verifies the caller's JWT before a function runs (verify_jwt, on by default).
    if (verifiesJwt(name)) {
      const token = bearerToken(req);
      if (!token) throw new HttpError(401, { code: 401, message: 'Missing authorization header' });
      if (!(await verifyJwt(token)).ok) throw new HttpError(401, { code: 401, message: 'Invalid JWT' });
    }

    let port: number;
    try {
      port = await this.runtime.portOf(name);
    } catch (error) {
      console.error(`[functions] ${name} did not boot: ${error instanceof Error ? error.message : String(error)}`);
      throw new HttpError(503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
    }

    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req, MAX_BODY_BYTES);
    const headers = toRequestHeaders(req);
    headers.set('host', `${HOST}:${port}`);
    if (body) headers.set('content-length', String(body.length));

    await new Promise<void>((resolve, reject) => {
      const upstream = http.request(
        { host: HOST, port, method, path: `/${name}${match?.[2] ?? ''}${url.search}`, headers: headerObject(headers) },
        (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [key, value] of Object.entries(answer.headers)) {
            // The gateway answers CORS for the allowed app origins; a function's own CORS headers would duplicate them.
            if (value === undefined || key.startsWith('access-control-') || HOP_BY_HOP.has(key)) continue;
            out[key] = value;
          }
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
          answer.once('end', () => resolve());
          answer.once('error', reject);
        },
      );
      // The client going away ends the call to the function too.
      res.once('close', () => upstream.destroy());
      upstream.once('error', (error) => {
        if (res.headersSent) return reject(error);
        console.error(`[functions] ${name}: ${error.message}`);
        reject(new HttpError(502, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }));
      });
      upstream.end(body);
    });
  }

  /** Stops the functions' Deno processes. */
  stop(): Promise<void> {
    return this.runtime.stop();
  }
}
