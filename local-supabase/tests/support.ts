import { randomUUID } from 'node:crypto';
import { createClient, type Session, type SupabaseClient, type User } from '@supabase/supabase-js';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../src/config';

/** Password of the seeded demo accounts (supabase/seed.sql). */
export const DEMO_PASSWORD = 'password123';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@school.test', id: 'a1d9e3f0-0000-4000-8000-000000000001' },
  teacher: { email: 'teacher@school.test', id: 'b2e8c4a1-0000-4000-8000-000000000002' },
  student: { email: 'student@school.test', id: 'c3f7b5d2-0000-4000-8000-000000000003' },
} as const;

type ClientOptions = { flowType?: 'implicit' | 'pkce' };

/**
 * Node 20 has no WebSocket (supabase-js refuses to construct a client without one) and the local stack
 * has no Realtime; this transport says so if anything ever tries to connect.
 */
class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not part of the local Supabase stack');
  }
}
const realtime = { transport: RealtimeUnavailable as unknown as typeof WebSocket };

/** A client as a browser app creates it, without storage or timers so tests stay isolated. */
export function anonClient(options: ClientOptions = {}): SupabaseClient {
  return createClient(API_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options },
    realtime,
  });
}

/** A server-side client with the service role key (admin API, bypasses RLS). */
export function serviceClient(): SupabaseClient {
  return createClient(API_URL, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime,
  });
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export interface SignedUpUser {
  client: SupabaseClient;
  user: User;
  session: Session;
  email: string;
  password: string;
}

export async function signUpUser(
  label: string,
  data: Record<string, unknown> = { first_name: 'Test', last_name: 'Student' },
): Promise<SignedUpUser> {
  const client = anonClient();
  const email = uniqueEmail(label);
  const password = `pw-${randomUUID()}`;
  const { data: result, error } = await client.auth.signUp({ email, password, options: { data } });
  if (error || !result.user || !result.session) throw error ?? new Error('sign-up returned no session');
  return { client, user: result.user, session: result.session, email, password };
}

export async function signInAs(email: string, password = DEMO_PASSWORD): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}
