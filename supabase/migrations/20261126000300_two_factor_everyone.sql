-- Two-factor sign-in holds in the database for everyone who turned it on.
--
-- A person whose account has a verified authenticator app (a verified row in auth.mfa_factors) gets
-- nothing from a session that has not passed the code (the access token's `aal` claim is not 'aal2'),
-- whatever their role and whatever the school setting: someone who knows only the password and calls
-- the API directly reads no rows and writes nothing. Accounts without a verified factor are unaffected
-- (their sessions are aal1 and work as before). Trusted callers (service role, seeds, migrations) are
-- never affected.
--
-- 1. private.has_verified_factor() / private.second_factor_passed(): the rule, read once per request.
-- 2. PostgREST's pre-request hook (`pgrst.db_pre_request`, a setting of the authenticator role, as
--    hosted Supabase documents it): every REST request, tables, views and RPCs alike, is refused with
--    SQLSTATE 42501 'Two-factor sign-in is required for this account' (HTTP 403) before it runs, except
--    the two RPCs the sign-in page calls between the password and the code: get_public_settings (the
--    school's branding) and two_factor_required_for_me (answers only for the caller). One check per
--    request instead of a policy on every table, so no query plan changes.
-- 3. Stored files: storage.objects is read through the Storage API, not PostgREST, so it gets the same
--    rule as a RESTRICTIVE policy.

-- 1. The rule ---------------------------------------------------------------------------------------------

create or replace function private.has_verified_factor() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from auth.mfa_factors f
     where f.user_id = (select auth.uid()) and f.status = 'verified'
  )
$$;

comment on function private.has_verified_factor() is
  'Whether the calling user has a verified two-factor authenticator (auth.mfa_factors); false without a user.';

-- True when the caller may use the data: the session passed its second factor (aal2), or the account has
-- no verified factor. Trusted callers always may.
create or replace function private.second_factor_passed() returns boolean
language sql stable security definer set search_path = ''
as $$
  select (select private.is_trusted_caller())
      or coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
      or not (select private.has_verified_factor())
$$;

comment on function private.second_factor_passed() is
  'False for a session that has not passed two-factor sign-in (aal1) of an account with a verified factor.';

revoke execute on function private.has_verified_factor(), private.second_factor_passed() from public;
grant execute on function private.has_verified_factor(), private.second_factor_passed()
  to anon, authenticated, service_role;

-- 2. Every REST request ------------------------------------------------------------------------------------

create or replace function private.require_second_factor_request() returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if current_setting('request.path', true) in ('/rpc/get_public_settings', '/rpc/two_factor_required_for_me') then
    return;
  end if;
  if not (select private.second_factor_passed()) then
    raise exception 'Two-factor sign-in is required for this account'
      using errcode = '42501',
            hint = 'Enter the code from your authenticator app (aal2) to use this account.';
  end if;
end
$$;

comment on function private.require_second_factor_request() is
  'PostgREST pre-request hook: refuses (42501) every request of an aal1 session of an account with a '
  'verified two-factor factor, except the sign-in page''s get_public_settings and two_factor_required_for_me.';

-- PostgREST calls the hook as the request's role, anonymous visitors included: they may reach this one
-- function of the private schema (its other functions stay unexecutable for them).
grant usage on schema private to anon;
revoke execute on function private.require_second_factor_request() from public;
grant execute on function private.require_second_factor_request() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request = 'private.require_second_factor_request';
notify pgrst, 'reload config';

-- 3. Stored files ------------------------------------------------------------------------------------------

drop policy if exists "Two-factor sign-in passed" on storage.objects;
create policy "Two-factor sign-in passed" on storage.objects as restrictive for all to authenticated
  using ((select private.second_factor_passed()))
  with check ((select private.second_factor_passed()));
