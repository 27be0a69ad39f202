-- What each role may read of other people's profiles (tested in supabase/tests/profile-privacy.test.ts).
--
-- The users migration let every signed-in person read a teacher's whole row ("Signed-in users can view
-- teacher profiles"): email, phone, location, bio, last sign-in, status. A teacher's public profile is
-- their name, avatar and specializations only. RLS chooses rows, not columns, and column grants apply to
-- every `authenticated` caller alike (admins included), so the public part is its own relation:
--
--   teacher_profiles (view, security_invoker) -> id, first_name, last_name, avatar_url,
--     specializations of every teacher (role 'teacher'; inactive ones too, their courses still show
--     them). Signed-in callers only. Backed by private.teacher_profiles(), a security definer function
--     that returns nothing else, so the view needs no policy on users and reveals no other column.
--   teacher_profile(courses) and uploader_profile(materials): PostgREST computed relationships, so a
--     course or material read embeds its teacher's / uploader's public profile in the same request:
--       courses:   select=*,teacher:teacher_profile(first_name,last_name)
--       materials: select=*,uploader:uploader_profile(first_name,last_name)
--     A person who is not a teacher (an administrator teaching a course or uploading a material)
--     appears only to those who may read their users row (administrators, themselves); others get
--     null (the UI shows 'Unknown'), as before.
--
-- users keeps its other read policies: own row, administrators every row, teachers the students
-- enrolled (active or completed) in their courses. Read models that show a teacher's name already use
-- private.public_name (name only).

drop policy if exists "Signed-in users can view teacher profiles" on public.users;

create or replace function private.teacher_profiles()
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

create or replace view public.teacher_profiles with (security_invoker = true) as
select p.id, p.first_name, p.last_name, p.avatar_url, p.specializations
  from private.teacher_profiles() p;

comment on view public.teacher_profiles is
  'A teacher''s public profile: id, first and last name, avatar and specializations (every signed-in user).';

revoke all on public.teacher_profiles from anon, authenticated;
grant select on public.teacher_profiles to authenticated;
grant select on public.teacher_profiles to service_role;

-- The public profile of a teacher, or the whole name of anyone else the caller may read in users.
create or replace function private.named_profile(user_uuid uuid)
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

create or replace function public.teacher_profile(public.courses)
returns setof public.teacher_profiles rows 1
language sql stable security invoker set search_path = ''
as $$
  select * from private.named_profile($1.teacher_id)
$$;

comment on function public.teacher_profile(public.courses) is
  'Computed relationship: the course teacher''s public profile (embed as teacher:teacher_profile(...)).';

create or replace function public.uploader_profile(public.materials)
returns setof public.teacher_profiles rows 1
language sql stable security invoker set search_path = ''
as $$
  select * from private.named_profile($1.uploaded_by)
$$;

comment on function public.uploader_profile(public.materials) is
  'Computed relationship: the uploader''s public profile (embed as uploader:uploader_profile(...)).';

revoke execute on function public.teacher_profile(public.courses), public.uploader_profile(public.materials)
  from public, anon;
grant execute on function public.teacher_profile(public.courses), public.uploader_profile(public.materials)
  to authenticated, service_role;

-- Errors never tell a non-admin which ids are administrators ---------------------------------------
--
-- check_course_teacher (courses migration) answered a teacher's course naming another person with
-- 23514 'The course teacher must be a teacher' for a student's or a nonexistent id but let an
-- administrator's id through to RLS (42501): a probe for admin ids. A non-admin may only name
-- themselves (the courses policies), so for them any other id is left to RLS, which refuses every id
-- alike; administrators and trusted callers keep the check. Selects, updates and deletes of users
-- rows, the user-id RPCs and the admin-users function already answer an admin's id as a nonexistent
-- one (tested in profile-privacy.test.ts).
create or replace function private.check_course_teacher() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.teacher_id is not null
     and (new.teacher_id = (select auth.uid()) or (select private.acts_as_admin()))
     and not exists (select 1 from public.users u where u.id = new.teacher_id and u.role in ('teacher', 'admin')) then
    raise exception 'The course teacher must be a teacher' using errcode = '23514';
  end if;
  return new;
end
$$;
