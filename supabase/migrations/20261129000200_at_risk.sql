-- Who is "At Risk" on My Students (issue 29, "Wrong figures", item 1).
--
-- It was "average progress below 60 %". Progress measures how much of a course is behind a student
-- (every class from their enrolment to the course's end, and every activity), so everyone halfway
-- through a course was at risk, full attendance or not. Risk is now what a teacher can act on, counted
-- from the student's enrolment on, course by course (private.enrolment_standing, the one place it is
-- defined): a student is at risk in a course when
--   - at least 3 of its classes have been held since they enrolled and they attended fewer than 60 % of
--     them (low attendance), or
--   - the due date of at least 2 of its active activities has passed since they enrolled and they handed
--     in fewer than 60 % of them (missing work; work handed in late counts as handed in);
-- and at risk on My Students when they are at risk in any of the caller's courses they are active in. A
-- student who joined yesterday has nothing held or due yet, so is not at risk. Rules in
-- docs/product-rules.md, "At risk".
--
-- Changed: get_my_students and get_my_students_overview (each student gains at_risk; the figures'
-- at_risk counts the students at risk), the my_students view (the details panel's rows gain the
-- reasons and what progress counted). Each is its latest definition (20261129000100) with only those
-- parts changed.
--
-- API after this migration: get_my_students / get_my_students_overview students[] gain at_risk
-- (boolean); stats.at_risk counts them. my_students gains due_work, handed_in_work, low_attendance,
-- missing_work, at_risk, activity_count and graded_activity_count.

-- The rule ----------------------------------------------------------------------------------------------

-- The active enrolments in the given courses, of every student (student_ids null: the figure over all
-- of a teacher's students) or of the given students (a page), with what risk is decided on. Only the
-- courses the caller teaches count (an administrator: any course), so it answers nobody more than their
-- own students' figures. Security definer with that scope spelled out: row-level security would add
-- a dozen policy checks to every call, each reading the caller's courses, classes and activities again.
--
-- One statement, two ways in, each a union branch switched on or off by student_ids (a one-time filter,
-- so one plan serves both): for every student, each present mark of the courses' held classes and each
-- submission to their due activities is read once, by class and by activity (index-only); for a page,
-- only those students' marks and submissions, by student. PL/pgSQL keeps that plan for the connection:
-- as an SQL function it was planned again on every call, which cost about as much as running it.
create function private.enrolment_standing(course_ids uuid[], student_ids uuid[] default null)
returns table (
  enrollment_id uuid,
  student_id uuid,
  course_id uuid,
  -- Classes of the course held (ended) since the enrolment, and of them those attended.
  held_classes integer,
  attended_held_classes integer,
  -- Active activities of the course whose due date passed since the enrolment, and of them those with
  -- a submission.
  due_work integer,
  handed_in_work integer,
  low_attendance boolean,
  missing_work boolean,
  at_risk boolean
)
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan
as $$
begin
  return query
  with scope as materialized (
    select case
      when (select private.is_admin()) then course_ids
      else array(select unnest(course_ids) intersect select unnest((select private.taught_course_ids())))
    end as ids
  ),
  enrolments as materialized (
    select e.id, e.user_id, e.course_id, e.enrolled_at
      from public.enrollments e
     where student_ids is null
       and e.course_id = any ((select s.ids from scope s)::uuid[])
       and e.status = 'active'
    union all
    -- (A page: student by student through their own index; the courses as a hashed list.)
    select e.id, e.user_id, e.course_id, e.enrolled_at
      from unnest(student_ids) as p (id)
     cross join lateral (
       select e.id, e.user_id, e.course_id, e.enrolled_at
         from public.enrollments e
        where e.user_id = p.id and e.status = 'active'
       offset 0
     ) e
     where student_ids is not null
       and (e.course_id in (select unnest((select s.ids from scope s)::uuid[]))) is true
  ),
  courses as materialized (
    select array(select distinct en.course_id from enrolments en) as ids
  ),
  held as materialized (
    select cl.id, cl.course_id, cl.scheduled_date
      from public.classes cl
     where cl.course_id = any ((select c.ids from courses c)::uuid[])
       and private.class_ends_at(cl.scheduled_date, cl.duration) <= now()
  ),
  -- The present marks of the held classes (of every student, class by class; or of the given ones,
  -- student by student). (offset 0: one index range per class or student, whatever the plan guesses
  -- about their number.)
  marks as materialized (
    select a.user_id, h.course_id, h.scheduled_date
      from held h
     cross join lateral (
       select a.user_id from public.class_attendance a where a.class_id = h.id and a.attended offset 0
     ) a
     where student_ids is null
    union all
    select a.user_id, h.course_id, h.scheduled_date
      from unnest(student_ids) as p (id)
     cross join lateral (
       select a.user_id, a.class_id from public.class_attendance a where a.user_id = p.id and a.attended offset 0
     ) a
      join held h on h.id = a.class_id
     where student_ids is not null
  ),
  -- The courses' activities (their own and their classes') whose due date has passed.
  due as materialized (
    select a.id, a.course_id, a.due_date
      from public.activities a
     where a.course_id = any ((select c.ids from courses c)::uuid[])
       and a.is_active
       and a.due_date <= now()
    union all
    select a.id, cl.course_id, a.due_date
      from public.classes cl
      join public.activities a on a.class_id = cl.id
     where cl.course_id = any ((select c.ids from courses c)::uuid[])
       and a.is_active
       and a.due_date <= now()
  ),
  -- What was handed in for them (by every student, activity by activity; or by the given ones,
  -- student by student).
  handed as materialized (
    select s.student_id, d.course_id, d.due_date
      from due d
     cross join lateral (
       select s.student_id from public.activity_submissions s where s.activity_id = d.id offset 0
     ) s
     where student_ids is null
    union all
    select s.student_id, d.course_id, d.due_date
      from unnest(student_ids) as p (id)
     cross join lateral (
       select s.student_id, s.activity_id from public.activity_submissions s where s.student_id = p.id offset 0
     ) s
      join due d on d.id = s.activity_id
     where student_ids is not null
  ),
  -- Each course's held classes by start; an enrolment's held classes are those starting at or after
  -- it: all of them but those before it (width_bucket counts the starts <= its argument in a sorted
  -- array), one search per enrolment instead of a row per enrolment and class.
  held_starts as (
    select h.course_id, array_agg(h.scheduled_date order by h.scheduled_date) as starts
      from held h
     group by h.course_id
  ),
  classes_held as (
    select en.id,
           cardinality(hs.starts) - width_bucket(en.enrolled_at - interval '1 microsecond', hs.starts) as n
      from enrolments en
      join held_starts hs on hs.course_id = en.course_id
  ),
  classes_attended as (
    select en.id, count(*)::integer as n
      from marks m
      join enrolments en on en.user_id = m.user_id and en.course_id = m.course_id
                        and m.scheduled_date >= en.enrolled_at
     group by en.id
  ),
  work_due as (
    select en.id, count(*)::integer as n
      from enrolments en
      join due d on d.course_id = en.course_id and d.due_date >= en.enrolled_at
     group by en.id
  ),
  work_handed_in as (
    select en.id, count(*)::integer as n
      from handed h
      join enrolments en on en.user_id = h.student_id and en.course_id = h.course_id
                        and h.due_date >= en.enrolled_at
     group by en.id
  ),
  figures as (
    select en.id, en.user_id, en.course_id,
           coalesce(ch.n, 0) as held, coalesce(ca.n, 0) as attended,
           coalesce(wd.n, 0) as due, coalesce(wh.n, 0) as handed_in
      from enrolments en
      left join classes_held ch on ch.id = en.id
      left join classes_attended ca on ca.id = en.id
      left join work_due wd on wd.id = en.id
      left join work_handed_in wh on wh.id = en.id
  ),
  -- The rule: at least 3 classes held and under 60 % attended; at least 2 pieces of work due and under
  -- 60 % handed in (shared-data/src/rules/my-students.ts AT_RISK states the same numbers for the screen).
  judged as (
    select f.*,
           f.held >= 3 and 100 * f.attended < 60 * f.held as low_attendance,
           f.due >= 2 and 100 * f.handed_in < 60 * f.due as missing_work
      from figures f
  )
  select j.id, j.user_id, j.course_id, j.held, j.attended, j.due, j.handed_in,
         j.low_attendance, j.missing_work, j.low_attendance or j.missing_work
    from judged j;
end
$$;

comment on function private.enrolment_standing(uuid[], uuid[]) is
  'At risk, the one definition (issue 29): per active enrolment in the given courses the caller teaches (an administrator: any), of every student or of the given ones: classes held since the enrolment and attended, activities due since the enrolment and handed in, and whether attendance is low (>= 3 held, < 60 % attended), work is missing (>= 2 due, < 60 % handed in) and so the student is at risk in that course. Security definer, scoped to the caller''s courses.';

revoke execute on function private.enrolment_standing(uuid[], uuid[]) from public;
grant execute on function private.enrolment_standing(uuid[], uuid[]) to authenticated, service_role;

-- The read models ---------------------------------------------------------------------------------------

create or replace function public.get_my_students(
  search text default null,
  course_uuid uuid default null,
  page integer default 1,
  page_size integer default 10
) returns json
language plpgsql stable security invoker set search_path = '' set plan_cache_mode = force_generic_plan
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
        select e.id, e.user_id, e.course_id, e.progress, e.enrolled_at, c.title as course_title
          from public.enrollments e
          join public.courses c on c.id = e.course_id
         where e.user_id = any (v_ids)
           and e.status = 'active'
           and (v_admin or e.course_id = any (v_taught))
      ),
      -- Each enrolment's classes: those of its course from its enrolment on.
      schedule as materialized (
        select en.user_id, en.course_id,
               count(*)::integer as total_classes,
               (count(*) filter (where private.class_ends_at(cl.scheduled_date, cl.duration) <= now()))::integer
                 as held_classes
          from enrolments en
          join public.classes cl on cl.course_id = en.course_id and cl.scheduled_date >= en.enrolled_at
         group by en.user_id, en.course_id
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
          join enrolments en on en.user_id = a.user_id and en.course_id = cl.course_id
                            and cl.scheduled_date >= en.enrolled_at
         where a.user_id = any (v_ids)
           and a.attended
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
      -- Who is at risk in which of those courses (the rule: private.enrolment_standing). A teacher's
      -- courses are read whole, class by class (cheaper than student by student for a page of the
      -- export); an administrator's page student by student.
      standing as (
        select st.enrollment_id, st.at_risk
          from private.enrolment_standing(array(select distinct en.course_id from enrolments en),
                                          case when v_admin then v_ids end) st
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
               greatest(max(att.last_attended_at), max(w.last_submitted_at)) as last_activity_at,
               coalesce(bool_or(st.at_risk), false) as at_risk
          from enrolments en
          left join standing st on st.enrollment_id = en.id
          left join schedule sc on sc.user_id = en.user_id and sc.course_id = en.course_id
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
               'last_activity_at', greatest(f.last_activity_at, u.last_sign_in_at),
               'at_risk', coalesce(f.at_risk, false)
             ) order by ord.n)
        from unnest(v_ids) with ordinality as ord (id, n)
        join public.users u on u.id = ord.id
        left join figures f on f.user_id = u.id
    ), '[]'::json)
  );
end
$$;

create or replace function public.get_my_students_overview(
  search text default null,
  course_uuid uuid default null,
  page integer default 1,
  page_size integer default 10,
  event_limit integer default 10
) returns json
language plpgsql stable security invoker set search_path = '' set plan_cache_mode = force_generic_plan
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
  v_at_risk uuid[];
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
    ),
    -- Those at risk in any of the teacher's courses (the rule: private.enrolment_standing).
    at_risk as materialized (
      select distinct st.student_id as id
        from private.enrolment_standing(v_taught) st
       where st.at_risk
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
                     'at_risk', (select count(*) from at_risk))
              from pairs p),
           array(select r.id from at_risk r)
      into v_listed, v_candidates, v_stats, v_at_risk;

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
        select e.user_id, e.course_id, e.progress, e.enrolled_at
          from unnest((select p.ids from people p)::uuid[]) as pp (id)
         cross join lateral (
           select e.user_id, e.course_id, e.progress, e.enrolled_at
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
      -- Each enrolment's classes: those of its course from its enrolment on.
      schedule as (
        select en.user_id, en.course_id,
               count(*)::integer as total_classes,
               (count(*) filter (where private.class_ends_at(k.scheduled_date, k.duration) <= now()))::integer
                 as held_classes
          from enrolments en
          join taught_classes k on k.course_id = en.course_id and k.scheduled_date >= en.enrolled_at
         where en.user_id in (select s.id from shown s)
         group by en.user_id, en.course_id
      ),
      attendance as (
        select m.user_id, m.course_id,
               count(*)::integer as attended_classes,
               (count(*) filter (where private.class_ends_at(m.scheduled_date, m.duration) <= now()))::integer
                 as attended_held_classes,
               coalesce(sum(m.duration), 0)::integer as attended_minutes,
               max(m.attended_at) as last_attended_at
          from marks m
          join enrolments en on en.user_id = m.user_id and en.course_id = m.course_id
                            and m.scheduled_date >= en.enrolled_at
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
          left join schedule sc on sc.user_id = en.user_id and sc.course_id = en.course_id
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
                   'last_activity_at', greatest(f.last_activity_at, u.last_sign_in_at),
                   'at_risk', u.id = any (v_at_risk)
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
      'at_risk', (select count(distinct st.student_id)
                    from private.enrolment_standing(array(select distinct en.course_id from enrolments en)) st
                   where st.at_risk)
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

-- The details panel's rows: each enrolment also says why the student is or is not at risk in the course
-- and what its progress counted (the active activities of the course, and those graded for the student,
-- as private.refresh_progress counts them).
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
  end as attendance_rate,
  standing.due_work,
  standing.handed_in_work,
  standing.low_attendance,
  standing.missing_work,
  standing.at_risk,
  progress_work.activity_count,
  progress_work.graded_activity_count
from public.courses c
join public.enrollments e on e.course_id = c.id
left join public.users u on u.id = e.user_id
left join lateral (
  -- The enrolment's classes: those of its course from its enrolment on.
  select count(*)::integer as total_classes,
         (count(*) filter (where private.class_ends_at(cl.scheduled_date, cl.duration) <= now()))::integer as held_classes,
         coalesce(array_agg(cl.id), '{}') as class_ids
    from public.classes cl
   where cl.course_id = c.id and cl.scheduled_date >= e.enrolled_at
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
left join lateral private.enrolment_standing(array[e.course_id], array[e.user_id]) standing on true
left join lateral (
  select count(*)::integer as activity_count,
         (count(*) filter (where exists (
            select 1 from public.activity_submissions s
             where s.activity_id = ac.id and s.student_id = e.user_id and s.status = 'graded'
         )))::integer as graded_activity_count
    from public.activities ac
    left join public.classes acl on acl.id = ac.class_id
   where ac.is_active and coalesce(ac.course_id, acl.course_id) = e.course_id
) progress_work on true
where e.status = 'active'
  and c.id = any ((select private.scope_course_ids())::uuid[])
  and e.course_id = any ((select private.scope_course_ids())::uuid[]);

comment on view public.my_students is
  'My Students: one row per active enrollment the caller may see (a teacher: own courses; admins: all) with progress, attendance, graded work and last activity; whether the student is at risk in the course and why (private.enrolment_standing: low_attendance, missing_work, with held_classes / attended_held_classes and due_work / handed_in_work); activity_count and graded_activity_count are the work progress counts.';
