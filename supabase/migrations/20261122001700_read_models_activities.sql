-- Read models of activities and grading (how read models work and stay fast: the read_models_courses
-- migration). What each takes and returns, and the screen it serves:
--
--   activity_list (view) -> activities the caller may see + effective_course_id, course_title, class_title,
--     class_scheduled_date, submission_count / graded_count (of the submissions the caller may see),
--     my_submission_id, my_submission_status, my_grade, my_feedback, my_submitted_at. A student's
--     Activities: 1.
--   submission_list (view) -> submissions the caller may see + student_name, student_email,
--     student_avatar_url, activity_title, activity_type, max_points, due_date, course_id, course_title,
--     is_late, file_names (the original names of file_urls). Grading and "my work": 1.
--   activity_stats() -> one row {total, active_courses, scheduled_classes, due_this_week} (bigint each):
--     the activities the caller may see; the active courses in the caller's scope; the classes of those
--     courses not yet ended; the activities due this week (private.is_due_this_week).
--   get_activity_management(search = null, course_uuid = null, activity_type = null, active = null,
--     page = 1, page_size = 12) -> json
--     {stats: activity_stats()'s one row,
--      total: the number of activities matching the filters,
--      page, page_size: the page used (page >= 1, page_size 1 to 100),
--      activities: [activity_list rows with the columns id, title, description, type, course_id, class_id,
--        effective_course_id, course_title, class_title, class_scheduled_date, due_date, max_points,
--        instructions, allow_late_submission, is_active, created_by, created_at, submission_count,
--        graded_count]}
--     Filters (each ignored when null): course_uuid on effective_course_id (an activity of the course or
--     of one of its classes), activity_type on type, active on is_active, search = the title or the
--     description contains it, case-insensitively and literally (LIKE's \ % _ are escaped; blank = none).
--     Newest first (created_at desc, then id). Activities of teachers and administrators
--     (teacher-app /activities): 1.

create view public.activity_list with (security_invoker = true) as
select
  a.id,
  a.title,
  a.description,
  a.type,
  a.course_id,
  a.class_id,
  coalesce(a.course_id, cl.course_id) as effective_course_id,
  c.title as course_title,
  cl.title as class_title,
  cl.scheduled_date as class_scheduled_date,
  a.due_date,
  a.max_points,
  a.instructions,
  a.allow_late_submission,
  a.is_active,
  a.created_by,
  a.created_at,
  a.updated_at,
  counts.submission_count,
  counts.graded_count,
  mine.id as my_submission_id,
  mine.status as my_submission_status,
  mine.grade as my_grade,
  mine.feedback as my_feedback,
  mine.submitted_at as my_submitted_at
from public.activities a
left join public.classes cl on cl.id = a.class_id
left join public.courses c on c.id = coalesce(a.course_id, cl.course_id)
left join lateral (
  select count(*)::integer as submission_count, (count(*) filter (where s.status = 'graded'))::integer as graded_count
    from public.activity_submissions s
   where s.activity_id = a.id
) counts on true
left join public.activity_submissions mine on mine.activity_id = a.id and mine.student_id = (select auth.uid());

comment on view public.activity_list is
  'Activities: the activities the caller may see, their course (effective_course_id for class activities), counts of the submissions the caller may see, and the caller''s own submission.';

create view public.submission_list with (security_invoker = true) as
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

-- For an administrator every activity and class counts, so the totals come from the school's figures,
-- and the classes not yet ended from the hours ahead plus the few classes that started less than the
-- longest class ago; anyone else's are counted over their scope (activities of their courses by course,
-- of their courses' classes by class).
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
       and not (select private.is_admin())
    union all
    select a.due_date
      from public.activities a
     where a.class_id = any ((select private.taught_class_ids()) || (select private.enrolled_class_ids()))
       and not (select private.is_admin())
  ),
  activity_counts as (
    select count(*) as total, count(*) filter (where private.is_due_this_week(v.due_date)) as due
      from visible v
     having not (select private.is_admin())
    union all
    select f.activities,
           (select count(*) from public.activities a where private.is_due_this_week(a.due_date)
               and a.due_date >= now() and a.due_date <= now() + interval '168 hours')
      from private.school_figures f
     where (select private.is_admin())
  ),
  scheduled as (
    select count(*) as n
      from public.classes cl
     where cl.course_id = any ((select s.course_ids from scope s)::uuid[])
       and private.class_ends_at(cl.scheduled_date, cl.duration) > now()
       and not (select private.is_admin())
    having not (select private.is_admin())
    union all
    select coalesce((select sum(h.classes) from private.school_hours h
                      where h.hour >= date_trunc('hour', now(), 'UTC') + interval '1 hour'), 0)
           + (select count(*)
                from public.classes cl
               where cl.scheduled_date > now() - make_interval(mins => f.longest_class)
                 and cl.scheduled_date < date_trunc('hour', now(), 'UTC') + interval '1 hour'
                 and private.class_ends_at(cl.scheduled_date, cl.duration) > now())
      from private.school_figures f
     where (select private.is_admin())
  )
  select
    counted.total,
    -- (An administrator's scope is every course: the active ones, without listing them all first.)
    (select count(*)
       from public.courses c
      where c.id = any ((select s.course_ids from scope s)::uuid[]) and c.is_active
        and not (select private.is_admin()))
      + (select count(*) from public.courses c where c.is_active and (select private.is_admin())) as active_courses,
    (select sc.n from scheduled sc),
    counted.due
  from activity_counts counted
$$;

comment on function public.activity_stats() is
  'Activities stats: {total, active_courses, scheduled_classes (not yet ended), due_this_week (now to 168 hours ahead)} of what the caller may see (one row).';

-- The screen in one request. It adds no rule of its own: the figures are activity_stats()'s answer and
-- the rows are activity_list's, read as the caller (security invoker), so row-level security decides
-- what each caller sees (a teacher: the activities of their courses and of those courses' classes,
-- inactive ones too; an administrator: all; a student: the active activities of the courses they are
-- actively enrolled in; anonymous callers: refused).
--
-- How it stays fast: the matching activities are read once, as ids only, newest first (the planner leaves
-- out the view's course title, submission counts and the caller's own submission, which nothing there
-- uses, and without a course filter the activity's class too: the course filter has a statement of its
-- own, so that one plan serves each case); their number is the total and a slice of them the page; the
-- view's full rows, with their submission counts, are then read for the page's activities alone.
create function public.get_activity_management(
  search text default null,
  course_uuid uuid default null,
  activity_type text default null,
  active boolean default null,
  page integer default 1,
  page_size integer default 12
) returns json
language plpgsql stable security invoker set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  v_pattern text;
  v_matching uuid[];
  v_skipped integer;
begin
  page := greatest(coalesce(page, 1), 1);
  page_size := least(greatest(coalesce(page_size, 12), 1), 100);
  -- "Contains", with LIKE's own characters typed by the user matched literally (`50%`, `a_b`).
  v_pattern := case
    when nullif(btrim(search), '') is null then null
    else '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end;

  -- The activities matching the filters, newest first. Only the course filter needs the activity's class
  -- (effective_course_id), so it has a statement of its own and the other one reads the activities alone.
  if course_uuid is null then
    v_matching := array(
      select v.id
        from public.activity_list v
       where (activity_type is null or v.type = activity_type)
         and (active is null or v.is_active = active)
         and (v_pattern is null or v.title ilike v_pattern or v.description ilike v_pattern)
       order by v.created_at desc, v.id
    );
  else
    v_matching := array(
      select v.id
        from public.activity_list v
       where v.effective_course_id = course_uuid
         and (activity_type is null or v.type = activity_type)
         and (active is null or v.is_active = active)
         and (v_pattern is null or v.title ilike v_pattern or v.description ilike v_pattern)
       order by v.created_at desc, v.id
    );
  end if;
  -- (A page past the end skips them all and shows none.)
  v_skipped := least((page::bigint - 1) * page_size, cardinality(v_matching));

  return json_build_object(
    'stats', (select to_json(s) from public.activity_stats() s),
    'total', cardinality(v_matching),
    'page', page,
    'page_size', page_size,
    'activities', coalesce((
      select json_agg(r order by r.created_at desc, r.id)
        from (
          select v.id, v.title, v.description, v.type, v.course_id, v.class_id, v.effective_course_id,
                 v.course_title, v.class_title, v.class_scheduled_date, v.due_date, v.max_points,
                 v.instructions, v.allow_late_submission, v.is_active, v.created_by, v.created_at,
                 v.submission_count, v.graded_count
            from public.activity_list v
           where v.id = any (v_matching[v_skipped + 1 : v_skipped + page_size])
        ) r
    ), '[]'::json)
  );
end
$$;

comment on function public.get_activity_management(text, uuid, text, boolean, integer, integer) is
  'Activities management in one request: activity_stats() of the caller, the number of activities matching the filters and one page of them (activity_list rows), newest first.';

revoke all on public.activity_list, public.submission_list from anon, authenticated;
grant select on public.activity_list, public.submission_list to authenticated, service_role;

revoke execute on function
  public.activity_stats(),
  public.get_activity_management(text, uuid, text, boolean, integer, integer)
from public, anon;
grant execute on function
  public.activity_stats(),
  public.get_activity_management(text, uuid, text, boolean, integer, integer)
to authenticated, service_role;
