-- Calendar: today's whole list comes with the month (issue 11, reads). The calendar opens on today's
-- month with today selected; on a busy day (more classes than a grid cell shows) the screen used to ask
-- for the day's full list in a second request. get_calendar_month now carries every class of the
-- viewer's today (in the time zone it is given) in that day's entry, up to 1000 (PostgREST's max-rows,
-- beyond which the screen still reads the day page by page), so the calendar opens in one request. The
-- grid still shows each day's first classes (the client cuts the cell at its own limit); other days
-- keep their first day_limit classes, so a month of another day's view costs what it did.
--
-- API after this migration: get_calendar_month(range_start, range_end, time_zone = 'UTC', day_limit = 2,
-- upcoming_limit = 5, course_uuid = null, teacher_uuid = null) -> json, as before, except that the entry
-- of today (now() in time_zone), when the range holds it, lists all its classes (at most 1000).

create or replace function public.get_calendar_month(
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

-- (Replacing a function resets its settings: it keeps its first plan, as 20261127000100_read_speed.sql
-- explains.)
alter function public.get_calendar_month(timestamptz, timestamptz, text, integer, integer, uuid, uuid)
  set plan_cache_mode = force_generic_plan;
