-- Two-factor sign-in (TOTP, `auth.mfa` of supabase-js).
--
-- 1. GoTrue's MFA tables (auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims) as hosted
--    Supabase has them. Hosted Supabase creates them itself before any app migration runs, so this part
--    only creates what is missing (the local stack's gateway implements the same `/factors` API on them)
--    and never touches an existing auth table.
-- 2. Staff writes: when System Settings → Security → twoFactorAuth is on, administrators' writes (to
--    every table) and teachers' writes to the tables they manage (courses, classes, class_attendance,
--    materials, activities, activity_submissions) are refused unless the session passed its second
--    factor: the access token's `aal` claim is 'aal2' (auth.jwt() ->> 'aal'). Students are never
--    affected, nor are trusted callers (service role, seeds, migrations). The check is a statement
--    trigger, so it also holds inside security definer functions (RPCs) that write those tables.
--    Refused with SQLSTATE 42501 and the text 'Two-factor sign-in is required for this account'.
--    two_factor_required_for_me() tells the sign-in page whether the account must use it.
-- 3. Everyone who turned it on: a person whose account has a verified authenticator app (a verified row
--    in auth.mfa_factors) gets nothing from a session that has not passed the code (`aal` is not
--    'aal2'), whatever their role and whatever the school setting: someone who knows only the password
--    and calls the API directly reads no rows and writes nothing. Accounts without a verified factor are
--    unaffected. Trusted callers are never affected.
--      private.has_verified_factor() / private.second_factor_passed(): the rule, read once per request.
--      PostgREST's pre-request hook (`pgrst.db_pre_request`, a setting of the authenticator role, as
--      hosted Supabase documents it): every REST request, tables, views and RPCs alike, is refused with
--      SQLSTATE 42501 (HTTP 403) before it runs, except the two RPCs the sign-in page calls between the
--      password and the code: get_public_settings (the school's branding) and
--      two_factor_required_for_me (answers only for the caller). One check per request instead of a
--      policy on every table, so no query plan changes.
--      Stored files: storage.objects is read through the Storage API, not PostgREST, so it gets the
--      same rule as a RESTRICTIVE policy.

-- 1. GoTrue's MFA schema ------------------------------------------------------------------------------
do $$
begin
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;

  if to_regclass('auth.mfa_factors') is null then
    create table auth.mfa_factors (
      id uuid not null primary key,
      user_id uuid not null references auth.users (id) on delete cascade,
      friendly_name text null,
      factor_type auth.factor_type not null,
      status auth.factor_status not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      secret text null,
      phone text null default null,
      last_challenged_at timestamptz null default null unique,
      web_authn_credential jsonb null,
      web_authn_aaguid uuid null,
      last_webauthn_challenge_data jsonb null
    );
    comment on table auth.mfa_factors is 'auth: stores metadata about factors';
    create unique index mfa_factors_user_friendly_name_unique
      on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
    create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
    create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);
  end if;

  if to_regclass('auth.mfa_challenges') is null then
    create table auth.mfa_challenges (
      id uuid not null primary key,
      factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
      created_at timestamptz not null,
      verified_at timestamptz null,
      ip_address inet not null,
      otp_code text null,
      web_authn_session_data jsonb null
    );
    comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';
    create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
  end if;

  -- The local stack's bootstrap already has this one (every session records how it was started).
  if to_regclass('auth.mfa_amr_claims') is null then
    create table auth.mfa_amr_claims (
      session_id uuid not null references auth.sessions (id) on delete cascade,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      authentication_method text not null,
      id uuid not null primary key,
      constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
    );
    comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';
  end if;
end
$$;

-- 2. Admin (and teacher) writes need aal2 when the school requires two-factor sign-in ----------------

-- Whether System Settings → Security → twoFactorAuth is on.
create function private.two_factor_required() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select (s.security ->> 'twoFactorAuth')::boolean from public.app_settings s where s.id = 1), false)
$$;

comment on function private.two_factor_required() is
  'True when System Settings → Security → twoFactorAuth is on (admins and teachers must use two-factor sign-in).';

-- Statement trigger: refuses the statement when the caller must have passed two-factor sign-in and has
-- not. TG_ARGV[0] = 'teacher' makes the table one that teachers manage (their writes are checked too).
create function private.require_two_factor_for_staff() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_role text;
begin
  if (select private.is_trusted_caller()) then
    return null;
  end if;
  v_role := (select private.current_user_role());
  if v_role = 'admin' or (v_role = 'teacher' and coalesce(tg_argv[0], '') = 'teacher') then
    if (select private.two_factor_required())
       and coalesce((select auth.jwt()) ->> 'aal', 'aal1') <> 'aal2' then
      raise exception 'Two-factor sign-in is required for this account'
        using errcode = '42501',
              hint = 'Sign in with your authenticator app code (aal2) to make changes.';
    end if;
  end if;
  return null;
end
$$;

comment on function private.require_two_factor_for_staff() is
  'Refuses admins'' writes (and teachers'' writes to the tables they manage) from an aal1 session while twoFactorAuth is on.';

revoke execute on function private.two_factor_required(), private.require_two_factor_for_staff() from public;
grant execute on function private.two_factor_required() to authenticated, service_role;

-- Tables teachers manage: their writes are checked as well as admins'.
create trigger require_two_factor before insert or update or delete on public.courses
  for each statement execute function private.require_two_factor_for_staff('teacher');
create trigger require_two_factor before insert or update or delete on public.classes
  for each statement execute function private.require_two_factor_for_staff('teacher');
create trigger require_two_factor before insert or update or delete on public.class_attendance
  for each statement execute function private.require_two_factor_for_staff('teacher');
create trigger require_two_factor before insert or update or delete on public.materials
  for each statement execute function private.require_two_factor_for_staff('teacher');
create trigger require_two_factor before insert or update or delete on public.activities
  for each statement execute function private.require_two_factor_for_staff('teacher');
create trigger require_two_factor before insert or update or delete on public.activity_submissions
  for each statement execute function private.require_two_factor_for_staff('teacher');

-- Tables only admins manage among staff (students' own writes here are never affected).
create trigger require_two_factor before insert or update or delete on public.users
  for each statement execute function private.require_two_factor_for_staff('admin');
create trigger require_two_factor before insert or update or delete on public.enrollments
  for each statement execute function private.require_two_factor_for_staff('admin');
create trigger require_two_factor before insert or update or delete on public.course_reviews
  for each statement execute function private.require_two_factor_for_staff('admin');
create trigger require_two_factor before insert or update or delete on public.app_settings
  for each statement execute function private.require_two_factor_for_staff('admin');

-- What the sign-in page asks after the password: must this account use two-factor sign-in? True for
-- administrators and teachers while twoFactorAuth is on (they then enrol before entering); false for
-- students, and for everyone while it is off. Says nothing about other accounts.
create function public.two_factor_required_for_me() returns boolean
language sql stable security definer set search_path = ''
as $$
  select (select private.two_factor_required())
     and coalesce((select private.current_user_role()) in ('admin', 'teacher'), false)
$$;

comment on function public.two_factor_required_for_me() is
  'Whether the signed-in account must use two-factor sign-in (admin or teacher while twoFactorAuth is on).';

revoke execute on function public.two_factor_required_for_me() from public, anon;
grant execute on function public.two_factor_required_for_me() to authenticated, service_role;

-- 3. Everyone who turned it on ------------------------------------------------------------------------

create function private.has_verified_factor() returns boolean
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
create function private.second_factor_passed() returns boolean
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

-- Every REST request.
create function private.require_second_factor_request() returns void
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

-- Stored files.
drop policy if exists "Two-factor sign-in passed" on storage.objects;
create policy "Two-factor sign-in passed" on storage.objects as restrictive for all to authenticated
  using ((select private.second_factor_passed()))
  with check ((select private.second_factor_passed()));
