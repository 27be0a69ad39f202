-- Profiles of everyone who can sign in. The row is created by the sign-up trigger on auth.users and
-- always starts as a student; only administrators (or the service role) change role, status or email.

-- Helpers live in `private`, a schema PostgREST does not expose.
create schema if not exists private;
grant usage on schema private to authenticated, service_role;

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null default '',
  first_name text not null default '' check (char_length(first_name) <= 100),
  last_name text not null default '' check (char_length(last_name) <= 100),
  role text not null default 'student' check (role in ('student', 'teacher', 'admin')),
  avatar_url text,
  phone text check (char_length(phone) <= 40),
  location text check (char_length(location) <= 120),
  bio text check (char_length(bio) <= 2000),
  is_active boolean not null default true,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.users is
  'Profile of each account (one row per auth.users row). Role and status decide what a person may do.';
comment on column public.users.role is 'student, teacher or admin; only administrators change it.';
comment on column public.users.is_active is 'False blocks the account''s role rights; only administrators change it.';
comment on column public.users.last_sign_in_at is
  'Copied from auth.users by trigger; shown as "Last Login" in user management.';

create index users_role_idx on public.users (role);

alter table public.users enable row level security;

-- Role checks as security definer helpers: cheap to call from policies and never recursive through RLS.
create function private.current_user_role() returns text
language sql stable security definer set search_path = ''
as $$
  select u.role from public.users u where u.id = (select auth.uid()) and u.is_active
$$;

create function private.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select private.current_user_role()) = 'admin', false)
$$;

revoke execute on function private.current_user_role(), private.is_admin() from public;
grant execute on function private.current_user_role(), private.is_admin() to authenticated, service_role;

create policy "Users can view their own profile"
  on public.users for select
  to authenticated
  using (id = (select auth.uid()));

create policy "Admins can view every profile"
  on public.users for select
  to authenticated
  using ((select private.is_admin()));

-- Every signed-in person sees the teacher's name and avatar next to a course.
create policy "Signed-in users can view teacher profiles"
  on public.users for select
  to authenticated
  using (role = 'teacher');

create policy "Users can update their own profile"
  on public.users for update
  to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create policy "Admins can update every profile"
  on public.users for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can delete profiles"
  on public.users for delete
  to authenticated
  using ((select private.is_admin()));

-- No insert grant: profiles are created only by the sign-up trigger. Anonymous callers get nothing.
revoke all on public.users from anon, authenticated;
grant select, update, delete on public.users to authenticated;
grant all on public.users to service_role;

-- An UPDATE policy covers every column, so the protected ones are guarded here. Roles other than the
-- API's anon/authenticated (service_role, the auth server, migrations, seeds) are trusted.
create function private.guard_user_protected_columns() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.id, new.role, new.is_active, new.email) is distinct from (old.id, old.role, old.is_active, old.email)
     and current_user in ('anon', 'authenticated')
     and not (select private.is_admin()) then
    raise exception 'Only administrators can change role, status or email'
      using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger guard_user_protected_columns
  before update on public.users
  for each row execute function private.guard_user_protected_columns();

-- A sign-in only copies last_sign_in_at; it is not an edit of the profile.
create function private.touch_user_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (to_jsonb(new) - 'last_sign_in_at' - 'updated_at') <> (to_jsonb(old) - 'last_sign_in_at' - 'updated_at') then
    new.updated_at := now();
  else
    new.updated_at := old.updated_at;
  end if;
  return new;
end
$$;

create trigger touch_user_updated_at
  before update on public.users
  for each row execute function private.touch_user_updated_at();

-- Sign-up: a student profile from the metadata names. The metadata is client-controlled, so its role
-- (if any) is ignored.
create function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.users (id, email, first_name, last_name, role, last_sign_in_at, created_at)
  values (
    new.id,
    coalesce(new.email, ''),
    left(coalesce(trim(new.raw_user_meta_data ->> 'first_name'), ''), 100),
    left(coalesce(trim(new.raw_user_meta_data ->> 'last_name'), ''), 100),
    'student',
    new.last_sign_in_at,
    coalesce(new.created_at, now())
  );
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- Keep the profile's copy of the sign-in email and last sign-in in step with auth.users.
create function private.sync_user_from_auth() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.users
     set email = coalesce(new.email, ''),
         last_sign_in_at = new.last_sign_in_at
   where id = new.id;
  return new;
end
$$;

create trigger on_auth_user_updated
  after update of email, last_sign_in_at on auth.users
  for each row
  when (old.email is distinct from new.email or old.last_sign_in_at is distinct from new.last_sign_in_at)
  execute function private.sync_user_from_auth();

revoke execute on function
  private.guard_user_protected_columns(),
  private.touch_user_updated_at(),
  private.handle_new_user(),
  private.sync_user_from_auth()
from public;
