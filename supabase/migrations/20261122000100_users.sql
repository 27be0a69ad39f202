-- Profiles of everyone who can sign in. The row is created by the sign-up trigger on auth.users and
-- always starts as a student; only administrators (or the service role) change role, status, email or
-- specializations.
--
--   public.users: the profile; `specializations` is what a teacher teaches ("Business Spanish",
--     "Conversation"), part of a teacher's public profile with the name and avatar: at most 10 labels,
--     each 1–40 characters without surrounding spaces, no two alike ignoring case. A column, not a
--     table: a short list of labels that belongs to the profile, is read and written with it and has
--     nothing of its own (no id, no dates).
--   Read: your own row; administrators every row; a teacher the students of their courses (policies in
--     the enrollments migration). Everyone else's public part is teacher_profiles (below).
--   Write through the API: your own personal fields (first_name, last_name, phone, location, bio,
--     avatar_url); administrators also role, status, email and specializations, and may delete
--     profiles. `id`, `created_at`, `last_sign_in_at` and `updated_at` are the database's.
--   Role helpers (security definer, in `private`): current_user_role(), is_admin(), acts_as_admin(),
--     require_admin(action), public_name(user).
--   teacher_profiles (view) -> id, first_name, last_name, avatar_url, specializations of every teacher
--     (role 'teacher'; inactive ones too, their courses still show them), for signed-in callers. RLS
--     chooses rows, not columns, and column grants apply to every `authenticated` caller alike, so the
--     public part is its own relation, backed by private.teacher_profiles(), a security definer function
--     that returns nothing else. private.named_profile(user) is that profile, or the whole name of anyone
--     else the caller may read; teacher_profile(courses) and uploader_profile(materials) embed it.
--   Triggers: guard_user_protected_columns (role, status, email: administrators only),
--     guard_user_specializations (administrators only), guard_user_avatar_url (an avatar is a picture
--     in the owner's own folder of the avatars bucket), guard_admin_self (an administrator cannot
--     demote, deactivate or delete themselves), sync_account_ban (deactivation bans the auth account and
--     ends its sessions), touch_user_updated_at; on auth.users: on_auth_user_created (the profile),
--     on_auth_user_updated (email and last sign-in copied).
--   Indexes for User Management's searches (trigram) and sort orders (newest first, name, last
--     sign-in), and My Students' name order.

-- Each label trimmed, 1–40 characters, none twice (ignoring case). Immutable, so the table's check may
-- use it (hence defined before the table).
create function private.specializations_are_valid(labels text[]) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce((
    select bool_and(l is not null and l = btrim(l) and char_length(l) between 1 and 40)
           and count(distinct lower(l)) = count(*)
      from unnest(labels) as l
  ), true)
$$;

comment on function private.specializations_are_valid(text[]) is
  'True when every specialization is trimmed, 1–40 characters long and unique ignoring case.';

revoke execute on function private.specializations_are_valid(text[]) from public;
grant execute on function private.specializations_are_valid(text[]) to authenticated, service_role;

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
  updated_at timestamptz not null default now(),
  specializations text[] not null default '{}',
  constraint users_specializations_count check (cardinality(specializations) <= 10),
  constraint users_specializations_items check (private.specializations_are_valid(specializations))
);

comment on table public.users is
  'Profile of each account (one row per auth.users row). Role and status decide what a person may do.';
comment on column public.users.role is 'student, teacher or admin; only administrators change it.';
comment on column public.users.is_active is 'False blocks the account''s role rights; only administrators change it.';
comment on column public.users.last_sign_in_at is
  'Copied from auth.users by trigger; shown as "Last Login" in user management.';
comment on column public.users.specializations is
  'What a teacher teaches (public, with the name and avatar): at most 10 labels of 1–40 characters; only administrators change it.';

create index users_role_idx on public.users (role);
-- User Management searches first name, last name and email (ilike '%…%') and sorts by creation (newest
-- first, the default), name or last sign-in; My Students walks the students in name order until its
-- page is full.
create index users_first_name_trgm_idx on public.users using gin (first_name extensions.gin_trgm_ops);
create index users_last_name_trgm_idx on public.users using gin (last_name extensions.gin_trgm_ops);
create index users_email_trgm_idx on public.users using gin (email extensions.gin_trgm_ops);
create index users_created_at_idx on public.users (created_at desc);
create index users_name_idx on public.users (first_name, last_name, id);
create index users_last_sign_in_at_idx on public.users (last_sign_in_at desc nulls last, id);
create index users_sort_name_idx on public.users (lower(last_name), lower(first_name), id);

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

-- An administrator, or a trusted server-side caller acting for one.
create function private.acts_as_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select (select private.is_trusted_caller()) or (select private.is_admin())
$$;

create function private.require_admin(action text) returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not (select private.acts_as_admin()) then
    raise exception 'Only administrators can %', action using errcode = '42501';
  end if;
end
$$;

comment on function private.require_admin(text) is
  'Raises 42501 ("Only administrators can <action>") unless the caller is an active administrator (or a trusted server-side caller).';

-- "First Last" of a profile, for read models that show a teacher or an uploader next to a row the caller
-- may already see. Null when the profile is gone (the UI shows 'Unknown').
create function private.public_name(user_uuid uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select nullif(btrim(u.first_name || ' ' || u.last_name), '') from public.users u where u.id = user_uuid
$$;

revoke execute on function
  private.current_user_role(),
  private.is_admin(),
  private.acts_as_admin(),
  private.require_admin(text),
  private.public_name(uuid)
from public;
grant execute on function
  private.current_user_role(),
  private.is_admin(),
  private.acts_as_admin(),
  private.require_admin(text),
  private.public_name(uuid)
to authenticated, service_role;

create policy "Users can view their own profile"
  on public.users for select
  to authenticated
  using (id = (select auth.uid()));

create policy "Admins can view every profile"
  on public.users for select
  to authenticated
  using ((select private.is_admin()));

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
-- API callers update only the personal fields and, for administrators (the triggers below decide),
-- role, status, email and specializations. The sign-up, sign-in and touch triggers run as their owner,
-- so they still write the rest.
revoke all on public.users from anon, authenticated;
grant select, delete on public.users to authenticated;
grant update (first_name, last_name, phone, location, bio, avatar_url, role, is_active, email, specializations)
  on public.users to authenticated;
grant all on public.users to service_role;

-- Public profiles ---------------------------------------------------------------------------------------

create function private.teacher_profiles()
returns table (id uuid, first_name text, last_name text, avatar_url text, specializations text[])
language sql stable security definer set search_path = ''
as $$
  select u.id, u.first_name, u.last_name, u.avatar_url, u.specializations
    from public.users u
   where u.role = 'teacher'
     and ((select auth.uid()) is not null or (select private.is_trusted_caller()))
$$;

comment on function private.teacher_profiles() is
  'The public part of every teacher profile (id, names, avatar, specializations), for signed-in callers.';

revoke execute on function private.teacher_profiles() from public;
grant execute on function private.teacher_profiles() to authenticated, service_role;

create view public.teacher_profiles with (security_invoker = true) as
select p.id, p.first_name, p.last_name, p.avatar_url, p.specializations
  from private.teacher_profiles() p;

comment on view public.teacher_profiles is
  'A teacher''s public profile: id, first and last name, avatar and specializations (every signed-in user).';

revoke all on public.teacher_profiles from anon, authenticated;
grant select on public.teacher_profiles to authenticated, service_role;

-- The public profile of a teacher, or the whole name of anyone else the caller may read in users.
create function private.named_profile(user_uuid uuid)
returns setof public.teacher_profiles
language sql stable security invoker set search_path = ''
as $$
  select tp.id, tp.first_name, tp.last_name, tp.avatar_url, tp.specializations
    from public.teacher_profiles tp
   where tp.id = user_uuid
  union all
  select u.id, u.first_name, u.last_name, u.avatar_url, u.specializations
    from public.users u
   where u.id = user_uuid
     and u.role <> 'teacher'
$$;

revoke execute on function private.named_profile(uuid) from public;
grant execute on function private.named_profile(uuid) to authenticated, service_role;

-- Guards --------------------------------------------------------------------------------------------

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

-- Specializations may be sent by API callers (the admin-users function writes as the calling
-- administrator), but only administrators change them; trusted callers are not limited.
create function private.guard_user_specializations() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.specializations is distinct from old.specializations
     and not (select private.acts_as_admin()) then
    raise exception 'Only administrators can change specializations' using errcode = '42501';
  end if;
  return new;
end
$$;

comment on function private.guard_user_specializations() is
  'Refuses a change of specializations by anyone but an administrator (or a trusted server-side caller).';

create trigger guard_user_specializations
  before update of specializations on public.users
  for each row execute function private.guard_user_specializations();

-- An avatar is a picture in the owner's own folder of the public `avatars` bucket
-- (`<project URL>/storage/v1/object/public/avatars/<user id>/<file>`, with an optional `?v=` version
-- the profile screen adds so browsers show a replaced picture at once), or none: never any address on
-- the web (a tracking pixel shown to every student of a teacher). The project's host is not known to the
-- database, so only the path is checked. Trusted roles (service role, seeds, migrations) are not limited.
create function private.guard_user_avatar_url() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.avatar_url is not null
     and new.avatar_url is distinct from old.avatar_url
     and current_user in ('anon', 'authenticated')
     and new.avatar_url !~ (
       '^https?://[^/?#\s]+/storage/v1/object/public/avatars/'
       || new.id::text
       || '/[A-Za-z0-9][A-Za-z0-9._-]*(\?v=[0-9]+)?$'
     )
  then
    raise exception 'An avatar must be a picture in the avatars folder of its own profile'
      using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger guard_user_avatar_url
  before update of avatar_url on public.users
  for each row execute function private.guard_user_avatar_url();

-- An administrator cannot remove their own admin role, deactivate or delete their own profile, whichever
-- way the request comes (the admin-users edge function, PostgREST). Writes without a signed-in caller
-- (the service role, the auth server deleting an account) are the edge function's to check.
create function private.guard_admin_self() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.role <> 'admin' or old.id is distinct from (select auth.uid()) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'DELETE' then
    raise exception 'Administrators cannot delete their own account' using errcode = '42501';
  end if;
  if new.role <> 'admin' or (old.is_active and not new.is_active) then
    raise exception 'Administrators cannot remove their own admin role or deactivate themselves'
      using errcode = '42501';
  end if;
  return new;
end
$$;

comment on function private.guard_admin_self() is
  'Refuses an administrator demoting, deactivating or deleting their own profile (the acting admin stays one).';

create trigger guard_admin_self
  before update of role, is_active or delete on public.users
  for each row execute function private.guard_admin_self();

-- A profile made inactive bans its auth account (no sign-in, no token refresh, no recovery link) and ends
-- its sessions, so its refresh tokens are revoked; made active again, the ban is lifted. Same transaction
-- as the profile change, whoever makes it. GoTrue refuses a banned account at sign-in, token refresh and
-- email links; a century is its "until further notice" (the admin API's longest practical ban_duration
-- is the same).
create function private.sync_account_ban() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.is_active then
    update auth.users set banned_until = null where id = new.id and banned_until is not null;
  else
    update auth.users set banned_until = now() + interval '100 years' where id = new.id;
    -- Refresh tokens belong to sessions (on delete cascade): none can be exchanged any more.
    delete from auth.sessions where user_id = new.id;
  end if;
  return null;
end
$$;

comment on function private.sync_account_ban() is
  'Bans the auth account of a deactivated profile and ends its sessions; lifts the ban on reactivation.';

create trigger sync_account_ban
  after update of is_active on public.users
  for each row
  when (old.is_active is distinct from new.is_active)
  execute function private.sync_account_ban();

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
  private.guard_user_specializations(),
  private.guard_user_avatar_url(),
  private.guard_admin_self(),
  private.sync_account_ban(),
  private.touch_user_updated_at(),
  private.handle_new_user(),
  private.sync_user_from_auth()
from public;
