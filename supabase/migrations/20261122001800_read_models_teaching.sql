-- Read models of My Students (teachers; administrators too) and of the teacher dashboard (how read models
-- work and stay fast: the read_models_courses migration). "A teacher's students" are the people actively
-- enrolled in the courses they teach (one row per student, not per enrolment); for administrators, every
-- profile with the student role. Students (and teachers for other teachers' courses) get nothing from the
-- My Students functions. Figures count a class as held once it has ended (private.class_ends_at).
--
--   my_students (view) -> one row per active enrollment the caller may see (teacher: own courses; admin:
--     all): profile, course_title, status, progress, total_classes, attended_classes, study_hours,
--     submission_count, graded_count, average_grade_percent, last_activity_at, attended_minutes,
--     held_classes (classes of the course that have ended), attended_held_classes and attendance_rate
--     (attended of the held classes, percent, one decimal; null before the first class has ended).
--   get_my_students(search = null, course_uuid = null, page = 1, page_size = 10) -> json {total, page,
--     page_size, students: [{student_id, first_name, last_name, email, avatar_url, is_active, courses
--     [{course_id, course_title, progress}], course_count, average_progress, total_classes,
--     held_classes, attended_classes, attended_held_classes, attendance_rate, study_hours,
--     submission_count, graded_count, last_activity_at}]} by last name; search over first name, last
--     name, full name and email; course_uuid keeps the students actively enrolled in that course (the
--     figures still span all the caller's courses); page_size at most 1000. CSV export: 1 per 1000
--     students.
--   get_my_students_overview(search = null, course_uuid = null, page = 1, page_size = 10,
--     event_limit = 10) -> json {total, page, page_size, students: [get_my_students rows],
--     stats: {students, active_this_week (last activity in the last 7 days), average_progress (mean of
--     the students' averages; null without any), at_risk (average below 60)},
--     recent_activity: [{kind ('submission' | 'attendance'), at, student_id, student_name, course_id,
--     course_title, item_id, item_title, status, grade, max_points}] newest first, of the caller's
--     students in the caller's courses, at most 50}. My Students: 1.
--   get_my_student_detail(student_uuid, graded_limit = 10) -> json {student {id, first_name, last_name,
--     email, avatar_url, is_active, last_sign_in_at}, courses [my_students rows], graded_work {total,
--     items [{submission_id, activity_id, activity_title, activity_type, course_id, course_title, grade,
--     max_points, grade_percent, submitted_at, graded_at}]}, stats (get_student_stats' keys, over the
--     caller's courses only; an administrator's: every course)}, null when the person is not one of the
--     caller's students. Details panel: 1.
--   get_teacher_dashboard(upcoming_limit = 5, recent_limit = 5) -> json {course_count,
--     active_course_count, total_students, total_classes, upcoming_class_count, live_class_count,
--     average_rating, review_count, pending_submission_count, courses (performance), upcoming_classes
--     (not yet ended), recent_submissions (waiting for a grade)}. Teacher dashboard: 1.

-- My Students -----------------------------------------------------------------------------------------

-- Driven from the caller's courses (a handful for a teacher) into their active enrollments by index. A
-- student's attendance is read only for the classes of that course (class_ids, computed once per course).
-- Whoever sees an active enrollment also sees its student's profile, so the left join to users never
-- drops a row, and the exact count does not read users at all.
create view public.my_students with (security_invoker = true) as
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

comment on view public.my_students is
  'My Students: one row per active enrollment the caller may see (a teacher: own courses; admins: all) with progress, attendance, graded work and last activity.';

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

-- The list (and the CSV export): the page's figures are computed for the page's students at once (their
-- enrolments in the caller's courses, those courses' classes, the students' present marks and work, each
-- read once by index), not through the my_students view once per student.
create function public.get_my_students(
  search text default null,
  course_uuid uuid default null,
  page integer default 1,
  page_size integer default 10
) returns json
language plpgsql stable security invoker set search_path = ''
set plan_cache_mode = force_generic_plan
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

comment on function public.get_my_students(text, uuid, integer, integer) is
  'My Students: one page of the caller''s students (one row per student) with their courses, progress, attendance, work and last activity.';

-- The screen in one request: the list page, its figures and its recent activity. For a teacher it reads
--   - the figures (students, average progress, at risk, active this week) from the teacher's own pairs
--     (private.my_student_figures(): per student, the active enrolments in the teacher's courses, the sum
--     of their progress and the student's newest event there, kept by the summary triggers);
--   - the page by walking the students in name order (users_sort_name_idx) until the page is full,
--     instead of reading and sorting every student;
--   - the recent activity from the event_limit students whose newest event is the newest: only they can
--     have one of the event_limit newest events (each of the others has event_limit students with a
--     newer event than any of theirs), so the marks and work of at most page_size + event_limit students
--     (the page's and those) are read, once, for the rows and the panel.
-- An administrator's answer (every student) is computed from the base tables.
create function public.get_my_students_overview(
  search text default null,
  course_uuid uuid default null,
  page integer default 1,
  page_size integer default 10,
  event_limit integer default 10
) returns json
language plpgsql stable security invoker set search_path = ''
set plan_cache_mode = force_generic_plan
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

create function public.get_my_student_detail(student_uuid uuid, graded_limit integer default 10)
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

-- Teacher dashboard -----------------------------------------------------------------------------------

-- The class figures from the covering (course, date) index, the rating from the courses' review figures,
-- the waiting work from the covering (activity, submitted_at) index over the teacher's activities (found
-- by course and by class, not by testing every activity), and only the shown classes and submissions
-- read in full.
create function public.get_teacher_dashboard(upcoming_limit integer default 5, recent_limit integer default 5)
returns json
language sql stable security invoker set search_path = ''
set plan_cache_mode = force_generic_plan
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

comment on function public.get_teacher_dashboard(integer, integer) is
  'Teacher dashboard for the caller''s own courses: figures, course performance, next classes (not yet ended), submissions waiting for a grade.';

revoke all on public.my_students from anon, authenticated;
grant select on public.my_students to authenticated, service_role;

revoke execute on function
  public.get_my_students(text, uuid, integer, integer),
  public.get_my_students_overview(text, uuid, integer, integer, integer),
  public.get_my_student_detail(uuid, integer),
  public.get_teacher_dashboard(integer, integer)
from public, anon;
grant execute on function
  public.get_my_students(text, uuid, integer, integer),
  public.get_my_students_overview(text, uuid, integer, integer, integer),
  public.get_my_student_detail(uuid, integer),
  public.get_teacher_dashboard(integer, integer)
to authenticated, service_role;
