-- Class Management in one request (issue 11, reads). The screen (teachers and administrators, /classes)
-- used to load with two requests at once: its figures (class_stats()) and one page of classes with each
-- class's course and attendance embedded (`classes?select=...,attendance:attendance_figures(...)`, count
-- exact). Each request pays the gateway's and PostgREST's own overhead (about 2 ms), which put the screen
-- over the API benchmark's limit of 3 plain reads. get_class_management answers the figures, the count and
-- the page together. Who may read what is unchanged: it runs as the caller (security invoker), so every
-- class, course, enrolment and mark still comes through the caller's row-level security, and the figures
-- are class_stats()'s own answer.
--
-- How it stays fast (each query shape is a statement of its own, so the one plan every call keeps,
-- plan_cache_mode = force_generic_plan, reads its index with the date bounds):
--   - without a course, teacher or search (an administrator's screen): the count from the time index alone
--     (classes_scheduled_date_idx, (scheduled_date, id) include (course_id)) and the page by walking it in
--     the page's order until the page is full;
--   - with a course or teacher filter (a teacher's screen): that course's or teacher's classes by
--     classes_course_id_scheduled_date_idx, in order, once for the count and the page;
--   - with a search and neither: the classes of the date window by the time index, each one's title and
--     description read once for the count and the page;
--   - only the page's classes are then joined to their course and their attendance (the
--     class_attendance_figures view).
--
-- API after this migration:
--   get_class_management(search text = null, course_uuid uuid = null, teacher_uuid uuid = null,
--     date_from timestamptz = null, date_to timestamptz = null, descending boolean = false, page int = 1,
--     page_size int = 12) -> json {
--       stats: {total, live, recorded, total_minutes} (class_stats() for the caller: every class they may
--         see, whatever the filters),
--       total: the number of classes that match the filters,
--       classes: [{id, course_id, title, description, scheduled_date, duration, type, meeting_link,
--         recording_url, created_at, course: {title, teacher_id} | null (null when the caller may not see
--         the course), attendance: {class_id, roster_count, attended_count, attendance_rate} | null}]
--     }
--     The filters: search = the title or the description contains it, case-insensitively and literally
--     (`%`, `_` and `\` are no wildcards); course_uuid = that course's classes; teacher_uuid = the classes
--     of the courses the caller may see whose teacher that is; date_from <= scheduled_date <= date_to. Order
--     scheduled_date then id, ascending or (descending) latest first; page >= 1, 1 <= page_size <= 100.
--   Dropped: attendance_figures(classes) (the computed relationship the page embedded; nothing else reads
--     it). class_stats() and the class_attendance_figures view stay: get_class_management reads them.

create function public.get_class_management(
  search text default null,
  course_uuid uuid default null,
  teacher_uuid uuid default null,
  date_from timestamptz default null,
  date_to timestamptz default null,
  descending boolean default false,
  page integer default 1,
  page_size integer default 12
) returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  -- "Contains", with LIKE's own wildcards and escape character taken literally.
  v_pattern text := case
    when nullif(btrim(search), '') is null then null
    else '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end;
  v_from timestamptz := coalesce(date_from, '-infinity');
  v_to timestamptz := coalesce(date_to, 'infinity');
  v_size integer := least(greatest(coalesce(page_size, 12), 1), 100);
  v_skip bigint;
  -- The courses whose classes are asked for; null: every course.
  v_courses uuid[];
  v_total bigint;
  -- Every class that matches, in order (when they are few or searched for); the page's classes.
  v_matches uuid[];
  v_ids uuid[];
  v_stats json;
  v_classes json;
begin
  v_skip := (greatest(coalesce(page, 1), 1)::bigint - 1) * v_size;

  select row_to_json(s) into v_stats from public.class_stats() s;

  if teacher_uuid is not null then
    -- As the page's inner join on the course did: the courses the caller may see, taught by that teacher.
    v_courses := array(
      select k.id
        from public.courses k
       where k.teacher_id = teacher_uuid
         and (course_uuid is null or k.id = course_uuid)
    );
  elsif course_uuid is not null then
    v_courses := array[course_uuid];
  end if;

  if v_courses is null and v_pattern is null then
    -- Every class the caller may see, nothing searched (an administrator's screen): the count from the
    -- time index alone, the page by walking it in the page's order until the page is full.
    select count(*) into v_total
      from public.classes cl
     where cl.scheduled_date >= v_from and cl.scheduled_date <= v_to;
    if descending then
      v_ids := array(
        select cl.id
          from public.classes cl
         where cl.scheduled_date >= v_from and cl.scheduled_date <= v_to
         order by cl.scheduled_date desc, cl.id desc
        offset v_skip
         limit v_size
      );
    else
      v_ids := array(
        select cl.id
          from public.classes cl
         where cl.scheduled_date >= v_from and cl.scheduled_date <= v_to
         order by cl.scheduled_date, cl.id
        offset v_skip
         limit v_size
      );
    end if;
  else
    -- The classes of the chosen courses (a teacher's few, by course), or every class the search finds
    -- (by time, each one's title and description read once): all of them, in order, then the page.
    if v_courses is null then
      v_matches := array(
        select cl.id
          from public.classes cl
         where cl.scheduled_date >= v_from and cl.scheduled_date <= v_to
           and (cl.title ilike v_pattern or cl.description ilike v_pattern)
         order by cl.scheduled_date, cl.id
      );
    else
      v_matches := array(
        select cl.id
          from public.classes cl
         where cl.course_id = any (v_courses)
           and cl.scheduled_date >= v_from and cl.scheduled_date <= v_to
           and (v_pattern is null or cl.title ilike v_pattern or cl.description ilike v_pattern)
         order by cl.scheduled_date, cl.id
      );
    end if;
    v_total := cardinality(v_matches);
    v_ids := array(
      select m.id
        from unnest(v_matches) with ordinality as m (id, n)
       order by case when descending then -m.n else m.n end
      offset v_skip
       limit v_size
    );
  end if;

  -- The page's classes, in its order, with their course and attendance (PostgREST's shape of the embeds).
  select coalesce(json_agg(json_build_object(
           'id', cl.id,
           'course_id', cl.course_id,
           'title', cl.title,
           'description', cl.description,
           'scheduled_date', cl.scheduled_date,
           'duration', cl.duration,
           'type', cl.type,
           'meeting_link', cl.meeting_link,
           'recording_url', cl.recording_url,
           'created_at', cl.created_at,
           'course', case when k.id is not null
                          then json_build_object('title', k.title, 'teacher_id', k.teacher_id) end,
           'attendance', (select row_to_json(f)
                            from public.class_attendance_figures f
                           where f.class_id = cl.id)
         ) order by p.n), '[]'::json)
    into v_classes
    from unnest(v_ids) with ordinality as p (id, n)
    join public.classes cl on cl.id = p.id
    left join public.courses k on k.id = cl.course_id;

  return json_build_object('stats', v_stats, 'total', v_total, 'classes', v_classes);
end
$$;

comment on function public.get_class_management(text, uuid, uuid, timestamptz, timestamptz, boolean, integer, integer) is
  'Class Management in one request: the figures (class_stats()), the number of classes matching the filters and one page of them, each with its course and attendance figures.';

revoke execute on function public.get_class_management(text, uuid, uuid, timestamptz, timestamptz, boolean, integer, integer)
  from public, anon;
grant execute on function public.get_class_management(text, uuid, uuid, timestamptz, timestamptz, boolean, integer, integer)
  to authenticated, service_role;
-- One plan for every call (see 5. Plan caching in 20261127000100_read_speed.sql): each statement above
-- serves every argument with the same index reads.
alter function public.get_class_management(text, uuid, uuid, timestamptz, timestamptz, boolean, integer, integer)
  set plan_cache_mode = force_generic_plan;

-- The page no longer embeds the figures; get_class_management reads the view itself.
drop function public.attendance_figures(public.classes);
