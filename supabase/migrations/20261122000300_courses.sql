-- Courses of the school. Everyone signed in sees the active ones (the catalog); a teacher also sees and
-- edits their own; administrators see and edit all. `enrolled_count` belongs to the database: the
-- enrollments triggers keep it equal to the number of active enrollments.
--
--   public.courses, its policies and column grants (enrolled_count, created_at, updated_at are the
--     database's).
--   Helpers: private.taught_course_ids(), private.teaches_course(course).
--   check_course_teacher (trigger): a course is run by a teacher (or an administrator), never by a
--     student; errors never tell a non-admin which ids are administrators.
--   teacher_profile(courses): PostgREST computed relationship, so a course read embeds its teacher's
--     public profile in the same request (`select=*,teacher:teacher_profile(first_name,last_name)`). A
--     person who is not a teacher (an administrator teaching a course) appears only to those who may
--     read their users row (administrators, themselves); others get null (the UI shows 'Unknown').
--   reassign_teacher_courses(from_teacher, to_teacher) -> integer: moves every course of one teacher to
--     another, who must be an active teacher ('Courses can only be reassigned to another active
--     teacher'); administrators only. Called before a teacher is deactivated or deleted (the admin-users
--     function calls it as the administrator when asked); without it a deleted teacher's courses keep
--     no teacher (teacher_id is on delete set null) and show 'Unknown'.

create table public.courses (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text not null default '' check (char_length(description) <= 5000),
  language text not null check (language in ('Spanish', 'English')),
  category text not null default 'general' check (category in ('general', 'business')),
  level text not null default 'beginner' check (level in ('beginner', 'intermediate', 'advanced')),
  duration integer not null default 8 check (duration >= 1),
  teacher_id uuid references public.users (id) on delete set null,
  price numeric(10, 2) not null default 299 check (price >= 0),
  thumbnail_url text check (char_length(thumbnail_url) <= 2000),
  is_active boolean not null default true,
  enrolled_count integer not null default 0 check (enrolled_count >= 0),
  max_students integer not null default 30 check (max_students >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.courses is
  'Courses offered by the school. Inactive courses are hidden from students and closed for enrollment.';
comment on column public.courses.duration is 'Length of the course in weeks (at least 1).';
comment on column public.courses.teacher_id is
  'The teacher running the course; null once that profile is deleted (shown as ''Unknown'').';
comment on column public.courses.enrolled_count is
  'Number of active enrollments, kept by the enrollments triggers; clients cannot write it.';
comment on column public.courses.max_students is 'Capacity; the course is full when enrolled_count >= max_students.';

-- Policies and the catalog filter on these; the catalog and course management sort newest first.
create index courses_teacher_id_idx on public.courses (teacher_id);
create index courses_is_active_created_at_idx on public.courses (is_active, created_at desc);
create index courses_created_at_idx on public.courses (created_at desc);
create index courses_language_level_idx on public.courses (language, level);
create index courses_price_idx on public.courses (price);
create index courses_title_trgm_idx on public.courses using gin (title extensions.gin_trgm_ops);
create index courses_description_trgm_idx on public.courses using gin (description extensions.gin_trgm_ops);

alter table public.courses enable row level security;

-- Ids of the courses the caller teaches, computed once per statement; policies compare with
-- `course_id = any (...)` so the course_id indexes are used.
create function private.taught_course_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(c.id), '{}')
    from public.courses c
   where c.teacher_id = (select auth.uid())
     and (select private.current_user_role()) in ('teacher', 'admin')
$$;

create function private.teaches_course(course_uuid uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.courses c
     where c.id = course_uuid
       and c.teacher_id = (select auth.uid())
       and (select private.current_user_role()) in ('teacher', 'admin')
  )
$$;

revoke execute on function private.taught_course_ids(), private.teaches_course(uuid) from public;
grant execute on function private.taught_course_ids(), private.teaches_course(uuid) to authenticated, service_role;

create policy "Signed-in users can view active courses"
  on public.courses for select
  to authenticated
  using (is_active);

create policy "Teachers can view their own courses"
  on public.courses for select
  to authenticated
  using (teacher_id = (select auth.uid()));

create policy "Admins can view every course"
  on public.courses for select
  to authenticated
  using ((select private.is_admin()));

create policy "Teachers can create their own courses"
  on public.courses for insert
  to authenticated
  with check (teacher_id = (select auth.uid()) and (select private.current_user_role()) = 'teacher');

create policy "Admins can create courses"
  on public.courses for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Teachers can update their own courses"
  on public.courses for update
  to authenticated
  using (teacher_id = (select auth.uid()) and (select private.current_user_role()) = 'teacher')
  with check (teacher_id = (select auth.uid()));

create policy "Admins can update every course"
  on public.courses for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Teachers can delete their own courses"
  on public.courses for delete
  to authenticated
  using (teacher_id = (select auth.uid()) and (select private.current_user_role()) = 'teacher');

create policy "Admins can delete courses"
  on public.courses for delete
  to authenticated
  using ((select private.is_admin()));

-- enrolled_count, created_at and updated_at are the database's; every other column is editable.
revoke all on public.courses from anon, authenticated;
grant select, delete on public.courses to authenticated;
grant insert (
  id, title, description, language, category, level, duration, teacher_id, price, thumbnail_url, is_active,
  max_students
) on public.courses to authenticated;
grant update (
  title, description, language, category, level, duration, teacher_id, price, thumbnail_url, is_active,
  max_students
) on public.courses to authenticated;
grant all on public.courses to service_role;

-- A course is run by a teacher (or an administrator), never by a student. A non-admin may only name
-- themselves (the courses policies), so for them any other id is left to RLS, which refuses every id
-- alike: answering 23514 for a student's or a nonexistent id but letting an administrator's through to
-- RLS would be a probe for admin ids. Administrators and trusted callers get the check.
create function private.check_course_teacher() returns trigger
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

create trigger check_course_teacher
  before insert or update of teacher_id on public.courses
  for each row execute function private.check_course_teacher();

-- A seat taken or freed changes only enrolled_count; that is not an edit of the course.
create trigger touch_courses_updated_at
  before update on public.courses
  for each row
  when ((to_jsonb(old) - 'enrolled_count' - 'updated_at') is distinct from (to_jsonb(new) - 'enrolled_count' - 'updated_at'))
  execute function private.touch_updated_at();

revoke execute on function private.check_course_teacher() from public;

-- The teacher's public profile, embedded in a course read ------------------------------------------------

create function public.teacher_profile(public.courses)
returns setof public.teacher_profiles rows 1
language sql stable security invoker set search_path = ''
as $$
  select * from private.named_profile($1.teacher_id)
$$;

comment on function public.teacher_profile(public.courses) is
  'Computed relationship: the course teacher''s public profile (embed as teacher:teacher_profile(...)).';

revoke execute on function public.teacher_profile(public.courses) from public, anon;
grant execute on function public.teacher_profile(public.courses) to authenticated, service_role;

-- Reassigning a teacher's courses ---------------------------------------------------------------------------

create function public.reassign_teacher_courses(from_teacher uuid, to_teacher uuid) returns integer
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  moved integer;
begin
  perform private.require_admin('reassign a teacher''s courses');
  -- The new teacher stays an active teacher until this commits (a concurrent deactivation waits).
  perform 1
     from public.users u
    where u.id = to_teacher
      and u.id is distinct from from_teacher
      and u.role = 'teacher'
      and u.is_active
      for share;
  if not found then
    raise exception 'Courses can only be reassigned to another active teacher' using errcode = '22023';
  end if;
  update public.courses c
     set teacher_id = to_teacher
   where c.teacher_id = from_teacher;
  get diagnostics moved = row_count;
  return moved;
end
$$;

comment on function public.reassign_teacher_courses(uuid, uuid) is
  'Moves every course of from_teacher to to_teacher (an active teacher) and answers how many; administrators only.';

revoke execute on function public.reassign_teacher_courses(uuid, uuid) from public, anon;
grant execute on function public.reassign_teacher_courses(uuid, uuid) to authenticated, service_role;
