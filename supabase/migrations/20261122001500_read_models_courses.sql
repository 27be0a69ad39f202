-- Read models: one request per screen (or per screen part), whatever the number of courses, classes or
-- students. Views are `security_invoker` and functions `security invoker`, so every row comes through the
-- caller's RLS policies; names come from private.public_name() only for rows the caller already sees.
-- PostgREST filters, sorts and ranges apply to the views (for example
-- `course_catalog?language=eq.Spanish&title=ilike.*talk*&order=created_at.desc`). They are split by
-- screen family: courses and materials (this file), classes, activities, teaching (My Students and the
-- teacher dashboard), administration.
--
-- How they stay fast on a large school (`pnpm bench:api` checks every plan):
--   * Per-row figures are `left join lateral (aggregate) on true`: an aggregate without GROUP BY is one row,
--     so the planner drops the join when no column of it is read. PostgREST's exact count
--     (`select 1 from <view>`) then counts rows without computing the figures of every row.
--   * Lists narrow their rows with an indexable `= any ((select private.scope_course_ids())::uuid[])`,
--     because the RLS policies OR an admin check into theirs, which no index can serve.
--   * Profiles are looked up by primary key per row shown: the users policies are ORed too, so a join
--     would read every user once per outer row.
--   * School-wide figures come from the summary tables (summary figures migration) for administrators.
--   * PostgREST returns at most 1000 rows per request (max_rows, as on Supabase). Nothing a screen needs
--     in one piece may be larger: the calendar month is a bounded RPC (get_calendar_month), not a month
--     of calendar_classes rows.
--   * Plan caching: a read model's statements are planned when a connection first runs them, and by
--     default again on each of its next four calls (custom plans for the argument values) before
--     Postgres settles on one plan (or keeps planning every call). For the read models marked
--     `set plan_cache_mode = force_generic_plan`, planning cost more than running (a plan for every RLS
--     policy of every table a statement reads) and one plan serves every argument as well: they keep
--     their first plan.
--
-- In this file, what each takes and returns, and the screen it serves (requests per screen load):
--
--   private.scope_course_ids() / scope_activity_ids(): the caller's scope as arrays (administrators:
--     everything), so a read model can narrow its rows by index; RLS still applies on top.
--   course_catalog (view) -> active courses + teacher_name, average_rating, review_count, is_full,
--     is_enrolled (the caller's active enrollment). Course catalog: 1 (filters, search, paging by PostgREST).
--   my_courses (view) -> a student's active/completed enrollments (relation 'student', enrollment_id,
--     enrollment_status, progress, enrolled_at) or a teacher's own courses (relation 'teacher', progress
--     = the average over the course's active enrollments, two decimals; null without students);
--     + teacher_name, class_count, next_class_at. My courses (both roles): 1.
--   get_course_detail(course_uuid, class_page = 1, class_page_size = 5) -> json
--     {course (+ teacher_name), enrollment (caller's), materials (+ uploader_name), class_count,
--      classes (one page by date)}, null when the caller cannot see the course. Course detail: 1 per page.
--   course_review_list (view) -> reviews + course_title, student_name. Reviews of a course: 1.
--   material_list (view) -> materials the caller may see + course_title, uploader_name, can_delete (the
--     caller's delete policies on public.materials allow it: the uploader, the course's teacher, an
--     administrator, so the screen offers Delete exactly where the database would accept it).
--     Materials library / extra materials (course_id is null): 1.
--   material_stats() -> one row {total, documents (pdf + document), videos, audio, links, total_size}
--     (bigint each; total_size in bytes, 0 without files) over every material the caller may read: a
--     teacher's own courses plus the general library, an administrator's everything, a student's
--     actively enrolled courses plus the general library. Materials library: 1 (with one page of
--     material_list and the course filter's courses, 3 requests per screen load).
--   get_student_dashboard(course_limit = 3, class_limit = 3) -> json
--     {course_count, courses: [newest active enrollments: course, teacher_name, progress,
--      upcoming_classes (<= class_limit, not yet ended)], stats (get_student_stats)}
--     Student dashboard: 1.
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

-- A teacher's row carries the real average progress of the course's students: it reads
-- public.enrollments through the caller's RLS, and only a course's teacher (or an administrator) may
-- read its enrollments, so nobody learns the figure of a course they do not teach.
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
  students.average_progress,
  null::timestamptz,
  schedule.class_count,
  schedule.next_class_at
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

comment on view public.my_courses is
  'My Courses: a student''s active and completed enrollments (relation student, with their own progress) and a teacher''s own courses (relation teacher, progress = average over the course''s active enrollments, null without students).';

-- Course detail -----------------------------------------------------------------------------------

create function public.get_course_detail(course_uuid uuid, class_page integer default 1, class_page_size integer default 5)
returns json
language sql stable security invoker set search_path = ''
set plan_cache_mode = force_generic_plan
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
  m.uploaded_at,
  -- The three delete policies of public.materials, evaluated once per request (init plans).
  coalesce(
    m.uploaded_by = (select auth.uid())
      or m.course_id = any ((select private.taught_course_ids())::uuid[])
      or (select private.is_admin()),
    false
  ) as can_delete
from public.materials m
left join public.courses c on c.id = m.course_id
-- General materials plus those of the caller's courses: two index scans, whatever the caller's role.
where m.course_id is null or m.course_id = any ((select private.scope_course_ids())::uuid[]);

comment on view public.material_list is
  'Materials library / Extra Materials: the materials the caller may see, with course title and uploader name.';

-- An administrator reads every material, so the school's totals answer.
create function public.material_stats()
returns table (total bigint, documents bigint, videos bigint, audio bigint, links bigint, total_size bigint)
language sql stable security invoker set search_path = ''
as $$
  select f.materials::bigint, f.document_materials::bigint, f.video_materials::bigint,
         f.audio_materials::bigint, f.link_materials::bigint, f.material_bytes
    from private.school_figures f
   where (select private.is_admin())
  union all
  select count(*) as total,
         count(*) filter (where m.type in ('pdf', 'document')) as documents,
         count(*) filter (where m.type = 'video') as videos,
         count(*) filter (where m.type = 'audio') as audio,
         count(*) filter (where m.type = 'link') as links,
         coalesce(sum(m.file_size), 0)::bigint as total_size
    from public.materials m
   where not (select private.is_admin())
     and (m.course_id is null or m.course_id = any ((select private.scope_course_ids())::uuid[]))
  having not (select private.is_admin())
$$;

comment on function public.material_stats() is
  'Materials library stats: {total, documents, videos, audio, links, total_size} of the materials the caller may see (one row).';

-- Student dashboard -----------------------------------------------------------------------------------

-- The caller's newest active enrollments, each with its next classes (a class counts until it ends, so
-- one in progress still offers Join Now).
create function public.get_student_dashboard(course_limit integer default 3, class_limit integer default 3)
returns json
language sql stable security invoker set search_path = ''
set plan_cache_mode = force_generic_plan
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

revoke all on
  public.course_catalog,
  public.my_courses,
  public.course_review_list,
  public.material_list
from anon, authenticated;
grant select on
  public.course_catalog,
  public.my_courses,
  public.course_review_list,
  public.material_list
to authenticated, service_role;

revoke execute on function
  public.get_course_detail(uuid, integer, integer),
  public.material_stats(),
  public.get_student_dashboard(integer, integer)
from public, anon;
grant execute on function
  public.get_course_detail(uuid, integer, integer),
  public.material_stats(),
  public.get_student_dashboard(integer, integer)
to authenticated, service_role;
