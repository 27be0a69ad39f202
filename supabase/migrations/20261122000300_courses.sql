-- Courses of the school. Everyone signed in sees the active ones (the catalog); a teacher also sees and
-- edits their own; administrators see and edit all. `enrolled_count` belongs to the database: the
-- enrollments triggers keep it equal to the number of active enrollments.

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

-- A course is run by a teacher (or an administrator), never by a student.
create function private.check_course_teacher() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.teacher_id is not null
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
