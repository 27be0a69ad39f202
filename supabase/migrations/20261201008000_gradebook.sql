-- Gradebook (issue 32): a course's students × its activities in one read, with each student's weighted
-- total computed here.
--
--   courses.grade_weights jsonb: weights per activity type, e.g. {"quiz": 30, "homework": 20}; keys are
--     activity types, values whole numbers 0–100 (they need not add up to 100: each is a share of their
--     sum). Empty (the default): every point counts the same. Set by the course's teacher or an admin
--     through the courses update (the column is granted like the others).
--   get_course_gradebook(course_uuid) -> json | null:
--     {course {id, title, grade_weights}, activities [{id, title, type, max_points, due_date, class_id}],
--      students [{id, first_name, last_name, email, enrollment_status, earned, possible, total,
--                 cells [[grade, state, late] per activity, in the activities' order]]}}
--     For the course's teacher and admins: every student actively enrolled or who completed the course.
--     For a student of the course (active or completed): their own row only. Anyone else: null.
--     Activities: the course's active activities and those of its classes, by due date (undated last),
--     then creation.
--     A cell's state: 'graded' (a grade is set), 'submitted' (waiting for a grade), 'missing' (past its
--     due date with nothing handed in), 'open' (nothing handed in, not due yet or no due date); late is
--     true when the work was handed in after the due date.
--     The total (percent, one decimal; null when nothing counts yet) counts graded work and missing work
--     (as 0 points); work waiting for a grade and work not due yet do not count. With weights: per type,
--     earned / possible over its counted activities, averaged with the weights of the types that have
--     counted work (a type weighted 0 does not count); without weights: earned / possible over every
--     counted activity. earned and possible are the points counted.

create function private.valid_grade_weights(weights jsonb) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select jsonb_typeof(weights) = 'object'
     and coalesce((
       select bool_and(
                w.key in ('assignment', 'quiz', 'project', 'homework', 'presentation')
                and jsonb_typeof(w.value) = 'number'
                and (w.value #>> '{}')::numeric between 0 and 100
                and (w.value #>> '{}')::numeric = trunc((w.value #>> '{}')::numeric))
         from jsonb_each(weights) w
     ), true)
$$;

revoke execute on function private.valid_grade_weights(jsonb) from public;
grant execute on function private.valid_grade_weights(jsonb) to authenticated, service_role;

alter table public.courses
  add column grade_weights jsonb not null default '{}'::jsonb
    constraint courses_grade_weights_check check (private.valid_grade_weights(grade_weights));

comment on column public.courses.grade_weights is
  'Gradebook weights per activity type ({"quiz": 30, …}, whole numbers 0–100, a share of their sum); empty: every point counts the same.';

grant insert (grade_weights), update (grade_weights) on public.courses to authenticated;

create function public.get_course_gradebook(course_uuid uuid)
returns json
language plpgsql stable security invoker set search_path = ''
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
    with acts as (
      select a.id, a.title, a.type, a.max_points, a.due_date, a.class_id, a.created_at,
             row_number() over (order by a.due_date nulls last, a.created_at, a.id) as n
        from public.activities a
       where a.is_active
         and (a.course_id = course_uuid
              or a.class_id in (select cl.id from public.classes cl where cl.course_id = course_uuid))
    ),
    people as (
      select u.id, u.first_name, u.last_name, u.email, e.status as enrollment_status
        from public.enrollments e
        join public.users u on u.id = e.user_id
       where e.course_id = course_uuid
         and e.status in ('active', 'completed')
         and (v_staff or e.user_id = v_uid)
    ),
    cells as (
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
        left join public.activity_submissions s on s.activity_id = a.id and s.student_id = p.id
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
                 'cells', coalesce((
                   select json_agg(json_build_array(c.grade, c.state, c.late) order by c.n)
                     from cells c where c.student_id = p.id
                 ), '[]'::json)
               ) order by p.last_name, p.first_name, p.id)
          from people p
          left join totals t on t.student_id = p.id
      ), '[]'::json)
    )
  );
end
$$;

comment on function public.get_course_gradebook(uuid) is
  'Gradebook: the course''s students × active activities with grades, states (graded, submitted, missing, open), late flags and weighted totals; a student gets their own row; null for anyone else.';

revoke execute on function public.get_course_gradebook(uuid) from public, anon;
grant execute on function public.get_course_gradebook(uuid) to authenticated, service_role;
