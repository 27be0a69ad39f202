-- Helpers every domain uses:
--
--   private (schema): role checks and other helpers live here; PostgREST does not expose it. Signed-in
--     users and the service role may call what it grants them (anonymous visitors: see two_factor).
--   pg_trgm (extension, schema extensions): the trigram indexes behind the case-insensitive list
--     searches (ilike '%…%' over titles, descriptions, names and email).
--   private.is_trusted_caller(): true for the service role and direct database sessions (seeds,
--     migrations), false for API users; triggers and functions let trusted callers through.
--   private.touch_updated_at() (trigger function): stamps `updated_at` on every update.

create schema if not exists private;
grant usage on schema private to authenticated, service_role;

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

revoke execute on function private.is_trusted_caller() from public;
grant execute on function private.is_trusted_caller() to authenticated, service_role;

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
