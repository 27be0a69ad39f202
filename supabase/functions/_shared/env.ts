// The runtime a function runs on: Deno (Supabase, and the local stack's edge runtime) or Node (tests
// that import a function). Both read the same variables; only Deno serves the handler.

export type Handler = (request: Request) => Promise<Response>;

type DenoRuntime = {
  env: { get(name: string): string | undefined };
  serve(handler: Handler): void;
};
const deno = (globalThis as { Deno?: DenoRuntime }).Deno;
const nodeEnv = (globalThis as { process?: { env: Record<string, string | undefined> } }).process
  ?.env;

/** A variable the runtime provides (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, a secret…), if set. */
export function env(name: string): string | undefined {
  return deno ? deno.env.get(name) : nodeEnv?.[name];
}

/** A variable the function cannot work without (the error becomes a 500 INTERNAL_ERROR). */
export function requiredEnv(name: string): string {
  const value = env(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/**
 * Serves the handler when Deno is the runtime (Supabase and the local stack need a server); under Node
 * it does nothing, and tests call the function's default export instead.
 */
export function serve(handler: Handler): void {
  deno?.serve(handler);
}
