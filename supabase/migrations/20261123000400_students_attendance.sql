-- My Students (teachers; admins too) and taking attendance per class (Class Management).
--
-- Attendance. A student marks themselves present when joining a live class (classes migration); the
-- teacher then takes the roster. Re-saving the roster used to stamp every present student "now",
-- overwriting the time a student joined. Now a row that stays present keeps its time whoever writes it,
-- and the roster is saved through one function that writes only the rows that change.
--
-- Every function here is `security invoker` and every view `security_invoker`, so each row still comes
-- through the caller's RLS policies; the scope filters (`= any (taught ids)`) only let indexes serve them.
-- "A teacher's students" are the people actively enrolled in the courses they teach (one row per
-- student, not per enrolment); for administrators, every profile with the student role. Students (and
-- teachers for other teachers' courses) get nothing from the My Students functions.
--
--   save_class_attendance(class_uuid, present_user_ids uuid[] = '{}', absent_user_ids uuid[] = '{}')
--     -> json [{id, class_id, user_id, attended, attended_at, marked_by}] of the students sent. The
--     course's teacher or an admin only (42501 otherwise); each id must be actively enrolled in the
--     class's course (23514); an id in both lists is refused (22023). Students left out are untouched;
--     a student already marked as sent is not rewritten (their time and marked_by stay). Take
--     attendance: 1.
--   class_roster (view) -> per class, the course's actively enrolled students with their mark
--     (attended false when unmarked, attended_at, marked_by, is_marked). Attendance dialog: 1 per page.
--   class_attendance_summary(class_ids uuid[]) -> rows {class_id, roster_count, attended_count,
--     attendance_rate (percent, one decimal; null without a roster)} for at most 100 classes the caller
--     may see. Class cards (one page of class ids) and the attendance dialog: 1.
--   my_students (view, read models migration) gains at the end attended_minutes, held_classes (classes
--     of the course that have started), attended_held_classes and attendance_rate (attended of the
--     started classes, percent, one decimal; null before the first class).
--   get_my_students(search = null, course_uuid = null, page = 1, page_size = 10) -> json {total, page,
--     page_size, students: [{student_id, first_name, last_name, email, avatar_url, is_active, courses
--     [{course_id, course_title, progress}], course_count, average_progress, total_classes,
--     held_classes, attended_classes, attended_held_classes, attendance_rate, study_hours,
--     submission_count, graded_count, last_activity_at}]} by last name; search over first name, last
--     name, full name and email; course_uuid keeps the students actively enrolled in that course (the
--     figures still span all the caller's courses); page_size at most 1000. My students list: 1
--     (CSV export: 1 per 1000 students).
--   get_my_students_stats() -> json {students, active_this_week (last activity in the last 7 days),
--     average_progress (mean of the students' averages; null without any), at_risk (average below
--     60)}. My students figures: 1.
--   get_my_students_activity(event_limit = 10, student_uuid = null) -> json [{kind ('submission' |
--     'attendance'), at, student_id, student_name, course_id, course_title, item_id, item_title,
--     status, grade, max_points}] newest first, of the caller's students in the caller's courses; at
--     most 50. Recent activity panel: 1.
--   get_my_student_detail(student_uuid, graded_limit = 10) -> json {student {id, first_name, last_name,
--     email, avatar_url, is_active, last_sign_in_at}, courses [my_students rows], graded_work {total,
--     items [{submission_id, activity_id, activity_title, activity_type, course_id, course_title, grade,
--     max_points, grade_percent, submitted_at, graded_at}]}, stats (get_student_stats)}, null when the
--     person is not one of the caller's students. Details panel: 1.

-- Attendance ---------------------------------------------------------------------------------------

-- As in the classes migration, plus: a row that stays present keeps the time it was first marked
-- (often the student's own join), whatever an API caller sends.
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
  elsif not v_trusted then
    -- Still present: re-saving a roster never moves the time they arrived.
    new.attended_at := coalesce(old.attended_at, new.attended_at);
  end if;
  if not v_trusted then
    new.marked_by := (select auth.uid());
  end if;
  return new;
end
$$;

revoke execute on function private.prepare_attendance() from public;

-- "Recent activity" reads the newest present marks first.
create index class_attendance_attended_at_idx on public.class_attendance (attended_at desc) where attended;

create function public.save_class_attendance(
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
           where e.course_id = v_course and e.user_id = u.id and e.status = 'active'
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
  'Takes attendance of one class in one request (its teacher or an admin): marks the given actively enrolled students present or absent; unchanged marks keep their time.';

revoke execute on function public.save_class_attendance(uuid, uuid[], uuid[]) from public, anon;
grant execute on function public.save_class_attendance(uuid, uuid[], uuid[]) to authenticated, service_role;

-- A class's roster: the course's actively enrolled students, each with their mark (if any). One class at
-- a time (`class_id=eq.…`), sorted and paged by PostgREST.
create view public.class_roster with (security_invoker = true) as
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
join public.enrollments e on e.course_id = cl.course_id and e.status = 'active'
-- One primary-key lookup per student (whoever sees an active enrollment also sees its student).
left join lateral (
  select u.first_name, u.last_name, u.email, u.avatar_url
    from public.users u
   where u.id = e.user_id
  offset 0
) p on true
left join public.class_attendance a on a.class_id = cl.id and a.user_id = e.user_id
where cl.course_id = any ((select private.scope_course_ids())::uuid[]);

comment on view public.class_roster is
  'Attendance dialog: the actively enrolled students of each class''s course with their attendance mark (attended false when unmarked).';

create function public.class_attendance_summary(class_ids uuid[])
returns table (class_id uuid, roster_count integer, attended_count integer, attendance_rate numeric)
language plpgsql stable security invoker set search_path = ''
as $$
#variable_conflict use_column
begin
  if coalesce(cardinality(class_ids), 0) > 100 then
    raise exception 'At most 100 classes at a time' using errcode = '22023';
  end if;
  -- Counted per class by index: the roster from (course_id, status, user_id), the marks from
  -- (class_id, user_id).
  return query
    select cl.id,
           roster.n,
           present.n,
           case when roster.n > 0 then round(100.0 * present.n / roster.n, 1) end
      from public.classes cl
     cross join lateral (
       select count(*)::integer as n
         from public.enrollments e
        where e.course_id = cl.course_id and e.status = 'active'
     ) roster
     cross join lateral (
       select count(*)::integer as n
         from public.class_attendance a
        where a.class_id = cl.id
          and a.attended
          and exists (
            select 1 from public.enrollments e
             where e.course_id = cl.course_id and e.user_id = a.user_id and e.status = 'active'
          )
     ) present
     where cl.id = any (class_ids);
end
$$;

comment on function public.class_attendance_summary(uuid[]) is
  'Attendance of up to 100 classes: {class_id, roster_count (active students), attended_count, attendance_rate} of the rows the caller may see.';

revoke execute on function public.class_attendance_summary(uuid[]) from public, anon;
grant execute on function public.class_attendance_summary(uuid[]) to authenticated, service_role;

-- My students ----------------------------------------------------------------------------------------

-- The read models migration's view, with four columns added at the end (create or replace keeps its
-- grants and comment). The attendance rate counts only classes that have started.
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
         (count(*) filter (where cl.scheduled_date <= now()))::integer as held_classes,
         coalesce(array_agg(cl.id), '{}') as class_ids
    from public.classes cl
   where cl.course_id = c.id
) schedule on true
left join lateral (
  select count(*)::integer as attended_classes,
         (count(*) filter (where cl.scheduled_date <= now()))::integer as attended_held_classes,
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

-- The people a My Students function lists: an administrator's every student profile (`everyone`),
-- otherwise the students actively enrolled in the given courses, each profile read by primary key
-- (`offset 0` keeps one lookup per id; a join would read every user). Through the caller's RLS.
create function private.my_student_candidates(everyone boolean, course_ids uuid[])
returns table (id uuid, first_name text, last_name text, email text, last_sign_in_at timestamptz)
language sql stable security invoker set search_path = ''
as $$
  select u.id, u.first_name, u.last_name, u.email, u.last_sign_in_at
    from public.users u
   where everyone and u.role = 'student'
  union all
  select p.id, p.first_name, p.last_name, p.email, p.last_sign_in_at
    from (
      select distinct e.user_id from public.enrollments e
       where not everyone and e.course_id = any (course_ids) and e.status = 'active'
    ) ids
    join lateral (
      select u.id, u.first_name, u.last_name, u.email, u.last_sign_in_at
        from public.users u
       where u.id = ids.user_id
      offset 0
    ) p on true
$$;

revoke execute on function private.my_student_candidates(boolean, uuid[]) from public;
grant execute on function private.my_student_candidates(boolean, uuid[]) to authenticated, service_role;

create function public.get_my_students(
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

  with matching as materialized (
    select p.id, p.first_name, p.last_name
      from private.my_student_candidates(v_admin and course_uuid is null, v_courses) p
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

  return json_build_object(
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
             ) order by ord.n)
        from unnest(v_ids) with ordinality as ord (id, n)
        join public.users u on u.id = ord.id
        -- The figures of the caller's courses (my_students: the same per-enrolment numbers the details show).
        left join lateral (
          select json_agg(json_build_object('course_id', ms.course_id, 'course_title', ms.course_title, 'progress', ms.progress)
                          order by ms.course_title, ms.course_id) as courses,
                 count(*)::integer as course_count,
                 round(avg(ms.progress), 2) as average_progress,
                 sum(ms.total_classes)::integer as total_classes,
                 sum(ms.held_classes)::integer as held_classes,
                 sum(ms.attended_classes)::integer as attended_classes,
                 sum(ms.attended_held_classes)::integer as attended_held_classes,
                 sum(ms.attended_minutes)::integer as attended_minutes,
                 sum(ms.submission_count)::integer as submission_count,
                 sum(ms.graded_count)::integer as graded_count,
                 max(ms.last_activity_at) as last_activity_at
            from public.my_students ms
           where ms.student_id = u.id
             and (v_admin or ms.course_id = any (v_taught))
          having count(*) > 0
        ) f on true
    ), '[]'::json)
  );
end
$$;

comment on function public.get_my_students(text, uuid, integer, integer) is
  'My Students: one page of the caller''s students (one row per student) with their courses, progress, attendance, work and last activity.';

-- "Active this week" is what the list's last_activity_at says: a sign-in, a present mark in a class of
-- one of the student's (active, caller's) courses, or work handed in there, in the last 7 days.
create function public.get_my_students_stats() returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_admin boolean := (select private.is_admin());
  v_taught uuid[] := (select private.taught_course_ids());
  v_activities uuid[] := (select private.taught_activity_ids());
  v_since timestamptz := now() - interval '7 days';
begin
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
    -- Recent marks and work first (by course for a teacher, by time for an admin), then whose they are.
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

comment on function public.get_my_students_stats() is
  'My Students figures: {students, active_this_week, average_progress, at_risk (average progress below 60)} over all the caller''s students.';

create function public.get_my_students_activity(event_limit integer default 10, student_uuid uuid default null)
returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_admin boolean := (select private.is_admin());
  v_taught uuid[] := (select private.taught_course_ids());
begin
  event_limit := least(greatest(coalesce(event_limit, 10), 1), 50);
  return (
    with submitted as (
      select 'submission'::text as kind, s.submitted_at as at, s.id, s.student_id, ac.id as item_id,
             ac.title as item_title, coalesce(ac.course_id, acl.course_id) as course_id, s.status, s.grade,
             ac.max_points
        from public.activity_submissions s
        join public.activities ac on ac.id = s.activity_id
        left join public.classes acl on acl.id = ac.class_id
       where (v_admin or s.activity_id = any ((select private.taught_activity_ids())::uuid[]))
         and (student_uuid is null or s.student_id = student_uuid)
         and exists (
           select 1 from public.enrollments e
            where e.user_id = s.student_id and e.course_id = coalesce(ac.course_id, acl.course_id) and e.status = 'active'
         )
       order by s.submitted_at desc, s.id
       limit event_limit
    ),
    attended as (
      select 'attendance'::text as kind, a.attended_at as at, a.id, a.user_id as student_id, cl.id as item_id,
             cl.title as item_title, cl.course_id, null::text as status, null::numeric as grade,
             null::integer as max_points
        from public.class_attendance a
        join public.classes cl on cl.id = a.class_id
       where a.attended and a.attended_at is not null
         and (v_admin or a.class_id = any ((select private.taught_class_ids())::uuid[]))
         and (student_uuid is null or a.user_id = student_uuid)
         and exists (
           select 1 from public.enrollments e
            where e.user_id = a.user_id and e.course_id = cl.course_id and e.status = 'active'
         )
       order by a.attended_at desc, a.id
       limit event_limit
    ),
    newest as (
      select * from (select * from submitted union all select * from attended) events
       order by events.at desc, events.id
       limit event_limit
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
    where v_admin or n.course_id = any (v_taught)
  );
end
$$;

comment on function public.get_my_students_activity(integer, uuid) is
  'My Students recent activity: the newest submissions and attendance of the caller''s students in the caller''s courses (at most 50).';

create function public.get_my_student_detail(student_uuid uuid, graded_limit integer default 10)
returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_admin boolean := (select private.is_admin());
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
         and (v_admin or ms.course_id = any ((select private.taught_course_ids())::uuid[]))
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
    'stats', public.get_student_stats(student_uuid)
  );
end
$$;

comment on function public.get_my_student_detail(uuid, integer) is
  'My Students details panel: the student, their courses (my_students rows), latest graded work and get_student_stats; null when not one of the caller''s students.';

revoke execute on function
  public.get_my_students(text, uuid, integer, integer),
  public.get_my_students_stats(),
  public.get_my_students_activity(integer, uuid),
  public.get_my_student_detail(uuid, integer)
from public, anon;
grant execute on function
  public.get_my_students(text, uuid, integer, integer),
  public.get_my_students_stats(),
  public.get_my_students_activity(integer, uuid),
  public.get_my_student_detail(uuid, integer)
to authenticated, service_role;

revoke all on public.class_roster from anon, authenticated;
grant select on public.class_roster to authenticated, service_role;
