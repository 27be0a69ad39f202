// Options for the supabase-js clients a function makes: a server keeps no session, and it never uses
// Realtime.

// Node 20 (tests importing a function) has no WebSocket, and supabase-js refuses to start without one;
// no function uses Realtime, so this transport only fails if one ever did.
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by this function');
  }
}

/** Pass to createClient (spread it to add `global` headers). */
export const CLIENT_OPTIONS = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  ...(typeof WebSocket === 'undefined'
    ? { realtime: { transport: NoRealtime as unknown as typeof WebSocket } }
    : {}),
};
