-- The admin dashboard (issue 9): the school's totals, the chosen period's figures beside the period
-- before it, and the period's enrolments and revenue bucket by bucket for the chart, in one request.
--
-- Periods are rolling windows ending now: week = the last 7 days, month = the last month, quarter =
-- the last 3 months, year = the last 12 months; the previous period is the same length just before.
-- Chart buckets are days (week, month), weeks (quarter) or months (year) in the viewer's time zone.
--
-- Definitions (docs/product-rules.md "Admin dashboard"):
--   total revenue      = sum over courses of price x active enrolments (courses.enrolled_count)
--   revenue in period  = sum of the course price of the enrolments made in the period that were not
--                        dropped since
--   new enrolments     = enrolments made in the period (enrolled_at), whatever their status now
--   classes in period  = classes whose start falls in the period
-- Only administrators may read it: anyone else is refused (a partial, RLS-filtered answer would look
-- like real school figures).

drop function public.get_admin_dashboard(timestamptz);

-- "New users in the period" reads users by creation time.
create index if not exists users_created_at_idx on public.users (created_at);

create function public.get_admin_dashboard(period text default 'month', time_zone text default 'UTC')
returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  v_now timestamptz := now();
  v_tz text := coalesce(nullif(time_zone, ''), 'UTC');
  v_length interval;
  v_bucket text;
  v_step interval;
  v_start timestamptz;
  v_previous timestamptz;
begin
  if not (select private.is_admin()) then
    raise exception 'Only administrators can read the school dashboard' using errcode = '42501';
  end if;
  -- An unknown zone fails here with invalid_parameter_value (22023). (Looking the name up in
  -- pg_timezone_names instead reads the whole time zone database: most of this function's time.)
  perform v_now at time zone v_tz;
  case period
    when 'week' then v_length := interval '7 days'; v_bucket := 'day'; v_step := interval '1 day';
    when 'month' then v_length := interval '1 month'; v_bucket := 'day'; v_step := interval '1 day';
    when 'quarter' then v_length := interval '3 months'; v_bucket := 'week'; v_step := interval '1 week';
    when 'year' then v_length := interval '1 year'; v_bucket := 'month'; v_step := interval '1 month';
    else raise exception 'The period must be week, month, quarter or year' using errcode = '22023';
  end case;
  v_start := v_now - v_length;
  v_previous := v_start - v_length;

  return (
    with period_enrollments as (
      select e.enrolled_at, e.status, c.price
        from public.enrollments e
        join public.courses c on c.id = e.course_id
       where e.enrolled_at >= v_previous and e.enrolled_at < v_now
    ),
    figures as (
      select
        w.name,
        (select count(*) from public.users u
          where u.created_at >= w.since and u.created_at < w.until) as new_users,
        (select count(*) from period_enrollments pe
          where pe.enrolled_at >= w.since and pe.enrolled_at < w.until) as new_enrollments,
        (select coalesce(sum(pe.price), 0) from period_enrollments pe
          where pe.enrolled_at >= w.since and pe.enrolled_at < w.until and pe.status <> 'dropped') as revenue,
        (select count(*) from public.classes cl
          where cl.scheduled_date >= w.since and cl.scheduled_date < w.until) as classes
      from (values ('current', v_start, v_now), ('previous', v_previous, v_start)) as w(name, since, until)
    ),
    buckets as (
      select b as bucket_start
        from generate_series(
               date_trunc(v_bucket, v_start at time zone v_tz),
               date_trunc(v_bucket, v_now at time zone v_tz),
               v_step
             ) as b
    ),
    series as (
      select b.bucket_start,
             count(pe.enrolled_at) as enrollments,
             coalesce(sum(pe.price) filter (where pe.status <> 'dropped'), 0) as revenue
        from buckets b
        left join period_enrollments pe
          on pe.enrolled_at >= v_start
         and date_trunc(v_bucket, pe.enrolled_at at time zone v_tz) = b.bucket_start
       group by b.bucket_start
    )
    select json_build_object(
      'period', period,
      'period_start', v_start,
      'previous_start', v_previous,
      'now', v_now,
      'bucket', v_bucket,
      'users', (
        select json_build_object(
          'total', count(*),
          'students', count(*) filter (where u.role = 'student'),
          'teachers', count(*) filter (where u.role = 'teacher'),
          'admins', count(*) filter (where u.role = 'admin')
        )
        from public.users u
      ),
      'courses', (
        select json_build_object(
          'total', count(*),
          'active', count(*) filter (where c.is_active),
          'active_enrollments', coalesce(sum(c.enrolled_count), 0),
          'revenue', coalesce(sum(c.price * c.enrolled_count), 0)
        )
        from public.courses c
      ),
      'classes', (
        select json_build_object(
          'total', count(*),
          'live', count(*) filter (where cl.type = 'live'),
          'upcoming', count(*) filter (where cl.scheduled_date > v_now)
        )
        from public.classes cl
      ),
      'materials', (select count(*) from public.materials),
      'current', (
        select json_build_object('new_users', f.new_users, 'new_enrollments', f.new_enrollments,
                                 'revenue', f.revenue, 'classes', f.classes)
          from figures f where f.name = 'current'
      ),
      'previous', (
        select json_build_object('new_users', f.new_users, 'new_enrollments', f.new_enrollments,
                                 'revenue', f.revenue, 'classes', f.classes)
          from figures f where f.name = 'previous'
      ),
      'series', coalesce((
        select json_agg(
                 json_build_object(
                   'start', to_char(s.bucket_start, 'YYYY-MM-DD'),
                   'enrollments', s.enrollments,
                   'revenue', s.revenue
                 )
                 order by s.bucket_start
               )
          from series s
      ), '[]'::json)
    )
  );
end
$$;

comment on function public.get_admin_dashboard(text, text) is
  'Admin dashboard (administrators only): {period, period_start, previous_start, now, bucket, users{total,students,teachers,admins}, courses{total,active,active_enrollments,revenue}, classes{total,live,upcoming}, materials, current/previous{new_users,new_enrollments,revenue,classes}, series[{start,enrollments,revenue}]}; period week|month|quarter|year.';

revoke execute on function public.get_admin_dashboard(text, text) from public, anon;
grant execute on function public.get_admin_dashboard(text, text) to authenticated, service_role;
