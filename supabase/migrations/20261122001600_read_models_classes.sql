-- Read models of the calendar and of Class Management (how read models work and stay fast: the
-- read_models_courses migration). What each takes and returns, and the screen it serves:
--
--   calendar_classes (view) -> classes the caller may see + course_title, course_language, course_level,
--     teacher_id, teacher_name, ends_at, my_attendance. The classes between two times (a busy day's full
--     list, the planner's window, the calendar export's): 1 each.
--   get_calendar_month(range_start, range_end, time_zone = 'UTC', day_limit = 2, upcoming_limit = 5,
--     course_uuid = null, teacher_uuid = null) -> json {range_start, range_end, time_zone, class_count,
--     days: [{date, class_count, classes (<= day_limit calendar_classes rows; today's entry, in
--     time_zone, lists all its classes, at most 1000)}], upcoming_classes (<= upcoming_limit
--     calendar_classes rows from now)}; the range spans at most 42 days. The filters (the administrator's
--     Calendar View filters by teacher and course; a teacher may narrow to one course) only narrow what
--     RLS already lets the caller see. Calendar (any role): 1.
--   class_stats() -> one row {total, live, recorded, total_minutes} (bigint each; total_minutes is the
--     sum of the durations, 0 without classes) of the classes the caller may see: a teacher the classes
--     of their own courses, an administrator every class, a student those of the courses they are
--     actively enrolled in; anonymous callers cannot call it.
--   class_roster (view) -> per class, the course's students who have not dropped it (active or
--     completed) with their mark (attended false when unmarked, attended_at, marked_by, is_marked).
--     Attendance dialog: 1 per page (`class_id=eq.…`, sorted and paged by PostgREST).
--   class_attendance_figures (view) -> class_id, roster_count, attended_count, attendance_rate (percent,
--     one decimal; null without a roster) of the classes the caller may see (the roster: the course's
--     enrolments that are not dropped, as the caller may see them).
--   get_class_management(search = null, course_uuid = null, teacher_uuid = null, date_from = null,
--     date_to = null, descending = false, page = 1, page_size = 12) -> json {
--       stats: class_stats() for the caller (every class they may see, whatever the filters),
--       total: the number of classes that match the filters,
--       classes: [{id, course_id, title, description, scheduled_date, duration, type, meeting_link,
--         recording_url, created_at, course: {title, teacher_id} | null (null when the caller may not see
--         the course), attendance: {class_id, roster_count, attended_count, attendance_rate} | null}]
--     }
--     The filters: search = the title or the description contains it, case-insensitively and literally
--     (`%`, `_` and `\` are no wildcards); course_uuid = that course's classes; teacher_uuid = the classes
--     of the courses the caller may see whose teacher that is; date_from <= scheduled_date <= date_to.
--     Order scheduled_date then id, ascending or (descending) latest first; page >= 1, 1 <= page_size
--     <= 100. Class Management (teachers and administrators, /classes): 1.

-- Calendar ------------------------------------------------------------------------------------------

create view public.calendar_classes with (security_invoker = true) as
select
  cl.id,
  cl.course_id,
  cl.title,
  cl.description,
  cl.scheduled_date,
  cl.duration,
  cl.scheduled_date + make_interval(mins => cl.duration) as ends_at,
  cl.type,
  cl.meeting_link,
  cl.recording_url,
  cl.created_at,
  cl.updated_at,
  c.title as course_title,
  c.language as course_language,
  c.level as course_level,
  c.teacher_id,
  private.public_name(c.teacher_id) as teacher_name,
  attendance.attended as my_attendance
from public.classes cl
left join public.courses c on c.id = cl.course_id
left join public.class_attendance attendance
  on attendance.class_id = cl.id and attendance.user_id = (select auth.uid())
where cl.course_id = any ((select private.scope_course_ids())::uuid[]);

comment on view public.calendar_classes is
  'Calendar and Class Management: the classes the caller may see with course title and teacher; my_attendance is the caller''s own roster mark.';

-- The month grid (each day shows up to 2 classes and '+N more', plus the next 5 classes). An
-- administrator's month holds thousands of classes, more than PostgREST returns in one response
-- (max_rows 1000), so the grid is not a month of calendar_classes rows: this answers each day's count
-- and first classes, bounded by the range (at most 42 days, a six-week grid) and the limits, in one
-- request. Days are calendar days in `time_zone` (an IANA name, the viewer's). Classes are
-- calendar_classes rows, so a day's full list (a one-day calendar_classes read) maps the same.
-- The calendar opens on today's month with today selected, so today's entry carries every class of the
-- viewer's today (up to 1000, PostgREST's max-rows, beyond which the screen reads the day page by
-- page): the calendar opens in one request even on a busy day.
-- An administrator's unfiltered month counts each day from the school's hours (reading row by row only
-- the hours a local midnight or the range's edge cuts through) and reads each day's first classes from
-- the time index; everyone else's (or a filtered) month counts the classes of their courses. The next
-- classes are chosen by index before the view adds names and attendance to the few shown.
create function public.get_calendar_month(
  range_start timestamptz,
  range_end timestamptz,
  time_zone text default 'UTC',
  day_limit integer default 2,
  upcoming_limit integer default 5,
  course_uuid uuid default null,
  teacher_uuid uuid default null
) returns json
language plpgsql stable security invoker set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  v_tz text := coalesce(time_zone, 'UTC');
  v_everything boolean;
  v_courses uuid[] := '{}';
  -- The viewer's today, whose entry lists every class (at most 1000); other days their first ones.
  v_today date := (now() at time zone v_tz)::date;
  v_today_limit constant integer := 1000;
begin
  if range_start is null or range_end is null or range_end <= range_start then
    raise exception 'The calendar range must end after it starts' using errcode = '22023';
  end if;
  if range_end > range_start + interval '42 days' then
    raise exception 'The calendar range can span at most 42 days' using errcode = '22023';
  end if;
  day_limit := least(greatest(coalesce(day_limit, 2), 0), 50);
  upcoming_limit := least(greatest(coalesce(upcoming_limit, 5), 0), 50);

  -- An administrator without filters sees every class of the school.
  v_everything := course_uuid is null and teacher_uuid is null and (select private.is_admin());
  if not v_everything then
    -- The caller's courses, narrowed by the filters (an empty list when a filter matches none of them).
    select coalesce(array_agg(c.id), '{}') into v_courses
      from public.courses c
     where c.id = any ((select private.scope_course_ids())::uuid[])
       and (course_uuid is null or c.id = course_uuid)
       and (teacher_uuid is null or c.teacher_id = teacher_uuid);
  end if;

  return (
    with in_range as materialized (
      select cl.id, cl.scheduled_date, (cl.scheduled_date at time zone v_tz)::date as day
        from public.classes cl
       where not v_everything
         and cl.course_id = any (v_courses)
         and cl.scheduled_date >= range_start
         and cl.scheduled_date < range_end
    ),
    hours as materialized (
      select h.hour, h.classes, (h.hour at time zone v_tz)::date as day,
             h.hour >= range_start and h.hour + interval '1 hour' <= range_end
               and (h.hour at time zone v_tz)::date
                   = ((h.hour + interval '1 hour' - interval '1 microsecond') at time zone v_tz)::date as whole
        from private.school_hours h
       where v_everything
         and h.hour >= date_trunc('hour', range_start, 'UTC')
         and h.hour < range_end
         and h.classes <> 0
    ),
    days as materialized (
      select r.day,
             count(*)::integer as class_count,
             (array_agg(r.id order by r.scheduled_date, r.id))
               [1:case when r.day = v_today then v_today_limit else day_limit end] as shown_ids
        from in_range r
       group by r.day
      union all
      select counted.day, counted.class_count,
             array(
               select cl.id
                 from public.classes cl
                where cl.scheduled_date >= greatest((counted.day::timestamp at time zone v_tz), range_start)
                  and cl.scheduled_date < least(((counted.day + 1)::timestamp at time zone v_tz), range_end)
                order by cl.scheduled_date, cl.id
                limit case when counted.day = v_today then v_today_limit else day_limit end
             )
        from (
          select x.day, sum(x.n)::integer as class_count
            from (
              select h.day, h.classes as n from hours h where h.whole
              union all
              select (cl.scheduled_date at time zone v_tz)::date, 1
                from hours h
                join public.classes cl
                  on cl.scheduled_date >= greatest(h.hour, range_start)
                 and cl.scheduled_date < least(h.hour + interval '1 hour', range_end)
               where not h.whole
            ) x
           group by x.day
        ) counted
       where counted.class_count > 0
    ),
    shown as materialized (
      select cc.* from public.calendar_classes cc
       where cc.id = any (array(select unnest(d.shown_ids) from days d))
    ),
    upcoming_ids as (
      (select cl.id, cl.scheduled_date
         from public.classes cl
        where v_everything and cl.scheduled_date > now()
        order by cl.scheduled_date, cl.id
        limit upcoming_limit)
      union all
      (select cl.id, cl.scheduled_date
         from public.classes cl
        where not v_everything and cl.course_id = any (v_courses) and cl.scheduled_date > now()
        order by cl.scheduled_date, cl.id
        limit upcoming_limit)
    )
    select json_build_object(
      'range_start', range_start,
      'range_end', range_end,
      'time_zone', v_tz,
      'class_count', (select coalesce(sum(d.class_count), 0) from days d),
      'days', coalesce((
        select json_agg(
                 json_build_object(
                   'date', d.day,
                   'class_count', d.class_count,
                   'classes', coalesce((
                     select json_agg(to_json(s) order by s.scheduled_date, s.id)
                       from shown s
                      where s.id = any (d.shown_ids)
                   ), '[]'::json)
                 )
                 order by d.day
               )
          from days d
      ), '[]'::json),
      'upcoming_classes', coalesce((
        select json_agg(to_json(cc) order by cc.scheduled_date, cc.id)
          from public.calendar_classes cc
         where cc.id = any (array(select u.id from upcoming_ids u))
      ), '[]'::json)
    )
  );
end
$$;

comment on function public.get_calendar_month(timestamptz, timestamptz, text, integer, integer, uuid, uuid) is
  'Calendar month grid: {range_start, range_end, time_zone, class_count, days: [{date, class_count, classes (≤ day_limit calendar_classes rows)}], upcoming_classes (≤ upcoming_limit from now)}; range ≤ 42 days; optionally only one course''s or one teacher''s classes.';

-- Class Management -------------------------------------------------------------------------------------

-- An administrator's scope is every class, so the school's totals answer; anyone else counts the classes
-- of their courses (narrowed by the indexable scope, which classes_course_id_scheduled_date_idx serves).
create function public.class_stats()
returns table (total bigint, live bigint, recorded bigint, total_minutes bigint)
language sql stable security invoker set search_path = ''
as $$
  select f.classes::bigint, f.live_classes::bigint, f.recorded_classes::bigint, f.class_minutes
    from private.school_figures f
   where (select private.is_admin())
  union all
  select count(*) as total,
         count(*) filter (where cl.type = 'live') as live,
         count(*) filter (where cl.type = 'recorded') as recorded,
         coalesce(sum(cl.duration), 0)::bigint as total_minutes
    from public.classes cl
   where not (select private.is_admin())
     and cl.course_id = any ((select private.scope_course_ids())::uuid[])
  having not (select private.is_admin())
$$;

comment on function public.class_stats() is
  'Class Management stats: {total, live, recorded, total_minutes} of the classes the caller may see (one row).';

-- A class's roster: the course's students who have not dropped it, each with their mark (if any). One
-- class at a time (`class_id=eq.…`), sorted and paged by PostgREST.
create view public.class_roster with (security_invoker = true) as
select
  cl.id as class_id,
  cl.course_id,
  e.id as enrollment_id,
  e.user_id as student_id,
  p.first_name,
  p.last_name,
  p.email,
  p.avatar_url,
  coalesce(a.attended, false) as attended,
  a.attended_at,
  a.marked_by,
  a.id is not null as is_marked
from public.classes cl
join public.enrollments e on e.course_id = cl.course_id and e.status <> 'dropped'
-- One primary-key lookup per student (whoever sees an active or completed enrollment also sees its
-- student: the users policy above).
left join lateral (
  select u.first_name, u.last_name, u.email, u.avatar_url
    from public.users u
   where u.id = e.user_id
  offset 0
) p on true
left join public.class_attendance a on a.class_id = cl.id and a.user_id = e.user_id
where cl.course_id = any ((select private.scope_course_ids())::uuid[]);

comment on view public.class_roster is
  'Attendance dialog: the students of each class''s course who have not dropped it (active or completed) with their attendance mark (attended false when unmarked).';

-- The attendance of each class the caller may see: its roster (the course's enrolments that are not
-- dropped, as the caller may see them), who on it was present, and the rate; for any number of classes,
-- filtered like any view.
create view public.class_attendance_figures with (security_invoker = true) as
select cl.id as class_id,
       roster.n as roster_count,
       present.n as attended_count,
       case when roster.n > 0 then round(100.0 * present.n / roster.n, 1) end as attendance_rate
  from public.classes cl
 cross join lateral (
   select count(*)::integer as n
     from public.enrollments e
    where e.course_id = cl.course_id and e.status <> 'dropped'
 ) roster
 cross join lateral (
   -- One (course_id, user_id) probe per present mark: never the course's whole roster again.
   select count(*)::integer as n
     from public.class_attendance a
    where a.class_id = cl.id
      and a.attended
      and (select e.status <> 'dropped' from public.enrollments e
            where e.course_id = cl.course_id and e.user_id = a.user_id) is true
 ) present;

comment on view public.class_attendance_figures is
  'Attendance of the classes the caller may see: roster_count (students who have not dropped the course), attended_count, attendance_rate (percent, one decimal; null without a roster).';

-- The screen in one request: its figures, the number of matching classes and one page of them (one
-- request instead of two, each of which paid the gateway's and PostgREST's own overhead). It runs as the
-- caller, so every class, course, enrolment and mark still comes through the caller's row-level
-- security, and the figures are class_stats()'s own answer.
--
-- How it stays fast (each query shape is a statement of its own, so the one plan every call keeps reads
-- its index with the date bounds):
--   - without a course, teacher or search (an administrator's screen): the count from the time index alone
--     (classes_scheduled_date_idx, (scheduled_date, id) include (course_id)) and the page by walking it in
--     the page's order until the page is full;
--   - with a course or teacher filter (a teacher's screen): that course's or teacher's classes by
--     classes_course_id_scheduled_date_idx, in order, once for the count and the page;
--   - with a search and neither: the classes of the date window by the time index, each one's title and
--     description read once for the count and the page;
--   - only the page's classes are then joined to their course and their attendance (the
--     class_attendance_figures view).
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
set plan_cache_mode = force_generic_plan
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

revoke all on public.calendar_classes, public.class_roster from anon, authenticated;
grant select on public.calendar_classes, public.class_roster to authenticated, service_role;
revoke all on public.class_attendance_figures from public, anon, authenticated;
grant select on public.class_attendance_figures to authenticated, service_role;

revoke execute on function
  public.get_calendar_month(timestamptz, timestamptz, text, integer, integer, uuid, uuid),
  public.class_stats(),
  public.get_class_management(text, uuid, uuid, timestamptz, timestamptz, boolean, integer, integer)
from public, anon;
grant execute on function
  public.get_calendar_month(timestamptz, timestamptz, text, integer, integer, uuid, uuid),
  public.class_stats(),
  public.get_class_management(text, uuid, uuid, timestamptz, timestamptz, boolean, integer, integer)
to authenticated, service_role;
