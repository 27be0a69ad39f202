-- My Courses for teachers (/my-courses, teacher-app): the teacher's own courses with the real average
-- progress of their students. The read models migration gave the teacher rows of `my_courses` a null
-- progress; this replaces the view with the same columns, in the same order and with the same meaning
-- for students, and fills `progress` on the teacher rows:
--
--   my_courses (view), relation 'teacher' -> progress = the average of enrollments.progress over the
--     course's ACTIVE enrollments (the same students enrolled_count counts), rounded to two decimals;
--     null while the course has no active student. My courses (teacher): 1 (one page of the view).
--   relation 'student' rows are unchanged: the caller's own active or completed enrollments, with the
--     caller's own progress.
--
-- Still `security_invoker`: the average reads public.enrollments through the caller's RLS, and only a
-- course's teacher (or an administrator) may read its enrollments, so nobody learns the figure of a
-- course they do not teach. The average is a `left join lateral (aggregate) on true`, like the class
-- figures, so PostgREST's exact count does not compute it for every row.

create or replace view public.my_courses with (security_invoker = true) as
select
  c.id,
  c.title,
  c.description,
  c.language,
  c.category,
  c.level,
  c.duration,
  c.teacher_id,
  private.public_name(c.teacher_id) as teacher_name,
  c.price,
  c.thumbnail_url,
  c.is_active,
  c.enrolled_count,
  c.max_students,
  c.created_at,
  'student'::text as relation,
  e.id as enrollment_id,
  e.status as enrollment_status,
  e.progress,
  e.enrolled_at,
  schedule.class_count,
  schedule.next_class_at
from public.enrollments e
join public.courses c on c.id = e.course_id
left join lateral (
  select count(*)::integer as class_count, min(cl.scheduled_date) filter (where cl.scheduled_date > now()) as next_class_at
    from public.classes cl
   where cl.course_id = c.id
) schedule on true
where e.user_id = (select auth.uid()) and e.status <> 'dropped'
union all
select
  c.id,
  c.title,
  c.description,
  c.language,
  c.category,
  c.level,
  c.duration,
  c.teacher_id,
  private.public_name(c.teacher_id),
  c.price,
  c.thumbnail_url,
  c.is_active,
  c.enrolled_count,
  c.max_students,
  c.created_at,
  'teacher'::text,
  null::uuid,
  null::text,
  students.average_progress,
  null::timestamptz,
  schedule.class_count,
  schedule.next_class_at
from public.courses c
left join lateral (
  select count(*)::integer as class_count, min(cl.scheduled_date) filter (where cl.scheduled_date > now()) as next_class_at
    from public.classes cl
   where cl.course_id = c.id
) schedule on true
left join lateral (
  select round(avg(se.progress), 2)::numeric(5, 2) as average_progress
    from public.enrollments se
   where se.course_id = c.id
     and se.status = 'active'
) students on true
where c.teacher_id = (select auth.uid());

comment on view public.my_courses is
  'My Courses: a student''s active and completed enrollments (relation student, with their own progress) and a teacher''s own courses (relation teacher, progress = average over the course''s active enrollments, null without students).';
