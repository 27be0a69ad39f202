-- A password an administrator chose is used once: the account's owner must choose their own before their
-- session can do anything else (docs/security.md "A password chosen by an administrator").
--
-- The flag is `must_change_password: true` in the account's app metadata (auth.users.raw_app_meta_data,
-- which only the service role writes: the admin-users edge function sets it when it creates an account
-- or resets its password). The database reads it from auth.users on every request, not from the access
-- token, so it holds from the moment it is set and ends the moment a new password is stored:
--
-- 1. private.password_change_required() -> boolean: true for a signed-in request whose account carries
--    the flag; false for anon, the service role and direct connections. One primary-key lookup.
-- 2. private.check_request(), PostgREST's pre-request hook: after the session check, a flagged account's
--    request is refused with SQLSTATE PT403 (HTTP 403) 'Choose your own password first'. Only
--    get_public_settings (the sign-in page's branding) still answers.
-- 3. storage.objects: the restrictive policy "Password chosen by its owner", so no file is read, listed,
--    stored or removed with such a session.
-- 4. private.clear_password_change_required(), a trigger on auth.users: a new password (the owner's
--    PUT /user with the current one, or a reset mail's recovery session) removes the flag in the same
--    update. The administrator's reset therefore stores the password first and sets the flag after it,
--    in a second update (admin-users' resetPassword).
--
-- The auth server itself still lets such a session read and update its user (GET/PUT /user), which is
-- how the owner chooses the password, and sign out.

-- 1. The rule ----------------------------------------------------------------------------------------

create function private.password_change_required() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  if coalesce(current_setting('role', true), 'none') <> 'authenticated' then
    return false;
  end if;
  return coalesce(
    (select (a.raw_app_meta_data ->> 'must_change_password') = 'true'
       from auth.users a
      where a.id = (select auth.uid())),
    false
  );
end
$$;

comment on function private.password_change_required() is
  'True for a signed-in request whose account must choose its own password (app metadata must_change_password); false for anon, the service role and direct connections.';

revoke execute on function private.password_change_required() from public;
grant execute on function private.password_change_required() to authenticated, service_role;

-- 2. Every REST request ------------------------------------------------------------------------------

create or replace function private.check_request() returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if current_setting('request.path', true) is distinct from '/rpc/get_public_settings' then
    if not (select private.session_is_current()) then
      raise sqlstate 'PT401'
        using message = 'Your session has ended: sign in again',
              hint = 'The access token belongs to a session that was signed out, or to an account that cannot sign in.';
    end if;
    if (select private.password_change_required()) then
      raise sqlstate 'PT403'
        using message = 'Choose your own password first',
              hint = 'The password of this account was set by an administrator: change it (PUT /auth/v1/user) to go on.';
    end if;
  end if;
  perform private.require_second_factor_request();
end
$$;

comment on function private.check_request() is
  'PostgREST pre-request hook: refuses (PT401, HTTP 401) a signed-in request whose session has ended or whose '
  'account is banned or inactive, and (PT403, HTTP 403) one whose account must first choose its own password; '
  'then applies private.require_second_factor_request.';

-- 3. Stored files ------------------------------------------------------------------------------------

drop policy if exists "Password chosen by its owner" on storage.objects;
create policy "Password chosen by its owner" on storage.objects as restrictive for all to authenticated
  using (not (select private.password_change_required()))
  with check (not (select private.password_change_required()));

-- 4. A new password ends the requirement ---------------------------------------------------------------

create function private.clear_password_change_required() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.raw_app_meta_data := coalesce(new.raw_app_meta_data, '{}'::jsonb) - 'must_change_password';
  return new;
end
$$;

comment on function private.clear_password_change_required() is
  'auth.users trigger: a newly stored password removes must_change_password from the app metadata.';

revoke execute on function private.clear_password_change_required() from public;

create trigger on_auth_user_password_changed
  before update of encrypted_password on auth.users
  for each row
  when (old.encrypted_password is distinct from new.encrypted_password
        and new.raw_app_meta_data ? 'must_change_password')
  execute function private.clear_password_change_required();
