-- Read speed (issue 11): every screen of every role within 3x a plain read at p95 in `pnpm bench:api`.
-- Nothing here changes what a screen shows or who may read what; it changes how the database finds it.
-- Every read model keeps its name, arguments and answer.
--
-- 1. Policies that test membership in a long id list (a teacher's ~700 students or ~340 classes, a
--    student's ~700 classes) tested it element by element for every row read: `id = any (array)`
--    hashes only constant arrays. They now test `id in (select unnest(array))`, which Postgres runs as
--    one hashed subplan per statement (the list is still computed once, by the same helper).
-- 2. Covering indexes, so counts and lists that RLS filters are answered from the index alone.
-- 3. Summary tables kept by triggers (private schema): the school's totals, what happened in each hour,
--    distinct students per student / teacher, review figures per course. They are never stale: the
--    statement that changes the rows changes them, in the same transaction.
-- 4. The read models of the slow screens rewritten on them: admin dashboard, user / course / teacher
--    management figures, class / material / activity figures, calendar month, teacher dashboard,
--    My Students list and figures.

-- 1. Long id lists as hashed subplans -------------------------------------------------------------------

alter policy "Teachers can view the students of their courses" on public.users
  using (id in (select unnest((select private.taught_student_ids()))));

alter policy "Teachers can view the students who completed their courses" on public.users
  using (id in (select unnest((select private.completed_student_ids()))));

alter policy "Teachers can view attendance in their courses" on public.class_attendance
  using (class_id in (select unnest((select private.taught_class_ids()))));

alter policy "Teachers can view the activities of their courses" on public.activities
  using (
    course_id = any ((select private.taught_course_ids())::uuid[])
    or class_id in (select unnest((select private.taught_class_ids())))
  );

alter policy "Students can view the active activities of their courses" on public.activities
  using (
    is_active
    and (course_id = any ((select private.enrolled_course_ids())::uuid[])
         or class_id in (select unnest((select private.enrolled_class_ids()))))
  );

-- 2. Covering indexes --------------------------------------------------------------------------------
-- Row-level security reads the columns its policies name (course_id, class_id, student_id ...), so an
-- index answers a count or a list on its own (an index-only scan) only when it carries them too.

-- A course's classes: ids for the policy helpers (taught/enrolled class ids), duration and type for
-- the class figures, without visiting the table.
drop index public.classes_course_id_scheduled_date_idx;
create index classes_course_id_scheduled_date_idx
  on public.classes (course_id, scheduled_date) include (id, duration, type);

-- The school's classes by time (administrators' class list from today, calendar days), with the
-- course the policies check.
drop index public.classes_scheduled_date_idx;
create index classes_scheduled_date_idx on public.classes (scheduled_date) include (course_id, id);

-- Activities by course and by class with their ids: the teacher's activities (taught_activity_ids, read
-- by the submissions policy) straight from the indexes.
drop index public.activities_course_id_idx;
create index activities_course_id_idx on public.activities (course_id) include (id) where course_id is not null;
drop index public.activities_class_id_idx;
create index activities_class_id_idx on public.activities (class_id) include (id) where class_id is not null;

-- An activity's submissions newest first, with who handed each in and its status: submission counts,
-- graded counts and waiting work straight from the index.
drop index public.activity_submissions_activity_id_submitted_at_id_idx;
create index activity_submissions_activity_id_submitted_at_id_idx
  on public.activity_submissions (activity_id, submitted_at desc, id) include (student_id, status);

-- 3. Summary tables kept by triggers ----------------------------------------------------------------
-- Figures the school-wide screens showed by counting the big tables on every read. Each is changed by
-- the same statement that changes its rows (statement-level triggers with transition tables, so a bulk
-- statement costs one pass), in the same transaction, so it is never stale: a rolled-back write rolls
-- its figures back, and a reader sees the figures of exactly the rows its snapshot sees. Counters move by
-- the difference a statement made (added rows minus removed rows); distinct counts (students) are
-- recounted from the base tables for the students (teacher and student pairs) a statement touched,
-- under a row lock per student (pair). Lock order, everywhere: courses, hours, teacher pairs, teacher
-- figures, students, the school row.
--
-- They live in `private` (not exposed by the API). The read models that use them are security invoker,
-- so the caller needs select on them and passes their row-level security: the school-wide figures are
-- administrators' only (a teacher or student calling the same functions is answered from the rows they
-- may see, as before), the review figures of a course are as public as its reviews.

-- The school's totals: one row.
create table private.school_figures (
  id boolean primary key default true constraint school_figures_one_row check (id),
  users integer not null default 0,
  students integer not null default 0,
  teachers integer not null default 0,
  admins integer not null default 0,
  active_users integer not null default 0,
  classes integer not null default 0,
  live_classes integer not null default 0,
  recorded_classes integer not null default 0,
  class_minutes bigint not null default 0,
  -- The longest class ever stored: never lowered, so it is always at least every class's duration
  -- (it bounds the search for classes under way; it is never shown).
  longest_class integer not null default 0,
  activities integer not null default 0,
  materials integer not null default 0,
  document_materials integer not null default 0,
  video_materials integer not null default 0,
  audio_materials integer not null default 0,
  link_materials integer not null default 0,
  material_bytes bigint not null default 0,
  -- Distinct students with at least one active enrolment; of those, the ones with an active enrolment
  -- in a course run by a teacher (a user whose role is 'teacher').
  active_students integer not null default 0,
  taught_active_students integer not null default 0
);

comment on table private.school_figures is
  'The school''s totals (one row), kept by triggers on users, classes, activities, materials and enrollments; administrators only.';

-- What happened in each hour (UTC): the admin dashboard sums whole hours and reads only the rows of the
-- hours a period (or a local day of the viewer) cuts through.
create table private.school_hours (
  hour timestamptz primary key constraint school_hours_whole_hour check (hour = date_trunc('hour', hour, 'UTC')),
  new_users integer not null default 0,
  new_enrollments integer not null default 0,
  kept_enrollments integer not null default 0,
  revenue numeric not null default 0,
  classes integer not null default 0
);

comment on table private.school_hours is
  'Per UTC hour: accounts created, enrolments made (all; not dropped since; the course price of those not dropped) and classes starting; kept by triggers; administrators only.';

-- Per student: active enrolments, and those in courses run by a teacher (for the distinct counts).
create table private.student_figures (
  student_id uuid primary key,
  active_enrolments integer not null default 0,
  taught_active_enrolments integer not null default 0
);

comment on table private.student_figures is
  'Per student: active enrolments and active enrolments in courses run by a teacher; kept by triggers, read by nobody but them.';

-- Per course: its reviews (count and sum of ratings), as public as the reviews.
create table private.course_review_figures (
  course_id uuid primary key,
  reviews integer not null default 0,
  rating_total bigint not null default 0
);

comment on table private.course_review_figures is
  'Per course: number of reviews and the sum of their ratings; kept by triggers on course_reviews.';

-- Per teacher: how many of each student's active enrolments are in their courses, and so how many
-- distinct students they teach.
create table private.teacher_students (
  teacher_id uuid not null,
  student_id uuid not null,
  active_enrolments integer not null default 0,
  primary key (teacher_id, student_id)
);

create table private.teacher_figures (
  teacher_id uuid primary key,
  students integer not null default 0
);

comment on table private.teacher_students is
  'Per teacher and student: active enrolments of the student in the teacher''s courses; kept by triggers, read by nobody but them.';
comment on table private.teacher_figures is
  'Per teacher: distinct students with an active enrolment in their courses; kept by triggers; the teacher and administrators.';

alter table private.school_figures enable row level security;
alter table private.school_hours enable row level security;
alter table private.student_figures enable row level security;
alter table private.course_review_figures enable row level security;
alter table private.teacher_students enable row level security;
alter table private.teacher_figures enable row level security;

create policy "Admins can view the school figures"
  on private.school_figures for select to authenticated using ((select private.is_admin()));
create policy "Admins can view the school hours"
  on private.school_hours for select to authenticated using ((select private.is_admin()));
create policy "Signed-in users can view review figures"
  on private.course_review_figures for select to authenticated using (true);
create policy "Teachers can view their own figures"
  on private.teacher_figures for select to authenticated using (teacher_id = (select auth.uid()));
create policy "Admins can view every teacher's figures"
  on private.teacher_figures for select to authenticated using ((select private.is_admin()));

revoke all on private.school_figures, private.school_hours, private.student_figures,
  private.course_review_figures, private.teacher_students, private.teacher_figures from public, anon, authenticated;
grant select on private.school_figures, private.school_hours, private.course_review_figures,
  private.teacher_figures to authenticated;
grant all on private.school_figures, private.school_hours, private.student_figures,
  private.course_review_figures, private.teacher_students, private.teacher_figures to service_role;

insert into private.school_figures default values;

-- Recounts the active enrolments of each (teacher, student) pair in the teacher's courses and moves the
-- teachers' distinct student counts by the pairs that crossed zero; locked like the students' rows.
create function private.refresh_teacher_students(changed jsonb) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  pairs jsonb;
begin
  -- changed: [{teacher_id, student_id}, ...], in any order, repeats allowed.
  pairs := (
    select jsonb_agg(jsonb_build_object('teacher_id', p.teacher_id, 'student_id', p.student_id)
                     order by p.teacher_id, p.student_id)
      from (select distinct x.teacher_id, x.student_id
              from jsonb_to_recordset(changed) as x (teacher_id uuid, student_id uuid)
             where x.teacher_id is not null and x.student_id is not null) p
  );
  if pairs is null then
    return;
  end if;
  insert into private.teacher_students (teacher_id, student_id)
  select p.teacher_id, p.student_id from jsonb_to_recordset(pairs) as p (teacher_id uuid, student_id uuid)
   order by 1, 2
  on conflict (teacher_id, student_id) do nothing;
  perform 1
     from private.teacher_students x
     join jsonb_to_recordset(pairs) as p (teacher_id uuid, student_id uuid)
       on p.teacher_id = x.teacher_id and p.student_id = x.student_id
    order by x.teacher_id, x.student_id
      for update of x;

  with counted as (
    select x.teacher_id, x.student_id, x.active_enrolments as old_active, coalesce(n.active, 0) as active
      from private.teacher_students x
      join jsonb_to_recordset(pairs) as p (teacher_id uuid, student_id uuid)
        on p.teacher_id = x.teacher_id and p.student_id = x.student_id
      left join lateral (
        select count(*)::integer as active
          from public.enrollments e
          join public.courses c on c.id = e.course_id
         where e.user_id = x.student_id and e.status = 'active' and c.teacher_id = x.teacher_id
      ) n on true
  ),
  saved as (
    update private.teacher_students x
       set active_enrolments = c.active
      from counted c
     where x.teacher_id = c.teacher_id and x.student_id = c.student_id and c.active <> c.old_active
    returning x.teacher_id
  )
  insert into private.teacher_figures as f (teacher_id, students)
  select c.teacher_id, sum((c.active > 0)::integer - (c.old_active > 0)::integer)
    from counted c
   group by c.teacher_id
  having sum((c.active > 0)::integer - (c.old_active > 0)::integer) <> 0
   order by 1
  on conflict (teacher_id) do update set students = f.students + excluded.students;
end
$$;

-- Recounts every student a teacher has or had (after one of their courses was deleted or moved).
create function private.refresh_teacher(teacher_ids uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  pairs jsonb;
begin
  pairs := (
    select jsonb_agg(jsonb_build_object('teacher_id', p.teacher_id, 'student_id', p.student_id))
      from (
        select x.teacher_id, x.student_id from private.teacher_students x
         where x.teacher_id = any (teacher_ids) and x.active_enrolments > 0
        union
        select c.teacher_id, e.user_id
          from public.courses c
          join public.enrollments e on e.course_id = c.id and e.status = 'active'
         where c.teacher_id = any (teacher_ids)
      ) p
  );
  if pairs is not null then
    perform private.refresh_teacher_students(pairs);
  end if;
end
$$;

-- Recounts the given students' active enrolments (all, and in courses run by a teacher) and moves the
-- school's distinct counts by how many crossed zero. The students' rows are locked first, in id order,
-- and counted by the next statement, with a snapshot taken after the lock: a concurrent change to the
-- same student waits and is then counted from what the other committed.
create function private.refresh_student_figures(student_ids uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  student_ids := array(select distinct s from unnest(student_ids) as s where s is not null order by 1);
  if cardinality(student_ids) = 0 then
    return;
  end if;
  insert into private.student_figures (student_id)
  select s from unnest(student_ids) as s order by 1
  on conflict (student_id) do nothing;
  perform 1 from private.student_figures f where f.student_id = any (student_ids) order by f.student_id for update;

  with counted as (
    select f.student_id,
           f.active_enrolments as old_active,
           f.taught_active_enrolments as old_taught,
           coalesce(n.active, 0) as active,
           coalesce(n.taught, 0) as taught
      from private.student_figures f
      left join lateral (
        select count(*)::integer as active,
               (count(*) filter (where t.role = 'teacher'))::integer as taught
          from public.enrollments e
          join public.courses c on c.id = e.course_id
          left join public.users t on t.id = c.teacher_id
         where e.user_id = f.student_id and e.status = 'active'
      ) n on true
     where f.student_id = any (student_ids)
  ),
  saved as (
    update private.student_figures f
       set active_enrolments = c.active, taught_active_enrolments = c.taught
      from counted c
     where f.student_id = c.student_id
       and (c.active, c.taught) is distinct from (c.old_active, c.old_taught)
    returning f.student_id
  )
  update private.school_figures s
     set active_students = s.active_students + d.active,
         taught_active_students = s.taught_active_students + d.taught
    from (
      select coalesce(sum((c.active > 0)::integer - (c.old_active > 0)::integer), 0) as active,
             coalesce(sum((c.taught > 0)::integer - (c.old_taught > 0)::integer), 0) as taught
        from counted c
    ) d
   where s.id and (d.active <> 0 or d.taught <> 0);
end
$$;

create function private.track_users() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb;
  promoted uuid[];
begin
  if tg_op = 'INSERT' then
    changes := (select jsonb_agg(jsonb_build_object('role', n.role, 'is_active', n.is_active,
                                                    'created_at', n.created_at, 'sign', 1)) from new_rows n);
  elsif tg_op = 'DELETE' then
    changes := (select jsonb_agg(jsonb_build_object('role', o.role, 'is_active', o.is_active,
                                                    'created_at', o.created_at, 'sign', -1)) from old_rows o);
    -- Their enrolments went with them (and were recounted); nothing will enrol them again.
    delete from private.student_figures f
     where f.student_id in (select o.id from old_rows o) and f.active_enrolments = 0;
  else
    -- Sign-ins and profile edits update users too: only a change of role, status or creation time counts.
    changes := (
      select jsonb_agg(c)
        from (
          select jsonb_build_object('role', n.role, 'is_active', n.is_active, 'created_at', n.created_at, 'sign', 1) as c
            from (select u.id, u.role, u.is_active, u.created_at from new_rows u
                  except select u.id, u.role, u.is_active, u.created_at from old_rows u) n
          union all
          select jsonb_build_object('role', o.role, 'is_active', o.is_active, 'created_at', o.created_at, 'sign', -1)
            from (select u.id, u.role, u.is_active, u.created_at from old_rows u
                  except select u.id, u.role, u.is_active, u.created_at from new_rows u) o
        ) changed
    );
    promoted := array(
      select r.id from (select u.id, u.role from new_rows u except select u.id, u.role from old_rows u) r
    );
  end if;
  if changes is null then
    return null;
  end if;
  insert into private.school_hours as h (hour, new_users)
  select date_trunc('hour', c.created_at, 'UTC'), sum(c.sign)
    from jsonb_to_recordset(changes) as c (created_at timestamptz, sign integer)
   group by 1
  having sum(c.sign) <> 0
   order by 1
  on conflict (hour) do update set new_users = h.new_users + excluded.new_users;
  -- A person who became (or stopped being) a teacher: the students of their courses.
  if cardinality(promoted) > 0 then
    perform private.refresh_student_figures(array(
      select e.user_id
        from public.courses c
        join public.enrollments e on e.course_id = c.id and e.status = 'active'
       where c.teacher_id = any (promoted)
    ));
  end if;
  update private.school_figures f
     set users = f.users + d.users,
         students = f.students + d.students,
         teachers = f.teachers + d.teachers,
         admins = f.admins + d.admins,
         active_users = f.active_users + d.active_users
    from (
      select coalesce(sum(c.sign), 0) as users,
             coalesce(sum(c.sign) filter (where c.role = 'student'), 0) as students,
             coalesce(sum(c.sign) filter (where c.role = 'teacher'), 0) as teachers,
             coalesce(sum(c.sign) filter (where c.role = 'admin'), 0) as admins,
             coalesce(sum(c.sign) filter (where c.is_active), 0) as active_users
        from jsonb_to_recordset(changes) as c (role text, is_active boolean, sign integer)
    ) d
   where f.id and (d.users, d.students, d.teachers, d.admins, d.active_users) <> (0, 0, 0, 0, 0);
  return null;
end
$$;

create trigger track_users_after_insert
  after insert on public.users referencing new table as new_rows
  for each statement execute function private.track_users();
create trigger track_users_after_update
  after update on public.users referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_users();
create trigger track_users_after_delete
  after delete on public.users referencing old table as old_rows
  for each statement execute function private.track_users();

-- Classes: totals by type, minutes, the longest class, classes starting by hour.
create function private.track_classes() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    changes := (select jsonb_agg(jsonb_build_object('scheduled_date', n.scheduled_date, 'duration', n.duration,
                                                    'type', n.type, 'sign', 1)) from new_rows n);
  elsif tg_op = 'DELETE' then
    changes := (select jsonb_agg(jsonb_build_object('scheduled_date', o.scheduled_date, 'duration', o.duration,
                                                    'type', o.type, 'sign', -1)) from old_rows o);
  else
    changes := (
      select jsonb_agg(c)
        from (
          select jsonb_build_object('scheduled_date', n.scheduled_date, 'duration', n.duration, 'type', n.type, 'sign', 1) as c
            from (select k.id, k.scheduled_date, k.duration, k.type from new_rows k
                  except select k.id, k.scheduled_date, k.duration, k.type from old_rows k) n
          union all
          select jsonb_build_object('scheduled_date', o.scheduled_date, 'duration', o.duration, 'type', o.type, 'sign', -1)
            from (select k.id, k.scheduled_date, k.duration, k.type from old_rows k
                  except select k.id, k.scheduled_date, k.duration, k.type from new_rows k) o
        ) changed
    );
  end if;
  if changes is null then
    return null;
  end if;
  insert into private.school_hours as h (hour, classes)
  select date_trunc('hour', c.scheduled_date, 'UTC'), sum(c.sign)
    from jsonb_to_recordset(changes) as c (scheduled_date timestamptz, sign integer)
   group by 1
  having sum(c.sign) <> 0
   order by 1
  on conflict (hour) do update set classes = h.classes + excluded.classes;
  update private.school_figures f
     set classes = f.classes + d.classes,
         live_classes = f.live_classes + d.live,
         recorded_classes = f.recorded_classes + d.recorded,
         class_minutes = f.class_minutes + d.minutes,
         longest_class = greatest(f.longest_class, d.longest)
    from (
      select coalesce(sum(c.sign), 0) as classes,
             coalesce(sum(c.sign) filter (where c.type = 'live'), 0) as live,
             coalesce(sum(c.sign) filter (where c.type = 'recorded'), 0) as recorded,
             coalesce(sum(c.sign * c.duration), 0) as minutes,
             coalesce(max(c.duration) filter (where c.sign > 0), 0) as longest
        from jsonb_to_recordset(changes) as c (duration integer, type text, sign integer)
    ) d
   where f.id;
  return null;
end
$$;

create trigger track_classes_after_insert
  after insert on public.classes referencing new table as new_rows
  for each statement execute function private.track_classes();
create trigger track_classes_after_update
  after update on public.classes referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_classes();
create trigger track_classes_after_delete
  after delete on public.classes referencing old table as old_rows
  for each statement execute function private.track_classes();

-- Activities: how many.
create function private.track_activities() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  delta integer;
begin
  if tg_op = 'INSERT' then
    delta := (select count(*) from new_rows);
  else
    delta := -(select count(*) from old_rows);
  end if;
  update private.school_figures f set activities = f.activities + delta where f.id and delta <> 0;
  return null;
end
$$;

create trigger track_activities_after_insert
  after insert on public.activities referencing new table as new_rows
  for each statement execute function private.track_activities();
create trigger track_activities_after_delete
  after delete on public.activities referencing old table as old_rows
  for each statement execute function private.track_activities();

-- Materials: totals by kind and bytes.
create function private.track_materials() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    changes := (select jsonb_agg(jsonb_build_object('type', n.type, 'file_size', n.file_size, 'sign', 1)) from new_rows n);
  elsif tg_op = 'DELETE' then
    changes := (select jsonb_agg(jsonb_build_object('type', o.type, 'file_size', o.file_size, 'sign', -1)) from old_rows o);
  else
    changes := (
      select jsonb_agg(c)
        from (
          select jsonb_build_object('type', n.type, 'file_size', n.file_size, 'sign', 1) as c
            from (select m.id, m.type, m.file_size from new_rows m
                  except select m.id, m.type, m.file_size from old_rows m) n
          union all
          select jsonb_build_object('type', o.type, 'file_size', o.file_size, 'sign', -1)
            from (select m.id, m.type, m.file_size from old_rows m
                  except select m.id, m.type, m.file_size from new_rows m) o
        ) changed
    );
  end if;
  if changes is null then
    return null;
  end if;
  update private.school_figures f
     set materials = f.materials + d.materials,
         document_materials = f.document_materials + d.documents,
         video_materials = f.video_materials + d.videos,
         audio_materials = f.audio_materials + d.audio,
         link_materials = f.link_materials + d.links,
         material_bytes = f.material_bytes + d.bytes
    from (
      select coalesce(sum(c.sign), 0) as materials,
             coalesce(sum(c.sign) filter (where c.type in ('pdf', 'document')), 0) as documents,
             coalesce(sum(c.sign) filter (where c.type = 'video'), 0) as videos,
             coalesce(sum(c.sign) filter (where c.type = 'audio'), 0) as audio,
             coalesce(sum(c.sign) filter (where c.type = 'link'), 0) as links,
             coalesce(sum(c.sign * c.file_size), 0) as bytes
        from jsonb_to_recordset(changes) as c (type text, file_size bigint, sign integer)
    ) d
   where f.id;
  return null;
end
$$;

create trigger track_materials_after_insert
  after insert on public.materials referencing new table as new_rows
  for each statement execute function private.track_materials();
create trigger track_materials_after_update
  after update on public.materials referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_materials();
create trigger track_materials_after_delete
  after delete on public.materials referencing old table as old_rows
  for each statement execute function private.track_materials();

-- Reviews: count and rating total per course.
create function private.track_course_reviews() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    changes := (select jsonb_agg(jsonb_build_object('course_id', n.course_id, 'rating', n.rating, 'sign', 1)) from new_rows n);
  elsif tg_op = 'DELETE' then
    changes := (select jsonb_agg(jsonb_build_object('course_id', o.course_id, 'rating', o.rating, 'sign', -1)) from old_rows o);
  else
    changes := (
      select jsonb_agg(c)
        from (
          select jsonb_build_object('course_id', n.course_id, 'rating', n.rating, 'sign', 1) as c
            from (select r.id, r.course_id, r.rating from new_rows r
                  except select r.id, r.course_id, r.rating from old_rows r) n
          union all
          select jsonb_build_object('course_id', o.course_id, 'rating', o.rating, 'sign', -1)
            from (select r.id, r.course_id, r.rating from old_rows r
                  except select r.id, r.course_id, r.rating from new_rows r) o
        ) changed
    );
  end if;
  if changes is null then
    return null;
  end if;
  -- (The reviews of a course being deleted go after it: its figures go with it, in track_courses.)
  insert into private.course_review_figures as f (course_id, reviews, rating_total)
  select c.course_id, sum(c.sign), sum(c.sign * c.rating)
    from jsonb_to_recordset(changes) as c (course_id uuid, rating integer, sign integer)
   where exists (select 1 from public.courses k where k.id = c.course_id)
   group by 1
   order by 1
  on conflict (course_id) do update
    set reviews = f.reviews + excluded.reviews, rating_total = f.rating_total + excluded.rating_total;
  return null;
end
$$;

create trigger track_course_reviews_after_insert
  after insert on public.course_reviews referencing new table as new_rows
  for each statement execute function private.track_course_reviews();
create trigger track_course_reviews_after_update
  after update on public.course_reviews referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_course_reviews();
create trigger track_course_reviews_after_delete
  after delete on public.course_reviews referencing old table as old_rows
  for each statement execute function private.track_course_reviews();

-- Enrolments: enrolments made, kept (not dropped) and their course prices by hour; the students'
-- distinct counts. Progress refreshes update enrolments all the time and change none of this.
create function private.track_enrollments() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    changes := (select jsonb_agg(jsonb_build_object('user_id', n.user_id, 'course_id', n.course_id, 'status', n.status,
                                                    'enrolled_at', n.enrolled_at, 'sign', 1)) from new_rows n);
  elsif tg_op = 'DELETE' then
    changes := (select jsonb_agg(jsonb_build_object('user_id', o.user_id, 'course_id', o.course_id, 'status', o.status,
                                                    'enrolled_at', o.enrolled_at, 'sign', -1)) from old_rows o);
  else
    changes := (
      select jsonb_agg(c)
        from (
          select jsonb_build_object('user_id', n.user_id, 'course_id', n.course_id, 'status', n.status,
                                    'enrolled_at', n.enrolled_at, 'sign', 1) as c
            from (select e.id, e.user_id, e.course_id, e.status, e.enrolled_at from new_rows e
                  except select e.id, e.user_id, e.course_id, e.status, e.enrolled_at from old_rows e) n
          union all
          select jsonb_build_object('user_id', o.user_id, 'course_id', o.course_id, 'status', o.status,
                                    'enrolled_at', o.enrolled_at, 'sign', -1)
            from (select e.id, e.user_id, e.course_id, e.status, e.enrolled_at from old_rows e
                  except select e.id, e.user_id, e.course_id, e.status, e.enrolled_at from new_rows e) o
        ) changed
    );
  end if;
  if changes is null then
    return null;
  end if;
  -- The prices read below hold until this transaction ends: a price change waits for it, then adds the
  -- difference for these enrolments too. (A course being deleted is gone already: its revenue left
  -- the hours before it went, see withdraw_course_revenue.)
  perform 1
     from public.courses k
    where k.id in (select c.course_id from jsonb_to_recordset(changes) as c (course_id uuid))
    order by k.id
      for share;
  insert into private.school_hours as h (hour, new_enrollments, kept_enrollments, revenue)
  select date_trunc('hour', c.enrolled_at, 'UTC'),
         sum(c.sign),
         coalesce(sum(c.sign) filter (where c.status <> 'dropped'), 0),
         coalesce(sum(c.sign * k.price) filter (where c.status <> 'dropped'), 0)
    from jsonb_to_recordset(changes) as c (course_id uuid, status text, enrolled_at timestamptz, sign integer)
    left join public.courses k on k.id = c.course_id
   group by 1
  having (sum(c.sign), coalesce(sum(c.sign) filter (where c.status <> 'dropped'), 0),
          coalesce(sum(c.sign * k.price) filter (where c.status <> 'dropped'), 0)) <> (0, 0, 0)
   order by 1
  on conflict (hour) do update
    set new_enrollments = h.new_enrollments + excluded.new_enrollments,
        kept_enrollments = h.kept_enrollments + excluded.kept_enrollments,
        revenue = h.revenue + excluded.revenue;
  -- (A course being deleted has no teacher to read any more: track_courses recounts its teacher.)
  perform private.refresh_teacher_students((
    select jsonb_agg(jsonb_build_object('teacher_id', k.teacher_id, 'student_id', c.user_id))
      from jsonb_to_recordset(changes) as c (user_id uuid, course_id uuid)
      join public.courses k on k.id = c.course_id
  ));
  perform private.refresh_student_figures(array(
    select c.user_id from jsonb_to_recordset(changes) as c (user_id uuid)
  ));
  return null;
end
$$;

create trigger track_enrollments_after_insert
  after insert on public.enrollments referencing new table as new_rows
  for each statement execute function private.track_enrollments();
create trigger track_enrollments_after_update
  after update on public.enrollments referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_enrollments();
create trigger track_enrollments_after_delete
  after delete on public.enrollments referencing old table as old_rows
  for each statement execute function private.track_enrollments();

-- A course about to be deleted takes its enrolments' revenue out of the hours (its enrolments then go by
-- cascade, when its price can no longer be read).
create function private.withdraw_course_revenue() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.price <> 0 then
    insert into private.school_hours as h (hour, revenue)
    select date_trunc('hour', e.enrolled_at, 'UTC'), -old.price * count(*)
      from public.enrollments e
     where e.course_id = old.id and e.status <> 'dropped'
     group by 1
     order by 1
    on conflict (hour) do update set revenue = h.revenue + excluded.revenue;
  end if;
  return old;
end
$$;

create trigger withdraw_course_revenue
  before delete on public.courses
  for each row execute function private.withdraw_course_revenue();

-- A new price changes the revenue of the course's kept enrolments; a new teacher (or none) can change
-- which of its students count as taught by a teacher.
create function private.track_courses() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    delete from private.course_review_figures f where f.course_id in (select o.id from old_rows o);
    -- Their enrolments are gone by now: recount their teachers' students.
    perform private.refresh_teacher(array(select distinct o.teacher_id from old_rows o where o.teacher_id is not null));
    return null;
  end if;
  insert into private.school_hours as h (hour, revenue)
  select date_trunc('hour', e.enrolled_at, 'UTC'), sum(p.difference)
    from (
      select n.id, n.price - o.price as difference
        from (select k.id, k.price from new_rows k except select k.id, k.price from old_rows k) n
        join old_rows o on o.id = n.id
    ) p
    join public.enrollments e on e.course_id = p.id and e.status <> 'dropped'
   group by 1
   order by 1
  on conflict (hour) do update set revenue = h.revenue + excluded.revenue;
  -- The old and the new teacher of a course that changed hands: every student each has or had. (All of
  -- them, not only this course's: when a deleted account takes its enrolments and its courses' teacher
  -- in one statement, the enrolments may be gone before the course is read here.)
  perform private.refresh_teacher(array(
    select distinct t.teacher_id
      from (select k.id, k.teacher_id from new_rows k except select k.id, k.teacher_id from old_rows k) moved
      join old_rows o on o.id = moved.id
      cross join lateral (values (o.teacher_id), (moved.teacher_id)) as t (teacher_id)
     where t.teacher_id is not null
  ));
  perform private.refresh_student_figures(array(
    select e.user_id
      from (select k.id, k.teacher_id from new_rows k except select k.id, k.teacher_id from old_rows k) moved
      join public.enrollments e on e.course_id = moved.id and e.status = 'active'
  ));
  return null;
end
$$;

create trigger track_courses_after_update
  after update on public.courses referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_courses();
create trigger track_courses_after_delete
  after delete on public.courses referencing old table as old_rows
  for each statement execute function private.track_courses();

revoke execute on function
  private.refresh_teacher_students(jsonb),
  private.refresh_teacher(uuid[]),
  private.refresh_student_figures(uuid[]),
  private.track_users(),
  private.track_classes(),
  private.track_activities(),
  private.track_materials(),
  private.track_course_reviews(),
  private.track_enrollments(),
  private.withdraw_course_revenue(),
  private.track_courses()
from public;

-- The figures of what is stored already.
update private.school_figures f
   set users = u.users, students = u.students, teachers = u.teachers, admins = u.admins, active_users = u.active_users,
       classes = k.classes, live_classes = k.live, recorded_classes = k.recorded, class_minutes = k.minutes,
       longest_class = k.longest,
       activities = (select count(*) from public.activities),
       materials = m.materials, document_materials = m.documents, video_materials = m.videos,
       audio_materials = m.audio, link_materials = m.links, material_bytes = m.bytes
  from (select count(*) as users,
               count(*) filter (where role = 'student') as students,
               count(*) filter (where role = 'teacher') as teachers,
               count(*) filter (where role = 'admin') as admins,
               count(*) filter (where is_active) as active_users
          from public.users) u,
       (select count(*) as classes,
               count(*) filter (where type = 'live') as live,
               count(*) filter (where type = 'recorded') as recorded,
               coalesce(sum(duration), 0) as minutes,
               coalesce(max(duration), 0) as longest
          from public.classes) k,
       (select count(*) as materials,
               count(*) filter (where type in ('pdf', 'document')) as documents,
               count(*) filter (where type = 'video') as videos,
               count(*) filter (where type = 'audio') as audio,
               count(*) filter (where type = 'link') as links,
               coalesce(sum(file_size), 0) as bytes
          from public.materials) m
 where f.id;

insert into private.school_hours (hour, new_users, new_enrollments, kept_enrollments, revenue, classes)
select t.hour, sum(t.new_users), sum(t.new_enrollments), sum(t.kept_enrollments), sum(t.revenue), sum(t.classes)
  from (
    select date_trunc('hour', u.created_at, 'UTC') as hour, 1 as new_users, 0 as new_enrollments,
           0 as kept_enrollments, 0::numeric as revenue, 0 as classes
      from public.users u
    union all
    select date_trunc('hour', e.enrolled_at, 'UTC'), 0, 1, (e.status <> 'dropped')::integer,
           case when e.status <> 'dropped' then c.price else 0 end, 0
      from public.enrollments e
      join public.courses c on c.id = e.course_id
    union all
    select date_trunc('hour', k.scheduled_date, 'UTC'), 0, 0, 0, 0, 1
      from public.classes k
  ) t
 group by t.hour;

insert into private.student_figures (student_id, active_enrolments, taught_active_enrolments)
select e.user_id, count(*), count(*) filter (where t.role = 'teacher')
  from public.enrollments e
  join public.courses c on c.id = e.course_id
  left join public.users t on t.id = c.teacher_id
 where e.status = 'active'
 group by e.user_id;

update private.school_figures f
   set active_students = (select count(*) from private.student_figures s where s.active_enrolments > 0),
       taught_active_students = (select count(*) from private.student_figures s where s.taught_active_enrolments > 0)
 where f.id;

insert into private.course_review_figures (course_id, reviews, rating_total)
select r.course_id, count(*), sum(r.rating) from public.course_reviews r group by r.course_id;

insert into private.teacher_students (teacher_id, student_id, active_enrolments)
select c.teacher_id, e.user_id, count(*)
  from public.enrollments e
  join public.courses c on c.id = e.course_id
 where e.status = 'active' and c.teacher_id is not null
 group by c.teacher_id, e.user_id;

insert into private.teacher_figures (teacher_id, students)
select x.teacher_id, count(*) from private.teacher_students x group by x.teacher_id;

-- A teacher's students (the users policy and the student figures' permission checks), from the
-- teacher's pairs rather than every enrolment of their courses: same list, same role check.
create index teacher_students_linked_idx
  on private.teacher_students (teacher_id, student_id) where active_enrolments > 0;

create or replace function private.taught_student_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(x.student_id), '{}')
    from private.teacher_students x
   where x.teacher_id = (select auth.uid())
     and x.active_enrolments > 0
     and (select private.current_user_role()) in ('teacher', 'admin')
$$;

-- The activities a teacher runs: those of their courses by course, those of their courses' classes by
-- class (an activity belongs to exactly one of the two), each through its index, instead of testing
-- every activity against the list of the teacher's classes.
create or replace function private.taught_activity_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  with taught as (select private.taught_course_ids() as ids)
  select coalesce(array_agg(x.id), '{}')
    from (
      select a.id
        from public.activities a
       where a.course_id = any ((select t.ids from taught t)::uuid[])
      union all
      select a.id
        from public.classes cl
        join public.activities a on a.class_id = cl.id
       where cl.course_id = any ((select t.ids from taught t)::uuid[])
    ) x
$$;

-- 4. Read models on the summaries and indexes -------------------------------------------------------------------

-- Admin dashboard: same answer (20261124000600_admin_dashboard.sql), from the school's totals and its
-- hours. A period's figures add up the hours that lie wholly inside it; the series adds up hours that
-- lie wholly inside one bucket (day, week or month) of the viewer's time zone. The few hours a period
-- edge or a local midnight cuts through (a zone half an hour off UTC cuts one a day) are read row by row.
create or replace function public.get_admin_dashboard(period text default 'month', time_zone text default 'UTC')
returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_now timestamptz := now();
  v_tz text := coalesce(nullif(time_zone, ''), 'UTC');
  v_length interval;
  v_bucket text;
  v_step interval;
  v_start timestamptz;
  v_previous timestamptz;
  v_next_hour timestamptz := date_trunc('hour', now(), 'UTC') + interval '1 hour';
begin
  if not (select private.is_admin()) then
    raise exception 'Only administrators can read the school dashboard' using errcode = '42501';
  end if;
  -- An unknown zone fails here with invalid_parameter_value (22023).
  perform v_now at time zone v_tz;
  case period
    when 'week' then v_length := interval '7 days'; v_bucket := 'day'; v_step := interval '1 day';
    when 'month' then v_length := interval '1 month'; v_bucket := 'day'; v_step := interval '1 day';
    when 'quarter' then v_length := interval '3 months'; v_bucket := 'week'; v_step := interval '1 week';
    when 'year' then v_length := interval '1 year'; v_bucket := 'month'; v_step := interval '1 month';
    else raise exception 'The period must be week, month, quarter or year' using errcode = '22023';
  end case;
  v_start := v_now - v_length;
  v_previous := v_start - v_length;

  return (
    with hours as materialized (
      select h.hour, h.new_users, h.new_enrollments, h.revenue, h.classes,
             h.hour >= v_previous and h.hour + interval '1 hour' <= v_now
               and (h.hour >= v_start or h.hour + interval '1 hour' <= v_start)
               and date_trunc(v_bucket, h.hour at time zone v_tz)
                   = date_trunc(v_bucket, (h.hour + interval '1 hour' - interval '1 microsecond') at time zone v_tz)
               as whole
        from private.school_hours h
       where h.hour >= date_trunc('hour', v_previous, 'UTC') and h.hour < v_now
    ),
    cut as materialized (
      select h.hour as since, least(h.hour + interval '1 hour', v_now) as until
        from hours h
       where not h.whole
    ),
    cut_enrollments as materialized (
      select e.enrolled_at, e.status, c.price
        from cut
       cross join lateral (
         -- (offset 0: one index range per cut hour, whatever the plan guesses about the hours)
         select e.enrolled_at, e.status, e.course_id from public.enrollments e
          where e.enrolled_at >= greatest(cut.since, v_previous) and e.enrolled_at < cut.until
         offset 0
       ) e
        join public.courses c on c.id = e.course_id
    ),
    figures as (
      select
        w.name,
        coalesce(whole.new_users, 0)
          + (select count(*)
               from cut
              cross join lateral (
                select 1 from public.users u
                 where u.created_at >= greatest(cut.since, w.since) and u.created_at < least(cut.until, w.until)
                offset 0
              ) x) as new_users,
        coalesce(whole.new_enrollments, 0)
          + (select count(*) from cut_enrollments ce where ce.enrolled_at >= w.since and ce.enrolled_at < w.until)
          as new_enrollments,
        coalesce(whole.revenue, 0)
          + coalesce((select sum(ce.price) from cut_enrollments ce
                       where ce.enrolled_at >= w.since and ce.enrolled_at < w.until and ce.status <> 'dropped'), 0)
          as revenue,
        coalesce(whole.classes, 0)
          + (select count(*)
               from cut
              cross join lateral (
                select 1 from public.classes cl
                 where cl.scheduled_date >= greatest(cut.since, w.since) and cl.scheduled_date < least(cut.until, w.until)
                offset 0
              ) x) as classes
      from (values ('current', v_start, v_now), ('previous', v_previous, v_start)) as w(name, since, until)
      left join lateral (
        select sum(h.new_users) as new_users, sum(h.new_enrollments) as new_enrollments,
               sum(h.revenue) as revenue, sum(h.classes) as classes
          from hours h
         where h.whole and h.hour >= w.since and h.hour < w.until
      ) whole on true
    ),
    buckets as (
      select b as bucket_start
        from generate_series(
               date_trunc(v_bucket, v_start at time zone v_tz),
               date_trunc(v_bucket, v_now at time zone v_tz),
               v_step
             ) as b
    ),
    series as (
      select b.bucket_start,
             coalesce(sum(x.enrollments), 0) as enrollments,
             coalesce(sum(x.revenue), 0) as revenue
        from buckets b
        left join (
          select date_trunc(v_bucket, h.hour at time zone v_tz) as bucket, h.new_enrollments as enrollments,
                 h.revenue
            from hours h
           where h.whole and h.hour >= v_start
          union all
          select date_trunc(v_bucket, ce.enrolled_at at time zone v_tz), 1,
                 case when ce.status <> 'dropped' then ce.price else 0 end
            from cut_enrollments ce
           where ce.enrolled_at >= v_start
        ) x on x.bucket = b.bucket_start
       group by b.bucket_start
    )
    select json_build_object(
      'period', period,
      'period_start', v_start,
      'previous_start', v_previous,
      'now', v_now,
      'bucket', v_bucket,
      'users', (
        select json_build_object('total', f.users, 'students', f.students, 'teachers', f.teachers, 'admins', f.admins)
          from private.school_figures f
      ),
      'courses', (
        select json_build_object(
          'total', count(*),
          'active', count(*) filter (where c.is_active),
          'active_enrollments', coalesce(sum(c.enrolled_count), 0),
          'revenue', coalesce(sum(c.price * c.enrolled_count), 0)
        )
        from public.courses c
      ),
      'classes', (
        select json_build_object(
          'total', f.classes,
          'live', f.live_classes,
          'upcoming',
            coalesce((select sum(h.classes) from private.school_hours h where h.hour >= v_next_hour), 0)
            + (select count(*) from public.classes cl where cl.scheduled_date > v_now and cl.scheduled_date < v_next_hour)
        )
        from private.school_figures f
      ),
      'materials', (select f.materials from private.school_figures f),
      'current', (
        select json_build_object('new_users', f.new_users, 'new_enrollments', f.new_enrollments,
                                 'revenue', f.revenue, 'classes', f.classes)
          from figures f where f.name = 'current'
      ),
      'previous', (
        select json_build_object('new_users', f.new_users, 'new_enrollments', f.new_enrollments,
                                 'revenue', f.revenue, 'classes', f.classes)
          from figures f where f.name = 'previous'
      ),
      'series', coalesce((
        select json_agg(
                 json_build_object(
                   'start', to_char(s.bucket_start, 'YYYY-MM-DD'),
                   'enrollments', s.enrollments,
                   'revenue', s.revenue
                 )
                 order by s.bucket_start
               )
          from series s
      ), '[]'::json)
    )
  );
end
$$;

-- User Management figures: an administrator reads the school's totals; anyone else counts the profiles
-- they may see, as before.
create or replace function public.get_user_counts() returns json
language sql stable security invoker set search_path = ''
as $$
  select coalesce(
    (select json_build_object(
              'total', f.users,
              'students', f.students,
              'teachers', f.teachers,
              'admins', f.admins,
              'active', f.active_users,
              'inactive', f.users - f.active_users
            )
       from private.school_figures f
      where (select private.is_admin())),
    (select json_build_object(
              'total', count(*),
              'students', count(*) filter (where u.role = 'student'),
              'teachers', count(*) filter (where u.role = 'teacher'),
              'admins', count(*) filter (where u.role = 'admin'),
              'active', count(*) filter (where u.is_active),
              'inactive', count(*) filter (where not u.is_active)
            )
       from public.users u)
  )
$$;

-- Course Management figures: the distinct students of an administrator's scope (every course) are the
-- school's; anyone else's are counted over the courses they may see, as before.
create or replace function public.get_course_management_stats() returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'total_courses', count(*),
    'active_courses', count(*) filter (where c.is_active),
    'total_revenue', coalesce(sum(c.price * c.enrolled_count), 0),
    'total_students', coalesce(
      (select f.active_students from private.school_figures f where (select private.is_admin())),
      (select count(distinct e.user_id)
         from public.enrollments e
        where e.status = 'active'
          and e.course_id = any (array_agg(c.id)))
    ),
    'languages', coalesce(
      (select json_agg(l order by l) from (select distinct unnest(array_agg(c.language)) as l) ls),
      '[]'::json
    )
  )
  from public.courses c
$$;

-- Teacher Management figures (administrators only, as before): the active students and the rating
-- from the summaries instead of every enrolment and every review.
create or replace function public.get_teacher_management_stats() returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  answer json;
begin
  perform private.require_admin('manage teachers');
  with teachers as (
    select u.id, u.is_active, u.specializations from public.users u where u.role = 'teacher'
  ),
  taught as (
    select c.id from public.courses c where c.teacher_id in (select t.id from teachers t)
  ),
  ratings as (
    select round(sum(r.rating_total)::numeric / nullif(sum(r.reviews), 0), 2) as average_rating,
           coalesce(sum(r.reviews), 0)::integer as review_count
      from private.course_review_figures r
     where r.course_id in (select t.id from taught t)
  )
  select json_build_object(
    'total_teachers', (select count(*) from teachers),
    'active_teachers', (select count(*) from teachers t where t.is_active),
    'inactive_teachers', (select count(*) from teachers t where not t.is_active),
    'courses_taught', (select count(*) from taught),
    'unassigned_courses', (select count(*) from public.courses c where c.teacher_id is null),
    'active_students', (select f.taught_active_students from private.school_figures f),
    'average_rating', (select r.average_rating from ratings r),
    'review_count', (select r.review_count from ratings r),
    'specializations', coalesce((
      select json_agg(s.label order by lower(s.label), s.label)
        from (select distinct unnest(t.specializations) as label from teachers t) s
    ), '[]'::json)
  )
  into answer;
  return answer;
end
$$;

-- Teacher Management page (administrators only, as before): each teacher's students and rating from
-- the teacher and review figures instead of their enrolments and reviews.
create or replace function public.get_teacher_management_page(
  search text default null,
  specialization text default null,
  is_active boolean default null,
  page_number integer default 1,
  page_size integer default 12
) returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  pattern text := case
    when nullif(btrim(search), '') is null then null
    else '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end;
  wanted text := nullif(btrim(specialization), '');
  size integer := least(greatest(coalesce(page_size, 12), 1), 100);
  skip integer := (greatest(coalesce(page_number, 1), 1) - 1) * least(greatest(coalesce(page_size, 12), 1), 100);
  answer json;
begin
  perform private.require_admin('manage teachers');
  with filtered as (
    select u.id, u.email, u.first_name, u.last_name, u.avatar_url, u.phone, u.location, u.bio,
           u.is_active, u.specializations, u.created_at, u.last_sign_in_at
      from public.users u
     where u.role = 'teacher'
       and (get_teacher_management_page.is_active is null
            or u.is_active = get_teacher_management_page.is_active)
       and (pattern is null
            or u.first_name ilike pattern
            or u.last_name ilike pattern
            or (u.first_name || ' ' || u.last_name) ilike pattern
            or u.email ilike pattern)
       and (wanted is null or u.specializations @> array[wanted])
  ),
  page as (
    select f.*
      from filtered f
     order by f.first_name, f.last_name, f.id
    offset skip
     limit size
  )
  select json_build_object(
    'total', (select count(*) from filtered),
    'items', coalesce((
      select json_agg(json_build_object(
               'id', p.id,
               'email', p.email,
               'first_name', p.first_name,
               'last_name', p.last_name,
               'avatar_url', p.avatar_url,
               'phone', p.phone,
               'location', p.location,
               'bio', p.bio,
               'is_active', p.is_active,
               'specializations', p.specializations,
               'created_at', p.created_at,
               'last_sign_in_at', p.last_sign_in_at,
               'course_count', courses.course_count,
               'active_course_count', courses.active_course_count,
               'courses', newest.courses,
               'student_count', students.student_count,
               'average_rating', ratings.average_rating,
               'review_count', ratings.review_count
             ) order by p.first_name, p.last_name, p.id)
        from page p
        cross join lateral (
          select count(*)::integer as course_count,
                 (count(*) filter (where c.is_active))::integer as active_course_count,
                 coalesce(array_agg(c.id), '{}') as ids
            from public.courses c
           where c.teacher_id = p.id
        ) courses
        cross join lateral (
          select coalesce(json_agg(json_build_object('id', n.id, 'title', n.title, 'is_active', n.is_active)
                                   order by n.created_at desc, n.id), '[]'::json) as courses
            from (select c.id, c.title, c.is_active, c.created_at
                    from public.courses c
                   where c.teacher_id = p.id
                   order by c.created_at desc, c.id
                   limit 5) n
        ) newest
        cross join lateral (
          select coalesce((select f.students from private.teacher_figures f where f.teacher_id = p.id), 0)
                 as student_count
        ) students
        cross join lateral (
          select round(sum(r.rating_total)::numeric / nullif(sum(r.reviews), 0), 2) as average_rating,
                 coalesce(sum(r.reviews), 0)::integer as review_count
            from private.course_review_figures r
           where r.course_id = any (courses.ids)
        ) ratings
    ), '[]'::json)
  )
  into answer;
  return answer;
end
$$;

-- Class Management figures: an administrator's scope is every class, so the school's totals answer;
-- anyone else counts the classes of their courses, as before.
create or replace function public.class_stats()
returns table (total bigint, live bigint, recorded bigint, total_minutes bigint)
language sql stable security invoker set search_path = ''
as $$
  select f.classes::bigint, f.live_classes::bigint, f.recorded_classes::bigint, f.class_minutes
    from private.school_figures f
   where (select private.is_admin())
  union all
  select count(*) as total,
         count(*) filter (where cl.type = 'live') as live,
         count(*) filter (where cl.type = 'recorded') as recorded,
         coalesce(sum(cl.duration), 0)::bigint as total_minutes
    from public.classes cl
   where not (select private.is_admin())
     and cl.course_id = any ((select private.scope_course_ids())::uuid[])
  having not (select private.is_admin())
$$;

-- Materials figures: an administrator reads every material, so the school's totals answer.
create or replace function public.material_stats()
returns table (total bigint, documents bigint, videos bigint, audio bigint, links bigint, total_size bigint)
language sql stable security invoker set search_path = ''
as $$
  select f.materials::bigint, f.document_materials::bigint, f.video_materials::bigint,
         f.audio_materials::bigint, f.link_materials::bigint, f.material_bytes
    from private.school_figures f
   where (select private.is_admin())
  union all
  select count(*) as total,
         count(*) filter (where m.type in ('pdf', 'document')) as documents,
         count(*) filter (where m.type = 'video') as videos,
         count(*) filter (where m.type = 'audio') as audio,
         count(*) filter (where m.type = 'link') as links,
         coalesce(sum(m.file_size), 0)::bigint as total_size
    from public.materials m
   where not (select private.is_admin())
     and (m.course_id is null or m.course_id = any ((select private.scope_course_ids())::uuid[]))
  having not (select private.is_admin())
$$;

-- Activities figures: for an administrator every activity and class counts, so the totals come from the
-- school's figures, and the classes not yet ended from the hours ahead plus the few classes that
-- started less than the longest class ago; anyone else's are counted as before.
create or replace function public.activity_stats()
returns table (total bigint, active_courses bigint, scheduled_classes bigint, due_this_week bigint)
language sql stable security invoker set search_path = ''
as $$
  with scope as (
    select (select private.scope_course_ids()) as course_ids
  ),
  visible as (
    select a.due_date
      from public.activities a
     where a.course_id = any ((select s.course_ids from scope s)::uuid[])
       and not (select private.is_admin())
    union all
    select a.due_date
      from public.activities a
     where a.class_id = any ((select private.taught_class_ids()) || (select private.enrolled_class_ids()))
       and not (select private.is_admin())
  ),
  activity_counts as (
    select count(*) as total, count(*) filter (where private.is_due_this_week(v.due_date)) as due
      from visible v
     having not (select private.is_admin())
    union all
    select f.activities,
           (select count(*) from public.activities a where private.is_due_this_week(a.due_date)
               and a.due_date >= now() and a.due_date <= now() + interval '168 hours')
      from private.school_figures f
     where (select private.is_admin())
  ),
  scheduled as (
    select count(*) as n
      from public.classes cl
     where cl.course_id = any ((select s.course_ids from scope s)::uuid[])
       and private.class_ends_at(cl.scheduled_date, cl.duration) > now()
       and not (select private.is_admin())
    having not (select private.is_admin())
    union all
    select coalesce((select sum(h.classes) from private.school_hours h
                      where h.hour >= date_trunc('hour', now(), 'UTC') + interval '1 hour'), 0)
           + (select count(*)
                from public.classes cl
               where cl.scheduled_date > now() - make_interval(mins => f.longest_class)
                 and cl.scheduled_date < date_trunc('hour', now(), 'UTC') + interval '1 hour'
                 and private.class_ends_at(cl.scheduled_date, cl.duration) > now())
      from private.school_figures f
     where (select private.is_admin())
  )
  select
    counted.total,
    -- (An administrator's scope is every course: the active ones, without listing them all first.)
    (select count(*)
       from public.courses c
      where c.id = any ((select s.course_ids from scope s)::uuid[]) and c.is_active
        and not (select private.is_admin()))
      + (select count(*) from public.courses c where c.is_active and (select private.is_admin())) as active_courses,
    (select sc.n from scheduled sc),
    counted.due
  from activity_counts counted
$$;

-- Calendar month (20261124000500_calendar_filters.sql), same answer. An administrator's unfiltered month
-- counts each day from the school's hours (reading row by row only the hours a local midnight or the
-- range's edge cuts through) and reads each day's first classes from the time index; everyone else's
-- (or a filtered) month counts the classes of their courses, as before. The next classes are chosen by
-- index before the view adds names and attendance to the few shown.
create or replace function public.get_calendar_month(
  range_start timestamptz,
  range_end timestamptz,
  time_zone text default 'UTC',
  day_limit integer default 2,
  upcoming_limit integer default 5,
  course_uuid uuid default null,
  teacher_uuid uuid default null
) returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_tz text := coalesce(time_zone, 'UTC');
  v_everything boolean;
  v_courses uuid[] := '{}';
begin
  if range_start is null or range_end is null or range_end <= range_start then
    raise exception 'The calendar range must end after it starts' using errcode = '22023';
  end if;
  if range_end > range_start + interval '42 days' then
    raise exception 'The calendar range can span at most 42 days' using errcode = '22023';
  end if;
  day_limit := least(greatest(coalesce(day_limit, 2), 0), 50);
  upcoming_limit := least(greatest(coalesce(upcoming_limit, 5), 0), 50);

  -- An administrator without filters sees every class of the school.
  v_everything := course_uuid is null and teacher_uuid is null and (select private.is_admin());
  if not v_everything then
    -- The caller's courses, narrowed by the filters (an empty list when a filter matches none of them).
    select coalesce(array_agg(c.id), '{}') into v_courses
      from public.courses c
     where c.id = any ((select private.scope_course_ids())::uuid[])
       and (course_uuid is null or c.id = course_uuid)
       and (teacher_uuid is null or c.teacher_id = teacher_uuid);
  end if;

  return (
    with in_range as materialized (
      select cl.id, cl.scheduled_date, (cl.scheduled_date at time zone v_tz)::date as day
        from public.classes cl
       where not v_everything
         and cl.course_id = any (v_courses)
         and cl.scheduled_date >= range_start
         and cl.scheduled_date < range_end
    ),
    hours as materialized (
      select h.hour, h.classes, (h.hour at time zone v_tz)::date as day,
             h.hour >= range_start and h.hour + interval '1 hour' <= range_end
               and (h.hour at time zone v_tz)::date
                   = ((h.hour + interval '1 hour' - interval '1 microsecond') at time zone v_tz)::date as whole
        from private.school_hours h
       where v_everything
         and h.hour >= date_trunc('hour', range_start, 'UTC')
         and h.hour < range_end
         and h.classes <> 0
    ),
    days as materialized (
      select r.day,
             count(*)::integer as class_count,
             (array_agg(r.id order by r.scheduled_date, r.id))[1:day_limit] as shown_ids
        from in_range r
       group by r.day
      union all
      select counted.day, counted.class_count,
             array(
               select cl.id
                 from public.classes cl
                where cl.scheduled_date >= greatest((counted.day::timestamp at time zone v_tz), range_start)
                  and cl.scheduled_date < least(((counted.day + 1)::timestamp at time zone v_tz), range_end)
                order by cl.scheduled_date, cl.id
                limit day_limit
             )
        from (
          select x.day, sum(x.n)::integer as class_count
            from (
              select h.day, h.classes as n from hours h where h.whole
              union all
              select (cl.scheduled_date at time zone v_tz)::date, 1
                from hours h
                join public.classes cl
                  on cl.scheduled_date >= greatest(h.hour, range_start)
                 and cl.scheduled_date < least(h.hour + interval '1 hour', range_end)
               where not h.whole
            ) x
           group by x.day
        ) counted
       where counted.class_count > 0
    ),
    shown as materialized (
      select cc.* from public.calendar_classes cc
       where cc.id = any (array(select unnest(d.shown_ids) from days d))
    ),
    upcoming_ids as (
      (select cl.id, cl.scheduled_date
         from public.classes cl
        where v_everything and cl.scheduled_date > now()
        order by cl.scheduled_date, cl.id
        limit upcoming_limit)
      union all
      (select cl.id, cl.scheduled_date
         from public.classes cl
        where not v_everything and cl.course_id = any (v_courses) and cl.scheduled_date > now()
        order by cl.scheduled_date, cl.id
        limit upcoming_limit)
    )
    select json_build_object(
      'range_start', range_start,
      'range_end', range_end,
      'time_zone', v_tz,
      'class_count', (select coalesce(sum(d.class_count), 0) from days d),
      'days', coalesce((
        select json_agg(
                 json_build_object(
                   'date', d.day,
                   'class_count', d.class_count,
                   'classes', coalesce((
                     select json_agg(to_json(s) order by s.scheduled_date, s.id)
                       from shown s
                      where s.id = any (d.shown_ids)
                   ), '[]'::json)
                 )
                 order by d.day
               )
          from days d
      ), '[]'::json),
      'upcoming_classes', coalesce((
        select json_agg(to_json(cc) order by cc.scheduled_date, cc.id)
          from public.calendar_classes cc
         where cc.id = any (array(select u.id from upcoming_ids u))
      ), '[]'::json)
    )
  );
end
$$;

-- My Students figures (20261123000400_students_attendance.sql), same answer. For a teacher, the students
-- are exactly the people actively enrolled in their courses (the users policy shows them all), so they
-- are counted from those enrolments without reading each profile; sign-ins are read for those people
-- only, recent marks and work from the covering (class, attended_at) and (activity, submitted_at)
-- indexes, each activity's course once. An administrator's figures are computed as before.
create or replace function public.get_my_students_stats() returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_admin boolean := (select private.is_admin());
  v_taught uuid[] := (select private.taught_course_ids());
  v_activities uuid[] := (select private.taught_activity_ids());
  v_since timestamptz := now() - interval '7 days';
begin
  if not v_admin then
    return (
      with enrolments as materialized (
        select e.user_id, e.course_id, e.progress
          from public.enrollments e
         where e.status = 'active' and e.course_id = any (v_taught)
      ),
      progress as materialized (
        select en.user_id, round(avg(en.progress), 2) as average from enrolments en group by en.user_id
      ),
      recent_marks as materialized (
        select a.user_id, cl.course_id
          from public.classes cl
          join public.class_attendance a on a.class_id = cl.id
         where cl.course_id = any (v_taught)
           and a.attended
           and a.attended_at >= v_since
      ),
      activity_courses as materialized (
        select ac.id, coalesce(ac.course_id, acl.course_id) as course_id
          from public.activities ac
          left join public.classes acl on acl.id = ac.class_id
         where ac.id = any (v_activities)
      ),
      recent_work as materialized (
        select sub.student_id as user_id, act.course_id
          from public.activity_submissions sub
          join activity_courses act on act.id = sub.activity_id
         where sub.activity_id = any (v_activities)
           and sub.submitted_at >= v_since
      ),
      recent as (
        select u.id
          from public.users u
         where u.id in (select p.user_id from progress p)
           and u.last_sign_in_at >= v_since
        union
        select r.user_id from recent_marks r
         where exists (select 1 from enrolments en where en.user_id = r.user_id and en.course_id = r.course_id)
        union
        select r.user_id from recent_work r
         where exists (select 1 from enrolments en where en.user_id = r.user_id and en.course_id = r.course_id)
      )
      select json_build_object(
        'students', (select count(*) from progress),
        'active_this_week', (select count(*) from recent),
        'average_progress', (select round(avg(p.average), 2) from progress p),
        'at_risk', (select count(*) from progress p where p.average < 60)
      )
    );
  end if;

  return (
    with students as materialized (
      select p.id, p.last_sign_in_at from private.my_student_candidates(v_admin, v_taught) p
    ),
    enrolments as materialized (
      select e.user_id, e.course_id, e.progress
        from public.enrollments e
       where e.status = 'active'
         and (v_admin or e.course_id = any (v_taught))
         and e.user_id in (select s.id from students s)
    ),
    progress as (
      select en.user_id, round(avg(en.progress), 2) as average from enrolments en group by en.user_id
    ),
    recent_marks as materialized (
      select a.user_id, cl.course_id
        from public.classes cl
        join public.class_attendance a on a.class_id = cl.id
       where (v_admin or cl.course_id = any (v_taught))
         and a.attended
         and a.attended_at >= v_since
    ),
    recent_work as materialized (
      select sub.student_id as user_id, coalesce(ac.course_id, acl.course_id) as course_id
        from public.activity_submissions sub
        join public.activities ac on ac.id = sub.activity_id
        left join public.classes acl on acl.id = ac.class_id
       where (v_admin or sub.activity_id = any (v_activities))
         and sub.submitted_at >= v_since
    ),
    recent as (
      select s.id from students s where s.last_sign_in_at >= v_since
      union
      select r.user_id from recent_marks r
       where exists (select 1 from enrolments en where en.user_id = r.user_id and en.course_id = r.course_id)
      union
      select r.user_id from recent_work r
       where exists (select 1 from enrolments en where en.user_id = r.user_id and en.course_id = r.course_id)
    )
    select json_build_object(
      'students', (select count(*) from students),
      'active_this_week', (select count(*) from recent),
      'average_progress', (select round(avg(p.average), 2) from progress p),
      'at_risk', (select count(*) from progress p where p.average < 60)
    )
  );
end
$$;

-- Teacher dashboard (20261124000100_teacher_read_fixes.sql), same answer: the class figures from the
-- covering (course, date) index, the rating from the courses' review figures, the waiting work from the
-- covering (activity, submitted_at) index over the teacher's activities (found by course and by class,
-- not by testing every activity), and only the shown classes and submissions read in full.
create or replace function public.get_teacher_dashboard(upcoming_limit integer default 5, recent_limit integer default 5)
returns json
language sql stable security invoker set search_path = ''
as $$
  with mine as materialized (
    select c.* from public.courses c where c.teacher_id = (select auth.uid())
  ),
  my_classes as materialized (
    select cl.id, cl.course_id, cl.scheduled_date, cl.type,
           private.class_ends_at(cl.scheduled_date, cl.duration) as ends_at
      from public.classes cl
     where cl.course_id = any (array(select m.id from mine m))
  ),
  my_reviews as (
    select sum(r.reviews) as reviews, sum(r.rating_total) as rating_total
      from private.course_review_figures r
     where r.course_id = any (array(select m.id from mine m))
  ),
  my_activities as materialized (
    select a.id, a.title, m.id as course_id, m.title as course_title
      from mine m
      join public.activities a on a.course_id = m.id
    union all
    select a.id, a.title, m.id, m.title
      from mine m
      join public.classes cl on cl.course_id = m.id
      join public.activities a on a.class_id = cl.id
  ),
  waiting as materialized (
    select s.id, s.activity_id, s.student_id, s.submitted_at
      from public.activity_submissions s
     where s.activity_id = any (array(select a.id from my_activities a))
       and s.status = 'submitted'
  )
  select json_build_object(
    'course_count', (select count(*) from mine),
    'active_course_count', (select count(*) from mine where is_active),
    'total_students', (select coalesce(sum(enrolled_count), 0) from mine),
    'total_classes', (select count(*) from my_classes),
    'upcoming_class_count', (select count(*) from my_classes where ends_at > now()),
    'live_class_count', (select count(*) from my_classes where type = 'live'),
    'average_rating', (select round(r.rating_total::numeric / nullif(r.reviews, 0), 2) from my_reviews r),
    'review_count', (select coalesce(r.reviews, 0) from my_reviews r),
    'pending_submission_count', (select count(*) from waiting),
    'courses', coalesce((
      select json_agg(
               json_build_object(
                 'id', m.id,
                 'title', m.title,
                 'language', m.language,
                 'category', m.category,
                 'level', m.level,
                 'is_active', m.is_active,
                 'enrolled_count', m.enrolled_count,
                 'max_students', m.max_students,
                 'enrollment_percent', round(100.0 * m.enrolled_count / m.max_students)
               )
               order by m.created_at desc
             )
        from mine m
    ), '[]'::json),
    'upcoming_classes', coalesce((
      select json_agg(
               json_build_object(
                 'id', cl.id,
                 'course_id', cl.course_id,
                 'course_title', m.title,
                 'title', cl.title,
                 'scheduled_date', cl.scheduled_date,
                 'duration', cl.duration,
                 'type', cl.type,
                 'meeting_link', cl.meeting_link
               )
               order by cl.scheduled_date
             )
        from (
          select u.id from my_classes u where u.ends_at > now() order by u.scheduled_date limit greatest(upcoming_limit, 0)
        ) u
        join public.classes cl on cl.id = u.id
        join mine m on m.id = cl.course_id
    ), '[]'::json),
    'recent_submissions', coalesce((
      select json_agg(
               json_build_object(
                 'id', w.id,
                 'activity_id', w.activity_id,
                 'activity_title', a.title,
                 'course_id', a.course_id,
                 'course_title', a.course_title,
                 'student_id', w.student_id,
                 'student_name', private.public_name(w.student_id),
                 'submitted_at', w.submitted_at
               )
               order by w.submitted_at desc
             )
        from (select * from waiting order by submitted_at desc limit greatest(recent_limit, 0)) w
        join my_activities a on a.id = w.activity_id
    ), '[]'::json)
  )
$$;

-- My Students list (20261123000400_students_attendance.sql), same answer: the page's figures are
-- computed for the page's students at once (their enrolments in the caller's courses, those courses'
-- classes, the students' present marks and work, each read once by index) instead of through the
-- my_students view once per student, which read each course's schedule and the policy helpers again
-- for every row.
create or replace function public.get_my_students(
  search text default null,
  course_uuid uuid default null,
  page integer default 1,
  page_size integer default 10
) returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_admin boolean := (select private.is_admin());
  v_taught uuid[] := (select private.taught_course_ids());
  v_courses uuid[];
  v_pattern text;
  v_total integer;
  v_ids uuid[];
begin
  page := greatest(coalesce(page, 1), 1);
  page_size := least(greatest(coalesce(page_size, 10), 1), 1000);
  v_pattern := case
    when nullif(btrim(search), '') is null then null
    else '%' || regexp_replace(btrim(search), '([\\%_])', '\\\1', 'g') || '%'
  end;
  v_courses := case
    when course_uuid is null then v_taught
    when v_admin or course_uuid = any (v_taught) then array[course_uuid]
    else '{}'::uuid[]
  end;

  -- The candidates as private.my_student_candidates lists them, one statement per case, so that each
  -- keeps a plan of its own: an administrator's every student profile, or the students actively
  -- enrolled in the courses, each profile read by primary key.
  if v_admin and course_uuid is null then
    with matching as materialized (
      select u.id, u.first_name, u.last_name
        from public.users u
       where u.role = 'student'
         and (v_pattern is null
              or u.first_name ilike v_pattern
              or u.last_name ilike v_pattern
              or (u.first_name || ' ' || u.last_name) ilike v_pattern
              or u.email ilike v_pattern)
    )
    select (select count(*) from matching),
           array(
             select m.id from matching m
              order by lower(m.last_name), lower(m.first_name), m.id
             offset (page - 1) * page_size
              limit page_size
           )
      into v_total, v_ids;
  else
    with matching as materialized (
      select p.id, p.first_name, p.last_name
        from (
          select distinct e.user_id from public.enrollments e
           where e.course_id = any (v_courses) and e.status = 'active'
        ) ids
        join lateral (
          select u.id, u.first_name, u.last_name, u.email
            from public.users u
           where u.id = ids.user_id
          offset 0
        ) p on true
       where v_pattern is null
          or p.first_name ilike v_pattern
          or p.last_name ilike v_pattern
          or (p.first_name || ' ' || p.last_name) ilike v_pattern
          or p.email ilike v_pattern
    )
    select (select count(*) from matching),
           array(
             select m.id from matching m
              order by lower(m.last_name), lower(m.first_name), m.id
             offset (page - 1) * page_size
              limit page_size
           )
      into v_total, v_ids;
  end if;

  return json_build_object(
    'total', v_total,
    'page', page,
    'page_size', page_size,
    'students', coalesce((
      with enrolments as materialized (
        -- The page's active enrolments in the caller's courses (an administrator: in any course).
        select e.user_id, e.course_id, e.progress, c.title as course_title
          from public.enrollments e
          join public.courses c on c.id = e.course_id
         where e.user_id = any (v_ids)
           and e.status = 'active'
           and (v_admin or e.course_id = any (v_taught))
      ),
      schedule as materialized (
        select cl.course_id,
               count(*)::integer as total_classes,
               (count(*) filter (where private.class_ends_at(cl.scheduled_date, cl.duration) <= now()))::integer
                 as held_classes
          from public.classes cl
         where cl.course_id = any (array(select distinct en.course_id from enrolments en))
         group by cl.course_id
      ),
      attendance as (
        select a.user_id, cl.course_id,
               count(*)::integer as attended_classes,
               (count(*) filter (where private.class_ends_at(cl.scheduled_date, cl.duration) <= now()))::integer
                 as attended_held_classes,
               coalesce(sum(cl.duration), 0)::integer as attended_minutes,
               max(a.attended_at) as last_attended_at
          from public.class_attendance a
          join public.classes cl on cl.id = a.class_id
         where a.user_id = any (v_ids)
           and a.attended
           and cl.course_id = any (array(select distinct en.course_id from enrolments en))
         group by a.user_id, cl.course_id
      ),
      work as (
        select s.student_id, coalesce(ac.course_id, acl.course_id) as course_id,
               count(*)::integer as submission_count,
               (count(*) filter (where s.status = 'graded'))::integer as graded_count,
               max(s.submitted_at) as last_submitted_at
          from public.activity_submissions s
          join public.activities ac on ac.id = s.activity_id
          left join public.classes acl on acl.id = ac.class_id
         where s.student_id = any (v_ids)
           and coalesce(ac.course_id, acl.course_id) = any (array(select distinct en.course_id from enrolments en))
         group by s.student_id, coalesce(ac.course_id, acl.course_id)
      ),
      figures as (
        select en.user_id,
               json_agg(json_build_object('course_id', en.course_id, 'course_title', en.course_title,
                                          'progress', en.progress)
                        order by en.course_title, en.course_id) as courses,
               count(*)::integer as course_count,
               round(avg(en.progress), 2) as average_progress,
               sum(coalesce(sc.total_classes, 0))::integer as total_classes,
               sum(coalesce(sc.held_classes, 0))::integer as held_classes,
               sum(coalesce(att.attended_classes, 0))::integer as attended_classes,
               sum(coalesce(att.attended_held_classes, 0))::integer as attended_held_classes,
               sum(coalesce(att.attended_minutes, 0))::integer as attended_minutes,
               sum(coalesce(w.submission_count, 0))::integer as submission_count,
               sum(coalesce(w.graded_count, 0))::integer as graded_count,
               greatest(max(att.last_attended_at), max(w.last_submitted_at)) as last_activity_at
          from enrolments en
          left join schedule sc on sc.course_id = en.course_id
          left join attendance att on att.user_id = en.user_id and att.course_id = en.course_id
          left join work w on w.student_id = en.user_id and w.course_id = en.course_id
         group by en.user_id
      )
      select json_agg(json_build_object(
               'student_id', u.id,
               'first_name', u.first_name,
               'last_name', u.last_name,
               'email', u.email,
               'avatar_url', u.avatar_url,
               'is_active', u.is_active,
               'courses', coalesce(f.courses, '[]'::json),
               'course_count', coalesce(f.course_count, 0),
               'average_progress', f.average_progress,
               'total_classes', coalesce(f.total_classes, 0),
               'held_classes', coalesce(f.held_classes, 0),
               'attended_classes', coalesce(f.attended_classes, 0),
               'attended_held_classes', coalesce(f.attended_held_classes, 0),
               'attendance_rate', case when f.held_classes > 0
                                       then round(100.0 * f.attended_held_classes / f.held_classes, 1) end,
               'study_hours', round(coalesce(f.attended_minutes, 0) / 60.0, 1),
               'submission_count', coalesce(f.submission_count, 0),
               'graded_count', coalesce(f.graded_count, 0),
               'last_activity_at', greatest(f.last_activity_at, u.last_sign_in_at)
             ) order by ord.n)
        from unnest(v_ids) with ordinality as ord (id, n)
        join public.users u on u.id = ord.id
        left join figures f on f.user_id = u.id
    ), '[]'::json)
  );
end
$$;

-- 5. Plan caching ----------------------------------------------------------------------------------
-- A read model's statements are planned when a connection first runs them, and by default again on each
-- of its next four calls (custom plans for the argument values) before Postgres settles on one plan
-- (or keeps planning every call). For the read models below, planning cost more than running (a plan
-- for every RLS policy of every table a statement reads) and one plan serves every argument as well:
-- they keep their first plan. (The admin dashboard's hour ranges are fenced with `offset 0` so that its
-- one plan reads each cut hour by index, not every enrolment.)
alter function public.get_admin_dashboard(text, text) set plan_cache_mode = force_generic_plan;
alter function public.get_calendar_month(timestamptz, timestamptz, text, integer, integer, uuid, uuid)
  set plan_cache_mode = force_generic_plan;
alter function public.get_my_students(text, uuid, integer, integer) set plan_cache_mode = force_generic_plan;
alter function public.get_teacher_management_page(text, text, boolean, integer, integer)
  set plan_cache_mode = force_generic_plan;
alter function public.get_teacher_management_stats() set plan_cache_mode = force_generic_plan;
alter function public.get_teacher_dashboard(integer, integer) set plan_cache_mode = force_generic_plan;
alter function public.get_student_dashboard(integer, integer) set plan_cache_mode = force_generic_plan;
alter function public.get_course_detail(uuid, integer, integer) set plan_cache_mode = force_generic_plan;
alter function public.class_attendance_summary(uuid[]) set plan_cache_mode = force_generic_plan;
alter function public.get_student_stats(uuid) set plan_cache_mode = force_generic_plan;
