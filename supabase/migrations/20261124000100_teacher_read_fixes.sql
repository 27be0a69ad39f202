-- Teacher read-model fixes: who is on a class's roster, correcting the time a student arrived, a
-- student's figures in My Students, one clock for "held" and "upcoming", bounded reads, and the
-- original names of submitted files. Everything below replaces objects of earlier migrations (`create
-- or replace`, same signatures and columns, new columns only at the end) or adds new ones.
--
-- 1. The roster of a class is the course's students whose enrolment is not dropped: active AND
--    completed (a student who completed the course was in its classes). class_roster,
--    class_attendance_summary and save_class_attendance now use that one rule. A teacher may read the
--    profile of a student who completed one of their courses (new users policy), so the roster names
--    them. A dropped student's past marks stay in class_attendance (their teacher still reads them) but
--    count in no roster and no rate. My Students (my_students, get_my_students...) still lists the
--    actively enrolled students only.
-- 2. Correcting attendance: a time the teacher or an administrator sets explicitly on a present
--    student's mark (update, or an upsert that sends attended_at) is kept. A write that does not send a
--    time keeps the time the student arrived, and save_class_attendance never rewrites a mark that stays
--    present, so re-saving the roster keeps every join time. A student still cannot choose their own
--    time (joining stamps now(), and a present mark keeps it).
-- 3. get_my_student_detail's `stats` (same keys as get_student_stats: enrolled_courses,
--    completed_courses, total_study_hours, average_progress) count only the caller's courses (an
--    administrator: every course), like the rest of the panel. get_student_stats itself is unchanged.
-- 4. One clock. A class is UPCOMING until it ends and HELD once it has ended, the end being
--    private.class_ends_at(scheduled_date, duration) = start + duration minutes; a class in progress is
--    upcoming and not held. get_teacher_dashboard (upcoming_class_count, upcoming_classes),
--    activity_stats (scheduled_classes) and my_students (held_classes, attended_held_classes and the
--    attendance_rate built on them, hence get_my_students too) use it. class_stats and
--    class_attendance_summary count no held or upcoming classes, so they need no change for this.
--    "Due this week" is private.is_due_this_week(due_date): from now to now + 168 hours, both ends
--    included: an instant window, whatever the session time zone or a clock change in between (the
--    front end's dueThisWeek in rules/schedule.ts counts the same 7 × 24 hours).
-- 5. Bounded reads:
--    get_my_students_activity, for a teacher: each class's (activity's) newest event by one index
--    probe, then the newest event_limit events of only the event_limit classes (activities) whose
--    newest event is the newest, so it reads about classes + activities + 2 × event_limit² rows
--    whatever the history; for an administrator the first rows of the school-wide time indexes; for
--    one student that student's rows. class_attendance_summary counts each course's roster once, not once per class.
--    activity_stats reads the classes once (the upcoming count; class activities are found by class
--    id) and aggregates the visible activities in one pass.
-- 6. Original file names: activity_submissions.file_names, the names the student's files had, one
--    per file_urls entry in the same order (or none, for work handed in before names were kept: the
--    screens then show the stored object's name). Written by the student with the work; graders cannot
--    change them. submission_list returns them (new last column).
--
-- API after this migration (requests per screen unchanged):
--   class_roster (view), class_attendance_summary(class_ids uuid[]), save_class_attendance(class_uuid,
--     present_user_ids, absent_user_ids): same columns and arguments; "enrolled" now means active or
--     completed. save_class_attendance still answers 23514 'This student is not enrolled in the course
--     of this class' for anyone else (a dropped student included).
--   get_my_student_detail(student_uuid, graded_limit): same keys; stats over the caller's courses.
--   get_my_students_activity(event_limit, student_uuid), activity_stats(), get_teacher_dashboard(...),
--     my_students: same shapes; the class clock and due-this-week window above.
--   activity_submissions.file_names text[] (insert and update like file_urls); submission_list gains
--     file_names at the end.

-- Helpers -------------------------------------------------------------------------------------------

-- When a class ends. SQL-standard bodies (parsed once, here) that the planner inlines into the calling
-- query, so they cost nothing per row; `stable` like the `timestamptz + interval` they use.
create function private.class_ends_at(scheduled_date timestamptz, duration integer) returns timestamptz
language sql stable parallel safe
return scheduled_date + make_interval(mins => duration);

comment on function private.class_ends_at(timestamptz, integer) is
  'When a class ends: its start plus its duration in minutes. Upcoming = ends_at > now(); held = ends_at <= now().';

-- Due this week: from now to 168 hours (7 × 24 h) ahead, both ends included.
create function private.is_due_this_week(due_date timestamptz) returns boolean
language sql stable parallel safe
return due_date >= now() and due_date <= now() + interval '168 hours';

comment on function private.is_due_this_week(timestamptz) is
  'Due this week: due between now and 168 hours from now, both included (the same instants in every time zone).';

revoke execute on function private.class_ends_at(timestamptz, integer), private.is_due_this_week(timestamptz)
  from public;
grant execute on function private.class_ends_at(timestamptz, integer), private.is_due_this_week(timestamptz)
  to authenticated, service_role;

-- 1. Who is on a class's roster -----------------------------------------------------------------------

-- Students who completed a course the caller teaches (the actively enrolled ones are
-- private.taught_student_ids()). Answered from enrollments_course_id_status_user_id_idx alone.
create function private.completed_student_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(distinct e.user_id), '{}')
    from public.enrollments e
   where e.course_id = any ((select private.taught_course_ids())::uuid[])
     and e.status = 'completed'
$$;

revoke execute on function private.completed_student_ids() from public;
grant execute on function private.completed_student_ids() to authenticated, service_role;

-- The users read matrix gains: a teacher sees the students who completed one of their courses (they
-- are on its classes' rosters). Dropped students stay hidden, as before.
create policy "Teachers can view the students who completed their courses"
  on public.users for select
  to authenticated
  using (id = any ((select private.completed_student_ids())::uuid[]));

create or replace view public.class_roster with (security_invoker = true) as
select
  cl.id as class_id,
  cl.course_id,
  e.id as enrollment_id,
  e.user_id as student_id,
  p.first_name,
  p.last_name,
  p.email,
  p.avatar_url,
  coalesce(a.attended, false) as attended,
  a.attended_at,
  a.marked_by,
  a.id is not null as is_marked
from public.classes cl
join public.enrollments e on e.course_id = cl.course_id and e.status <> 'dropped'
-- One primary-key lookup per student (whoever sees an active or completed enrollment also sees its
-- student: the users policy above).
left join lateral (
  select u.first_name, u.last_name, u.email, u.avatar_url
    from public.users u
   where u.id = e.user_id
  offset 0
) p on true
left join public.class_attendance a on a.class_id = cl.id and a.user_id = e.user_id
where cl.course_id = any ((select private.scope_course_ids())::uuid[]);

comment on view public.class_roster is
  'Attendance dialog: the students of each class''s course who have not dropped it (active or completed) with their attendance mark (attended false when unmarked).';

-- As in the students-and-attendance migration, with the roster rule: the course's students who have
-- not dropped it.
create or replace function public.save_class_attendance(
  class_uuid uuid,
  present_user_ids uuid[] default '{}',
  absent_user_ids uuid[] default '{}'
) returns json
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_course uuid;
  v_ids uuid[];
begin
  present_user_ids := coalesce(present_user_ids, '{}');
  absent_user_ids := coalesce(absent_user_ids, '{}');
  if not ((select private.teaches_class(class_uuid)) or (select private.acts_as_admin())) then
    raise exception 'Only the course''s teacher or an administrator can take attendance' using errcode = '42501';
  end if;
  select cl.course_id into v_course from public.classes cl where cl.id = class_uuid;
  if v_course is null then
    raise exception 'Class not found' using errcode = 'P0002';
  end if;
  if present_user_ids && absent_user_ids then
    raise exception 'A student cannot be both present and absent' using errcode = '22023';
  end if;

  v_ids := array(select distinct u.id from unnest(present_user_ids || absent_user_ids) as u (id));
  if exists (
    select 1 from unnest(v_ids) as u (id)
     where u.id is null
        or not exists (
          select 1 from public.enrollments e
           where e.course_id = v_course and e.user_id = u.id and e.status <> 'dropped'
        )
  ) then
    raise exception 'This student is not enrolled in the course of this class' using errcode = '23514';
  end if;

  -- Only what changes is written: a student already marked as sent keeps their time and marked_by.
  insert into public.class_attendance as current_mark (class_id, user_id, attended)
  select class_uuid, u.id, u.id = any (present_user_ids)
    from unnest(v_ids) as u (id)
  on conflict (class_id, user_id) do update
    set attended = excluded.attended
    where current_mark.attended is distinct from excluded.attended;

  return (
    select coalesce(json_agg(json_build_object(
             'id', a.id,
             'class_id', a.class_id,
             'user_id', a.user_id,
             'attended', a.attended,
             'attended_at', a.attended_at,
             'marked_by', a.marked_by
           ) order by a.user_id), '[]'::json)
      from public.class_attendance a
     where a.class_id = class_uuid and a.user_id = any (v_ids)
  );
end
$$;

comment on function public.save_class_attendance(uuid, uuid[], uuid[]) is
  'Takes attendance of one class in one request (its teacher or an admin): marks the given students of the course (active or completed) present or absent; unchanged marks keep their time.';

-- The attendance of a page of classes. Each course's roster is counted once (however many of its
-- classes are asked for) from (course_id, status, user_id); each class's present marks from the
-- attended-only index below, each checked against the roster by (course_id, user_id).
create or replace function public.class_attendance_summary(class_ids uuid[])
returns table (class_id uuid, roster_count integer, attended_count integer, attendance_rate numeric)
language plpgsql stable security invoker set search_path = ''
as $$
#variable_conflict use_column
begin
  if coalesce(cardinality(class_ids), 0) > 100 then
    raise exception 'At most 100 classes at a time' using errcode = '22023';
  end if;
  return query
    with wanted as materialized (
      select cl.id, cl.course_id from public.classes cl where cl.id = any (class_ids)
    ),
    rosters as materialized (
      select r.course_id,
             (select count(*)::integer
                from public.enrollments e
               where e.course_id = r.course_id and e.status <> 'dropped') as n
        from (select distinct w.course_id from wanted w) r
    )
    select w.id,
           roster.n,
           present.n,
           case when roster.n > 0 then round(100.0 * present.n / roster.n, 1) end
      from wanted w
      join rosters roster on roster.course_id = w.course_id
     cross join lateral (
       -- One (course_id, user_id) probe per present mark: never the course's whole roster again.
       select count(*)::integer as n
         from public.class_attendance a
        where a.class_id = w.id
          and a.attended
          and (select e.status <> 'dropped' from public.enrollments e
                where e.course_id = w.course_id and e.user_id = a.user_id) is true
     ) present;
end
$$;

comment on function public.class_attendance_summary(uuid[]) is
  'Attendance of up to 100 classes: {class_id, roster_count (students who have not dropped the course), attended_count, attendance_rate} of the rows the caller may see.';

-- 2. Correcting the time a student arrived ----------------------------------------------------------

create or replace function private.prepare_attendance() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_trusted boolean := (select private.is_trusted_caller());
  v_newly_present boolean;
  v_self boolean;
begin
  if tg_op = 'UPDATE' and (new.class_id, new.user_id) is distinct from (old.class_id, old.user_id)
     and not v_trusted then
    raise exception 'An attendance row cannot be moved to another class or student' using errcode = '42501';
  end if;
  if tg_op = 'INSERT' or (new.class_id, new.user_id) is distinct from (old.class_id, old.user_id) then
    if not exists (
      select 1 from public.classes c
        join public.enrollments e on e.course_id = c.course_id and e.user_id = new.user_id
       where c.id = new.class_id
    ) then
      raise exception 'This student is not enrolled in the course of this class' using errcode = '23514';
    end if;
  end if;

  v_newly_present := new.attended and (tg_op = 'INSERT' or not old.attended);
  v_self := not v_trusted
            and new.user_id = (select auth.uid())
            and not (select private.is_admin())
            and not (select private.teaches_class(new.class_id));
  if not new.attended then
    new.attended_at := null;
  elsif v_self then
    -- A student joining is present now, whatever the request says.
    new.attended_at := case when v_newly_present then now() else old.attended_at end;
  elsif v_newly_present then
    -- Teachers may record when someone arrived.
    new.attended_at := coalesce(new.attended_at, now());
  else
    -- Still present. A time the teacher or an administrator sets explicitly is a correction and is
    -- kept; a write that leaves attended_at alone (or clears it) keeps the time they arrived.
    -- Re-saving the roster through save_class_attendance never writes a row that stays present.
    new.attended_at := coalesce(new.attended_at, old.attended_at);
  end if;
  if not v_trusted then
    new.marked_by := (select auth.uid());
  end if;
  return new;
end
$$;

revoke execute on function private.prepare_attendance() from public;

-- 3 and 4. My Students: held classes by their end; a student's figures over the caller's courses ------

-- The students-and-attendance migration's view, with held classes counted by their end (create or
-- replace keeps its grants and comment).
create or replace view public.my_students with (security_invoker = true) as
select
  e.id as enrollment_id,
  e.user_id as student_id,
  u.first_name,
  u.last_name,
  u.email,
  u.avatar_url,
  u.is_active as student_is_active,
  e.course_id,
  c.title as course_title,
  e.status,
  e.progress,
  e.enrolled_at,
  schedule.total_classes,
  attendance.attended_classes,
  round(attendance.attended_minutes / 60.0, 1) as study_hours,
  work.submission_count,
  work.graded_count,
  work.average_grade_percent,
  greatest(attendance.last_attended_at, work.last_submitted_at, u.last_sign_in_at) as last_activity_at,
  attendance.attended_minutes,
  schedule.held_classes,
  attendance.attended_held_classes,
  case when schedule.held_classes > 0
       then round(100.0 * attendance.attended_held_classes / schedule.held_classes, 1)
  end as attendance_rate
from public.courses c
join public.enrollments e on e.course_id = c.id
left join public.users u on u.id = e.user_id
left join lateral (
  select count(*)::integer as total_classes,
         (count(*) filter (where private.class_ends_at(cl.scheduled_date, cl.duration) <= now()))::integer as held_classes,
         coalesce(array_agg(cl.id), '{}') as class_ids
    from public.classes cl
   where cl.course_id = c.id
) schedule on true
left join lateral (
  select count(*)::integer as attended_classes,
         (count(*) filter (where private.class_ends_at(cl.scheduled_date, cl.duration) <= now()))::integer as attended_held_classes,
         coalesce(sum(cl.duration), 0)::integer as attended_minutes,
         max(a.attended_at) as last_attended_at
    from public.class_attendance a
    join public.classes cl on cl.id = a.class_id
   where a.user_id = e.user_id and a.class_id = any (schedule.class_ids) and a.attended
) attendance on true
left join lateral (
  select count(*)::integer as submission_count,
         (count(*) filter (where s.status = 'graded'))::integer as graded_count,
         round(avg(100.0 * s.grade / ac.max_points) filter (where s.grade is not null), 1) as average_grade_percent,
         max(s.submitted_at) as last_submitted_at
    from public.activity_submissions s
    join public.activities ac on ac.id = s.activity_id
    left join public.classes acl on acl.id = ac.class_id
   where s.student_id = e.user_id and coalesce(ac.course_id, acl.course_id) = e.course_id
) work on true
where e.status = 'active'
  and c.id = any ((select private.scope_course_ids())::uuid[])
  and e.course_id = any ((select private.scope_course_ids())::uuid[]);

create or replace function public.get_my_student_detail(student_uuid uuid, graded_limit integer default 10)
returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_admin boolean := (select private.is_admin());
  v_taught uuid[] := (select private.taught_course_ids());
  v_student public.users;
begin
  graded_limit := least(greatest(coalesce(graded_limit, 10), 0), 50);
  if student_uuid is null then
    return null;
  end if;
  select u.* into v_student from public.users u where u.id = student_uuid;
  if v_student.id is null
     or not (
       (v_admin and v_student.role = 'student')
       or student_uuid = any ((select private.taught_student_ids())::uuid[])
     ) then
    return null;
  end if;

  return json_build_object(
    'student', json_build_object(
      'id', v_student.id,
      'first_name', v_student.first_name,
      'last_name', v_student.last_name,
      'email', v_student.email,
      'avatar_url', v_student.avatar_url,
      'is_active', v_student.is_active,
      'last_sign_in_at', v_student.last_sign_in_at
    ),
    'courses', coalesce((
      select json_agg(to_json(ms) order by ms.course_title, ms.course_id)
        from public.my_students ms
       where ms.student_id = student_uuid
         and (v_admin or ms.course_id = any (v_taught))
    ), '[]'::json),
    'graded_work', (
      with graded as (
        select s.id, s.activity_id, ac.title as activity_title, ac.type as activity_type,
               coalesce(ac.course_id, acl.course_id) as course_id, s.grade, ac.max_points,
               s.submitted_at, s.graded_at
          from public.activity_submissions s
          join public.activities ac on ac.id = s.activity_id
          left join public.classes acl on acl.id = ac.class_id
         where s.student_id = student_uuid
           and s.status = 'graded'
           and (v_admin or s.activity_id = any ((select private.taught_activity_ids())::uuid[]))
      )
      select json_build_object(
        'total', (select count(*) from graded),
        'items', coalesce((
          select json_agg(json_build_object(
                   'submission_id', g.id,
                   'activity_id', g.activity_id,
                   'activity_title', g.activity_title,
                   'activity_type', g.activity_type,
                   'course_id', g.course_id,
                   'course_title', c.title,
                   'grade', g.grade,
                   'max_points', g.max_points,
                   'grade_percent', case when g.grade is not null and g.max_points > 0
                                         then round(100.0 * g.grade / g.max_points, 1) end,
                   'submitted_at', g.submitted_at,
                   'graded_at', g.graded_at
                 ) order by g.graded_at desc nulls last, g.id)
            from (
              select * from graded
               order by graded.graded_at desc nulls last, graded.id
               limit graded_limit
            ) g
            left join public.courses c on c.id = g.course_id
        ), '[]'::json)
      )
    ),
    -- get_student_stats' figures, over the caller's courses only (an administrator's: every course).
    'stats', (
      select json_build_object(
        'enrolled_courses', count(*) filter (where e.status = 'active'),
        'completed_courses', count(*) filter (where e.status = 'completed'),
        'total_study_hours', (
          select round(coalesce(sum(cl.duration), 0) / 60.0, 1)
            from public.class_attendance a
            join public.classes cl on cl.id = a.class_id
           where a.user_id = student_uuid
             and a.attended
             and (v_admin or cl.course_id = any (v_taught))
        ),
        'average_progress', coalesce(round(avg(e.progress) filter (where e.status in ('active', 'completed')), 2), 0)
      )
      from public.enrollments e
      where e.user_id = student_uuid
        and (v_admin or e.course_id = any (v_taught))
    )
  );
end
$$;

comment on function public.get_my_student_detail(uuid, integer) is
  'My Students details panel: the student, their courses (my_students rows), latest graded work and their statistics over the caller''s courses; null when not one of the caller''s students.';

-- 4. The teacher dashboard: upcoming until a class ends ---------------------------------------------

create or replace function public.get_teacher_dashboard(upcoming_limit integer default 5, recent_limit integer default 5)
returns json
language sql stable security invoker set search_path = ''
as $$
  with mine as (
    select c.* from public.courses c where c.teacher_id = (select auth.uid())
  ),
  my_classes as (
    select cl.*, m.title as course_title, private.class_ends_at(cl.scheduled_date, cl.duration) as ends_at
      from public.classes cl join mine m on m.id = cl.course_id
  ),
  -- By course_id through the index (a join would read every review to keep the teacher's few).
  my_reviews as (
    select r.rating from public.course_reviews r where r.course_id = any (array(select m.id from mine m))
  ),
  waiting as (
    select s.id, s.activity_id, s.student_id, s.submitted_at, a.title as activity_title, m.id as course_id,
           m.title as course_title
      from public.activity_submissions s
      join public.activities a on a.id = s.activity_id
      left join public.classes cl on cl.id = a.class_id
      join mine m on m.id = coalesce(a.course_id, cl.course_id)
     where s.status = 'submitted'
  )
  select json_build_object(
    'course_count', (select count(*) from mine),
    'active_course_count', (select count(*) from mine where is_active),
    'total_students', (select coalesce(sum(enrolled_count), 0) from mine),
    'total_classes', (select count(*) from my_classes),
    'upcoming_class_count', (select count(*) from my_classes where ends_at > now()),
    'live_class_count', (select count(*) from my_classes where type = 'live'),
    'average_rating', (select round(avg(rating), 2) from my_reviews),
    'review_count', (select count(*) from my_reviews),
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
                 'id', u.id,
                 'course_id', u.course_id,
                 'course_title', u.course_title,
                 'title', u.title,
                 'scheduled_date', u.scheduled_date,
                 'duration', u.duration,
                 'type', u.type,
                 'meeting_link', u.meeting_link
               )
               order by u.scheduled_date
             )
        from (
          select * from my_classes where ends_at > now() order by scheduled_date limit greatest(upcoming_limit, 0)
        ) u
    ), '[]'::json),
    'recent_submissions', coalesce((
      select json_agg(
               json_build_object(
                 'id', w.id,
                 'activity_id', w.activity_id,
                 'activity_title', w.activity_title,
                 'course_id', w.course_id,
                 'course_title', w.course_title,
                 'student_id', w.student_id,
                 'student_name', private.public_name(w.student_id),
                 'submitted_at', w.submitted_at
               )
               order by w.submitted_at desc
             )
        from (select * from waiting order by submitted_at desc limit greatest(recent_limit, 0)) w
    ), '[]'::json)
  )
$$;

comment on function public.get_teacher_dashboard(integer, integer) is
  'Teacher dashboard for the caller''s own courses: figures, course performance, next classes (not yet ended), submissions waiting for a grade.';

-- 4 and 5. Activities figures: one clock; each table read once ------------------------------------------

-- The visible activities are counted in one pass (total and due this week together), those of classes
-- found by class id from the class lists the activities policies compute anyway (an administrator: every
-- class activity), so the classes table is read once, for the upcoming count.
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
    union all
    select a.due_date
      from public.activities a
     where a.class_id = any ((select private.taught_class_ids()) || (select private.enrolled_class_ids()))
       and not (select private.is_admin())
    union all
    select a.due_date
      from public.activities a
     where a.class_id is not null
       and (select private.is_admin())
  ),
  activity_counts as (
    select count(*) as total, count(*) filter (where private.is_due_this_week(v.due_date)) as due
      from visible v
  )
  select
    counted.total,
    (select count(*)
       from public.courses c
      where c.id = any ((select s.course_ids from scope s)::uuid[]) and c.is_active) as active_courses,
    (select count(*)
       from public.classes cl
      where cl.course_id = any ((select s.course_ids from scope s)::uuid[])
        and private.class_ends_at(cl.scheduled_date, cl.duration) > now()) as scheduled_classes,
    counted.due
  from activity_counts counted
$$;

comment on function public.activity_stats() is
  'Activities stats: {total, active_courses, scheduled_classes (not yet ended), due_this_week (now to 168 hours ahead)} of what the caller may see (one row).';

-- 5. Recent activity in bounded reads ----------------------------------------------------------------

-- A class's present marks, newest first: the recent-activity panel reads a few per class, and the
-- attendance summary counts them (user_id included, so neither visits the table).
create index class_attendance_class_id_attended_at_idx
  on public.class_attendance (class_id, attended_at desc, id) include (user_id)
  where attended;

-- An activity's submissions newest first, ties by id, straight from the index: the recent-activity panel
-- stops after a few rows per activity (an index without the id sorts at least 32 rows first). It
-- serves every query the (activity_id, submitted_at desc) index served, which it replaces.
create index activity_submissions_activity_id_submitted_at_id_idx
  on public.activity_submissions (activity_id, submitted_at desc, id);
drop index public.activity_submissions_activity_id_submitted_at_idx;

-- Same answer as before (the newest submissions and present marks of the caller's actively enrolled
-- students in the caller's courses, at most 50), found in reads bounded by what is shown: first the
-- ids of the candidate events by the cheapest index for the caller, then the events themselves.
create or replace function public.get_my_students_activity(event_limit integer default 10, student_uuid uuid default null)
returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_admin boolean := (select private.is_admin());
  v_taught uuid[] := (select private.taught_course_ids());
  v_submissions uuid[];
  v_marks uuid[];
begin
  event_limit := least(greatest(coalesce(event_limit, 10), 1), 50);

  if student_uuid is not null then
    -- One student: their own rows, from the (student_id, submitted_at) and (user_id, class_id) indexes.
    v_submissions := array(
      select s.id
        from public.activity_submissions s
        join public.activities ac on ac.id = s.activity_id
        left join public.classes acl on acl.id = ac.class_id
       where s.student_id = student_uuid
         and (v_admin or coalesce(ac.course_id, acl.course_id) = any (v_taught))
         and (select e.status = 'active' from public.enrollments e
               where e.course_id = coalesce(ac.course_id, acl.course_id) and e.user_id = s.student_id) is true
       order by s.submitted_at desc, s.id
       limit event_limit
    );
    v_marks := array(
      select a.id
        from public.class_attendance a
        join public.classes cl on cl.id = a.class_id
       where a.user_id = student_uuid
         and a.attended and a.attended_at is not null
         and (v_admin or cl.course_id = any (v_taught))
         and (select e.status = 'active' from public.enrollments e
               where e.course_id = cl.course_id and e.user_id = a.user_id) is true
       order by a.attended_at desc, a.id
       limit event_limit
    );
  elsif v_admin then
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
  else
    -- A teacher. Only the event_limit activities (classes) whose newest event is the newest can hold
    -- the newest event_limit events: each of them has an event newer than anything of the others. So:
    -- each activity's (class's) newest event, one index probe each; the event_limit newest of those;
    -- their newest event_limit events each; the newest event_limit of these.
    v_submissions := array(
      with newest_per_activity as (
        select act.id, act.course_id, first.submitted_at, first.id as first_id
          from (
            select ac.id, coalesce(ac.course_id, acl.course_id) as course_id
              from public.activities ac
              left join public.classes acl on acl.id = ac.class_id
             where ac.id = any ((select private.taught_activity_ids())::uuid[])
            offset 0
          ) act
         cross join lateral (
           select s.submitted_at, s.id
             from public.activity_submissions s
            where s.activity_id = act.id
              and (select e.status = 'active' from public.enrollments e
                    where e.course_id = act.course_id and e.user_id = s.student_id) is true
            order by s.submitted_at desc, s.id
            limit 1
         ) first
      ),
      liveliest as (
        select * from newest_per_activity n order by n.submitted_at desc, n.first_id limit event_limit
      )
      select recent.id
        from liveliest l
       cross join lateral (
         select s.id, s.submitted_at
           from public.activity_submissions s
          where s.activity_id = l.id
            and (select e.status = 'active' from public.enrollments e
                  where e.course_id = l.course_id and e.user_id = s.student_id) is true
          order by s.submitted_at desc, s.id
          limit event_limit
       ) recent
       order by recent.submitted_at desc, recent.id
       limit event_limit
    );
    v_marks := array(
      with newest_per_class as (
        select cl.id, cl.course_id, first.attended_at, first.id as first_id
          from public.classes cl
         cross join lateral (
           select a.attended_at, a.id
             from public.class_attendance a
            where a.class_id = cl.id
              and a.attended and a.attended_at is not null
              and (select e.status = 'active' from public.enrollments e
                    where e.course_id = cl.course_id and e.user_id = a.user_id) is true
            order by a.attended_at desc, a.id
            limit 1
         ) first
         where cl.course_id = any (v_taught)
      ),
      liveliest as (
        select * from newest_per_class n order by n.attended_at desc, n.first_id limit event_limit
      )
      select recent.id
        from liveliest l
       cross join lateral (
         select a.id, a.attended_at
           from public.class_attendance a
          where a.class_id = l.id
            and a.attended and a.attended_at is not null
            and (select e.status = 'active' from public.enrollments e
                  where e.course_id = l.course_id and e.user_id = a.user_id) is true
          order by a.attended_at desc, a.id
          limit event_limit
       ) recent
       order by recent.attended_at desc, recent.id
       limit event_limit
    );
  end if;

  return (
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
end
$$;

comment on function public.get_my_students_activity(integer, uuid) is
  'My Students recent activity: the newest submissions and attendance of the caller''s students in the caller''s courses (at most 50), read in bounded index ranges.';

-- 6. Original names of submitted files -----------------------------------------------------------------

-- Each name is what the student's file was called: not blank, at most 255 characters.
create function private.valid_file_names(names text[]) returns boolean
language sql immutable parallel safe
return coalesce((select bool_and(n is not null and char_length(btrim(n)) between 1 and 255) from unnest(names) as n), true);

revoke execute on function private.valid_file_names(text[]) from public;
grant execute on function private.valid_file_names(text[]) to authenticated, service_role;

alter table public.activity_submissions
  add column file_names text[] not null default '{}',
  add constraint activity_submissions_file_names_count
    check (cardinality(file_names) = 0 or cardinality(file_names) = cardinality(file_urls)),
  add constraint activity_submissions_file_names_check check (private.valid_file_names(file_names));

comment on column public.activity_submissions.file_names is
  'The original names of the files in file_urls, in the same order (empty for work handed in before names were kept); each 1–255 characters.';

-- Written with the work, like file_urls (the trigger below keeps graders from changing either).
grant insert (file_names), update (file_names) on public.activity_submissions to authenticated;

-- As in the activities migration, with file_names part of the work only the student changes.
create or replace function private.guard_submission() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_activity public.activities%rowtype;
  v_trusted boolean := (select private.is_trusted_caller());
  v_grader boolean;
  v_grading_changed boolean;
  v_status_set boolean;
begin
  select * into v_activity from public.activities a where a.id = new.activity_id;

  if new.grade is not null and new.grade > v_activity.max_points then
    raise exception 'The grade cannot be higher than the activity''s maximum of % points', v_activity.max_points
      using errcode = '23514';
  end if;

  if tg_op = 'INSERT' then
    v_grading_changed := new.grade is not null or new.feedback is not null;
    v_status_set := new.status <> 'submitted';
  else
    v_grading_changed := (new.grade, new.feedback) is distinct from (old.grade, old.feedback);
    v_status_set := new.status is distinct from old.status;
  end if;

  if not v_trusted then
    if tg_op = 'UPDATE' and (new.activity_id, new.student_id) is distinct from (old.activity_id, old.student_id) then
      raise exception 'A submission cannot be moved to another activity or student' using errcode = '42501';
    end if;

    v_grader := (select private.is_admin()) or (select private.teaches_activity(new.activity_id));
    if new.student_id = (select auth.uid()) and not v_grader then
      if v_grading_changed or (v_status_set and new.status <> 'submitted') then
        raise exception 'Only the course''s teacher or an administrator can grade submissions'
          using errcode = '42501';
      end if;
      if tg_op = 'UPDATE' and old.status = 'graded' then
        raise exception 'This submission has already been graded' using errcode = '23514';
      end if;
      if v_activity.due_date is not null and now() > v_activity.due_date and not v_activity.allow_late_submission then
        raise exception 'The due date for this activity has passed' using errcode = '23514';
      end if;
      new.status := 'submitted';
      new.submitted_at := now();
      new.graded_by := case when tg_op = 'UPDATE' then old.graded_by end;
      new.graded_at := case when tg_op = 'UPDATE' then old.graded_at end;
      return new;
    end if;

    if tg_op = 'UPDATE'
       and (new.submission_text, new.file_urls, new.file_names, new.submitted_at)
           is distinct from (old.submission_text, old.file_urls, old.file_names, old.submitted_at) then
      raise exception 'Only the student can change the submitted work' using errcode = '42501';
    end if;
  end if;

  if v_grading_changed then
    if v_trusted then
      -- Seeds may record who graded and when; otherwise now.
      if new.graded_at is null or (tg_op = 'UPDATE' and new.graded_at is not distinct from old.graded_at) then
        new.graded_at := now();
      end if;
    else
      new.graded_by := (select auth.uid());
      new.graded_at := now();
    end if;
    if new.grade is not null and not v_status_set then
      new.status := 'graded';
    end if;
  elsif not v_trusted and tg_op = 'UPDATE' then
    new.graded_by := old.graded_by;
    new.graded_at := old.graded_at;
  end if;
  return new;
end
$$;

revoke execute on function private.guard_submission() from public;

-- The read models migration's view with file_names at the end (create or replace keeps its grants).
create or replace view public.submission_list with (security_invoker = true) as
select
  s.id,
  s.activity_id,
  s.student_id,
  private.public_name(s.student_id) as student_name,
  u.email as student_email,
  u.avatar_url as student_avatar_url,
  s.submission_text,
  s.file_urls,
  s.submitted_at,
  s.status,
  s.grade,
  s.feedback,
  s.graded_by,
  s.graded_at,
  s.created_at,
  s.updated_at,
  a.title as activity_title,
  a.type as activity_type,
  a.max_points,
  a.due_date,
  coalesce(a.course_id, cl.course_id) as course_id,
  c.title as course_title,
  a.due_date is not null and s.submitted_at > a.due_date as is_late,
  s.file_names
from public.activity_submissions s
left join public.activities a on a.id = s.activity_id
left join public.classes cl on cl.id = a.class_id
left join public.courses c on c.id = coalesce(a.course_id, cl.course_id)
left join public.users u on u.id = s.student_id
where s.student_id = (select auth.uid()) or s.activity_id = any ((select private.scope_activity_ids())::uuid[]);

comment on view public.submission_list is
  'Submissions the caller may see with student, activity and course details (grading lists, a student''s own work); file_names are the original names of file_urls.';
