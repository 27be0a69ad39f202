-- Gradebook read speed, second step (issue 32): get_course_gradebook's private read, same signature and
-- same reply as 20261201008500_gradebook_read_speed.sql (see its header for the shape and who sees what).
--
-- Measured inside the benchmark's database (a course of 200 students × 60 activities, EXPLAIN (ANALYZE,
-- BUFFERS) and the read timed in a loop) the 8500 read spent its time in three places:
--   * its submissions: 9,600 rows read through the index, each from its own heap page (9,889 buffers);
--   * the 12,000-cell join, materialised once and then aggregated twice (grades and marks per student,
--     then the counted points per student and type, then the totals from those);
--   * numeric and JSON building for 12,000 cells.
-- What changes:
--   * The index the grading screen already reads an activity's submissions by (activity_id,
--     submitted_at desc, id) include (student_id, status) now includes grade too: the gradebook reads an
--     activity's submissions from the index alone (about 260 buffers instead of 9,900). No new index:
--     grading already changes indexed columns (status, graded_by), so only a regrade by the same person
--     (the grade alone) now writes this index where it could have been a heap-only update.
--   * One grouped pass over the cells computes each student's grades, marks, points counted and, when the
--     course has weights, the points counted per type (FILTER sums, one pair per type); the cells are no
--     longer materialised and each cell's letter and "counts" are computed once, in the join.
--   * The total from those columns: without weights earned / possible; with weights the same per-type
--     average as before, over the (at most five) types' pairs.
--   * Each student's object is the row of a subquery turned into JSON by json_agg (same keys, same
--     order, same values; without the spaces json_build_object puts around each colon, about 5 kB less).
-- The rights checks and the explicit filters are unchanged (staff: the course's enrolled students and
-- their work; a student: their own row and work; anyone else: null).

drop index public.activity_submissions_activity_id_submitted_at_id_idx;
-- An activity's submissions newest first, ties by id, with who handed each in, its status and its grade:
-- submission counts, graded counts, waiting work and the gradebook's cells straight from the index.
create index activity_submissions_activity_id_submitted_at_id_idx
  on public.activity_submissions (activity_id, submitted_at desc, id) include (student_id, status, grade);

create or replace function private.get_course_gradebook(course_uuid uuid)
returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_staff boolean;
  v_course public.courses;
  v_weighted boolean;
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
  -- With weights the total is per type: the one grouped pass below sums each type in its own pair of
  -- columns (slot 1 to 5, the course's types in alphabetical order); activities.type allows five types.
  v_weighted := exists (select 1 from jsonb_each(v_course.grade_weights) w where (w.value #>> '{}')::numeric > 0);
  -- (A sixth type would need a sixth pair: refuse rather than leave its points out of the total.)
  if v_weighted and (
    select count(distinct a.type)
      from public.activities a
     where (a.course_id = course_uuid
            or a.class_id = any (array(select cl.id from public.classes cl where cl.course_id = course_uuid)))
       and a.is_active
  ) > 5 then
    raise exception 'get_course_gradebook sums at most five activity types per course';
  end if;

  return (
    with acts as materialized (
      select x.id, x.title, x.type, x.max_points, x.due_date, x.class_id,
             row_number() over (order by x.due_date nulls last, x.created_at, x.id) as n,
             dense_rank() over (order by x.type) as slot,
             coalesce(x.due_date < now(), false) as past,
             case when x.due_date < now() then 'm' else 'o' end as blank
        from (
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
    -- The types in slot order (slot k's type is types[k]).
    slots as materialized (
      select array_agg(distinct a.type order by a.type) as types from acts a
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
    subs as materialized (
      select s.activity_id, s.student_id, s.grade, s.submitted_at
        from unnest(array(select a.id from acts a)) as aa (id)
       cross join lateral (
         select s.activity_id, s.student_id, s.grade, s.submitted_at
           from public.activity_submissions s
          where s.activity_id = aa.id
            and (v_staff or s.student_id = v_uid)
         offset 0
       ) s
    ),
    -- One row per student and activity, each computed once: its grade, its letter (see marks) and
    -- whether it counts (graded work, or missing work as 0 points).
    cells as (
      select p.id as student_id, a.n, a.slot, a.max_points, s.grade, coalesce(s.grade, 0) as grade_or_0,
             case
               when s.student_id is null then a.blank
               when s.grade is not null then case when s.submitted_at > a.due_date then 'G' else 'g' end
               else case when s.submitted_at > a.due_date then 'S' else 's' end
             end as mark,
             s.grade is not null or (a.past and s.student_id is null) as counted
        from people p
       cross join acts a
        left join subs s on s.activity_id = a.id and s.student_id = p.id
    ),
    -- One grouped pass over the cells: the grades, the marks, the points counted and, with weights,
    -- the points counted per type.
    per_student as (
      select c.student_id,
             array_to_json(array_agg(c.grade order by c.n)) as grades,
             string_agg(c.mark, '' order by c.n) as marks,
             sum(c.grade_or_0) filter (where c.counted) as earned,
             sum(c.max_points) filter (where c.counted) as possible,
             sum(c.grade_or_0) filter (where v_weighted and c.counted and c.slot = 1) as e1,
             sum(c.max_points) filter (where v_weighted and c.counted and c.slot = 1) as p1,
             sum(c.grade_or_0) filter (where v_weighted and c.counted and c.slot = 2) as e2,
             sum(c.max_points) filter (where v_weighted and c.counted and c.slot = 2) as p2,
             sum(c.grade_or_0) filter (where v_weighted and c.counted and c.slot = 3) as e3,
             sum(c.max_points) filter (where v_weighted and c.counted and c.slot = 3) as p3,
             sum(c.grade_or_0) filter (where v_weighted and c.counted and c.slot = 4) as e4,
             sum(c.max_points) filter (where v_weighted and c.counted and c.slot = 4) as p4,
             sum(c.grade_or_0) filter (where v_weighted and c.counted and c.slot = 5) as e5,
             sum(c.max_points) filter (where v_weighted and c.counted and c.slot = 5) as p5
        from cells c
       group by c.student_id
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
        select json_agg(r order by r.last_name, r.first_name, r.id)
          from (
            select p.id, p.first_name, p.last_name, p.email, p.enrollment_status,
                   coalesce(ps.earned, 0) as earned, coalesce(ps.possible, 0) as possible,
                   case
                     when v_weighted then (
                       select round(100 * sum(w.w * w.e / w.p) / nullif(sum(w.w), 0), 1)
                         from (
                           select (v_course.grade_weights ->> sl.types[k.i])::numeric as w,
                                  (array[ps.e1, ps.e2, ps.e3, ps.e4, ps.e5])[k.i] as e,
                                  (array[ps.p1, ps.p2, ps.p3, ps.p4, ps.p5])[k.i] as p
                             from slots sl cross join generate_series(1, 5) k (i)
                         ) w
                        where coalesce(w.w, 0) > 0 and w.p is not null)
                     else round(100 * ps.earned / nullif(ps.possible, 0), 1)
                   end as total,
                   coalesce(ps.grades, '[]'::json) as grades,
                   coalesce(ps.marks, '') as marks
              from people p
          left join per_student ps on ps.student_id = p.id
          ) r
      ), '[]'::json)
    )
  );
end
$$;
