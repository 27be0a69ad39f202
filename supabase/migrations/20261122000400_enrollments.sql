-- Who studies what. Rows are written only by enroll_user_in_course / unenroll_user_from_course (and
-- trusted server code); through the API an administrator may change any status and a student may drop
-- their own enrollment. A dropped enrollment keeps its row and is re-activated on the next enrollment.
-- Capacity holds under concurrency: every path that makes an enrollment active locks the course row
-- first, then counts (sync_enrolled_count below).
--
--   public.enrollments, its policies (status the only column API callers write).
--   Helpers: private.enrolled_course_ids(), is_enrolled(course), was_enrolled(course) (any status, for
--     reviews).
--   A teacher's students: private.teacher_students, per teacher and student the student's active
--     enrolments in the teacher's courses (kept by the triggers of the summary figures migration);
--     private.taught_student_ids() (the actively enrolled students of the caller's courses, from it),
--     private.completed_student_ids() and private.my_student_figures() (the caller's own pairs with
--     their figures, for My Students). Users policies: a teacher reads the profiles of both (the students
--     on their classes' rosters); dropped students stay hidden.
--   enrolled_count and the capacity guard: statement triggers sync_enrolled_count_after_*.
--   enroll_user_in_course(user, course), unenroll_user_from_course(user, course) -> json {success,
--     error?, enrollment_id?}: self, or anyone for administrators.

create table public.enrollments (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  status text not null default 'active' check (status in ('active', 'completed', 'dropped')),
  progress numeric(5, 2) not null default 0 check (progress between 0 and 100),
  enrolled_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint enrollments_course_id_user_id_key unique (course_id, user_id)
);

comment on table public.enrollments is
  'One row per student and course. Only active enrollments count as enrolled (seats, classes, materials).';
comment on column public.enrollments.status is
  'active, completed or dropped. Unenrolling sets dropped and keeps the row; enrolling again re-activates it.';
comment on column public.enrollments.progress is
  'Percent 0–100, derived by the progress triggers from attendance and graded work (see the progress migration).';
comment on column public.enrollments.enrolled_at is 'When the enrollment was (last) made active.';

-- (course_id, user_id) is covered by the unique constraint's index. Who is actively enrolled in some
-- courses (a teacher's student count, exact counts of rosters) is answered from (course_id, status,
-- user_id) alone, RLS filter included, without visiting the table.
create index enrollments_user_id_status_idx on public.enrollments (user_id, status, enrolled_at desc);
create index enrollments_course_id_status_user_id_idx on public.enrollments (course_id, status, user_id);
create index enrollments_enrolled_at_idx on public.enrollments (enrolled_at desc);
create index enrollments_created_at_idx on public.enrollments (created_at desc);

alter table public.enrollments enable row level security;

-- Courses the caller is actively enrolled in (an inactive profile counts as enrolled nowhere).
create function private.enrolled_course_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(e.course_id), '{}')
    from public.enrollments e
   where e.user_id = (select auth.uid())
     and e.status = 'active'
     and (select private.current_user_role()) is not null
$$;

create function private.is_enrolled(course_uuid uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.enrollments e
     where e.course_id = course_uuid
       and e.user_id = (select auth.uid())
       and e.status = 'active'
       and (select private.current_user_role()) is not null
  )
$$;

-- "It is or was enrolled": any status, for course reviews.
create function private.was_enrolled(course_uuid uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.enrollments e
     where e.course_id = course_uuid
       and e.user_id = (select auth.uid())
       and (select private.current_user_role()) is not null
  )
$$;

revoke execute on function
  private.enrolled_course_ids(),
  private.is_enrolled(uuid),
  private.was_enrolled(uuid)
from public;
grant execute on function
  private.enrolled_course_ids(),
  private.is_enrolled(uuid),
  private.was_enrolled(uuid)
to authenticated, service_role;

create policy "Students can view their own enrollments"
  on public.enrollments for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Teachers can view enrollments in their courses"
  on public.enrollments for select
  to authenticated
  using (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can view every enrollment"
  on public.enrollments for select
  to authenticated
  using ((select private.is_admin()));

create policy "Students can drop their own enrollments"
  on public.enrollments for update
  to authenticated
  using (user_id = (select auth.uid()) and status = 'active')
  with check (user_id = (select auth.uid()) and status = 'dropped');

create policy "Admins can change the status of any enrollment"
  on public.enrollments for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- No insert or delete through the API: enrolling goes through enroll_user_in_course. Only the status
-- column is writable, so progress and dates stay the database's.
revoke all on public.enrollments from anon, authenticated;
grant select on public.enrollments to authenticated;
grant update (status) on public.enrollments to authenticated;
grant all on public.enrollments to service_role;

create trigger touch_enrollments_updated_at
  before update on public.enrollments
  for each row execute function private.touch_updated_at();

-- A teacher's students ---------------------------------------------------------------------------------

-- Per teacher and student (with an active enrolment in one of the teacher's courses): how many of the
-- student's active enrolments are in the teacher's courses, the sum of their progress, and the student's
-- newest event in those courses (its time and id: a present mark's attended_at, or handed-in work's
-- submitted_at; the newest by time, then the smallest id). Kept by the statement triggers of the summary
-- figures migration (never stale: recounted from the base tables for the students a statement touched,
-- under the pairs' row locks). No API caller reads it: the helpers below and
-- private.my_student_figures() (My Students) answer the caller's own pairs.
create table private.teacher_students (
  teacher_id uuid not null,
  student_id uuid not null,
  active_enrolments integer not null default 0,
  progress_total numeric not null default 0,
  last_event_at timestamptz,
  last_event_id uuid,
  primary key (teacher_id, student_id)
);

comment on table private.teacher_students is
  'Per teacher and student: active enrolments of the student in the teacher''s courses, the sum of their progress and the student''s newest present mark or handed-in work there; kept by triggers, read by nobody but them (a teacher reads their own through private.my_student_figures).';

-- A student's pairs (the triggers recount them by student).
create index teacher_students_student_id_idx on private.teacher_students (student_id, teacher_id);

-- A teacher's students with their figures, from the index alone.
create index teacher_students_linked_idx
  on private.teacher_students (teacher_id, student_id)
  include (active_enrolments, progress_total, last_event_at, last_event_id)
  where active_enrolments > 0;

alter table private.teacher_students enable row level security;
revoke all on private.teacher_students from public, anon, authenticated;
grant all on private.teacher_students to service_role;

-- The students actively enrolled in a course the caller teaches, from the caller's pairs rather than
-- every enrolment of their courses.
create function private.taught_student_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(x.student_id), '{}')
    from private.teacher_students x
   where x.teacher_id = (select auth.uid())
     and x.active_enrolments > 0
     and (select private.current_user_role()) in ('teacher', 'admin')
$$;

-- Students who completed a course the caller teaches. Answered from enrollments_course_id_status_user_id_idx
-- alone.
create function private.completed_student_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(distinct e.user_id), '{}')
    from public.enrollments e
   where e.course_id = any ((select private.taught_course_ids())::uuid[])
     and e.status = 'completed'
$$;

-- The caller's own pairs with their figures (a teacher's students, for My Students; nobody else has any):
-- the table stays unreadable to everyone.
create function private.my_student_figures()
returns table (student_id uuid, active_enrolments integer, progress_total numeric, last_event_at timestamptz,
               last_event_id uuid)
language sql stable security definer set search_path = ''
as $$
  select x.student_id, x.active_enrolments, x.progress_total, x.last_event_at, x.last_event_id
    from private.teacher_students x
   where x.teacher_id = (select auth.uid())
     and x.active_enrolments > 0
     and (select private.current_user_role()) in ('teacher', 'admin')
$$;

revoke execute on function
  private.taught_student_ids(),
  private.completed_student_ids(),
  private.my_student_figures()
from public;
grant execute on function
  private.taught_student_ids(),
  private.completed_student_ids(),
  private.my_student_figures()
to authenticated, service_role;

-- The users read matrix: a teacher sees the students actively enrolled in their courses, and those who
-- completed one (they are on its classes' rosters). The lists are tested as `id in (select unnest(...))`,
-- which Postgres runs as one hashed subplan per statement; `id = any (array)` would test a teacher's
-- hundreds of students element by element for every row read.
create policy "Teachers can view the students of their courses"
  on public.users for select
  to authenticated
  using (id in (select unnest((select private.taught_student_ids()))));

create policy "Teachers can view the students who completed their courses"
  on public.users for select
  to authenticated
  using (id in (select unnest((select private.completed_student_ids()))));

-- Seats ---------------------------------------------------------------------------------------------

-- enrolled_count and the capacity guard, once per statement for the courses it touched (a bulk load of
-- thousands of enrollments costs one lock and one count per course). The course rows are locked first, in
-- id order, and counted afterwards with a fresh snapshot, so concurrent transactions enrolling in one
-- course are serialised and each sees the others' committed seats: never more active enrollments than
-- max_students, whichever path made them active (the RPC, an admin's status change, trusted inserts).
-- Only courses that gained an active enrollment are checked, so lowering max_students below the current
-- count does not block dropping students.
create function private.sync_enrolled_count(course_ids uuid[], activated_course_ids uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform 1 from public.courses c where c.id = any (course_ids) order by c.id for update;

  update public.courses c
     set enrolled_count = coalesce(counted.active, 0)
    from unnest(course_ids) as ids (id)
    left join (
      select e.course_id, count(*)::integer as active
        from public.enrollments e
       where e.course_id = any (course_ids) and e.status = 'active'
       group by e.course_id
    ) counted on counted.course_id = ids.id
   where c.id = ids.id
     and c.enrolled_count is distinct from coalesce(counted.active, 0);

  if exists (
    select 1 from public.courses c
     where c.id = any (activated_course_ids) and c.enrolled_count > c.max_students
  ) then
    raise exception 'This course is full' using errcode = '23514';
  end if;
end
$$;

create function private.sync_enrolled_count_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.sync_enrolled_count(
    array(select distinct n.course_id from new_rows n),
    array(select distinct n.course_id from new_rows n where n.status = 'active')
  );
  return null;
end
$$;

create function private.sync_enrolled_count_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_course_ids uuid[];
begin
  -- Progress refreshes update enrollments too; only a status or course change concerns the seats.
  -- (Set differences rather than joins: transition tables have no statistics, and a bulk statement
  -- would make a nested loop over them quadratic.)
  v_course_ids := array(
    select changed.course_id
      from (
        (select n.id, n.status, n.course_id from new_rows n except select o.id, o.status, o.course_id from old_rows o)
        union all
        (select o.id, o.status, o.course_id from old_rows o except select n.id, n.status, n.course_id from new_rows n)
      ) changed
  );
  if cardinality(v_course_ids) = 0 then
    return null;
  end if;
  perform private.sync_enrolled_count(
    array(select distinct unnest(v_course_ids)),
    array(
      select activated.course_id
        from (
          select n.id, n.course_id from new_rows n where n.status = 'active'
          except
          select o.id, o.course_id from old_rows o where o.status = 'active'
        ) activated
    )
  );
  return null;
end
$$;

create function private.sync_enrolled_count_after_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.sync_enrolled_count(array(select distinct o.course_id from old_rows o), '{}');
  return null;
end
$$;

create trigger sync_enrolled_count_after_insert
  after insert on public.enrollments
  referencing new table as new_rows
  for each statement execute function private.sync_enrolled_count_after_insert();

create trigger sync_enrolled_count_after_update
  after update on public.enrollments
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.sync_enrolled_count_after_update();

create trigger sync_enrolled_count_after_delete
  after delete on public.enrollments
  referencing old table as old_rows
  for each statement execute function private.sync_enrolled_count_after_delete();

revoke execute on function
  private.sync_enrolled_count(uuid[], uuid[]),
  private.sync_enrolled_count_after_insert(),
  private.sync_enrolled_count_after_update(),
  private.sync_enrolled_count_after_delete()
from public;

-- Enrolling ------------------------------------------------------------------------------------------

-- Enrol a student: the caller enrols self, administrators (and trusted server code) anyone. Returns
-- {success: true, enrollment_id} or {success: false, error} with a message meant for the person.
create function public.enroll_user_in_course(user_uuid uuid, course_uuid uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_self boolean := user_uuid is not null and user_uuid = (select auth.uid());
  v_student public.users%rowtype;
  v_course public.courses%rowtype;
  v_enrollment public.enrollments%rowtype;
  v_active integer;
  v_id uuid;
begin
  if not v_self and not (select private.acts_as_admin()) then
    return json_build_object('success', false, 'error', 'You can only enroll yourself in a course');
  end if;

  select * into v_student from public.users u where u.id = user_uuid;
  if not found then
    return json_build_object('success', false, 'error', 'User not found');
  end if;
  if v_student.role <> 'student' or not v_student.is_active then
    return json_build_object('success', false, 'error', 'Only active students can enroll in courses');
  end if;

  -- Serialises enrollments in this course until commit (see sync_enrolled_count).
  select * into v_course from public.courses c where c.id = course_uuid for update;
  if not found then
    return json_build_object('success', false, 'error', 'Course not found');
  end if;
  if not v_course.is_active then
    return json_build_object('success', false, 'error', 'This course is not open for enrollment');
  end if;

  select * into v_enrollment from public.enrollments e where e.course_id = course_uuid and e.user_id = user_uuid;
  if found and v_enrollment.status = 'active' then
    return json_build_object(
      'success', false,
      'error', case when v_self then 'You are already enrolled in this course'
                    else 'This student is already enrolled in this course' end
    );
  end if;
  if found and v_enrollment.status = 'completed' then
    return json_build_object(
      'success', false,
      'error', case when v_self then 'You have already completed this course'
                    else 'This student has already completed this course' end
    );
  end if;

  select count(*) into v_active from public.enrollments e where e.course_id = course_uuid and e.status = 'active';
  if v_active >= v_course.max_students then
    return json_build_object('success', false, 'error', 'This course is full');
  end if;

  if v_enrollment.id is not null then
    update public.enrollments
       set status = 'active', enrolled_at = now()
     where id = v_enrollment.id
     returning id into v_id;
  else
    insert into public.enrollments (course_id, user_id) values (course_uuid, user_uuid) returning id into v_id;
  end if;
  return json_build_object('success', true, 'enrollment_id', v_id);
end
$$;

comment on function public.enroll_user_in_course(uuid, uuid) is
  'Enrols user_uuid in course_uuid (self, or anyone for admins). Returns {success, error?, enrollment_id?}.';

-- Unenrol: the enrollment becomes dropped (row kept, seat freed). Self, or anyone for admins.
create function public.unenroll_user_from_course(user_uuid uuid, course_uuid uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_self boolean := user_uuid is not null and user_uuid = (select auth.uid());
  v_id uuid;
begin
  if not v_self and not (select private.acts_as_admin()) then
    return json_build_object('success', false, 'error', 'You can only unenroll yourself from a course');
  end if;

  -- Same lock order as enrolling: course first, then the enrollment.
  perform 1 from public.courses c where c.id = course_uuid for update;
  if not found then
    return json_build_object('success', false, 'error', 'Course not found');
  end if;

  update public.enrollments e
     set status = 'dropped'
   where e.course_id = course_uuid and e.user_id = user_uuid and e.status = 'active'
   returning e.id into v_id;
  if v_id is null then
    return json_build_object(
      'success', false,
      'error', case when v_self then 'You are not enrolled in this course'
                    else 'This student is not enrolled in this course' end
    );
  end if;
  return json_build_object('success', true, 'enrollment_id', v_id);
end
$$;

comment on function public.unenroll_user_from_course(uuid, uuid) is
  'Drops the active enrollment of user_uuid in course_uuid (self, or anyone for admins). Returns {success, error?, enrollment_id?}.';

revoke execute on function
  public.enroll_user_in_course(uuid, uuid),
  public.unenroll_user_from_course(uuid, uuid)
from public, anon;
grant execute on function
  public.enroll_user_in_course(uuid, uuid),
  public.unenroll_user_from_course(uuid, uuid)
to authenticated, service_role;
