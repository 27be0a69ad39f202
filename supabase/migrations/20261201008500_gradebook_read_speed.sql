-- Gradebook read speed (issue 32): get_course_gradebook (20261201008000_gradebook.sql) is replaced by a
-- faster read with a compact reply. The shape it answers:
--   {course {id, title, grade_weights}, activities [{id, title, type, max_points, due_date, class_id}],
--    students [{id, first_name, last_name, email, enrollment_status, earned, possible, total,
--               grades [grade or null per activity], marks 'gsmo…' (one letter per activity)}]}
--   A cell's state, its letter in marks: g 'graded' (a grade is set), s 'submitted' (waiting for a
--   grade), m 'missing' (past its due date with nothing handed in), o 'open' (nothing handed in, not
--   due yet or no due date); the letter is a capital when the work was handed in after the due date.
--   Who sees what, the activities' order and the totals are unchanged (see 20261201008000).

drop function public.get_course_gradebook(uuid);

-- Speed (a course of 200 students × 60 activities, `pnpm bench:api`): the read runs as its owner in
-- `private` behind a `security invoker` wrapper of the same name in `public` (as
-- 20261128007100_exposed_definer_functions.sql), with the caller's rights checked first and every read
-- filtered explicitly (staff: the course's enrolled students and their work; a student: their own).
-- Under row security each of the course's ~10,000 submissions was tested against every activity the
-- teacher teaches, which was a third of the read. Each student's cells are gathered in one grouped
-- pass; submissions are read activity by activity through their index; and the reply is compact:
-- per student `grades` (one number or null per activity) and `marks` (one letter per activity: g
-- graded, s submitted, m missing, o open; a capital when the work came in late), instead of 12,000
-- small JSON arrays, whose building was most of what was left.

create function private.get_course_gradebook(course_uuid uuid)
returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_staff boolean;
  v_course public.courses;
begin
  if course_uuid is null or v_uid is null then
    return null;
  end if;
  select c.* into v_course from public.courses c where c.id = course_uuid;
  if v_course.id is null then
    return null;
  end if;
  v_staff := (select private.is_admin()) or (select private.teaches_course(course_uuid));
  if not v_staff and not exists (
    select 1 from public.enrollments e
     where e.course_id = course_uuid and e.user_id = v_uid and e.status in ('active', 'completed')
  ) then
    return null;
  end if;

  return (
    with acts as materialized (
      select x.id, x.title, x.type, x.max_points, x.due_date, x.class_id, x.created_at,
             row_number() over (order by x.due_date nulls last, x.created_at, x.id) as n
        from (
          -- An activity belongs to the course or to one of its classes, never both.
          select a.id, a.title, a.type, a.max_points, a.due_date, a.class_id, a.created_at
            from public.activities a
           where a.course_id = course_uuid and a.is_active
          union all
          select a.id, a.title, a.type, a.max_points, a.due_date, a.class_id, a.created_at
            from public.activities a
           where a.class_id = any (array(select cl.id from public.classes cl where cl.course_id = course_uuid))
             and a.is_active
        ) x
    ),
    people as materialized (
      select u.id, u.first_name, u.last_name, u.email, e.status as enrollment_status
        from public.enrollments e
       cross join lateral (
         select u.id, u.first_name, u.last_name, u.email
           from public.users u
          where u.id = e.user_id
         offset 0
       ) u
       where e.course_id = course_uuid
         and e.status in ('active', 'completed')
         and (v_staff or e.user_id = v_uid)
    ),
    -- (Activity by activity, by the submissions' own index, whatever the size of the school.)
    subs as materialized (
      select s.id, s.activity_id, s.student_id, s.grade, s.submitted_at
        from unnest(array(select a.id from acts a)) as aa (id)
       cross join lateral (
         select s.id, s.activity_id, s.student_id, s.grade, s.submitted_at
           from public.activity_submissions s
          where s.activity_id = aa.id
            and (v_staff or s.student_id = v_uid)
         offset 0
       ) s
    ),
    cells as materialized (
      select p.id as student_id, a.n, a.type, a.max_points, s.grade,
             case
               when s.grade is not null then 'graded'
               when s.id is not null then 'submitted'
               when a.due_date is not null and a.due_date < now() then 'missing'
               else 'open'
             end as state,
             coalesce(s.submitted_at > a.due_date, false) as late
        from people p
       cross join acts a
        left join subs s on s.activity_id = a.id and s.student_id = p.id
    ),
    -- Two compact columns per student rather than 12,000 small JSON arrays: building those was most of
    -- the read's time. grades: one number or null per activity; marks: one letter per activity, g
    -- (graded), s (submitted), m (missing) or o (open), in capitals when the work came in late.
    student_cells as (
      select c.student_id,
             array_to_json(array_agg(c.grade order by c.n)) as grades,
             string_agg(case when c.late then upper(left(c.state, 1)) else left(c.state, 1) end, '' order by c.n) as marks
        from cells c
       group by c.student_id
    ),
    counted as (
      select c.student_id, c.type, sum(coalesce(c.grade, 0)) as earned, sum(c.max_points) as possible
        from cells c
       where c.state in ('graded', 'missing')
       group by c.student_id, c.type
    ),
    totals as (
      select k.student_id,
             sum(k.earned) as earned,
             sum(k.possible) as possible,
             case
               when exists (select 1 from jsonb_each(v_course.grade_weights) w where (w.value #>> '{}')::numeric > 0) then
                 round(100 * sum((v_course.grade_weights ->> k.type)::numeric * k.earned / k.possible)
                                filter (where coalesce((v_course.grade_weights ->> k.type)::numeric, 0) > 0)
                            / nullif(sum((v_course.grade_weights ->> k.type)::numeric)
                                       filter (where coalesce((v_course.grade_weights ->> k.type)::numeric, 0) > 0), 0), 1)
               else round(100 * sum(k.earned) / nullif(sum(k.possible), 0), 1)
             end as total
        from counted k
       group by k.student_id
    )
    select json_build_object(
      'course', json_build_object('id', v_course.id, 'title', v_course.title, 'grade_weights', v_course.grade_weights),
      'activities', coalesce((
        select json_agg(json_build_object(
                 'id', a.id, 'title', a.title, 'type', a.type, 'max_points', a.max_points,
                 'due_date', a.due_date, 'class_id', a.class_id) order by a.n)
          from acts a
      ), '[]'::json),
      'students', coalesce((
        select json_agg(json_build_object(
                 'id', p.id,
                 'first_name', p.first_name,
                 'last_name', p.last_name,
                 'email', p.email,
                 'enrollment_status', p.enrollment_status,
                 'earned', coalesce(t.earned, 0),
                 'possible', coalesce(t.possible, 0),
                 'total', t.total,
                 'grades', coalesce(sc.grades, '[]'::json),
                 'marks', coalesce(sc.marks, '')
               ) order by p.last_name, p.first_name, p.id)
          from people p
          left join totals t on t.student_id = p.id
          left join student_cells sc on sc.student_id = p.id
      ), '[]'::json)
    )
  );
end
$$;

revoke execute on function private.get_course_gradebook(uuid) from public;
grant execute on function private.get_course_gradebook(uuid) to authenticated, service_role;

create function public.get_course_gradebook(course_uuid uuid) returns json
language sql stable security invoker set search_path = ''
as $$ select private.get_course_gradebook(course_uuid) $$;

comment on function public.get_course_gradebook(uuid) is
  'Gradebook: the course''s students × active activities with grades, states (graded, submitted, missing, open), late flags and weighted totals; a student gets their own row; null for anyone else.';

revoke execute on function public.get_course_gradebook(uuid) from public, anon;
grant execute on function public.get_course_gradebook(uuid) to authenticated, service_role;
