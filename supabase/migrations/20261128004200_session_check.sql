-- Sessions the server honours: REST and storage (docs/security.md "Sessions the server honours").
--
-- An access token lives an hour and carries its session (`session_id` claim). After a sign-out (global,
-- or of that session), after an administrator deactivates the account (which ends its sessions:
-- private.sync_account_ban) or bans it, the token kept working until it expired: PostgREST and the
-- storage policies checked only its signature. Now the database honours a signed-in request only while
-- its session is still there and its account may sign in:
--
-- 1. private.session_is_current() -> boolean: true for every caller that is not a signed-in user
--    (anon key, service role, direct connections: they carry no session), and for a signed-in user
--    when auth.sessions still has the token's session_id for the token's user, the session is not past
--    its not_after, the auth account is neither banned (banned_until in the future) nor deleted, and the
--    profile is not inactive (public.users.is_active). Primary-key lookups only.
-- 2. private.check_request(): PostgREST's pre-request hook (`pgrst.db_pre_request` on the authenticator
--    role, as hosted Supabase documents it; it replaces private.require_second_factor_request there and
--    calls it): a request whose session has ended is refused before it runs with SQLSTATE PT401
--    (HTTP 401) 'Your session has ended: sign in again'; then the two-factor rule of
--    20261126000300_two_factor_everyone.sql as before. Only get_public_settings (the sign-in page's
--    branding, public anyway) answers a stale token, so a page still holding one paints its sign-in.
-- 3. storage.objects: the restrictive policy "Session still signed in" (as the two-factor rule), so
--    uploads, downloads, signed links, lists, moves and removals with such a token fail.
--
-- Edge functions that act with the caller's token (admin-users) go through the same two doors. The
-- gateway's own auth endpoints (/user, token refresh) refuse such a token on their side.

-- 1. The rule ----------------------------------------------------------------------------------------

create or replace function private.session_is_current() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_session text;
begin
  -- The `role` setting is the request's (a security definer function does not change it).
  if coalesce(current_setting('role', true), 'none') <> 'authenticated' then
    return true;
  end if;
  v_session := (select auth.jwt()) ->> 'session_id';
  if not private.is_uuid_text(v_session) then
    return false;
  end if;
  return exists (
    select 1
      from auth.sessions s
      join auth.users a on a.id = s.user_id
     where s.id = v_session::uuid
       and s.user_id = (select auth.uid())
       and (s.not_after is null or s.not_after > now())
       and (a.banned_until is null or a.banned_until <= now())
       and a.deleted_at is null
       -- An account without a profile row is judged by its auth account alone.
       and not exists (select 1 from public.users u where u.id = s.user_id and not u.is_active)
  );
end
$$;

comment on function private.session_is_current() is
  'False for a signed-in request whose session has ended (signed out, expired, deleted) or whose account is banned, deleted or inactive; true for anon, service role and direct connections.';

revoke execute on function private.session_is_current() from public;
grant execute on function private.session_is_current() to authenticated, service_role;

-- 2. Every REST request ------------------------------------------------------------------------------

create or replace function private.check_request() returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if current_setting('request.path', true) is distinct from '/rpc/get_public_settings'
     and not (select private.session_is_current()) then
    raise sqlstate 'PT401'
      using message = 'Your session has ended: sign in again',
            hint = 'The access token belongs to a session that was signed out, or to an account that cannot sign in.';
  end if;
  perform private.require_second_factor_request();
end
$$;

comment on function private.check_request() is
  'PostgREST pre-request hook: refuses (PT401, HTTP 401) a signed-in request whose session has ended or whose '
  'account is banned or inactive, then applies private.require_second_factor_request.';

-- PostgREST calls the hook as the request's role, anonymous visitors included.
revoke execute on function private.check_request() from public;
grant execute on function private.check_request() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request = 'private.check_request';
notify pgrst, 'reload config';

-- 3. Stored files ------------------------------------------------------------------------------------

drop policy if exists "Session still signed in" on storage.objects;
create policy "Session still signed in" on storage.objects as restrictive for all to authenticated
  using ((select private.session_is_current()))
  with check ((select private.session_is_current()));
