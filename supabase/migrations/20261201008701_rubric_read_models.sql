-- Read models of issue 32's screens: the activity lists and the grading panel carry skills, CEFR level
-- and rubric (the database side: 20261201008100_skills_levels.sql, …8200_rubrics.sql).
--
--   activity_list (view) gains skills, cefr_level, rubric (the activity's own copy), rubric_id and
--     my_rubric_scores (the caller's own submission's chosen levels), so a student sees the filled rubric
--     beside their grade.
--   submission_list (view) gains rubric_scores (the grading dialog's grid).
--   get_activity_management: each activity row also carries skills, cefr_level, rubric and rubric_id.
--   material_list (view) gains cefr_level (the materials library's level badge).
--   my_courses (view) gains cefr_level (a teacher's course form edits it; My Courses shows it).
--
-- Columns are added at the end (create or replace view keeps the existing ones); grants are unchanged.
-- This migration runs after 20261201008600_spoken_work_read_models.sql, so activity_list,
-- submission_list and get_activity_management re-create that migration's spoken-work columns
-- (recording_limit_seconds, my_feedback_audio, feedback_audio) in the same places, with this
-- migration's columns after them.

create or replace view public.activity_list with (security_invoker = true) as
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
  mine.submitted_at as my_submitted_at,
  a.recording_limit_seconds,
  mine.feedback_audio as my_feedback_audio,
  a.skills,
  a.cefr_level,
  a.rubric,
  a.rubric_id,
  mine.rubric_scores as my_rubric_scores
from public.activities a
left join public.classes cl on cl.id = a.class_id
left join public.courses c on c.id = coalesce(a.course_id, cl.course_id)
left join lateral (
  select count(*)::integer as submission_count, (count(*) filter (where s.status = 'graded'))::integer as graded_count
    from public.activity_submissions s
   where s.activity_id = a.id
) counts on true
left join public.activity_submissions mine on mine.activity_id = a.id and mine.student_id = (select auth.uid());

create or replace view public.submission_list with (security_invoker = true) as
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
  s.file_names,
  s.feedback_audio,
  s.rubric_scores
from public.activity_submissions s
left join public.activities a on a.id = s.activity_id
left join public.classes cl on cl.id = a.class_id
left join public.courses c on c.id = coalesce(a.course_id, cl.course_id)
left join public.users u on u.id = s.student_id
where s.student_id = (select auth.uid()) or s.activity_id = any ((select private.scope_activity_ids())::uuid[]);

create or replace function public.get_activity_management(
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
                 v.submission_count, v.graded_count, v.recording_limit_seconds, v.skills, v.cefr_level,
                 v.rubric, v.rubric_id
            from public.activity_list v
           where v.id = any (v_matching[v_skipped + 1 : v_skipped + page_size])
        ) r
    ), '[]'::json)
  );
end
$$;

-- The materials library lists each material's CEFR level (its skill may now be any of the five).
create or replace view public.material_list with (security_invoker = true) as
select
  m.id,
  m.title,
  m.type,
  m.url,
  m.storage_path,
  m.mime_type,
  m.file_size,
  m.course_id,
  c.title as course_title,
  m.language,
  m.skill,
  m.uploaded_by,
  private.public_name(m.uploaded_by) as uploader_name,
  m.uploaded_at,
  -- The three delete policies of public.materials, evaluated once per request (init plans).
  coalesce(
    m.uploaded_by = (select auth.uid())
      or m.course_id = any ((select private.taught_course_ids())::uuid[])
      or (select private.is_admin()),
    false
  ) as can_delete,
  m.cefr_level
from public.materials m
left join public.courses c on c.id = m.course_id
-- General materials plus those of the caller's courses: two index scans, whatever the caller's role.
where m.course_id is null or m.course_id = any ((select private.scope_course_ids())::uuid[]);

-- My Courses: the course's CEFR level (the teacher's course form keeps it when editing).
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
  schedule.next_class_at,
  c.cefr_level
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
  schedule.next_class_at,
  c.cefr_level
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
