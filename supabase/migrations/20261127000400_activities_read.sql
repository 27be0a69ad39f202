-- Activities management in one request. The Activities screen of teachers and
-- administrators (teacher-app /activities) asked for its figures (activity_stats()) and for one page of
-- activity_list (count=exact) at once: two requests, each paying the gateway's and PostgREST's own cost,
-- which put the screen over the API benchmark's limit (3 × a plain PostgREST read at p95).
-- get_activity_management answers both in one request. It adds no rule of its own: the figures are
-- activity_stats()'s answer and the rows are activity_list's, read as the caller (security invoker), so
-- row-level security decides exactly as before what each caller sees (a teacher: the activities of their
-- courses and of those courses' classes, inactive ones too; an administrator: all; a student: the
-- active activities of the courses they are actively enrolled in; anonymous callers: refused).
--
-- How it stays fast: the matching activities are read once, as ids only, newest first (the planner leaves
-- out the view's course title, submission counts and the caller's own submission, which nothing there
-- uses, and without a course filter the activity's class too: the course filter has a statement of its
-- own, so that one plan serves each case); their number is the total and a slice of them the page; the
-- view's full rows, with their submission counts, are then read for the page's activities alone.
-- activity_stats() keeps its own fast paths (an administrator's figures come from the school's
-- summaries).
--
-- API after this migration:
--   get_activity_management(search text = null, course_uuid uuid = null, activity_type text = null,
--     active boolean = null, page int = 1, page_size int = 12) -> json
--     {stats: {total, active_courses, scheduled_classes, due_this_week} (activity_stats()'s one row),
--      total: the number of activities matching the filters,
--      page, page_size: the page used (page >= 1, page_size 1 to 100),
--      activities: [activity_list rows with the columns id, title, description, type, course_id, class_id,
--        effective_course_id, course_title, class_title, class_scheduled_date, due_date, max_points,
--        instructions, allow_late_submission, is_active, created_by, created_at, submission_count,
--        graded_count]}
--     Filters (each ignored when null): course_uuid on effective_course_id (an activity of the course or
--     of one of its classes), activity_type on type, active on is_active, search = the title or the
--     description contains it, case-insensitively and literally (LIKE's \ % _ are escaped; blank = none).
--     Newest first (created_at desc, then id).
--   activity_stats() stays: this function answers with it (and the database tests read it).

create function public.get_activity_management(
  search text default null,
  course_uuid uuid default null,
  activity_type text default null,
  active boolean default null,
  page integer default 1,
  page_size integer default 12
) returns json
language plpgsql stable security invoker set search_path = ''
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

revoke execute on function public.get_activity_management(text, uuid, text, boolean, integer, integer)
  from public, anon;
grant execute on function public.get_activity_management(text, uuid, text, boolean, integer, integer)
  to authenticated, service_role;

-- One plan for every call (see 5. Plan caching in 20261127000100_read_speed.sql): planning the statement
-- for each call's arguments cost more than running it.
alter function public.get_activity_management(text, uuid, text, boolean, integer, integer)
  set plan_cache_mode = force_generic_plan;
