-- Activities and grading (teachers and administrators, /activities): the figures above the activity
-- list, and the limit on an activity's points. The list itself is one page of `activity_list` and the
-- grading panel one page of `submission_list` (read models migration); this adds what they lacked.
--
-- The function is `security invoker`, like every read model: each activity, course and class comes
-- through the caller's RLS policies. A teacher counts their own courses (and the activities of those
-- courses and of their classes), an administrator everything, a student the courses they are actively
-- enrolled in (and only active activities, as RLS decides); anonymous callers cannot call it.
--
-- How it stays fast on a large school: every part is narrowed with the indexable
-- `course_id = any ((select private.scope_course_ids())::uuid[])` (activities_course_id_idx,
-- classes_course_id_scheduled_date_idx, then activities_class_id_idx for the activities of classes),
-- because the RLS policies OR an admin check into theirs, which no index can serve.
--
--   activity_stats() -> one row {total, active_courses, scheduled_classes, due_this_week} (bigint each):
--     the activities the caller may see; the active courses in the caller's scope; the classes of those
--     courses that start from now on; the activities due between now and 7 days from now, both ends
--     included (the dueThisWeek rule). Activities: 1 (with one page of activity_list and the course
--     options, 3 requests per screen load).

create function public.activity_stats()
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
      from public.classes cl
      join public.activities a on a.class_id = cl.id
     where cl.course_id = any ((select s.course_ids from scope s)::uuid[])
  )
  select
    (select count(*) from visible) as total,
    (select count(*)
       from public.courses c
      where c.id = any ((select s.course_ids from scope s)::uuid[]) and c.is_active) as active_courses,
    (select count(*)
       from public.classes cl
      where cl.course_id = any ((select s.course_ids from scope s)::uuid[])
        and cl.scheduled_date >= now()) as scheduled_classes,
    (select count(*)
       from visible v
      where v.due_date >= now() and v.due_date <= now() + interval '7 days') as due_this_week
$$;

comment on function public.activity_stats() is
  'Activities stats: {total, active_courses, scheduled_classes, due_this_week} of what the caller may see (one row).';

revoke execute on function public.activity_stats() from public, anon;
grant execute on function public.activity_stats() to authenticated;

-- A grade is numeric(6, 2), so it holds at most 9999.99: an activity worth more could never be given
-- full marks. The activity form refuses the same (ACTIVITY_POINTS in rules/activity-form.ts).
alter table public.activities
  add constraint activities_max_points_limit check (max_points <= 9999);
