-- What hosted Supabase provides before any app migration runs, built the way hosted Supabase builds it
-- (its Postgres image's roles and grants, GoTrue's and Storage's own migrations), so that a migration
-- that would fail there fails here too:
--   * run by the cluster's superuser (supabase_admin, as on hosted); the migrations and the seed then
--     run as `postgres`, a non-superuser (CREATEDB CREATEROLE REPLICATION BYPASSRLS);
--   * `auth` and `storage` belong to supabase_admin, their tables and functions to supabase_auth_admin
--     and supabase_storage_admin: `postgres` may read and write their rows but not alter them, and may
--     create nothing in those schemas;
--   * `delete from storage.objects` (and storage.buckets) is refused unless the Storage API's
--     `storage.allow_delete_query` is set, as Storage's protect_delete trigger does.
-- Tables, columns and types follow current GoTrue and Storage for the tables this project uses; they
-- are written here from their documented schemas, not copied. Idempotent: applied on every start.
-- Later additions to a table go in its block, each only when missing (a `do` block that checks
-- pg_attribute before `alter table … add column`): even `add column if not exists` locks the table.

-- Applied to a database in use too (a stack started on an existing database, the migrations test beside
-- the other test files), so a statement that locks a table runs only when it has something to do:
-- `create index if not exists` takes a SHARE lock on its table even when the index is there, `alter
-- table … owner to` and `… enable row level security` an ACCESS EXCLUSIVE lock even when nothing
-- changes, `create or replace trigger` a SHARE ROW EXCLUSIVE lock. Held until commit, they made a
-- sign-up that had read auth.users wait for them when it went on to insert, while they waited for the
-- sign-up: "deadlock detected" (docs/architecture.md, "The local stack"). Tested by
-- supabase/tests/sign-up-beside-bootstrap.test.ts. The helpers live in this session's temporary
-- schema only.

-- Runs `create [unique] index if not exists <name> on <schema>.<table> …` only when the index is missing.
create or replace function pg_temp.create_index_once(ddl text) returns void
language plpgsql as $$
declare
  v_name text[] := regexp_match(ddl, '^create\s+(?:unique\s+)?index\s+if\s+not\s+exists\s+(\w+)\s+on\s+(\w+)\.');
begin
  if v_name is null then
    raise exception 'create_index_once: no index name and schema in %', ddl;
  end if;
  if to_regclass(format('%I.%I', v_name[2], v_name[1])) is null then
    execute ddl;
  end if;
end
$$;

-- Gives a table its owner and turns its row level security on, each only when not so already.
create or replace function pg_temp.own_with_row_security(tbl regclass, owner_role text) returns void
language plpgsql as $$
begin
  if (select c.relowner::regrole::text from pg_class c where c.oid = tbl) <> owner_role then
    execute format('alter table %s owner to %I', tbl, owner_role);
  end if;
  if not (select c.relrowsecurity from pg_class c where c.oid = tbl) then
    execute format('alter table %s enable row level security', tbl);
  end if;
end
$$;

-- Roles ---------------------------------------------------------------------------------------------
do $$
begin
  -- hosted: the image's `postgres` is a superuser only while its init scripts run, then demoted.
  if current_user = 'postgres' then
    raise exception 'The local stack''s bootstrap needs a superuser other than postgres (postgres becomes a non-superuser, as on hosted Supabase); set DATABASE_URL to such a role.';
  end if;
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres;
  end if;
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin;
  end if;
end
$$;

-- Local-only passwords: DB_PASSWORD and AUTHENTICATOR_PASSWORD in src/config.ts.
alter role postgres with nosuperuser createdb createrole replication bypassrls login password 'postgres';
alter role authenticator with login noinherit password 'postgres';
-- GoTrue and Storage log in as these on hosted; here the gateway plays both and logs in as postgres.
alter role supabase_auth_admin with noinherit nocreaterole nologin noreplication;
alter role supabase_storage_admin with noinherit nocreaterole nologin noreplication;
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant anon, authenticated, service_role to authenticator;
-- hosted (Postgres 16+): postgres may switch to and manage the API roles.
grant anon, authenticated, service_role to postgres with admin option;
grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;
-- hosted lets postgres set PostgREST's `pgrst.*` settings on authenticator (supautils opens those to
-- it). Postgres asks for the admin option on the role (without membership: postgres never becomes
-- authenticator nor inherits from it) and the right to set each setting.
grant authenticator to postgres with admin option, inherit false, set false;
grant set on parameter
  pgrst.db_pre_request, pgrst.db_schemas, pgrst.db_extra_search_path, pgrst.db_max_rows,
  pgrst.db_plan_enabled, pgrst.db_aggregates_enabled, pgrst.jwt_role_claim_key, pgrst.openapi_mode
  to postgres;

-- Same statement timeouts as hosted Supabase, so a slow query fails here before it fails there.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- The database ------------------------------------------------------------------------------------------
do $$
begin
  -- hosted: postgres owns the database, so also `public` (owned by pg_database_owner).
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant all on database %I to postgres', current_database());
  -- Hosted Supabase resolves unqualified extension functions (uuid_generate_v4(), crypt()) this way.
  execute format('alter database %I set search_path to "$user", public, extensions', current_database());
end
$$;

-- Public schema grants ------------------------------------------------------------------------------
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;

-- Extensions ----------------------------------------------------------------------------------------
create schema if not exists extensions;
alter schema extensions owner to postgres;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on all tables in schema extensions to postgres with grant option;
grant all on all routines in schema extensions to postgres with grant option;
grant all on all sequences in schema extensions to postgres with grant option;

-- Auth ----------------------------------------------------------------------------------------------
-- Owned as on hosted: the schema by the superuser, tables, types and functions by supabase_auth_admin.
-- postgres: usage (no create), every privilege on the tables; the API roles: usage only. Row level
-- security is on for every table, without policies (GoTrue's own tables are not for API roles).
create schema if not exists auth;
grant all on schema auth to supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;
revoke create on schema auth from postgres;

do $$
begin
  if to_regtype('auth.aal_level') is null then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if to_regtype('auth.factor_type') is null then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if to_regtype('auth.factor_status') is null then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if to_regtype('auth.code_challenge_method') is null then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
  if to_regtype('auth.one_time_token_type') is null then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token'
    );
  end if;
end
$$;
alter type auth.aal_level owner to supabase_auth_admin;
alter type auth.factor_type owner to supabase_auth_admin;
alter type auth.factor_status owner to supabase_auth_admin;
alter type auth.code_challenge_method owner to supabase_auth_admin;
alter type auth.one_time_token_type owner to supabase_auth_admin;

-- auth.users
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0
    constraint users_email_change_confirm_status_check check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
select pg_temp.create_index_once($ddl$create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists users_instance_id_idx on auth.users (instance_id)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email))$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists users_is_anonymous_idx on auth.users (is_anonymous)$ddl$);
-- GoTrue keeps each token unique while it is a real token (not '' nor a bare code).
select pg_temp.create_index_once($ddl$create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token !~ '^[0-9 ]*$'$ddl$);
select pg_temp.create_index_once($ddl$create unique index if not exists recovery_token_idx on auth.users (recovery_token)
  where recovery_token !~ '^[0-9 ]*$'$ddl$);
select pg_temp.create_index_once($ddl$create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current !~ '^[0-9 ]*$'$ddl$);
select pg_temp.create_index_once($ddl$create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new !~ '^[0-9 ]*$'$ddl$);
select pg_temp.create_index_once($ddl$create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token !~ '^[0-9 ]*$'$ddl$);
-- Local only: the gateway finds users by lower(email) without an instance id.
select pg_temp.create_index_once($ddl$create index if not exists users_lower_email_idx on auth.users (lower(email))$ddl$);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';

-- auth.identities
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
select pg_temp.create_index_once($ddl$create index if not exists identities_user_id_idx on auth.identities (user_id)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists identities_email_idx on auth.identities (email text_pattern_ops)$ddl$);
comment on table auth.identities is 'Auth: Stores identities associated to a user.';

-- auth.sessions
create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  -- GoTrue's OAuth server columns (references auth.oauth_clients there, a table this stack has not).
  oauth_client_id uuid,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text constraint sessions_scopes_length check (char_length(scopes) <= 4096)
);
select pg_temp.create_index_once($ddl$create index if not exists sessions_user_id_idx on auth.sessions (user_id)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists sessions_not_after_idx on auth.sessions (not_after desc)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id)$ddl$);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';

-- auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims
create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text default null,
  last_challenged_at timestamptz default null unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
select pg_temp.create_index_once($ddl$create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> ''$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id)$ddl$);
select pg_temp.create_index_once($ddl$create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone)$ddl$);
comment on table auth.mfa_factors is 'auth: stores metadata about factors';

create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null
    constraint mfa_challenges_auth_factor_id_fkey references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
select pg_temp.create_index_once($ddl$create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc)$ddl$);
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';

-- How each session was started; the `amr` claim of every access token of the session comes from here.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';

-- auth.refresh_tokens
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) constraint refresh_tokens_token_unique unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
select pg_temp.create_index_once($ddl$create index if not exists refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc)$ddl$);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';

-- auth.flow_state: PKCE state (here: recovery links requested by a client using flowType 'pkce').
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  invite_token text,
  referrer text,
  oauth_client_state_id uuid,
  linking_target_id uuid,
  email_optional boolean not null default false
);
select pg_temp.create_index_once($ddl$create index if not exists idx_auth_code on auth.flow_state (auth_code)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc)$ddl$);
comment on table auth.flow_state is 'Stores metadata for PKCE logins';

-- auth.one_time_tokens (GoTrue's; the gateway keeps its codes on auth.users, as GoTrue also does)
create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null constraint one_time_tokens_token_hash_check check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now()
);
select pg_temp.create_index_once($ddl$create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to)$ddl$);
select pg_temp.create_index_once($ddl$create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type)$ddl$);

-- auth.mail_outbox: local only, mail the local auth server "sends" (password recovery) and the school's
-- mail, read through the outbox on 54324.
create table if not exists auth.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_email text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default clock_timestamp(),
  -- The sender the app's own mail names (the System Settings' from name and address); null for auth mail.
  from_address text,
  -- The SMTP username the local listener saw (the school's mail arrives through SMTP).
  smtp_user text
);
select pg_temp.create_index_once($ddl$create index if not exists mail_outbox_to_email_idx on auth.mail_outbox (lower(to_email), created_at desc)$ddl$);

-- Ownership, grants and row security of every auth table.
do $$
declare
  v_table text;
begin
  foreach v_table in array array[
    'users', 'identities', 'sessions', 'mfa_factors', 'mfa_challenges', 'mfa_amr_claims',
    'refresh_tokens', 'flow_state', 'one_time_tokens', 'mail_outbox'
  ] loop
    perform pg_temp.own_with_row_security(format('auth.%I', v_table)::regclass, 'supabase_auth_admin');
    execute format('grant all on auth.%I to postgres', v_table);
    execute format('grant select on auth.%I to postgres with grant option', v_table);
  end loop;
end
$$;
grant all on sequence auth.refresh_tokens_id_seq to postgres;

-- Read the claims PostgREST (and the local storage API) put into `request.jwt.claims`, like Supabase.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to postgres, anon, authenticated, service_role;

-- Storage -------------------------------------------------------------------------------------------
-- Owned as on hosted: the schema by the superuser, tables and functions by supabase_storage_admin.
-- postgres: usage (no create), every privilege on the tables, with grant option; the API roles every
-- privilege, row level security deciding (the migrations' policies).
create schema if not exists storage;
grant all on schema storage to supabase_storage_admin;
grant usage on schema storage to postgres with grant option;
grant usage on schema storage to anon, authenticated, service_role;
revoke create on schema storage from postgres;

do $$
begin
  if to_regtype('storage.buckettype') is null then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;
alter type storage.buckettype owner to supabase_storage_admin;

-- storage.buckets
create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD',
  versioning_status text not null default 'DISABLED'
    constraint buckets_versioning_status_check check (versioning_status in ('DISABLED', 'ENABLED', 'SUSPENDED'))
);
select pg_temp.create_index_once($ddl$create unique index if not exists bname on storage.buckets (name)$ddl$);

-- storage.objects
create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  archived_at timestamptz,
  is_delete_marker boolean not null default false,
  is_versioned boolean not null default false
);
select pg_temp.create_index_once($ddl$create unique index if not exists bucketid_objname on storage.objects (bucket_id, name)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists name_prefix_search on storage.objects (name text_pattern_ops)$ddl$);
select pg_temp.create_index_once($ddl$create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C")$ddl$);

do $$
declare
  v_table text;
begin
  foreach v_table in array array['buckets', 'objects'] loop
    perform pg_temp.own_with_row_security(format('storage.%I', v_table)::regclass, 'supabase_storage_admin');
    execute format('grant all on storage.%I to anon, authenticated, service_role', v_table);
    execute format('grant all on storage.%I to postgres with grant option', v_table);
  end loop;
end
$$;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;

-- Each trigger only when missing (see the top of this file): `create or replace trigger` locks the table.
do $$
begin
  if not exists (select from pg_trigger where tgrelid = 'storage.objects'::regclass and tgname = 'update_objects_updated_at') then
    create or replace trigger update_objects_updated_at
      before update on storage.objects
      for each row execute function storage.update_updated_at_column();
  end if;
end
$$;

-- Storage's rule: rows leave storage.objects / storage.buckets only through the Storage API, which
-- sets storage.allow_delete_query for its own transactions (the local gateway does the same in
-- caller-db.ts), so the files are removed with them. SQL, migrations, seeds and tests are refused.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;

do $$
begin
  if not exists (select from pg_trigger where tgrelid = 'storage.buckets'::regclass and tgname = 'protect_buckets_delete') then
    create or replace trigger protect_buckets_delete
      before delete on storage.buckets
      for each statement execute function storage.protect_delete();
  end if;
  if not exists (select from pg_trigger where tgrelid = 'storage.objects'::regclass and tgname = 'protect_objects_delete') then
    create or replace trigger protect_objects_delete
      before delete on storage.objects
      for each statement execute function storage.protect_delete();
  end if;
end
$$;

alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
alter function storage.update_updated_at_column() owner to supabase_storage_admin;
alter function storage.protect_delete() owner to supabase_storage_admin;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to postgres, anon, authenticated, service_role;

-- Policies on auth and storage tables ------------------------------------------------------------------
-- Hosted Supabase lets postgres create, alter and drop policies on the auth and storage tables it does
-- not own (supautils' policy_grants); Postgres alone asks for the owner. Here postgres holds the
-- owners' privileges for the length of such a statement only: granted when it starts, revoked when it
-- ends, rolled back with it when it fails. Everything else owner-only (alter table, triggers off, …)
-- stays refused, as on hosted.
create schema if not exists supabase_local;
revoke all on schema supabase_local from public;

create or replace function supabase_local.lend_policy_owners() returns event_trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if not pg_catalog.pg_has_role('postgres', 'supabase_storage_admin', 'member') then
    grant supabase_auth_admin, supabase_storage_admin to postgres with inherit true, set false;
    perform pg_catalog.set_config('supabase_local.policy_owners_lent', 'on', true);
  end if;
end
$$;

create or replace function supabase_local.return_policy_owners() returns event_trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if pg_catalog.current_setting('supabase_local.policy_owners_lent', true) = 'on' then
    revoke supabase_auth_admin, supabase_storage_admin from postgres;
    perform pg_catalog.set_config('supabase_local.policy_owners_lent', 'off', true);
  end if;
end
$$;

revoke all on function supabase_local.lend_policy_owners(), supabase_local.return_policy_owners() from public;
drop event trigger if exists supabase_local_lend_policy_owners;
drop event trigger if exists supabase_local_return_policy_owners;
create event trigger supabase_local_lend_policy_owners on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY')
  execute function supabase_local.lend_policy_owners();
create event trigger supabase_local_return_policy_owners on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY')
  execute function supabase_local.return_policy_owners();

-- Migrations ledger (same schema name as the Supabase CLI, which creates it as postgres) -------------
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  checksum text not null,
  applied_at timestamptz not null default now()
);
alter schema supabase_migrations owner to postgres;
do $$
begin
  if (select c.relowner::regrole::text from pg_class c
       where c.oid = 'supabase_migrations.schema_migrations'::regclass) <> 'postgres' then
    alter table supabase_migrations.schema_migrations owner to postgres;
  end if;
end
$$;

-- Realtime ---------------------------------------------------------------------------------------------
-- Hosted Supabase has this publication, empty, owned by postgres: a migration makes a table live with
-- `alter publication supabase_realtime add table …`. The gateway's Realtime reads its changes through
-- logical decoding (local-supabase/src/realtime-feed.ts; Postgres runs with wal_level = logical).
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime owner to postgres;
