-- Course Management (administrators, /courses): the figures above the grid and the stored files a
-- course takes with it when it is deleted.
--
-- get_course_management_stats() -> {total_courses, active_courses, total_students, total_revenue,
--   languages}: every course the caller may see (RLS; an administrator sees all). total_students
--   counts distinct students with an active enrolment; total_revenue = sum of price x active
--   enrolments (courses.enrolled_count); languages are the languages of existing courses, for the
--   filter. One request whatever the number of courses.
-- get_course_files(course_uuid) -> [{bucket, name}]: the stored objects that belong to the course:
--   its materials' files (bucket materials) and the files handed in for its activities and its
--   classes' activities (bucket activity-submissions). Only the course's teacher or an administrator
--   gets an answer (security invoker: RLS lets exactly them read those rows); the client removes these
--   objects through the storage API first, then deletes the
--   course (the rows go by cascade). Storage objects are removed through the API, not by SQL, so the
--   files themselves go too.

create function public.get_course_management_stats() returns json
language sql stable security invoker set search_path = ''
as $$
  select json_build_object(
    'total_courses', count(*),
    'active_courses', count(*) filter (where c.is_active),
    'total_revenue', coalesce(sum(c.price * c.enrolled_count), 0),
    'total_students', (
      select count(distinct e.user_id)
        from public.enrollments e
       where e.status = 'active'
         and e.course_id = any (array_agg(c.id))
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

revoke execute on function public.get_course_management_stats(), public.get_course_files(uuid) from public, anon;
grant execute on function public.get_course_management_stats(), public.get_course_files(uuid)
  to authenticated, service_role;
