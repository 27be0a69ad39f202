-- Read models of the administrators' screens (how read models work and stay fast: the
-- read_models_courses migration). What each takes and returns, and the screen it serves:
--
--   get_admin_dashboard(period = 'month', time_zone = 'UTC') -> json {period, period_start,
--     previous_start, now, bucket, users{total,students,teachers,admins},
--     courses{total,active,active_enrollments,revenue}, classes{total,live,upcoming}, materials,
--     current/previous{new_users,new_enrollments,revenue,classes}, series[{start,enrollments,revenue}]}:
--     the school's totals, the chosen period's figures beside the period before it, and the period's
--     enrolments and revenue bucket by bucket for the chart. Administrators only: anyone else is refused
--     (a partial, RLS-filtered answer would look like real school figures). Admin dashboard: 1 (again per
--     period change).
--     Periods are rolling windows ending now: week = the last 7 days, month = the last month, quarter =
--     the last 3 months, year = the last 12 months; the previous period is the same length just before.
--     Chart buckets are days (week, month), weeks (quarter) or months (year) in the viewer's time zone.
--     Definitions (docs/product-rules.md "Admin dashboard"):
--       total revenue      = sum over courses of price x active enrolments (courses.enrolled_count)
--       revenue in period  = sum of the course price of the enrolments made in the period that were not
--                            dropped since
--       new enrolments     = enrolments made in the period (enrolled_at), whatever their status now
--       classes in period  = classes whose start falls in the period
--   get_user_counts() -> json {total, students, teachers, admins, active, inactive} of the profiles the
--     caller may see. User Management: 2 (this + one page of `users`, sorted and searched by PostgREST).
--   course_roster (view) -> courses the caller may see + teacher_name, revenue (price x enrolled_count),
--     students (json array of active enrollments: enrollment_id, user_id, progress, enrolled_at,
--     first_name, last_name, email, avatar_url; by last name). Course Management: 1 (one page of courses).
--   get_course_management_stats() -> {total_courses, active_courses, total_students, total_revenue,
--     languages}: every course the caller may see (RLS; an administrator sees all). total_students counts
--     distinct students with an active enrolment; total_revenue = sum of price x active enrolments
--     (courses.enrolled_count); languages are the languages of existing courses, for the filter.
--   get_course_files(course_uuid) -> [{bucket, name}]: the stored objects that belong to the course: its
--     materials' files (bucket materials) and the files handed in for its activities and its classes'
--     activities (bucket activity-submissions). Only the course's teacher or an administrator gets an
--     answer; the client removes these objects through the storage API first, then deletes the course
--     (the rows go by cascade).
--   get_teacher_management_page(search, specialization, is_active, page_number = 1, page_size = 12)
--     -> json {total, items: [profile, is_active, specializations, course_count, active_course_count,
--     courses (the newest 5: id, title, is_active), student_count (distinct students with an active
--     enrolment in the teacher's courses), average_rating + review_count (course_reviews of those
--     courses; null and 0 without reviews)]}, teachers by first and last name. Search over first name,
--     last name, "first last" and email (case-insensitive); specialization = one of the teacher's
--     (exact). Teacher Management: 1 per page.
--   get_teacher_management_stats() -> json {total_teachers, active_teachers, inactive_teachers,
--     courses_taught, unassigned_courses, active_students, average_rating, review_count,
--     specializations (every teacher's, distinct, for the filter)}. Teacher Management: 1.
--   The two Teacher Management functions refuse anyone but an active administrator (42501), so no
--     teacher or student reads another teacher's contact details or figures through them
--     (reassign_teacher_courses, the screen's one write, is in the courses migration).

-- Admin dashboard ----------------------------------------------------------------------------------------

-- From the school's totals and its hours. A period's figures add up the hours that lie wholly inside it;
-- the series adds up hours that lie wholly inside one bucket (day, week or month) of the viewer's time
-- zone. The few hours a period edge or a local midnight cuts through (a zone half an hour off UTC cuts
-- one a day) are read row by row; those hour ranges are fenced with `offset 0` so that the one plan it
-- keeps reads each cut hour by index, not every enrolment.
create function public.get_admin_dashboard(period text default 'month', time_zone text default 'UTC')
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
          'revenue', coalesce(sum(c.price * c.enrolled_count), 0)
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
  'Admin dashboard (administrators only): {period, period_start, previous_start, now, bucket, users{total,students,teachers,admins}, courses{total,active,active_enrollments,revenue}, classes{total,live,upcoming}, materials, current/previous{new_users,new_enrollments,revenue,classes}, series[{start,enrollments,revenue}]}; period week|month|quarter|year.';

-- User Management -----------------------------------------------------------------------------------------

-- An administrator reads the school's totals; anyone else counts the profiles they may see.
create function public.get_user_counts() returns json
language sql stable security invoker set search_path = ''
as $$
  select coalesce(
    (select json_build_object(
              'total', f.users,
              'students', f.students,
              'teachers', f.teachers,
              'admins', f.admins,
              'active', f.active_users,
              'inactive', f.users - f.active_users
            )
       from private.school_figures f
      where (select private.is_admin())),
    (select json_build_object(
              'total', count(*),
              'students', count(*) filter (where u.role = 'student'),
              'teachers', count(*) filter (where u.role = 'teacher'),
              'admins', count(*) filter (where u.role = 'admin'),
              'active', count(*) filter (where u.is_active),
              'inactive', count(*) filter (where not u.is_active)
            )
       from public.users u)
  )
$$;

comment on function public.get_user_counts() is 'User Management stats: profiles the caller may see, by role and status.';

-- Course Management ---------------------------------------------------------------------------------------

create view public.course_roster with (security_invoker = true) as
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
  c.price * c.enrolled_count as revenue,
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
  'Course Management: courses the caller may see with teacher name, revenue (price × enrolled_count) and the actively enrolled students.';

-- The distinct students of an administrator's scope (every course) are the school's; anyone else's are
-- counted over the courses they may see.
create function public.get_course_management_stats() returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'total_courses', count(*),
    'active_courses', count(*) filter (where c.is_active),
    'total_revenue', coalesce(sum(c.price * c.enrolled_count), 0),
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
  'Course Management figures over the courses the caller may see: {total_courses, active_courses, total_students (distinct, active enrolments), total_revenue (price x active enrolments), languages}.';

create function public.get_course_files(course_uuid uuid) returns json
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if not ((select private.is_admin())
          or exists (select 1 from public.courses c
                      where c.id = course_uuid and c.teacher_id = (select auth.uid()))) then
    raise exception 'Only the course''s teacher or an administrator can list its files' using errcode = '42501';
  end if;
  return coalesce((
    select json_agg(json_build_object('bucket', f.bucket, 'name', f.name) order by f.bucket, f.name)
      from (
        select 'materials'::text as bucket, m.storage_path as name
          from public.materials m
         where m.course_id = course_uuid and m.storage_path is not null
        union
        select 'activity-submissions', unnest(s.file_urls)
          from public.activity_submissions s
          join public.activities a on a.id = s.activity_id
          left join public.classes cl on cl.id = a.class_id
         where a.course_id = course_uuid or cl.course_id = course_uuid
      ) f
     where f.name is not null and f.name <> ''
  ), '[]'::json);
end
$$;

comment on function public.get_course_files(uuid) is
  'The stored objects of a course ([{bucket, name}]: its materials'' files and its activities'' submitted files), for its teacher or an administrator, so deleting the course can remove them first.';

-- Teacher Management -------------------------------------------------------------------------------------

-- Each teacher's students and rating come from the teacher and review figures (summary tables); the
-- teachers are narrowed by users_role_idx and each row of the page reads its courses by
-- courses_teacher_id_idx; the total counts the filtered teachers without computing any figure.
create function public.get_teacher_management_page(
  search text default null,
  specialization text default null,
  is_active boolean default null,
  page_number integer default 1,
  page_size integer default 12
) returns json
language plpgsql stable security invoker set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  pattern text := case
    when nullif(btrim(search), '') is null then null
    else '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end;
  wanted text := nullif(btrim(specialization), '');
  size integer := least(greatest(coalesce(page_size, 12), 1), 100);
  skip integer := (greatest(coalesce(page_number, 1), 1) - 1) * least(greatest(coalesce(page_size, 12), 1), 100);
  answer json;
begin
  perform private.require_admin('manage teachers');
  with filtered as (
    select u.id, u.email, u.first_name, u.last_name, u.avatar_url, u.phone, u.location, u.bio,
           u.is_active, u.specializations, u.created_at, u.last_sign_in_at
      from public.users u
     where u.role = 'teacher'
       and (get_teacher_management_page.is_active is null
            or u.is_active = get_teacher_management_page.is_active)
       and (pattern is null
            or u.first_name ilike pattern
            or u.last_name ilike pattern
            or (u.first_name || ' ' || u.last_name) ilike pattern
            or u.email ilike pattern)
       and (wanted is null or u.specializations @> array[wanted])
  ),
  page as (
    select f.*
      from filtered f
     order by f.first_name, f.last_name, f.id
    offset skip
     limit size
  )
  select json_build_object(
    'total', (select count(*) from filtered),
    'items', coalesce((
      select json_agg(json_build_object(
               'id', p.id,
               'email', p.email,
               'first_name', p.first_name,
               'last_name', p.last_name,
               'avatar_url', p.avatar_url,
               'phone', p.phone,
               'location', p.location,
               'bio', p.bio,
               'is_active', p.is_active,
               'specializations', p.specializations,
               'created_at', p.created_at,
               'last_sign_in_at', p.last_sign_in_at,
               'course_count', courses.course_count,
               'active_course_count', courses.active_course_count,
               'courses', newest.courses,
               'student_count', students.student_count,
               'average_rating', ratings.average_rating,
               'review_count', ratings.review_count
             ) order by p.first_name, p.last_name, p.id)
        from page p
        cross join lateral (
          select count(*)::integer as course_count,
                 (count(*) filter (where c.is_active))::integer as active_course_count,
                 coalesce(array_agg(c.id), '{}') as ids
            from public.courses c
           where c.teacher_id = p.id
        ) courses
        cross join lateral (
          select coalesce(json_agg(json_build_object('id', n.id, 'title', n.title, 'is_active', n.is_active)
                                   order by n.created_at desc, n.id), '[]'::json) as courses
            from (select c.id, c.title, c.is_active, c.created_at
                    from public.courses c
                   where c.teacher_id = p.id
                   order by c.created_at desc, c.id
                   limit 5) n
        ) newest
        cross join lateral (
          select coalesce((select f.students from private.teacher_figures f where f.teacher_id = p.id), 0)
                 as student_count
        ) students
        cross join lateral (
          select round(sum(r.rating_total)::numeric / nullif(sum(r.reviews), 0), 2) as average_rating,
                 coalesce(sum(r.reviews), 0)::integer as review_count
            from private.course_review_figures r
           where r.course_id = any (courses.ids)
        ) ratings
    ), '[]'::json)
  )
  into answer;
  return answer;
end
$$;

comment on function public.get_teacher_management_page(text, text, boolean, integer, integer) is
  'Teacher Management: one page of teachers (by name) with specializations, courses, active students and rating; administrators only.';

-- The active students and the rating from the summaries instead of every enrolment and every review.
create function public.get_teacher_management_stats() returns json
language plpgsql stable security invoker set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  answer json;
begin
  perform private.require_admin('manage teachers');
  with teachers as (
    select u.id, u.is_active, u.specializations from public.users u where u.role = 'teacher'
  ),
  taught as (
    select c.id from public.courses c where c.teacher_id in (select t.id from teachers t)
  ),
  ratings as (
    select round(sum(r.rating_total)::numeric / nullif(sum(r.reviews), 0), 2) as average_rating,
           coalesce(sum(r.reviews), 0)::integer as review_count
      from private.course_review_figures r
     where r.course_id in (select t.id from taught t)
  )
  select json_build_object(
    'total_teachers', (select count(*) from teachers),
    'active_teachers', (select count(*) from teachers t where t.is_active),
    'inactive_teachers', (select count(*) from teachers t where not t.is_active),
    'courses_taught', (select count(*) from taught),
    'unassigned_courses', (select count(*) from public.courses c where c.teacher_id is null),
    'active_students', (select f.taught_active_students from private.school_figures f),
    'average_rating', (select r.average_rating from ratings r),
    'review_count', (select r.review_count from ratings r),
    'specializations', coalesce((
      select json_agg(s.label order by lower(s.label), s.label)
        from (select distinct unnest(t.specializations) as label from teachers t) s
    ), '[]'::json)
  )
  into answer;
  return answer;
end
$$;

comment on function public.get_teacher_management_stats() is
  'Teacher Management figures: teachers (active, inactive), courses taught and without a teacher, active students, rating over every review, and the specializations in use; administrators only.';

revoke all on public.course_roster from anon, authenticated;
grant select on public.course_roster to authenticated, service_role;

revoke execute on function
  public.get_admin_dashboard(text, text),
  public.get_user_counts(),
  public.get_course_management_stats(),
  public.get_course_files(uuid),
  public.get_teacher_management_page(text, text, boolean, integer, integer),
  public.get_teacher_management_stats()
from public, anon;
grant execute on function
  public.get_admin_dashboard(text, text),
  public.get_user_counts(),
  public.get_course_management_stats(),
  public.get_course_files(uuid),
  public.get_teacher_management_page(text, text, boolean, integer, integer),
  public.get_teacher_management_stats()
to authenticated, service_role;
