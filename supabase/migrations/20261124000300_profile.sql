-- Profile editing (/profile, every role): what a person may change on a `users` row through the API.
--
-- 20261122000100_users.sql lets each user update their own row and admins every row, and its trigger
-- keeps role, status and email for administrators. The UPDATE grant still covered every other column,
-- so anyone could rewrite their own `created_at` or `last_sign_in_at` (an admin anyone's), and a
-- profile could point its avatar at any address on the web (a tracking pixel shown to every student
-- of a teacher). Tested in supabase/tests/profile.test.ts.

-- 1. Column privileges: API callers update only the personal fields and, for admins (the trigger of
--    the users migration decides), role, status and email. `id`, `created_at`, `last_sign_in_at` and
--    `updated_at` are kept by the database (the sign-up and sign-in triggers and touch_user_updated_at
--    run as their owner, so they still write them).
revoke update on public.users from authenticated;
grant update (first_name, last_name, phone, location, bio, avatar_url, role, is_active, email)
  on public.users to authenticated;

-- 2. An avatar is a picture in the owner's own folder of the public `avatars` bucket
--    (`<project URL>/storage/v1/object/public/avatars/<user id>/<file>`, with an optional `?v=` version
--    the profile screen adds so browsers show a replaced picture at once), or none. The project's host
--    is not known to the database, so only the path is checked. Trusted roles (service role, seeds,
--    migrations) are not limited.
create or replace function private.guard_user_avatar_url() returns trigger
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

revoke execute on function private.guard_user_avatar_url() from public;

drop trigger if exists guard_user_avatar_url on public.users;
create trigger guard_user_avatar_url
  before update of avatar_url on public.users
  for each row execute function private.guard_user_avatar_url();
