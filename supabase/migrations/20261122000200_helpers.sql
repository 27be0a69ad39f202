-- Helpers every later migration uses: who is calling, display names, `updated_at` stamping, and the
-- Trigram extension behind the case-insensitive list searches (title, description, names, email).

create extension if not exists pg_trgm with schema extensions;

-- Seeds, migrations, the benchmark loader (a direct connection: role GUC 'none') and the service role
-- are trusted; `anon` and `authenticated` requests are not. The `role` setting is what PostgREST and
-- the local gateway switch per request, and a security definer function does not change it, so this
-- also answers correctly inside one.
create function private.is_trusted_caller() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(current_setting('role', true), 'none') not in ('anon', 'authenticated')
$$;

comment on function private.is_trusted_caller() is
  'True for the service role and direct database sessions (seeds, migrations); false for API users.';

-- An administrator, or a trusted server-side caller acting for one.
create function private.acts_as_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select (select private.is_trusted_caller()) or (select private.is_admin())
$$;

-- "First Last" of a profile, for read models that show a teacher or an uploader next to a row the caller
-- may already see. Null when the profile is gone (the UI shows 'Unknown').
create function private.public_name(user_uuid uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select nullif(btrim(u.first_name || ' ' || u.last_name), '') from public.users u where u.id = user_uuid
$$;

revoke execute on function private.is_trusted_caller(), private.acts_as_admin(), private.public_name(uuid)
  from public;
grant execute on function private.is_trusted_caller(), private.acts_as_admin(), private.public_name(uuid)
  to authenticated, service_role;

create function private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

revoke execute on function private.touch_updated_at() from public;

-- User Management searches first name, last name and email (ilike '%…%').
create index users_first_name_trgm_idx on public.users using gin (first_name extensions.gin_trgm_ops);
create index users_last_name_trgm_idx on public.users using gin (last_name extensions.gin_trgm_ops);
create index users_email_trgm_idx on public.users using gin (email extensions.gin_trgm_ops);
create index users_created_at_idx on public.users (created_at desc);
