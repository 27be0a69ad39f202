-- Calendar filters (the administrator's Calendar View filters by teacher and course; a teacher may
-- narrow their calendar to one course). get_calendar_month gains two optional filters; the day
-- grid, the day counts and the next classes all answer for the filtered classes. The filters only
-- narrow what RLS already lets the caller see (scope_course_ids), so no one sees more through them.
-- The planner and a day's full list filter calendar_classes directly (course_id, teacher_id columns).

drop function public.get_calendar_month(timestamptz, timestamptz, text, integer, integer);

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
as $$
declare
  v_courses uuid[];
begin
  if range_start is null or range_end is null or range_end <= range_start then
    raise exception 'The calendar range must end after it starts' using errcode = '22023';
  end if;
  if range_end > range_start + interval '42 days' then
    raise exception 'The calendar range can span at most 42 days' using errcode = '22023';
  end if;
  day_limit := least(greatest(coalesce(day_limit, 2), 0), 50);
  upcoming_limit := least(greatest(coalesce(upcoming_limit, 5), 0), 50);

  -- The caller's courses, narrowed by the filters (an empty list when a filter matches none of them).
  select coalesce(array_agg(c.id), '{}') into v_courses
    from public.courses c
   where c.id = any ((select private.scope_course_ids())::uuid[])
     and (course_uuid is null or c.id = course_uuid)
     and (teacher_uuid is null or c.teacher_id = teacher_uuid);

  return (
    with in_range as (
      select cl.id, cl.scheduled_date, (cl.scheduled_date at time zone coalesce(time_zone, 'UTC'))::date as day
        from public.classes cl
       where cl.course_id = any (v_courses)
         and cl.scheduled_date >= range_start
         and cl.scheduled_date < range_end
    ),
    days as (
      select r.day,
             count(*)::integer as class_count,
             (array_agg(r.id order by r.scheduled_date, r.id))[1:day_limit] as shown_ids
        from in_range r
       group by r.day
    ),
    shown as materialized (
      select cc.* from public.calendar_classes cc
       where cc.id = any (array(select unnest(d.shown_ids) from days d))
    )
    select json_build_object(
      'range_start', range_start,
      'range_end', range_end,
      'time_zone', coalesce(time_zone, 'UTC'),
      'class_count', (select count(*) from in_range),
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
        select json_agg(to_json(u) order by u.scheduled_date, u.id)
          from (
            select cc.* from public.calendar_classes cc
             where cc.scheduled_date > now()
               and cc.course_id = any (v_courses)
             order by cc.scheduled_date, cc.id
             limit upcoming_limit
          ) u
      ), '[]'::json)
    )
  );
end
$$;

comment on function public.get_calendar_month(timestamptz, timestamptz, text, integer, integer, uuid, uuid) is
  'Calendar month grid: {range_start, range_end, time_zone, class_count, days: [{date, class_count, classes (≤ day_limit calendar_classes rows)}], upcoming_classes (≤ upcoming_limit from now)}; range ≤ 42 days; optionally only one course''s or one teacher''s classes.';

revoke execute on function
  public.get_calendar_month(timestamptz, timestamptz, text, integer, integer, uuid, uuid)
from public, anon;
grant execute on function
  public.get_calendar_month(timestamptz, timestamptz, text, integer, integer, uuid, uuid)
to authenticated, service_role;
