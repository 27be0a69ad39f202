-- One revenue (issue 29, "Wrong figures", item 2).
--
-- The admin dashboard showed "Revenue $19,807" for the year above "Total Revenue $18,811": the period's
-- revenue counted the course price of the enrolments made in it that were not dropped (active or
-- completed), the total counted price × active enrolments only, and Course Management counted like the
-- total. Every revenue figure now follows one definition, until revenue moves to payments:
--
--   revenue = the course price of every enrolment that is active or completed (not dropped), at the
--             course's current price.
--
-- The period's figure is unchanged (it is that sum over the enrolments made in the period). The
-- dashboard's Total Revenue is the same sum over every enrolment, read from the same per-hour store as
-- the period's figure (private.school_hours, kept by triggers), so a period covering every enrolment
-- equals it. Course Management's Total Revenue is the same for an administrator; anyone else's is
-- counted over the enrolments they may see. course_roster.revenue (each course) = price × its
-- enrolments that are not dropped. Rules in docs/product-rules.md, "Revenue".
--
-- API after this migration: unchanged (same functions, arguments, answers and view columns; the
-- figures follow the definition above).

create or replace function public.get_admin_dashboard(period text default 'month', time_zone text default 'UTC')
returns json
language plpgsql stable security invoker set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  v_now timestamptz := now();
  v_tz text := coalesce(nullif(time_zone, ''), 'UTC');
  v_length interval;
  v_bucket text;
  v_step interval;
  v_start timestamptz;
  v_previous timestamptz;
  v_next_hour timestamptz := date_trunc('hour', now(), 'UTC') + interval '1 hour';
begin
  if not (select private.is_admin()) then
    raise exception 'Only administrators can read the school dashboard' using errcode = '42501';
  end if;
  -- An unknown zone fails here with invalid_parameter_value (22023).
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
    with hours as materialized (
      select h.hour, h.new_users, h.new_enrollments, h.revenue, h.classes,
             h.hour >= v_previous and h.hour + interval '1 hour' <= v_now
               and (h.hour >= v_start or h.hour + interval '1 hour' <= v_start)
               and date_trunc(v_bucket, h.hour at time zone v_tz)
                   = date_trunc(v_bucket, (h.hour + interval '1 hour' - interval '1 microsecond') at time zone v_tz)
               as whole
        from private.school_hours h
       where h.hour >= date_trunc('hour', v_previous, 'UTC') and h.hour < v_now
    ),
    cut as materialized (
      select h.hour as since, least(h.hour + interval '1 hour', v_now) as until
        from hours h
       where not h.whole
    ),
    cut_enrollments as materialized (
      select e.enrolled_at, e.status, c.price
        from cut
       cross join lateral (
         -- (offset 0: one index range per cut hour, whatever the plan guesses about the hours)
         select e.enrolled_at, e.status, e.course_id from public.enrollments e
          where e.enrolled_at >= greatest(cut.since, v_previous) and e.enrolled_at < cut.until
         offset 0
       ) e
        join public.courses c on c.id = e.course_id
    ),
    figures as (
      select
        w.name,
        coalesce(whole.new_users, 0)
          + (select count(*)
               from cut
              cross join lateral (
                select 1 from public.users u
                 where u.created_at >= greatest(cut.since, w.since) and u.created_at < least(cut.until, w.until)
                offset 0
              ) x) as new_users,
        coalesce(whole.new_enrollments, 0)
          + (select count(*) from cut_enrollments ce where ce.enrolled_at >= w.since and ce.enrolled_at < w.until)
          as new_enrollments,
        coalesce(whole.revenue, 0)
          + coalesce((select sum(ce.price) from cut_enrollments ce
                       where ce.enrolled_at >= w.since and ce.enrolled_at < w.until and ce.status <> 'dropped'), 0)
          as revenue,
        coalesce(whole.classes, 0)
          + (select count(*)
               from cut
              cross join lateral (
                select 1 from public.classes cl
                 where cl.scheduled_date >= greatest(cut.since, w.since) and cl.scheduled_date < least(cut.until, w.until)
                offset 0
              ) x) as classes
      from (values ('current', v_start, v_now), ('previous', v_previous, v_start)) as w(name, since, until)
      left join lateral (
        select sum(h.new_users) as new_users, sum(h.new_enrollments) as new_enrollments,
               sum(h.revenue) as revenue, sum(h.classes) as classes
          from hours h
         where h.whole and h.hour >= w.since and h.hour < w.until
      ) whole on true
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
             coalesce(sum(x.enrollments), 0) as enrollments,
             coalesce(sum(x.revenue), 0) as revenue
        from buckets b
        left join (
          select date_trunc(v_bucket, h.hour at time zone v_tz) as bucket, h.new_enrollments as enrollments,
                 h.revenue
            from hours h
           where h.whole and h.hour >= v_start
          union all
          select date_trunc(v_bucket, ce.enrolled_at at time zone v_tz), 1,
                 case when ce.status <> 'dropped' then ce.price else 0 end
            from cut_enrollments ce
           where ce.enrolled_at >= v_start
        ) x on x.bucket = b.bucket_start
       group by b.bucket_start
    )
    select json_build_object(
      'period', period,
      'period_start', v_start,
      'previous_start', v_previous,
      'now', v_now,
      'bucket', v_bucket,
      'users', (
        select json_build_object('total', f.users, 'students', f.students, 'teachers', f.teachers, 'admins', f.admins)
          from private.school_figures f
      ),
      'courses', (
        select json_build_object(
          'total', count(*),
          'active', count(*) filter (where c.is_active),
          'active_enrollments', coalesce(sum(c.enrolled_count), 0),
          -- Every hour's revenue: the course price of every enrolment not dropped.
          'revenue', (select coalesce(sum(h.revenue), 0) from private.school_hours h)
        )
        from public.courses c
      ),
      'classes', (
        select json_build_object(
          'total', f.classes,
          'live', f.live_classes,
          'upcoming',
            coalesce((select sum(h.classes) from private.school_hours h where h.hour >= v_next_hour), 0)
            + (select count(*) from public.classes cl where cl.scheduled_date > v_now and cl.scheduled_date < v_next_hour)
        )
        from private.school_figures f
      ),
      'materials', (select f.materials from private.school_figures f),
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
  'Admin dashboard (administrators only): {period, period_start, previous_start, now, bucket, users{total,students,teachers,admins}, courses{total,active,active_enrollments,revenue (price of every enrolment not dropped)}, classes{total,live,upcoming}, materials, current/previous{new_users,new_enrollments,revenue,classes}, series[{start,enrollments,revenue}]}; period week|month|quarter|year.';

-- Course Management: each course's revenue. (The view's columns and their order stay.)
create or replace view public.course_roster with (security_invoker = true) as
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
  c.price * (
    select count(*) from public.enrollments e where e.course_id = c.id and e.status <> 'dropped'
  ) as revenue,
  c.created_at,
  c.updated_at,
  coalesce(roster.students, '[]'::json) as students
from public.courses c
-- json rather than jsonb, aggregated from rows rather than built key by key: a full course's roster costs
-- a third of the time, and each student is the row's columns as keys.
left join lateral (
  select json_agg(s order by s.last_name, s.first_name, s.enrollment_id) as students
    from (
      select e.id as enrollment_id,
             e.user_id,
             e.progress,
             e.enrolled_at,
             p.first_name,
             p.last_name,
             p.email,
             p.avatar_url
        from public.enrollments e
        -- One primary-key lookup per enrollment (see the header: a join would read all users per course).
        -- Whoever sees an active enrollment also sees its student's profile.
        left join lateral (
          select u.first_name, u.last_name, u.email, u.avatar_url
            from public.users u
           where u.id = e.user_id
          offset 0
        ) p on true
       where e.course_id = c.id and e.status = 'active'
    ) s
) roster on true;

comment on view public.course_roster is
  'Course Management: courses the caller may see with teacher name, revenue (price × enrolments not dropped: active or completed) and the actively enrolled students.';

-- The figures: an administrator's revenue is the school's (every hour's), anyone else's is counted over
-- the enrolments they may see.
create or replace function public.get_course_management_stats() returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'total_courses', count(*),
    'active_courses', count(*) filter (where c.is_active),
    'total_revenue', coalesce(
      (select sum(h.revenue) from private.school_hours h where (select private.is_admin())),
      (select sum(k.price)
         from public.enrollments e
         join public.courses k on k.id = e.course_id
        where e.status <> 'dropped'
          and e.course_id = any (array_agg(c.id))),
      0
    ),
    'total_students', coalesce(
      (select f.active_students from private.school_figures f where (select private.is_admin())),
      (select count(distinct e.user_id)
         from public.enrollments e
        where e.status = 'active'
          and e.course_id = any (array_agg(c.id)))
    ),
    'languages', coalesce(
      (select json_agg(l order by l) from (select distinct unnest(array_agg(c.language)) as l) ls),
      '[]'::json
    )
  )
  from public.courses c
$$;

comment on function public.get_course_management_stats() is
  'Course Management figures over the courses the caller may see: {total_courses, active_courses, total_students (distinct, active enrolments), total_revenue (price of every enrolment not dropped: active or completed), languages}.';
