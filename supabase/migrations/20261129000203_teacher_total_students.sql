-- Two "Total Students" (issue 29, "Wrong figures", item 3).
--
-- The teacher dashboard's Total Students summed the courses' enrolled counts (25: a student in two of
-- the teacher's courses counted twice) while My Students counted people (23). Both now count the same
-- thing, the distinct students actively enrolled in the teacher's courses, read from the same place
-- (private.my_student_figures(), the teacher's own pairs that My Students counts); the dashboard also
-- answers enrollment_count (the active enrolments, the sum it showed before) to name beside it.
--
-- API after this migration: get_teacher_dashboard's total_students counts people; it gains
-- enrollment_count.

create or replace function public.get_teacher_dashboard(upcoming_limit integer default 5, recent_limit integer default 5)
returns json
language sql stable security invoker set search_path = '' set plan_cache_mode = force_generic_plan
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
    -- People, as My Students counts them; the enrolments beside it.
    'total_students', (select count(*) from private.my_student_figures()),
    'enrollment_count', (select coalesce(sum(enrolled_count), 0) from mine),
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
