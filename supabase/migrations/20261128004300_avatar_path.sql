-- Avatars from this project only (docs/security.md "Avatars").
--
-- public.users.avatar_url held a full address and the database checked only its path
-- (20261124000300_profile.sql: `https?://<any host>/storage/v1/object/public/avatars/<own id>/…`), so a
-- profile could point every viewer's browser (an administrator's User Management, a teacher's
-- students) at another server. The database cannot know the project's own address: it differs per
-- environment (hosted project URL, custom domain, each local stack's port), PostgREST on hosted
-- Supabase sees the gateway's internal Host, and a stored setting would have to be kept in step by
-- every deployment. So the column stops holding an address at all:
--
-- 1. avatar_url holds the picture's object name in the public `avatars` bucket, `<user id>/<file>`
--    (file: a letter or digit, then letters, digits, `.`, `_`, `-`, at most 255 characters, no `..`), or
--    null (private.is_avatar_object_name(user, value) -> boolean says whether a value is one); the
--    client builds the public URL from its configured Supabase URL (shared-data avatarOf /
--    avatarPublicUrl). private.guard_user_avatar_url (trigger) refuses anything else with 23514 'An
--    avatar must be a picture in the avatars folder of its own profile', for every API caller (the
--    owner and administrators alike; trusted roles, seeds and migrations, are not limited, as before).
--    The profile screen uploads each picture under a new name (`<user id>/<timestamp>-<random>.<ext>`)
--    instead of overwriting `avatar.<ext>` with a `?v=` version, so no browser or CDN keeps an old one.
-- 2. Existing addresses become object names: an address whose path is `…/storage/v1/object/public/
--    avatars/<the row's id>/<file>` (any host, any `?v=`) keeps `<id>/<file>`; any other value, which
--    could not be shown safely, is cleared.

-- 1. The rule ------------------------------------------------------------------------------------------

create or replace function private.is_avatar_object_name(user_uuid uuid, value text) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(
    left(value, 37) = user_uuid::text || '/'
      and substr(value, 38) ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$'
      and strpos(value, '..') = 0,
    false
  )
$$;

comment on function private.is_avatar_object_name(uuid, text) is
  'Whether value is an object name <user_uuid>/<file> of the avatars bucket: one file name of letters, digits, ".", "_", "-" (no "..").';

revoke execute on function private.is_avatar_object_name(uuid, text) from public;
grant execute on function private.is_avatar_object_name(uuid, text) to authenticated, service_role;

create or replace function private.guard_user_avatar_url() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.avatar_url is not null
     and new.avatar_url is distinct from old.avatar_url
     and current_user in ('anon', 'authenticated')
     and not private.is_avatar_object_name(new.id, new.avatar_url)
  then
    raise exception 'An avatar must be a picture in the avatars folder of its own profile'
      using errcode = '23514',
            hint = 'avatar_url is the object name <user id>/<file> in the avatars bucket, not an address.';
  end if;
  return new;
end
$$;

comment on column public.users.avatar_url is
  'The profile picture''s object name in the public avatars bucket (<user id>/<file>), or null; clients build its public URL from their own Supabase URL.';

-- 2. Existing addresses ---------------------------------------------------------------------------------

update public.users u
   set avatar_url = case
         when private.is_avatar_object_name(
                u.id,
                substring(u.avatar_url from '^https?://[^/?#\s]+/storage/v1/object/public/avatars/([^?#]+)(\?v=[0-9]+)?$')
              )
         then substring(u.avatar_url from '^https?://[^/?#\s]+/storage/v1/object/public/avatars/([^?#]+)(\?v=[0-9]+)?$')
       end
 where u.avatar_url is not null
   and not private.is_avatar_object_name(u.id, u.avatar_url);
