-- Two-factor sign-in (TOTP).
--
-- 1. GoTrue's MFA tables (auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims) as hosted
--    Supabase has them. Hosted Supabase creates them itself before any app migration runs, so this part
--    only creates what is missing (the local stack's gateway implements the same `/factors` API on them)
--    and never touches an existing auth table.
-- 2. The rule: when System Settings → Security → twoFactorAuth is on, administrators' writes (to every
--    table) and teachers' writes to the tables they manage (courses, classes, class_attendance,
--    materials, activities, activity_submissions) are refused unless the session passed its second
--    factor: the access token's `aal` claim is 'aal2' (auth.jwt() ->> 'aal'). Students are never
--    affected, nor are trusted callers (service role, seeds, migrations). The check is a statement
--    trigger, so it also holds inside security definer functions (RPCs) that write those tables.
--    Refused with SQLSTATE 42501 and the text 'Two-factor sign-in is required for this account'.

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
create or replace function private.two_factor_required() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select (s.security ->> 'twoFactorAuth')::boolean from public.app_settings s where s.id = 1), false)
$$;

comment on function private.two_factor_required() is
  'True when System Settings → Security → twoFactorAuth is on (admins and teachers must use two-factor sign-in).';

-- Statement trigger: refuses the statement when the caller must have passed two-factor sign-in and has
-- not. TG_ARGV[0] = 'teacher' makes the table one that teachers manage (their writes are checked too).
create or replace function private.require_two_factor_for_staff() returns trigger
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

do $$
declare
  v_table text;
begin
  -- Tables teachers manage: their writes are checked as well as admins'.
  foreach v_table in array array['courses', 'classes', 'class_attendance', 'materials', 'activities', 'activity_submissions'] loop
    execute format('drop trigger if exists require_two_factor on public.%I', v_table);
    execute format(
      'create trigger require_two_factor before insert or update or delete on public.%I
         for each statement execute function private.require_two_factor_for_staff(%L)',
      v_table, 'teacher');
  end loop;
  -- Tables only admins manage among staff (students' own writes here are never affected).
  foreach v_table in array array['users', 'enrollments', 'course_reviews', 'app_settings'] loop
    execute format('drop trigger if exists require_two_factor on public.%I', v_table);
    execute format(
      'create trigger require_two_factor before insert or update or delete on public.%I
         for each statement execute function private.require_two_factor_for_staff(%L)',
      v_table, 'admin');
  end loop;
end
$$;

-- 3. What the sign-in page asks after the password: must this account use two-factor sign-in? ---------
-- True for administrators and teachers while twoFactorAuth is on (they then enrol before entering);
-- false for students, and for everyone while it is off. Says nothing about other accounts.
create or replace function public.two_factor_required_for_me() returns boolean
language sql stable security definer set search_path = ''
as $$
  select (select private.two_factor_required())
     and coalesce((select private.current_user_role()) in ('admin', 'teacher'), false)
$$;

comment on function public.two_factor_required_for_me() is
  'Whether the signed-in account must use two-factor sign-in (admin or teacher while twoFactorAuth is on).';

revoke execute on function public.two_factor_required_for_me() from public, anon;
grant execute on function public.two_factor_required_for_me() to authenticated, service_role;
