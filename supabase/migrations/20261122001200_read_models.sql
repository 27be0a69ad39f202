-- Read models: one request per screen (or per screen part), whatever the number of courses, classes or
-- students. Views are `security_invoker` and functions `security invoker`, so every row comes through the
-- caller's RLS policies; names come from private.public_name() only for rows the caller already sees.
-- PostgREST filters, sorts and ranges apply to the views (for example
-- `course_catalog?language=eq.Spanish&title=ilike.*talk*&order=created_at.desc`).
--
-- How they stay fast on a large school (`pnpm bench:api` checks every plan):
--   * Per-row figures are `left join lateral (aggregate) on true`: an aggregate without GROUP BY is one row,
--     so the planner drops the join when no column of it is read. PostgREST's exact count
--     (`select 1 from <view>`) then counts rows without computing the figures of every row.
--   * Lists narrow their rows with an indexable `= any ((select private.scope_course_ids())::uuid[])`,
--     because the RLS policies OR an admin check into theirs, which no index can serve.
--   * Profiles are looked up by primary key per row shown: the users policies are ORed too, so a join
--     would read every user once per outer row.
--   * PostgREST returns at most 1000 rows per request (max_rows, as on Supabase). Nothing a screen needs
--     in one piece may be larger: the calendar month is a bounded RPC (get_calendar_month), not a month
--     of calendar_classes rows.
--
-- Every read model, what it takes and returns, and the screen it serves (requests per screen load):
--
--   get_student_dashboard(course_limit = 3, class_limit = 3) -> json
--     {course_count, courses: [newest active enrollments: course, teacher_name, progress,
--      upcoming_classes (<= class_limit, not yet ended)], stats (get_student_stats)}
--     Student dashboard: 1.
--   course_catalog (view) -> active courses + teacher_name, average_rating, review_count, is_full,
--     is_enrolled (the caller's active enrollment). Course catalog: 1 (filters, search, paging by PostgREST).
--   my_courses (view) -> a student's active/completed enrollments (relation 'student', enrollment_id,
--     enrollment_status, progress, enrolled_at) or a teacher's own courses (relation 'teacher');
--     + teacher_name, class_count, next_class_at. My courses (both roles): 1.
--   get_course_detail(course_uuid, class_page = 1, class_page_size = 5) -> json
--     {course (+ teacher_name), enrollment (caller's), materials (+ uploader_name), class_count,
--      classes (one page by date)}, null when the caller cannot see the course. Course detail: 1 per page.
--   calendar_classes (view) -> classes the caller may see + course_title, course_language, course_level,
--     teacher_id, teacher_name, ends_at, my_attendance. Class management (paged) and the selected day of
--     the calendar (a one-day scheduled_date range): 1.
--   get_calendar_month(range_start, range_end, time_zone = 'UTC', day_limit = 2, upcoming_limit = 5)
--     -> json {range_start, range_end, time_zone, class_count, days: [{date, class_count, classes
--     (<= day_limit calendar_classes rows)}], upcoming_classes (<= upcoming_limit calendar_classes rows
--     from now)}; the range spans at most 42 days. Calendar (any role): 2 (this + the selected day's
--     calendar_classes).
--   material_list (view) -> materials the caller may see + course_title, uploader_name.
--     Materials library / extra materials (course_id is null): 1.
--   activity_list (view) -> activities the caller may see + effective_course_id, course_title, class_title,
--     class_scheduled_date, submission_count / graded_count (of the submissions the caller may see),
--     my_submission_id, my_submission_status, my_grade, my_feedback, my_submitted_at. Activities: 1.
--   submission_list (view) -> submissions the caller may see + student_name, student_email,
--     student_avatar_url, activity_title, activity_type, max_points, due_date, course_id, course_title,
--     is_late. Grading and "my work": 1.
--   course_roster (view) -> courses the caller may see + teacher_name, revenue (price x enrolled_count),
--     students (json array of active enrollments: enrollment_id, user_id, progress, enrolled_at,
--     first_name, last_name, email, avatar_url; by last name). Course management: 1 (one page of courses).
--   my_students (view) -> one row per active enrollment the caller may see (teacher: own courses; admin:
--     all): profile, course_title, status, progress, total_classes, attended_classes, study_hours,
--     submission_count, graded_count, average_grade_percent, last_activity_at. My students: 1.
--   teacher_overview (view) -> teachers + course_count, active_course_count, languages, categories,
--     student_count, average_rating, review_count. Teacher management: 1.
--   course_review_list (view) -> reviews + course_title, student_name. Reviews of a course: 1.
--   get_user_counts() -> json {total, students, teachers, admins, active, inactive} of the profiles the
--     caller may see. User management: 2 (this + one page of `users`).
--   get_teacher_dashboard(upcoming_limit = 5, recent_limit = 5) -> json {course_count,
--     active_course_count, total_students, total_classes, upcoming_class_count, live_class_count,
--     average_rating, review_count, pending_submission_count, courses (performance), upcoming_classes,
--     recent_submissions (waiting for a grade)}. Teacher dashboard: 1.
--   get_admin_dashboard(since timestamptz = null) -> json {since, users {total, students, teachers,
--     admins}, courses {total, active}, enrollments {active, completed, dropped}, classes {total, live,
--     upcoming}, materials, revenue}. Admin dashboard: 1 (again per period change).
--   get_student_stats(student_uuid) (progress migration) -> json {enrolled_courses, completed_courses,
--     total_study_hours, average_progress}. Profile / a student's details: 1.

-- The caller's scope as arrays, so a read model can narrow its rows with an indexable `= any (...)`
-- (the RLS policies OR a boolean admin check into theirs, which no index can serve). RLS still applies
-- on top; for administrators the scope is everything.
create function private.scope_course_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select case
    when (select private.is_admin()) then (select coalesce(array_agg(c.id), '{}') from public.courses c)
    else (select private.taught_course_ids()) || (select private.enrolled_course_ids())
  end
$$;

create function private.scope_activity_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select case
    when (select private.is_admin()) then (select coalesce(array_agg(a.id), '{}') from public.activities a)
    else (select private.taught_activity_ids())
  end
$$;

revoke execute on function private.scope_course_ids(), private.scope_activity_ids() from public;
grant execute on function private.scope_course_ids(), private.scope_activity_ids() to authenticated, service_role;

-- Catalog -----------------------------------------------------------------------------------------

create view public.course_catalog with (security_invoker = true) as
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
  c.enrolled_count >= c.max_students as is_full,
  ratings.average_rating,
  ratings.review_count,
  exists (
    select 1 from public.enrollments e
     where e.course_id = c.id and e.user_id = (select auth.uid()) and e.status = 'active'
  ) as is_enrolled,
  c.created_at,
  c.updated_at
from public.courses c
left join lateral (
  select round(avg(r.rating), 2) as average_rating, count(*)::integer as review_count
    from public.course_reviews r
   where r.course_id = c.id
) ratings on true
where c.is_active;

comment on view public.course_catalog is
  'Course Catalog: active courses with teacher name, average rating (null without reviews), review count, is_full, is_enrolled.';

-- My courses --------------------------------------------------------------------------------------

create view public.my_courses with (security_invoker = true) as
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
  schedule.next_class_at
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
  null::numeric(5, 2),
  null::timestamptz,
  schedule.class_count,
  schedule.next_class_at
from public.courses c
left join lateral (
  select count(*)::integer as class_count, min(cl.scheduled_date) filter (where cl.scheduled_date > now()) as next_class_at
    from public.classes cl
   where cl.course_id = c.id
) schedule on true
where c.teacher_id = (select auth.uid());

comment on view public.my_courses is
  'My Courses: a student''s active and completed enrollments (relation student, with progress) and a teacher''s own courses (relation teacher).';

-- Calendar and class management ----------------------------------------------------------------------

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
-- administrator's month holds thousands of classes, more than PostgREST returns in one
-- response (max_rows 1000), so the grid is not a month of calendar_classes rows: this answers each day's
-- count and first classes, bounded by the range (at most 42 days, a six-week grid) and the limits, in
-- one request. Days are calendar days in `time_zone` (an IANA name, the viewer's). Classes are
-- calendar_classes rows, so the selected day's full list (a one-day calendar_classes read) maps the same.
create function public.get_calendar_month(
  range_start timestamptz,
  range_end timestamptz,
  time_zone text default 'UTC',
  day_limit integer default 2,
  upcoming_limit integer default 5
) returns json
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if range_start is null or range_end is null or range_end <= range_start then
    raise exception 'The calendar range must end after it starts' using errcode = '22023';
  end if;
  if range_end > range_start + interval '42 days' then
    raise exception 'The calendar range can span at most 42 days' using errcode = '22023';
  end if;
  day_limit := least(greatest(coalesce(day_limit, 2), 0), 50);
  upcoming_limit := least(greatest(coalesce(upcoming_limit, 5), 0), 50);

  return (
    with in_range as (
      select cl.id, cl.scheduled_date, (cl.scheduled_date at time zone coalesce(time_zone, 'UTC'))::date as day
        from public.classes cl
       where cl.course_id = any ((select private.scope_course_ids())::uuid[])
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
             order by cc.scheduled_date, cc.id
             limit upcoming_limit
          ) u
      ), '[]'::json)
    )
  );
end
$$;

comment on function public.get_calendar_month(timestamptz, timestamptz, text, integer, integer) is
  'Calendar month grid: {range_start, range_end, time_zone, class_count, days: [{date, class_count, classes (≤ day_limit calendar_classes rows)}], upcoming_classes (≤ upcoming_limit from now)}; range ≤ 42 days.';

-- Materials ---------------------------------------------------------------------------------------

create view public.material_list with (security_invoker = true) as
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
  m.uploaded_at
from public.materials m
left join public.courses c on c.id = m.course_id
-- General materials plus those of the caller's courses: two index scans, whatever the caller's role.
where m.course_id is null or m.course_id = any ((select private.scope_course_ids())::uuid[]);

comment on view public.material_list is
  'Materials library / Extra Materials: the materials the caller may see, with course title and uploader name.';

-- Activities and submissions ----------------------------------------------------------------------

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
  a.due_date is not null and s.submitted_at > a.due_date as is_late
from public.activity_submissions s
left join public.activities a on a.id = s.activity_id
left join public.classes cl on cl.id = a.class_id
left join public.courses c on c.id = coalesce(a.course_id, cl.course_id)
left join public.users u on u.id = s.student_id
where s.student_id = (select auth.uid()) or s.activity_id = any ((select private.scope_activity_ids())::uuid[]);

comment on view public.submission_list is
  'Submissions the caller may see with student, activity and course details (grading lists, a student''s own work).';

-- Course management --------------------------------------------------------------------------------

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

-- My students -------------------------------------------------------------------------------------

-- Driven from the caller's courses (a handful for a teacher) into their active enrollments by index. A
-- student's attendance is read only for the classes of that course (class_ids, computed once per course).
create view public.my_students with (security_invoker = true) as
select
  e.id as enrollment_id,
  e.user_id as student_id,
  u.first_name,
  u.last_name,
  u.email,
  u.avatar_url,
  u.is_active as student_is_active,
  e.course_id,
  c.title as course_title,
  e.status,
  e.progress,
  e.enrolled_at,
  schedule.total_classes,
  attendance.attended_classes,
  round(attendance.attended_minutes / 60.0, 1) as study_hours,
  work.submission_count,
  work.graded_count,
  work.average_grade_percent,
  greatest(attendance.last_attended_at, work.last_submitted_at, u.last_sign_in_at) as last_activity_at
from public.courses c
join public.enrollments e on e.course_id = c.id
-- Whoever sees an active enrollment also sees its student's profile, so this never drops a row; as a left
-- join the exact count does not read users at all.
left join public.users u on u.id = e.user_id
left join lateral (
  select count(*)::integer as total_classes, coalesce(array_agg(cl.id), '{}') as class_ids
    from public.classes cl
   where cl.course_id = c.id
) schedule on true
left join lateral (
  select count(*)::integer as attended_classes,
         coalesce(sum(cl.duration), 0)::integer as attended_minutes,
         max(a.attended_at) as last_attended_at
    from public.class_attendance a
    join public.classes cl on cl.id = a.class_id
   where a.user_id = e.user_id and a.class_id = any (schedule.class_ids) and a.attended
) attendance on true
left join lateral (
  select count(*)::integer as submission_count,
         (count(*) filter (where s.status = 'graded'))::integer as graded_count,
         round(avg(100.0 * s.grade / ac.max_points) filter (where s.grade is not null), 1) as average_grade_percent,
         max(s.submitted_at) as last_submitted_at
    from public.activity_submissions s
    join public.activities ac on ac.id = s.activity_id
    left join public.classes acl on acl.id = ac.class_id
   where s.student_id = e.user_id and coalesce(ac.course_id, acl.course_id) = e.course_id
) work on true
where e.status = 'active'
  and c.id = any ((select private.scope_course_ids())::uuid[])
  and e.course_id = any ((select private.scope_course_ids())::uuid[]);

comment on view public.my_students is
  'My Students: one row per active enrollment the caller may see (a teacher: own courses; admins: all) with progress, attendance, graded work and last activity.';

-- Teacher management ------------------------------------------------------------------------------

-- Each teacher's figures come from their own courses by index: student_count from the covering
-- (course_id, status, user_id) index of enrollments, ratings from course_reviews by course_id.
create view public.teacher_overview with (security_invoker = true) as
select
  u.id,
  u.email,
  u.first_name,
  u.last_name,
  u.avatar_url,
  u.phone,
  u.location,
  u.bio,
  u.is_active,
  u.created_at,
  u.last_sign_in_at,
  courses.course_count,
  courses.active_course_count,
  courses.languages,
  courses.categories,
  students.student_count,
  ratings.average_rating,
  ratings.review_count
from public.users u
left join lateral (
  select count(*)::integer as course_count,
         (count(*) filter (where c.is_active))::integer as active_course_count,
         coalesce(array_agg(distinct c.language), '{}') as languages,
         coalesce(array_agg(distinct c.category), '{}') as categories,
         coalesce(array_agg(c.id), '{}') as ids
    from public.courses c
   where c.teacher_id = u.id
) courses on true
left join lateral (
  select count(distinct e.user_id)::integer as student_count
    from public.enrollments e
   where e.course_id = any (courses.ids) and e.status = 'active'
) students on true
left join lateral (
  select round(avg(r.rating), 2) as average_rating, count(*)::integer as review_count
    from public.course_reviews r
   where r.course_id = any (courses.ids)
) ratings on true
where u.role = 'teacher';

comment on view public.teacher_overview is
  'Teacher Management: teachers with their course counts, languages and categories (specializations), students and rating.';

-- Reviews ------------------------------------------------------------------------------------------

create view public.course_review_list with (security_invoker = true) as
select
  r.id,
  r.course_id,
  c.title as course_title,
  r.student_id,
  private.public_name(r.student_id) as student_name,
  r.rating,
  r.comment,
  r.created_at,
  r.updated_at
from public.course_reviews r
left join public.courses c on c.id = r.course_id;

comment on view public.course_review_list is
  'Course reviews with the reviewer''s name (students cannot read other students'' profiles, so embedding users would show no name).';

revoke all on
  public.course_catalog,
  public.my_courses,
  public.calendar_classes,
  public.material_list,
  public.activity_list,
  public.submission_list,
  public.course_roster,
  public.my_students,
  public.teacher_overview,
  public.course_review_list
from anon, authenticated;
grant select on
  public.course_catalog,
  public.my_courses,
  public.calendar_classes,
  public.material_list,
  public.activity_list,
  public.submission_list,
  public.course_roster,
  public.my_students,
  public.teacher_overview,
  public.course_review_list
to authenticated, service_role;

-- User management ---------------------------------------------------------------------------------

create function public.get_user_counts() returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'total', count(*),
    'students', count(*) filter (where u.role = 'student'),
    'teachers', count(*) filter (where u.role = 'teacher'),
    'admins', count(*) filter (where u.role = 'admin'),
    'active', count(*) filter (where u.is_active),
    'inactive', count(*) filter (where not u.is_active)
  )
  from public.users u
$$;

comment on function public.get_user_counts() is 'User Management stats: profiles the caller may see, by role and status.';

-- Dashboards --------------------------------------------------------------------------------------

-- Student dashboard: the caller's newest active enrollments, each with its next classes (a class counts
-- until it ends, so one in progress still offers Join Now).
create function public.get_student_dashboard(course_limit integer default 3, class_limit integer default 3)
returns json
language sql stable security invoker set search_path = ''
as $$
  with my_enrollments as (
    select e.id as enrollment_id, e.progress, e.enrolled_at, c.*
      from public.enrollments e
      join public.courses c on c.id = e.course_id
     where e.user_id = (select auth.uid()) and e.status = 'active'
  ),
  shown as (
    select * from my_enrollments order by enrolled_at desc, title limit greatest(course_limit, 0)
  )
  select json_build_object(
    'course_count', (select count(*) from my_enrollments),
    'courses', coalesce((
      select json_agg(
               json_build_object(
                 'id', s.id,
                 'title', s.title,
                 'description', s.description,
                 'language', s.language,
                 'category', s.category,
                 'level', s.level,
                 'duration', s.duration,
                 'thumbnail_url', s.thumbnail_url,
                 'teacher_id', s.teacher_id,
                 'teacher_name', private.public_name(s.teacher_id),
                 'enrollment_id', s.enrollment_id,
                 'progress', s.progress,
                 'enrolled_at', s.enrolled_at,
                 'upcoming_classes', coalesce((
                   select json_agg(
                            json_build_object(
                              'id', cl.id,
                              'course_id', cl.course_id,
                              'title', cl.title,
                              'description', cl.description,
                              'scheduled_date', cl.scheduled_date,
                              'duration', cl.duration,
                              'type', cl.type,
                              'meeting_link', cl.meeting_link,
                              'recording_url', cl.recording_url
                            )
                            order by cl.scheduled_date
                          )
                     from (
                       select * from public.classes c2
                        where c2.course_id = s.id
                          and c2.scheduled_date > now() - interval '1 day'
                          and c2.scheduled_date + make_interval(mins => c2.duration) > now()
                        order by c2.scheduled_date
                        limit greatest(class_limit, 0)
                     ) cl
                 ), '[]'::json)
               )
               order by s.enrolled_at desc, s.title
             )
        from shown s
    ), '[]'::json),
    'stats', public.get_student_stats((select auth.uid()))
  )
$$;

comment on function public.get_student_dashboard(integer, integer) is
  'Student dashboard: {course_count, courses: [≤ course_limit newest active enrollments with teacher_name, progress, upcoming_classes ≤ class_limit], stats}.';

create function public.get_teacher_dashboard(upcoming_limit integer default 5, recent_limit integer default 5)
returns json
language sql stable security invoker set search_path = ''
as $$
  with mine as (
    select c.* from public.courses c where c.teacher_id = (select auth.uid())
  ),
  my_classes as (
    select cl.*, m.title as course_title from public.classes cl join mine m on m.id = cl.course_id
  ),
  -- By course_id through the index (a join would read every review to keep the teacher's few).
  my_reviews as (
    select r.rating from public.course_reviews r where r.course_id = any (array(select m.id from mine m))
  ),
  waiting as (
    select s.id, s.activity_id, s.student_id, s.submitted_at, a.title as activity_title, m.id as course_id,
           m.title as course_title
      from public.activity_submissions s
      join public.activities a on a.id = s.activity_id
      left join public.classes cl on cl.id = a.class_id
      join mine m on m.id = coalesce(a.course_id, cl.course_id)
     where s.status = 'submitted'
  )
  select json_build_object(
    'course_count', (select count(*) from mine),
    'active_course_count', (select count(*) from mine where is_active),
    'total_students', (select coalesce(sum(enrolled_count), 0) from mine),
    'total_classes', (select count(*) from my_classes),
    'upcoming_class_count', (select count(*) from my_classes where scheduled_date > now()),
    'live_class_count', (select count(*) from my_classes where type = 'live'),
    'average_rating', (select round(avg(rating), 2) from my_reviews),
    'review_count', (select count(*) from my_reviews),
    'pending_submission_count', (select count(*) from waiting),
    'courses', coalesce((
      select json_agg(
               json_build_object(
                 'id', m.id,
                 'title', m.title,
                 'language', m.language,
                 'category', m.category,
                 'level', m.level,
                 'is_active', m.is_active,
                 'enrolled_count', m.enrolled_count,
                 'max_students', m.max_students,
                 'enrollment_percent', round(100.0 * m.enrolled_count / m.max_students)
               )
               order by m.created_at desc
             )
        from mine m
    ), '[]'::json),
    'upcoming_classes', coalesce((
      select json_agg(
               json_build_object(
                 'id', u.id,
                 'course_id', u.course_id,
                 'course_title', u.course_title,
                 'title', u.title,
                 'scheduled_date', u.scheduled_date,
                 'duration', u.duration,
                 'type', u.type,
                 'meeting_link', u.meeting_link
               )
               order by u.scheduled_date
             )
        from (
          select * from my_classes where scheduled_date > now() order by scheduled_date limit greatest(upcoming_limit, 0)
        ) u
    ), '[]'::json),
    'recent_submissions', coalesce((
      select json_agg(
               json_build_object(
                 'id', w.id,
                 'activity_id', w.activity_id,
                 'activity_title', w.activity_title,
                 'course_id', w.course_id,
                 'course_title', w.course_title,
                 'student_id', w.student_id,
                 'student_name', private.public_name(w.student_id),
                 'submitted_at', w.submitted_at
               )
               order by w.submitted_at desc
             )
        from (select * from waiting order by submitted_at desc limit greatest(recent_limit, 0)) w
    ), '[]'::json)
  )
$$;

comment on function public.get_teacher_dashboard(integer, integer) is
  'Teacher dashboard for the caller''s own courses: figures, course performance, next classes, submissions waiting for a grade.';

-- Admin dashboard. With `since`, the time-based figures count only what happened since then (users by
-- created_at, enrollments and revenue by enrolled_at, classes by scheduled_date, materials by
-- uploaded_at); current-state figures (active courses, upcoming classes) ignore it. Revenue is the sum of
-- the course price over active enrollments, which equals sum(price × enrolled_count) without `since`: an
-- administrator, who sees every enrollment, gets it from the courses rather than a second pass over all
-- enrollments; anyone else through the enrollments RLS lets them see.
create function public.get_admin_dashboard(since timestamptz default null) returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'since', since,
    'users', (
      select json_build_object(
        'total', count(*),
        'students', count(*) filter (where u.role = 'student'),
        'teachers', count(*) filter (where u.role = 'teacher'),
        'admins', count(*) filter (where u.role = 'admin')
      )
      from public.users u
      where since is null or u.created_at >= since
    ),
    'courses', (
      select json_build_object('total', count(*), 'active', count(*) filter (where c.is_active))
      from public.courses c
    ),
    'enrollments', (
      select json_build_object(
        'active', count(*) filter (where e.status = 'active'),
        'completed', count(*) filter (where e.status = 'completed'),
        'dropped', count(*) filter (where e.status = 'dropped')
      )
      from public.enrollments e
      where since is null or e.enrolled_at >= since
    ),
    'classes', (
      select json_build_object(
        'total', count(*) filter (where since is null or cl.scheduled_date >= since),
        'live', count(*) filter (where cl.type = 'live' and (since is null or cl.scheduled_date >= since)),
        'upcoming', count(*) filter (where cl.scheduled_date > now())
      )
      from public.classes cl
    ),
    'materials', (
      select count(*) from public.materials m where since is null or m.uploaded_at >= since
    ),
    'revenue', case
      when since is null and (select private.is_admin()) then (
        select coalesce(sum(c.price * c.enrolled_count), 0) from public.courses c
      )
      else (
        select coalesce(sum(c.price), 0)
        from public.enrollments e
        join public.courses c on c.id = e.course_id
        where e.status = 'active' and (since is null or e.enrolled_at >= since)
      )
    end
  )
$$;

comment on function public.get_admin_dashboard(timestamptz) is
  'Admin dashboard figures {since, users{total,students,teachers,admins}, courses{total,active}, enrollments{active,completed,dropped}, classes{total,live,upcoming}, materials, revenue}.';

-- Course detail -----------------------------------------------------------------------------------

create function public.get_course_detail(course_uuid uuid, class_page integer default 1, class_page_size integer default 5)
returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'course', json_build_object(
      'id', c.id,
      'title', c.title,
      'description', c.description,
      'language', c.language,
      'category', c.category,
      'level', c.level,
      'duration', c.duration,
      'teacher_id', c.teacher_id,
      'teacher_name', private.public_name(c.teacher_id),
      'price', c.price,
      'thumbnail_url', c.thumbnail_url,
      'is_active', c.is_active,
      'enrolled_count', c.enrolled_count,
      'max_students', c.max_students,
      'created_at', c.created_at
    ),
    'enrollment', (
      select json_build_object('id', e.id, 'status', e.status, 'progress', e.progress, 'enrolled_at', e.enrolled_at)
        from public.enrollments e
       where e.course_id = c.id and e.user_id = (select auth.uid())
    ),
    'materials', coalesce((
      select json_agg(
               json_build_object(
                 'id', m.id,
                 'title', m.title,
                 'type', m.type,
                 'url', m.url,
                 'storage_path', m.storage_path,
                 'mime_type', m.mime_type,
                 'file_size', m.file_size,
                 'course_id', m.course_id,
                 'language', m.language,
                 'skill', m.skill,
                 'uploaded_by', m.uploaded_by,
                 'uploader_name', private.public_name(m.uploaded_by),
                 'uploaded_at', m.uploaded_at
               )
               order by m.uploaded_at desc
             )
        from public.materials m
       where m.course_id = c.id
    ), '[]'::json),
    'class_count', (select count(*) from public.classes cl where cl.course_id = c.id),
    'classes', coalesce((
      select json_agg(
               json_build_object(
                 'id', p.id,
                 'course_id', p.course_id,
                 'title', p.title,
                 'description', p.description,
                 'scheduled_date', p.scheduled_date,
                 'duration', p.duration,
                 'type', p.type,
                 'meeting_link', p.meeting_link,
                 'recording_url', p.recording_url
               )
               order by p.scheduled_date
             )
        from (
          select * from public.classes cl
           where cl.course_id = c.id
           order by cl.scheduled_date
           limit greatest(class_page_size, 1)
          offset (greatest(class_page, 1) - 1) * greatest(class_page_size, 1)
        ) p
    ), '[]'::json)
  )
  from public.courses c
  where c.id = course_uuid
$$;

comment on function public.get_course_detail(uuid, integer, integer) is
  'Course detail: {course (+ teacher_name), enrollment (the caller''s, or null), materials, class_count, classes (one page, by date)}; null when the caller cannot see the course.';

revoke execute on function
  public.get_user_counts(),
  public.get_calendar_month(timestamptz, timestamptz, text, integer, integer),
  public.get_student_dashboard(integer, integer),
  public.get_teacher_dashboard(integer, integer),
  public.get_admin_dashboard(timestamptz),
  public.get_course_detail(uuid, integer, integer)
from public, anon;
grant execute on function
  public.get_user_counts(),
  public.get_calendar_month(timestamptz, timestamptz, text, integer, integer),
  public.get_student_dashboard(integer, integer),
  public.get_teacher_dashboard(integer, integer),
  public.get_admin_dashboard(timestamptz),
  public.get_course_detail(uuid, integer, integer)
to authenticated, service_role;
