-- Screen reads (issue 11, second pass): My Students and Class Management each load in fewer requests,
-- and My Students computes the teacher's scope once. Who may read what is unchanged: every read model
-- below runs as the caller (security invoker) through the same row-level security.
--
-- 1. My Students: get_my_students_overview(search, course_uuid, page, page_size, event_limit) answers the
--    screen's list page, its figures and its recent activity in one request (it replaces
--    get_my_students_stats and get_my_students_activity, which nothing calls any more;
--    get_my_students stays for the CSV export). For a teacher it reads:
--      - the figures (students, average progress, at risk, active this week) from
--        private.teacher_students, which now also keeps per teacher and student the sum of the
--        progress of the student's active enrolments in the teacher's courses and the student's newest
--        event there (a present mark or handed-in work), kept by statement-level triggers like the
--        other summaries of 20261127000100_read_speed.sql (never stale, recounted from the base tables
--        for the students a statement touched, under the pairs' row locks). The table stays unreadable;
--        a teacher reads their own pairs through private.my_student_figures() (security definer, the
--        caller's rows only, like private.taught_student_ids which already reads it for the policies);
--      - the page by walking the students in name order (a new (lower(last_name), lower(first_name), id)
--        index on users) until the page is full, instead of reading and sorting every student;
--      - the recent activity from the event_limit students whose newest event is the newest: only they
--        can have one of the event_limit newest events (each of the others has event_limit students
--        with a newer event than any of theirs), so the marks and work of at most page_size +
--        event_limit students (the page's and those) are read, once, for the rows and the panel.
--    An administrator's answer (every student) is computed as before.
-- 2. Class Management: the attendance of each class on the page comes embedded in the page itself
--    (`classes?select=*,course:courses(...),attendance:attendance_figures(*)`): a view of the same
--    figures class_attendance_summary answered, reached from a class through a computed relationship
--    (an inlinable SQL function, so the page and its figures are one statement). The screen no longer
--    waits for its page to ask for the figures; class_attendance_summary is dropped. The classes' time
--    index gains the id, so a page ordered by (scheduled_date, id) stops at its last class and the
--    figures are computed for the page's classes only.
--
-- API after this migration:
--   get_my_students_overview(search text = null, course_uuid uuid = null, page int = 1, page_size int = 10,
--     event_limit int = 10) -> json {total, page, page_size, students: [get_my_students rows],
--     stats: {students, active_this_week, average_progress, at_risk},
--     recent_activity: [{kind, at, student_id, student_name, course_id, course_title, item_id, item_title,
--     status, grade, max_points}]}; the same rules and figures as the three functions it replaces.
--   class_attendance_figures (view): class_id, roster_count, attended_count, attendance_rate of the
--     classes the caller may see (the roster: the course's enrolments that are not dropped, as the
--     caller may see them). attendance_figures(classes) -> that class's row (computed relationship).
--   Dropped: get_my_students_stats(), get_my_students_activity(integer, uuid),
--     class_attendance_summary(uuid[]).

-- 1. My Students --------------------------------------------------------------------------------------

-- Per teacher and student (with an active enrolment in one of the teacher's courses): the sum of those
-- enrolments' progress, and the student's newest event in those courses (its time and id: a present
-- mark's attended_at, or handed-in work's submitted_at; the newest by time, then the smallest id).
alter table private.teacher_students
  add column progress_total numeric not null default 0,
  add column last_event_at timestamptz,
  add column last_event_id uuid;

comment on table private.teacher_students is
  'Per teacher and student: active enrolments of the student in the teacher''s courses, the sum of their progress and the student''s newest present mark or handed-in work there; kept by triggers, read by nobody but them (a teacher reads their own through private.my_student_figures).';

-- A student's pairs (the triggers below recount them by student).
create index teacher_students_student_id_idx on private.teacher_students (student_id, teacher_id);

-- A teacher's students with their figures, from the index alone.
drop index private.teacher_students_linked_idx;
create index teacher_students_linked_idx
  on private.teacher_students (teacher_id, student_id)
  include (active_enrolments, progress_total, last_event_at, last_event_id)
  where active_enrolments > 0;

-- The caller's own pairs with their figures (a teacher's students; nobody else has any): the table stays
-- unreadable to everyone, like the helpers that read it for the policies (taught_student_ids).
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

revoke execute on function private.my_student_figures() from public;
grant execute on function private.my_student_figures() to authenticated, service_role;

-- Recounts each given (teacher, student) pair from the base tables: the student's active enrolments in
-- the teacher's courses, their progress, and the student's newest event there; moves the teachers'
-- distinct student counts by the pairs that crossed zero. The pairs' rows are locked first, in order,
-- and counted with a snapshot taken after the lock. Each student's enrolments, marks and work are read
-- once, by index, however many of their pairs are asked for.
create or replace function private.refresh_teacher_students(changed jsonb) returns void
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

  -- Student by student (one lateral step each, whatever the number of pairs, so a bulk statement is
  -- read by index like a single change): their active enrolments with each course's teacher, their
  -- newest event in each course, and from these the figures of each of their pairs asked for.
  with wanted as materialized (
    select p.teacher_id, p.student_id from jsonb_to_recordset(pairs) as p (teacher_id uuid, student_id uuid)
  ),
  counted as materialized (
    select c.*
      from (select distinct w.student_id from wanted w) st
     cross join lateral (
       with enrolled as (
         select e.course_id, e.progress, k.teacher_id
           from public.enrollments e
           join public.courses k on k.id = e.course_id
          where e.user_id = st.student_id and e.status = 'active'
       ),
       newest as (
         select distinct on (ev.course_id) ev.course_id, ev.at, ev.id
           from (
             -- (Each row's course by primary key: a student has few marks and little work.)
             select (select cl.course_id from public.classes cl where cl.id = a.class_id) as course_id,
                    a.attended_at as at, a.id
               from public.class_attendance a
              where a.user_id = st.student_id and a.attended and a.attended_at is not null
             union all
             select (select coalesce(ac.course_id, (select cl.course_id from public.classes cl where cl.id = ac.class_id))
                       from public.activities ac where ac.id = s.activity_id),
                    s.submitted_at, s.id
               from public.activity_submissions s
              where s.student_id = st.student_id
           ) ev
          order by ev.course_id, ev.at desc, ev.id
       ),
       figures as (
         select en.teacher_id,
                count(*)::integer as active,
                sum(en.progress) as progress,
                (array_agg(nw.at order by nw.at desc, nw.id) filter (where nw.at is not null))[1] as at,
                (array_agg(nw.id order by nw.at desc, nw.id) filter (where nw.at is not null))[1] as id
           from enrolled en
           left join newest nw on nw.course_id = en.course_id
          group by en.teacher_id
       )
       select x.teacher_id, x.student_id,
              x.active_enrolments as old_active,
              x.progress_total as old_progress,
              x.last_event_at as old_event_at,
              x.last_event_id as old_event_id,
              coalesce(f.active, 0) as active,
              coalesce(f.progress, 0) as progress,
              f.at as last_event_at,
              f.id as last_event_id
         from private.teacher_students x
         left join figures f on f.teacher_id = x.teacher_id
        where x.student_id = st.student_id
          -- (The pairs asked for, as a hashed list tested per row.)
          and ((x.teacher_id, x.student_id) in (select w.teacher_id, w.student_id from wanted w)) is true
     ) c
  ),
  saved as (
    update private.teacher_students x
       set active_enrolments = c.active,
           progress_total = c.progress,
           last_event_at = c.last_event_at,
           last_event_id = c.last_event_id
      from counted c
     where x.teacher_id = c.teacher_id and x.student_id = c.student_id
       and (c.active, c.progress, c.last_event_at, c.last_event_id)
           is distinct from (c.old_active, c.old_progress, c.old_event_at, c.old_event_id)
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

-- Recounts every pair of the given students in which they are actively enrolled (a mark or work of theirs
-- changed, in whichever course).
create function private.refresh_students_teachers(student_ids uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if coalesce(cardinality(student_ids), 0) = 0 then
    return;
  end if;
  perform private.refresh_teacher_students((
    select jsonb_agg(jsonb_build_object('teacher_id', x.teacher_id, 'student_id', x.student_id))
      from private.teacher_students x
     where x.student_id = any (student_ids)
       and x.active_enrolments > 0
  ));
end
$$;

-- Present marks: the students whose marks were added, removed or changed (class, person, presence or time).
create function private.track_attendance_events() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.refresh_students_teachers(array(select distinct n.user_id from new_rows n where n.attended));
  elsif tg_op = 'DELETE' then
    perform private.refresh_students_teachers(array(select distinct o.user_id from old_rows o where o.attended));
  else
    perform private.refresh_students_teachers(array(
      select c.user_id
        from ((select a.id, a.class_id, a.user_id, a.attended, a.attended_at from new_rows a
               except select a.id, a.class_id, a.user_id, a.attended, a.attended_at from old_rows a)
              union
              (select a.id, a.class_id, a.user_id, a.attended, a.attended_at from old_rows a
               except select a.id, a.class_id, a.user_id, a.attended, a.attended_at from new_rows a)) c
    ));
  end if;
  return null;
end
$$;

create trigger track_attendance_events_after_insert
  after insert on public.class_attendance referencing new table as new_rows
  for each statement execute function private.track_attendance_events();
create trigger track_attendance_events_after_update
  after update on public.class_attendance referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_attendance_events();
create trigger track_attendance_events_after_delete
  after delete on public.class_attendance referencing old table as old_rows
  for each statement execute function private.track_attendance_events();

-- Handed-in work: the students whose work was added, removed or moved (activity, person or time).
-- Grading changes none of this (the progress it changes comes through the enrolments).
create function private.track_submission_events() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.refresh_students_teachers(array(select distinct n.student_id from new_rows n));
  elsif tg_op = 'DELETE' then
    perform private.refresh_students_teachers(array(select distinct o.student_id from old_rows o));
  else
    perform private.refresh_students_teachers(array(
      select c.student_id
        from ((select s.id, s.activity_id, s.student_id, s.submitted_at from new_rows s
               except select s.id, s.activity_id, s.student_id, s.submitted_at from old_rows s)
              union
              (select s.id, s.activity_id, s.student_id, s.submitted_at from old_rows s
               except select s.id, s.activity_id, s.student_id, s.submitted_at from new_rows s)) c
    ));
  end if;
  return null;
end
$$;

create trigger track_submission_events_after_insert
  after insert on public.activity_submissions referencing new table as new_rows
  for each statement execute function private.track_submission_events();
create trigger track_submission_events_after_update
  after update on public.activity_submissions referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_submission_events();
create trigger track_submission_events_after_delete
  after delete on public.activity_submissions referencing old table as old_rows
  for each statement execute function private.track_submission_events();

-- Progress: the pairs whose active enrolments' progress changed (attendance and grading refresh it; a
-- change of status, course or person is recounted by track_enrollments as well). The changed rows are
-- the new rows less the old ones, a hashed set operation: a join of the two transition tables, which
-- have no statistics, was planned as a nested loop and made a bulk grading quadratic (100,000 graded
-- submissions of the benchmark: 75 s instead of 7).
create function private.track_enrollment_progress() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_teacher_students((
    select jsonb_agg(jsonb_build_object('teacher_id', k.teacher_id, 'student_id', c.user_id))
      from (select n.id, n.course_id, n.user_id, n.status, n.progress from new_rows n
            except
            select o.id, o.course_id, o.user_id, o.status, o.progress from old_rows o) c
      join public.courses k on k.id = c.course_id
     where c.status = 'active'
  ));
  return null;
end
$$;

create trigger track_enrollments_progress_after_update
  after update on public.enrollments referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_enrollment_progress();

-- A class or an activity moved to another course: the students with marks or work in it.
create function private.track_moved_events() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_table_name = 'classes' then
    perform private.refresh_students_teachers(array(
      select a.user_id
        from (select k.id, k.course_id from new_rows k except select k.id, k.course_id from old_rows k) moved
        join public.class_attendance a on a.class_id = moved.id and a.attended
      union
      select s.student_id
        from (select k.id, k.course_id from new_rows k except select k.id, k.course_id from old_rows k) moved
        join public.activities ac on ac.class_id = moved.id
        join public.activity_submissions s on s.activity_id = ac.id
    ));
  else
    perform private.refresh_students_teachers(array(
      select distinct s.student_id
        from (select a.id, a.course_id, a.class_id from new_rows a
              except select a.id, a.course_id, a.class_id from old_rows a) moved
        join public.activity_submissions s on s.activity_id = moved.id
    ));
  end if;
  return null;
end
$$;

create trigger track_moved_events_after_update
  after update on public.classes referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_moved_events();
create trigger track_moved_events_after_update
  after update on public.activities referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_moved_events();

revoke execute on function
  private.refresh_students_teachers(uuid[]),
  private.track_attendance_events(),
  private.track_submission_events(),
  private.track_enrollment_progress(),
  private.track_moved_events()
from public;

-- The figures of what is stored already.
with enrolled as materialized (
  select c.teacher_id, e.user_id, e.course_id, e.progress
    from public.enrollments e
    join public.courses c on c.id = e.course_id
   where e.status = 'active' and c.teacher_id is not null
),
events as (
  select a.user_id, cl.course_id, a.attended_at as at, a.id
    from public.class_attendance a
    join public.classes cl on cl.id = a.class_id
   where a.attended and a.attended_at is not null
  union all
  select s.student_id, coalesce(ac.course_id, acl.course_id), s.submitted_at, s.id
    from public.activity_submissions s
    join public.activities ac on ac.id = s.activity_id
    left join public.classes acl on acl.id = ac.class_id
),
latest as (
  select distinct on (en.teacher_id, en.user_id) en.teacher_id, en.user_id, ev.at, ev.id
    from enrolled en
    join events ev on ev.user_id = en.user_id and ev.course_id = en.course_id
   order by en.teacher_id, en.user_id, ev.at desc, ev.id
),
totals as (
  select en.teacher_id, en.user_id, sum(en.progress) as progress from enrolled en group by 1, 2
)
update private.teacher_students x
   set progress_total = t.progress, last_event_at = l.at, last_event_id = l.id
  from totals t
  left join latest l on l.teacher_id = t.teacher_id and l.user_id = t.user_id
 where x.teacher_id = t.teacher_id and x.student_id = t.user_id;

-- The students in name order (the My Students page walks it until the page is full).
create index users_sort_name_idx on public.users (lower(last_name), lower(first_name), id);

-- The screen in one request. A teacher's answer is computed from the pairs above and the rows of at most
-- 2 × event_limit students (see the top of this file); an administrator's as before.
create function public.get_my_students_overview(
  search text default null,
  course_uuid uuid default null,
  page integer default 1,
  page_size integer default 10,
  event_limit integer default 10
) returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_admin boolean := (select private.is_admin());
  v_taught uuid[];
  v_pattern text;
  v_since timestamptz := now() - interval '7 days';
  v_listed uuid[];
  v_candidates uuid[];
  v_total integer;
  v_shown jsonb;
  v_stats json;
  v_list json;
  v_submissions uuid[];
  v_marks uuid[];
  v_events json;
begin
  page := greatest(coalesce(page, 1), 1);
  page_size := least(greatest(coalesce(page_size, 10), 1), 1000);
  event_limit := least(greatest(coalesce(event_limit, 10), 1), 50);
  v_taught := (select private.taught_course_ids());

  if not v_admin then
    v_pattern := case
      when nullif(btrim(search), '') is null then null
      else '%' || regexp_replace(btrim(search), '([\\%_])', '\\\1', 'g') || '%'
    end;

    -- The teacher's students (those actively enrolled in their courses) with their figures: the screen's
    -- figures, the students listed (all, or those of the chosen course) and the event_limit students
    -- with the newest events.
    with pairs as materialized (
      select x.student_id as id,
             round(x.progress_total / x.active_enrolments, 2) as average,
             x.last_event_at,
             x.last_event_id
        from private.my_student_figures() x
    ),
    signed_in as (
      select u.id from public.users u where u.last_sign_in_at >= v_since
    )
    select array(select p.id from pairs p where course_uuid is null),
           array(select p.id from pairs p where p.last_event_at is not null
                  order by p.last_event_at desc, p.last_event_id
                  limit event_limit),
           (select json_build_object(
                     'students', count(*),
                     'active_this_week', count(*) filter (where p.last_event_at >= v_since
                                                            or (p.id in (select s.id from signed_in s)) is true),
                     'average_progress', round(avg(p.average), 2),
                     'at_risk', count(*) filter (where p.average < 60))
              from pairs p)
      into v_listed, v_candidates, v_stats;

    if course_uuid is not null then
      v_listed := case when course_uuid = any (v_taught) then array(
        select e.user_id from public.enrollments e where e.course_id = course_uuid and e.status = 'active'
      ) else '{}'::uuid[] end;
    end if;

    -- The page: without a search, the listed students in name order until the page is full; with one,
    -- every listed student it matches (first, last or full name, or email), sorted. (Two statements, so
    -- the search is planned only when someone searches.)
    if v_pattern is null then
      v_total := cardinality(v_listed);
      v_shown := (
        select coalesce(jsonb_agg(to_jsonb(w) order by w.n), '[]'::jsonb)
          from (
            select p.*, row_number() over () as n
              from (
                select u.id, u.first_name, u.last_name, u.email, u.avatar_url, u.is_active, u.last_sign_in_at
                  from public.users u
                   -- (A hashed list tested row by row while the name index is walked, not a join.)
                 where (u.id in (select unnest(v_listed))) is true
                 order by lower(u.last_name), lower(u.first_name), u.id
                offset (page - 1) * page_size
                 limit page_size
              ) p
          ) w
      );
    else
      with matching as materialized (
        select u.id, u.first_name, u.last_name, u.email, u.avatar_url, u.is_active, u.last_sign_in_at
          from public.users u
         where u.id = any (v_listed)
           and (u.first_name ilike v_pattern
                or u.last_name ilike v_pattern
                or (u.first_name || ' ' || u.last_name) ilike v_pattern
                or u.email ilike v_pattern)
      )
      select (select count(*) from matching),
             (select coalesce(jsonb_agg(to_jsonb(f) order by f.n), '[]'::jsonb)
                from (select m.*, row_number() over (order by lower(m.last_name), lower(m.first_name), m.id) as n
                        from matching m
                       order by lower(m.last_name), lower(m.first_name), m.id
                      offset (page - 1) * page_size
                       limit page_size) f)
        into v_total, v_shown;
    end if;

    return (
      with shown as materialized (
        select * from jsonb_to_recordset(v_shown) as s (id uuid, first_name text, last_name text, email text,
               avatar_url text, is_active boolean, last_sign_in_at timestamptz, n bigint)
      ),
      -- The page's students and those with the newest events: their enrolments in the teacher's courses,
      -- present marks and work there, each read once.
      people as (
        select array(select s.id from shown s union select c.id from unnest(v_candidates) as c (id)) as ids
      ),
      my_courses as materialized (
        select c.id, c.title from public.courses c where c.id = any (v_taught)
      ),
      taught_classes as materialized (
        select cl.id, cl.course_id, cl.scheduled_date, cl.duration
          from public.classes cl
         where cl.course_id = any (v_taught)
      ),
      taught_activities as materialized (
        select a.id, coalesce(a.course_id, k.course_id) as course_id, a.title, a.max_points
          from public.activities a
          left join taught_classes k on k.id = a.class_id
         where a.course_id = any (v_taught)
            or a.class_id = any (array(select k2.id from taught_classes k2))
      ),
      -- (Person by person, by their own indexes, whatever the size of the teacher's courses.)
      enrolments as materialized (
        select e.user_id, e.course_id, e.progress
          from unnest((select p.ids from people p)::uuid[]) as pp (id)
         cross join lateral (
           select e.user_id, e.course_id, e.progress
             from public.enrollments e
            where e.user_id = pp.id and e.status = 'active'
           offset 0
         ) e
         where e.course_id = any (v_taught)
      ),
      their_marks as materialized (
        select a.id, a.user_id, a.attended_at, a.class_id
          from unnest((select p.ids from people p)::uuid[]) as pp (id)
         cross join lateral (
           select a.id, a.user_id, a.attended_at, a.class_id
             from public.class_attendance a
            where a.user_id = pp.id and a.attended
           offset 0
         ) a
      ),
      their_work as materialized (
        select s.id, s.student_id, s.submitted_at, s.status, s.grade, s.activity_id
          from unnest((select p.ids from people p)::uuid[]) as pp (id)
         cross join lateral (
           select s.id, s.student_id, s.submitted_at, s.status, s.grade, s.activity_id
             from public.activity_submissions s
            where s.student_id = pp.id
           offset 0
         ) s
      ),
      -- (Then each joined once to the teacher's classes and activities: marks and work elsewhere drop out.)
      marks as materialized (
        select a.id, a.user_id, a.attended_at, k.id as class_id, k.course_id, k.scheduled_date, k.duration
          from their_marks a
          join taught_classes k on k.id = a.class_id
      ),
      work as materialized (
        select s.id, s.student_id, s.submitted_at, s.status, s.grade, t.id as activity_id, t.course_id,
               t.title, t.max_points
          from their_work s
          join taught_activities t on t.id = s.activity_id
      ),
      schedule as (
        select k.course_id,
               count(*)::integer as total_classes,
               (count(*) filter (where private.class_ends_at(k.scheduled_date, k.duration) <= now()))::integer
                 as held_classes
          from taught_classes k
         group by k.course_id
      ),
      attendance as (
        select m.user_id, m.course_id,
               count(*)::integer as attended_classes,
               (count(*) filter (where private.class_ends_at(m.scheduled_date, m.duration) <= now()))::integer
                 as attended_held_classes,
               coalesce(sum(m.duration), 0)::integer as attended_minutes,
               max(m.attended_at) as last_attended_at
          from marks m
         group by m.user_id, m.course_id
      ),
      handed_in as (
        select w.student_id, w.course_id,
               count(*)::integer as submission_count,
               (count(*) filter (where w.status = 'graded'))::integer as graded_count,
               max(w.submitted_at) as last_submitted_at
          from work w
         group by w.student_id, w.course_id
      ),
      -- Each shown student's figures over the teacher's courses they are active in.
      figures as (
        select en.user_id,
               json_agg(json_build_object('course_id', en.course_id, 'course_title', c.title,
                                          'progress', en.progress)
                        order by c.title, en.course_id) as courses,
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
          join my_courses c on c.id = en.course_id
          left join schedule sc on sc.course_id = en.course_id
          left join attendance att on att.user_id = en.user_id and att.course_id = en.course_id
          left join handed_in w on w.student_id = en.user_id and w.course_id = en.course_id
         where en.user_id in (select s.id from shown s)
         group by en.user_id
      ),
      -- The events of the students with the newest ones, in the courses they are active in.
      events as (
        select 'attendance'::text as kind, m.attended_at as at, m.id, m.user_id as student_id,
               m.class_id as item_id, m.course_id, null::text as status, null::numeric as grade,
               null::integer as max_points, null::text as title
          from marks m
         where m.user_id = any (v_candidates)
           and m.attended_at is not null
           and ((m.user_id, m.course_id) in (select en.user_id, en.course_id from enrolments en)) is true
        union all
        select 'submission'::text, w.submitted_at, w.id, w.student_id, w.activity_id, w.course_id, w.status,
               w.grade, w.max_points, w.title
          from work w
         where w.student_id = any (v_candidates)
           and ((w.student_id, w.course_id) in (select en.user_id, en.course_id from enrolments en)) is true
      ),
      newest as (
        select * from events e order by e.at desc, e.id limit event_limit
      )
      select json_build_object(
        'total', v_total,
        'page', page,
        'page_size', page_size,
        'students', coalesce((
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
                 ) order by u.n)
            from shown u
            left join figures f on f.user_id = u.id
        ), '[]'::json),
        'stats', v_stats,
        'recent_activity', coalesce((
          select json_agg(json_build_object(
                   'kind', n.kind,
                   'at', n.at,
                   'student_id', n.student_id,
                   'student_name', private.public_name(n.student_id),
                   'course_id', n.course_id,
                   'course_title', c.title,
                   'item_id', n.item_id,
                   'item_title', coalesce(n.title, (select cl.title from public.classes cl where cl.id = n.item_id)),
                   'status', n.status,
                   'grade', n.grade,
                   'max_points', n.max_points
                 ) order by n.at desc, n.id)
            from newest n
            left join my_courses c on c.id = n.course_id
        ), '[]'::json)
      )
    );
  end if;

  -- An administrator: every student profile, figures over every course (as get_my_students,
  -- get_my_students_stats and get_my_students_activity answered).
  v_list := public.get_my_students(search, course_uuid, page, page_size);

  v_stats := (
    with students as materialized (
      select p.id, p.last_sign_in_at from private.my_student_candidates(true, v_taught) p
    ),
    enrolments as materialized (
      select e.user_id, e.course_id, e.progress
        from public.enrollments e
       where e.status = 'active'
         and e.user_id in (select s.id from students s)
    ),
    progress as (
      select en.user_id, round(avg(en.progress), 2) as average from enrolments en group by en.user_id
    ),
    recent_marks as materialized (
      select a.user_id, cl.course_id
        from public.classes cl
        join public.class_attendance a on a.class_id = cl.id
       where a.attended
         and a.attended_at >= v_since
    ),
    recent_work as materialized (
      select sub.student_id as user_id, coalesce(ac.course_id, acl.course_id) as course_id
        from public.activity_submissions sub
        join public.activities ac on ac.id = sub.activity_id
        left join public.classes acl on acl.id = ac.class_id
       where sub.submitted_at >= v_since
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

  -- The whole school: the newest rows of the time indexes are the answer.
  v_submissions := array(
    select s.id
      from public.activity_submissions s
      join public.activities ac on ac.id = s.activity_id
      left join public.classes acl on acl.id = ac.class_id
     where (select e.status = 'active' from public.enrollments e
             where e.course_id = coalesce(ac.course_id, acl.course_id) and e.user_id = s.student_id) is true
     order by s.submitted_at desc, s.id
     limit event_limit
  );
  v_marks := array(
    select a.id
      from public.class_attendance a
      join public.classes cl on cl.id = a.class_id
     where a.attended and a.attended_at is not null
       and (select e.status = 'active' from public.enrollments e
             where e.course_id = cl.course_id and e.user_id = a.user_id) is true
     order by a.attended_at desc, a.id
     limit event_limit
  );
  v_events := (
    with events as (
      select 'submission'::text as kind, s.submitted_at as at, s.id, s.student_id, ac.id as item_id,
             ac.title as item_title, coalesce(ac.course_id, acl.course_id) as course_id, s.status, s.grade,
             ac.max_points
        from public.activity_submissions s
        join public.activities ac on ac.id = s.activity_id
        left join public.classes acl on acl.id = ac.class_id
       where s.id = any (v_submissions)
      union all
      select 'attendance'::text, a.attended_at, a.id, a.user_id, cl.id, cl.title, cl.course_id, null::text,
             null::numeric, null::integer
        from public.class_attendance a
        join public.classes cl on cl.id = a.class_id
       where a.id = any (v_marks)
    ),
    newest as (
      select * from events e order by e.at desc, e.id limit event_limit
    )
    select coalesce(json_agg(json_build_object(
             'kind', n.kind,
             'at', n.at,
             'student_id', n.student_id,
             'student_name', private.public_name(n.student_id),
             'course_id', n.course_id,
             'course_title', c.title,
             'item_id', n.item_id,
             'item_title', n.item_title,
             'status', n.status,
             'grade', n.grade,
             'max_points', n.max_points
           ) order by n.at desc, n.id), '[]'::json)
      from newest n
      left join public.courses c on c.id = n.course_id
  );

  return json_build_object(
    'total', v_list -> 'total',
    'page', v_list -> 'page',
    'page_size', v_list -> 'page_size',
    'students', v_list -> 'students',
    'stats', v_stats,
    'recent_activity', v_events
  );
end
$$;

comment on function public.get_my_students_overview(text, uuid, integer, integer, integer) is
  'My Students in one request: one page of the caller''s students (get_my_students rows), the figures over all of them and their newest submissions and attendance (at most 50).';

revoke execute on function public.get_my_students_overview(text, uuid, integer, integer, integer) from public, anon;
grant execute on function public.get_my_students_overview(text, uuid, integer, integer, integer)
  to authenticated, service_role;
-- One plan for every call (see 5. Plan caching in 20261127000100_read_speed.sql).
alter function public.get_my_students_overview(text, uuid, integer, integer, integer)
  set plan_cache_mode = force_generic_plan;

drop function public.get_my_students_stats();
drop function public.get_my_students_activity(integer, uuid);

-- 2. Class Management -----------------------------------------------------------------------------------

-- The school's classes by time, ties by id: a page of classes (`order=scheduled_date,id`) walks the index
-- and stops at the page's last class, so the figures embedded below are computed for the page's classes
-- only (not for every class sharing a start time with the last one, which a sort needed). It serves every
-- query the (scheduled_date) include (course_id, id) index served, which it replaces.
drop index public.classes_scheduled_date_idx;
create index classes_scheduled_date_idx on public.classes (scheduled_date, id) include (course_id);

-- The attendance of each class the caller may see: its roster (the course's enrolments that are not
-- dropped, as the caller may see them), who on it was present, and the rate. The figures
-- class_attendance_summary answered, for any number of classes, filtered like any view.
create view public.class_attendance_figures with (security_invoker = true) as
select cl.id as class_id,
       roster.n as roster_count,
       present.n as attended_count,
       case when roster.n > 0 then round(100.0 * present.n / roster.n, 1) end as attendance_rate
  from public.classes cl
 cross join lateral (
   select count(*)::integer as n
     from public.enrollments e
    where e.course_id = cl.course_id and e.status <> 'dropped'
 ) roster
 cross join lateral (
   -- One (course_id, user_id) probe per present mark: never the course's whole roster again.
   select count(*)::integer as n
     from public.class_attendance a
    where a.class_id = cl.id
      and a.attended
      and (select e.status <> 'dropped' from public.enrollments e
            where e.course_id = cl.course_id and e.user_id = a.user_id) is true
 ) present;

comment on view public.class_attendance_figures is
  'Attendance of the classes the caller may see: roster_count (students who have not dropped the course), attended_count, attendance_rate (percent, one decimal; null without a roster).';

-- A class's attendance figures, embedded in a read of classes (`attendance:attendance_figures(*)`).
-- SQL, stable, as the caller and without settings, so the planner inlines it into that read: the page
-- and its figures are one statement, whose policies' lists are computed once.
create function public.attendance_figures(public.classes)
returns setof public.class_attendance_figures
language sql stable security invoker rows 1
as $$
  select f.* from public.class_attendance_figures f where f.class_id = $1.id
$$;

comment on function public.attendance_figures(public.classes) is
  'Computed relationship: the class_attendance_figures row of a class.';

revoke all on public.class_attendance_figures from public, anon, authenticated;
grant select on public.class_attendance_figures to authenticated, service_role;
revoke execute on function public.attendance_figures(public.classes) from public, anon;
grant execute on function public.attendance_figures(public.classes) to authenticated, service_role;

drop function public.class_attendance_summary(uuid[]);
