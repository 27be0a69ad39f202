import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Ports follow the Supabase CLI so apps and docs use the same URLs locally and in CI.
// LOCAL_SUPABASE_PORT_OFFSET shifts them all, so a second stack can run beside the first.
const PORT_OFFSET = Number.parseInt(process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '0', 10) || 0;
export const API_PORT = 54321 + PORT_OFFSET;
export const DB_PORT = 54322 + PORT_OFFSET;
export const OUTBOX_PORT = 54324 + PORT_OFFSET;
export const POSTGREST_PORT = 54325 + PORT_OFFSET;
/** The local SMTP listener: System Settings → Email points here on a new database (smtp-listener.ts). */
export const SMTP_PORT = 54326 + PORT_OFFSET;
/** PostgREST's admin server (/live, /ready): the supervisor's probe and /health read it. */
export const POSTGREST_ADMIN_PORT = 54327 + PORT_OFFSET;

export const HOST = '127.0.0.1';
export const API_URL = `http://${HOST}:${API_PORT}`;
export const OUTBOX_URL = `http://${HOST}:${OUTBOX_PORT}`;
export const POSTGREST_URL = `http://${HOST}:${POSTGREST_PORT}`;
export const AUTH_ISSUER = `${API_URL}/auth/v1`;

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const JWT_EXPIRY_SECONDS = 3600;

// The Supabase CLI's well-known local demo keys (role anon / service_role, iss supabase-demo),
// signed with JWT_SECRET; they are public and only ever valid against a local stack.
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

// The Send Email hook's secret for the local stack (Standard Webhooks `v1,whsec_<base64>`): the auth
// server signs its calls to the auth-mail function with it, and the function (SEND_EMAIL_HOOK_SECRET)
// checks them. Public like the keys above; a hosted project sets its own (README, deploy).
export const SEND_EMAIL_HOOK_SECRET = 'v1,whsec_bG9jYWwtc3VwYWJhc2Utc2VuZC1lbWFpbC1ob29rISE=';

// As on hosted Supabase: `supabase_admin` is the cluster's superuser (it runs the bootstrap only), and
// `postgres` is a non-superuser that applies the migrations and the seed and is what tests and edge
// functions connect as (sql/bootstrap.sql gives it hosted Supabase's grants).
export const SUPERUSER = 'supabase_admin';
export const SUPERUSER_PASSWORD = 'postgres';
export const DB_USER = 'postgres';
export const DB_PASSWORD = 'postgres';
export const DB_NAME = 'postgres';
// PostgREST logs in as `authenticator` and switches to anon / authenticated / service_role per request.
export const AUTHENTICATOR_PASSWORD = 'postgres';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PACKAGE_ROOT = path.join(REPO_ROOT, 'local-supabase');
export const SUPABASE_DIR = path.join(REPO_ROOT, 'supabase');
export const MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations');
export const SEED_FILE = path.join(SUPABASE_DIR, 'seed.sql');
export const FUNCTIONS_DIR = path.join(SUPABASE_DIR, 'functions');
export const BOOTSTRAP_SQL_FILE = path.join(PACKAGE_ROOT, 'sql', 'bootstrap.sql');

export function dataDir(): string {
  return path.resolve(process.env.LOCAL_SUPABASE_DATA_DIR ?? path.join(REPO_ROOT, '.data', 'local'));
}

/** Connection string of an existing Postgres to use instead of the embedded one, if any. */
export function externalDatabaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : undefined;
}

export const EMBEDDED_DB_URL = `postgresql://${DB_USER}:${DB_PASSWORD}@${HOST}:${DB_PORT}/${DB_NAME}`;

/** The superuser's connection: DATABASE_URL (which must name a superuser other than postgres), else the embedded one. */
export function adminDatabaseUrl(): string {
  return externalDatabaseUrl() ?? `postgresql://${SUPERUSER}:${SUPERUSER_PASSWORD}@${HOST}:${DB_PORT}/${DB_NAME}`;
}

/** The same server and database as `adminDatabaseUrl()`, logged in as another role. */
function asRole(user: string, password: string): string {
  const url = new URL(adminDatabaseUrl());
  url.username = user;
  url.password = password;
  return url.toString();
}

/** The non-superuser `postgres`: migrations, seed, the gateway, edge functions and tests. */
export function databaseUrl(): string {
  return asRole(DB_USER, DB_PASSWORD);
}

/** The same server and database as `databaseUrl()`, logged in as `authenticator`. */
export function authenticatorUrl(): string {
  return asRole('authenticator', AUTHENTICATOR_PASSWORD);
}

const APP_PORTS = [3000, 3001, 3002, 3003];

export const SITE_URL = 'http://localhost:3000';

/** Origins of the four apps; CORS and auth redirects accept only these (plus LOCAL_SUPABASE_EXTRA_ORIGINS). */
export function allowedOrigins(): string[] {
  const origins = APP_PORTS.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
  const extra = (process.env.LOCAL_SUPABASE_EXTRA_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return [...new Set([...origins, ...extra])];
}

export function isAllowedOrigin(origin: string | undefined): boolean {
  return origin !== undefined && allowedOrigins().includes(origin);
}

function positiveIntFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Auth limits; tests and demos may tune them through the environment of the stack process. */
export function authLimits() {
  return {
    // Used only when the database has no max login attempts setting (System Settings → Security).
    failedSignInsPerEmail: positiveIntFromEnv('LOCAL_SUPABASE_MAX_FAILED_SIGNINS_PER_EMAIL', 5),
    signInWindowSeconds: positiveIntFromEnv('LOCAL_SUPABASE_SIGNIN_WINDOW_SECONDS', 300),
    recoveryEmailIntervalSeconds: positiveIntFromEnv('LOCAL_SUPABASE_RECOVERY_EMAIL_INTERVAL_SECONDS', 10),
    recoveryTokenLifetimeSeconds: 3600,
    // How long the sign-in limiter keeps the settings' max login attempts before reading it again.
    settingsCacheSeconds: positiveIntFromEnv('LOCAL_SUPABASE_SETTINGS_CACHE_SECONDS', 2),
  };
}

export const MIN_PASSWORD_LENGTH = 6;
