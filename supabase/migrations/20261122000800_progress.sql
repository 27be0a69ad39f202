-- Course progress and student statistics.
--
-- Progress of an enrollment (student S in course C), a percent 0–100 with two decimals:
--
--   attendance = classes of C that S attended / all classes of C
--   work       = active activities of C (set on C or on one of its classes) with a graded submission
--                of S / all active activities of C
--   progress   = 50 × attendance + 50 × work   when C has classes and activities
--              = 100 × attendance              when C has classes but no activities
--              = 100 × work                    when C has activities but no classes
--              = 0                             when C has neither
--
-- Both shares count against everything scheduled or set in the course (not only what is already past),
-- so the figure only moves when data changes and the triggers below keep it exact: they recompute the
-- enrollments a statement touched (attendance, classes, activities, submissions, new enrollments) once
-- per statement, set-based, so bulk loads stay fast (students are matched by semi-join, not `= any`, as a
-- bulk statement can touch thousands).

create function private.refresh_progress(course_ids uuid[], user_ids uuid[] default null) returns void
language sql security definer set search_path = ''
as $$
  with targets as (
    select e.id, e.course_id, e.user_id
      from public.enrollments e
     where e.course_id = any (course_ids)
       and (user_ids is null or e.user_id in (select unnest(user_ids)))
  ),
  class_totals as (
    select c.course_id, count(*) as total
      from public.classes c
     where c.course_id = any (course_ids)
     group by c.course_id
  ),
  attended as (
    select c.course_id, a.user_id, count(*) as total
      from public.class_attendance a
      join public.classes c on c.id = a.class_id
     where c.course_id = any (course_ids)
       and a.attended
       and (user_ids is null or a.user_id in (select unnest(user_ids)))
     group by c.course_id, a.user_id
  ),
  course_activities as (
    select a.id, coalesce(a.course_id, c.course_id) as course_id
      from public.activities a
      left join public.classes c on c.id = a.class_id
     where a.is_active
       and (a.course_id = any (course_ids) or c.course_id = any (course_ids))
  ),
  activity_totals as (
    select ca.course_id, count(*) as total from course_activities ca group by ca.course_id
  ),
  -- Joined to the tables (primary-key lookups), not to the CTE above: a bulk statement runs this on
  -- statistics that predate it, and a nested loop over a CTE would compare every pair.
  graded as (
    select coalesce(a.course_id, c.course_id) as course_id, s.student_id, count(*) as total
      from public.activity_submissions s
      join public.activities a on a.id = s.activity_id
      left join public.classes c on c.id = a.class_id
     where s.status = 'graded'
       and a.is_active
       and (a.course_id = any (course_ids) or c.course_id = any (course_ids))
       and (user_ids is null or s.student_id in (select unnest(user_ids)))
     group by 1, 2
  ),
  computed as (
    select t.id,
           round(least(100, case
             when coalesce(ct.total, 0) = 0 and coalesce(act.total, 0) = 0 then 0
             when coalesce(act.total, 0) = 0 then 100.0 * coalesce(att.total, 0) / ct.total
             when coalesce(ct.total, 0) = 0 then 100.0 * coalesce(g.total, 0) / act.total
             else 50.0 * coalesce(att.total, 0) / ct.total + 50.0 * coalesce(g.total, 0) / act.total
           end), 2) as progress
      from targets t
      left join class_totals ct on ct.course_id = t.course_id
      left join attended att on att.course_id = t.course_id and att.user_id = t.user_id
      left join activity_totals act on act.course_id = t.course_id
      left join graded g on g.course_id = t.course_id and g.student_id = t.user_id
  )
  update public.enrollments e
     set progress = computed.progress
    from computed
   where e.id = computed.id
     and e.progress is distinct from computed.progress
$$;

comment on function private.refresh_progress(uuid[], uuid[]) is
  'Recomputes enrollments.progress for the given courses (and students, when given); formula in the migration.';

-- Attendance: the touched students in the courses of the touched classes. A statement trigger sees only
-- the transition tables its event declares, hence one function per event.
create function private.progress_after_attendance_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(
    array(
      select distinct c.course_id
        from public.classes c
       where c.id in (select n.class_id from new_rows n union select o.class_id from old_rows o)
    ),
    array(select n.user_id from new_rows n union select o.user_id from old_rows o)
  );
  return null;
end
$$;

create function private.progress_after_attendance_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(
    array(select distinct c.course_id from public.classes c where c.id in (select n.class_id from new_rows n)),
    array(select distinct n.user_id from new_rows n)
  );
  return null;
end
$$;

create function private.progress_after_attendance_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(
    array(select distinct c.course_id from public.classes c where c.id in (select o.class_id from old_rows o)),
    array(select distinct o.user_id from old_rows o)
  );
  return null;
end
$$;

create trigger progress_after_attendance_insert
  after insert on public.class_attendance
  referencing new table as new_rows
  for each statement execute function private.progress_after_attendance_insert();

create trigger progress_after_attendance_update
  after update on public.class_attendance
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.progress_after_attendance_update();

create trigger progress_after_attendance_delete
  after delete on public.class_attendance
  referencing old table as old_rows
  for each statement execute function private.progress_after_attendance_delete();

-- Classes: every enrollment of the courses whose class list changed.
create function private.progress_after_class_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(array(select distinct n.course_id from new_rows n));
  return null;
end
$$;

create function private.progress_after_class_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- Only a class moved to another course changes anyone's progress. (Set differences rather than joins:
  -- transition tables have no statistics, and a nested loop over two of them is quadratic.)
  perform private.refresh_progress(array(
    select moved.course_id
      from (
        (select n.id, n.course_id from new_rows n except select o.id, o.course_id from old_rows o)
        union
        (select o.id, o.course_id from old_rows o except select n.id, n.course_id from new_rows n)
      ) moved
  ));
  return null;
end
$$;

create function private.progress_after_class_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(array(select distinct o.course_id from old_rows o));
  return null;
end
$$;

create trigger progress_after_class_insert
  after insert on public.classes
  referencing new table as new_rows
  for each statement execute function private.progress_after_class_insert();

create trigger progress_after_class_update
  after update on public.classes
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.progress_after_class_update();

create trigger progress_after_class_delete
  after delete on public.classes
  referencing old table as old_rows
  for each statement execute function private.progress_after_class_delete();

-- Activities: every enrollment of the courses whose active activities changed.
create function private.activity_rows_course_ids(activity_course_ids uuid[], activity_class_ids uuid[]) returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select array(
    select unnest(activity_course_ids)
    union
    select c.course_id from public.classes c where c.id = any (activity_class_ids)
  )
$$;

create function private.progress_after_activity_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(private.activity_rows_course_ids(
    array(select n.course_id from new_rows n where n.course_id is not null),
    array(select n.class_id from new_rows n where n.class_id is not null)
  ));
  return null;
end
$$;

create function private.progress_after_activity_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- Activities whose status or place changed, before and after (set differences, as for classes).
  perform private.refresh_progress(private.activity_rows_course_ids(
    array(select changed.course_id from (
      (select n.id, n.is_active, n.course_id, n.class_id from new_rows n
       except select o.id, o.is_active, o.course_id, o.class_id from old_rows o)
      union
      (select o.id, o.is_active, o.course_id, o.class_id from old_rows o
       except select n.id, n.is_active, n.course_id, n.class_id from new_rows n)
    ) changed where changed.course_id is not null),
    array(select changed.class_id from (
      (select n.id, n.is_active, n.course_id, n.class_id from new_rows n
       except select o.id, o.is_active, o.course_id, o.class_id from old_rows o)
      union
      (select o.id, o.is_active, o.course_id, o.class_id from old_rows o
       except select n.id, n.is_active, n.course_id, n.class_id from new_rows n)
    ) changed where changed.class_id is not null)
  ));
  return null;
end
$$;

create function private.progress_after_activity_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(private.activity_rows_course_ids(
    array(select o.course_id from old_rows o where o.course_id is not null),
    array(select o.class_id from old_rows o where o.class_id is not null)
  ));
  return null;
end
$$;

create trigger progress_after_activity_insert
  after insert on public.activities
  referencing new table as new_rows
  for each statement execute function private.progress_after_activity_insert();

create trigger progress_after_activity_update
  after update on public.activities
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.progress_after_activity_update();

create trigger progress_after_activity_delete
  after delete on public.activities
  referencing old table as old_rows
  for each statement execute function private.progress_after_activity_delete();

-- Submissions: the touched students in the courses of the touched activities.
create function private.submission_rows_course_ids(activity_ids uuid[]) returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select array(
    select distinct coalesce(a.course_id, c.course_id)
      from public.activities a
      left join public.classes c on c.id = a.class_id
     where a.id = any (activity_ids)
  )
$$;

create function private.progress_after_submission_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(
    private.submission_rows_course_ids(array(select distinct n.activity_id from new_rows n)),
    array(select distinct n.student_id from new_rows n)
  );
  return null;
end
$$;

create function private.progress_after_submission_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(
    private.submission_rows_course_ids(array(select n.activity_id from new_rows n union select o.activity_id from old_rows o)),
    array(select n.student_id from new_rows n union select o.student_id from old_rows o)
  );
  return null;
end
$$;

create function private.progress_after_submission_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(
    private.submission_rows_course_ids(array(select distinct o.activity_id from old_rows o)),
    array(select distinct o.student_id from old_rows o)
  );
  return null;
end
$$;

create trigger progress_after_submission_insert
  after insert on public.activity_submissions
  referencing new table as new_rows
  for each statement execute function private.progress_after_submission_insert();

create trigger progress_after_submission_update
  after update on public.activity_submissions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.progress_after_submission_update();

create trigger progress_after_submission_delete
  after delete on public.activity_submissions
  referencing old table as old_rows
  for each statement execute function private.progress_after_submission_delete();

-- A new (or re-created) enrollment starts from what the student already did in the course.
create function private.progress_after_enrollment_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_progress(
    array(select distinct n.course_id from new_rows n),
    array(select distinct n.user_id from new_rows n)
  );
  return null;
end
$$;

create trigger progress_after_enrollment_insert
  after insert on public.enrollments
  referencing new table as new_rows
  for each statement execute function private.progress_after_enrollment_insert();

revoke execute on function
  private.refresh_progress(uuid[], uuid[]),
  private.progress_after_attendance_update(),
  private.progress_after_attendance_insert(),
  private.progress_after_attendance_delete(),
  private.progress_after_class_insert(),
  private.progress_after_class_update(),
  private.progress_after_class_delete(),
  private.activity_rows_course_ids(uuid[], uuid[]),
  private.progress_after_activity_insert(),
  private.progress_after_activity_update(),
  private.progress_after_activity_delete(),
  private.submission_rows_course_ids(uuid[]),
  private.progress_after_submission_insert(),
  private.progress_after_submission_update(),
  private.progress_after_submission_delete(),
  private.progress_after_enrollment_insert()
from public;

-- Get_student_stats, for the student, the student's teachers and administrators:
--   enrolled_courses   active enrollments
--   completed_courses  completed enrollments
--   total_study_hours  minutes of attended classes / 60, one decimal
--   average_progress   mean progress of active and completed enrollments, two decimals (0 when none)
-- It keeps its first plan, as the read models do ("Plan caching", read_models_courses migration).
create function public.get_student_stats(student_uuid uuid) returns json
language plpgsql stable security definer set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  if not (
    student_uuid = (select auth.uid())
    or (select private.acts_as_admin())
    or student_uuid = any ((select private.taught_student_ids())::uuid[])
  ) then
    raise exception 'You are not allowed to view this student''s statistics' using errcode = '42501';
  end if;

  return (
    select json_build_object(
      'enrolled_courses', count(*) filter (where e.status = 'active'),
      'completed_courses', count(*) filter (where e.status = 'completed'),
      'total_study_hours', (
        select round(coalesce(sum(c.duration), 0) / 60.0, 1)
          from public.class_attendance a
          join public.classes c on c.id = a.class_id
         where a.user_id = student_uuid and a.attended
      ),
      'average_progress', coalesce(round(avg(e.progress) filter (where e.status in ('active', 'completed')), 2), 0)
    )
    from public.enrollments e
    where e.user_id = student_uuid
  );
end
$$;

comment on function public.get_student_stats(uuid) is
  'Statistics of one student: {enrolled_courses, completed_courses, total_study_hours, average_progress}.';

revoke execute on function public.get_student_stats(uuid) from public, anon;
grant execute on function public.get_student_stats(uuid) to authenticated, service_role;
