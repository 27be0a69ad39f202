-- The server ends idle sessions: System Settings → Security → session timeout (minutes) is enforced by
-- the auth server, not only by the signed-in page's own idle sign-out (docs/security.md "Sessions the
-- server honours").
--
-- Idle is measured as GoTrue measures inactivity (sessions.inactivity_timeout): the time since the
-- session last refreshed its tokens (auth.sessions.refreshed_at, a UTC timestamp), or since the
-- sign-in when it never did. An open portal refreshes as long as someone uses it (the shell refreshes
-- on input when the last refresh is half a timeout old), so only a session nobody used for the whole
-- timeout is refused. GoTrue's own setting is one fixed duration for the project (and a paid-plan
-- feature); the school's timeout is a database setting, so the check is a custom access token hook,
-- which GoTrue calls on every token it issues, refreshes included (supabase/config.toml
-- [auth.hook.custom_access_token]; the local stack calls it the same way, local-supabase/src/auth-hooks.ts).
--
-- Objects:
--   private.session_timeout() → interval: the setting, or its default when the row has none.
--   private.session_is_idle(session_id uuid) → boolean: the session was not refreshed (or, never
--     refreshed, started) within the timeout; false for a session that does not exist.
--   private.custom_access_token_hook(event jsonb) → jsonb: refuses a refresh of an idle session
--     (400, GoTrue's own inactivity message), passes every other token's claims unchanged.

create function private.session_timeout() returns interval
language sql stable security definer
set search_path = ''
as $$
  select make_interval(mins => coalesce(
    (select (s.security ->> 'sessionTimeout')::integer from public.app_settings s where s.id = 1),
    (private.app_settings_defaults() -> 'security' ->> 'sessionTimeout')::integer
  ))
$$;

comment on function private.session_timeout() is
  'System Settings → Security → session timeout as an interval (its default without a settings row).';

create function private.session_is_idle(session_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select coalesce(s.refreshed_at at time zone 'UTC', s.created_at) + private.session_timeout() < now()
       from auth.sessions s
      where s.id = session_is_idle.session_id),
    false
  )
$$;

comment on function private.session_is_idle(uuid) is
  'True when the session has not refreshed its tokens (or, never refreshed, started) within the session timeout.';

create function private.custom_access_token_hook(event jsonb) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if event ->> 'authentication_method' = 'token_refresh'
     and private.session_is_idle((event -> 'claims' ->> 'session_id')::uuid) then
    -- A hook cannot name an error code: the status and GoTrue's own words for an inactive session.
    return jsonb_build_object('error', jsonb_build_object(
      'http_code', 400,
      'message', 'Invalid Refresh Token: Session Expired (Inactivity)'
    ));
  end if;
  return jsonb_build_object('claims', event -> 'claims');
end
$$;

comment on function private.custom_access_token_hook(jsonb) is
  'GoTrue''s custom access token hook: refuses the refresh of a session idle longer than the session timeout.';

-- Only the auth server calls the hook (GoTrue runs as supabase_auth_admin); nobody calls the helpers
-- through the API.
revoke execute on function private.session_timeout(), private.session_is_idle(uuid),
  private.custom_access_token_hook(jsonb) from public, anon, authenticated;
grant usage on schema private to supabase_auth_admin;
grant execute on function private.custom_access_token_hook(jsonb) to supabase_auth_admin;
