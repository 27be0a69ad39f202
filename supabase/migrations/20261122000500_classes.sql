-- Scheduled classes of a course, and who attended them. A class is visible to the course's actively
-- enrolled students, its teacher and administrators; the teacher and administrators schedule classes and
-- take attendance, and a student may mark their own attendance when joining a live class.
--
--   public.classes, its policies and column grants.
--   Helpers: private.taught_class_ids(), enrolled_class_ids(), teaches_class(class),
--     can_self_mark_attendance(class), class_ends_at(start, minutes).
--   One clock: a class is UPCOMING until it ends and HELD once it has ended, the end being
--     private.class_ends_at(scheduled_date, duration); a class in progress is upcoming and not held.
--   classes_refuse_moving_held (trigger): a class with present attendance marks has been held, and its
--     marks (and the join times in them) belong to that session, so nobody (administrators included)
--     moves it to another time or course. Clearing the marks first (everyone absent) frees it. Who may
--     move a class otherwise is RLS's answer (the course's teacher or an administrator).
--   public.class_attendance: one row per student and class. The roster of a class is the course's
--     students whose enrolment is not dropped (active or completed). A row that stays present keeps the
--     time it was first marked (often the student's own join) unless the teacher or an administrator
--     sets another time explicitly; a student cannot choose their own time (joining stamps now()).
--   save_class_attendance(class, present_user_ids = '{}', absent_user_ids = '{}') -> json [{id,
--     class_id, user_id, attended, attended_at, marked_by}] of the students sent: takes the roster in one
--     request, writing only the marks that change. The course's teacher or an admin only (42501); each
--     id must be on the class's roster (23514 'This student is not enrolled in the course of this
--     class'); an id in both lists is refused (22023). Students left out are untouched.

create table public.classes (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text not null default '' check (char_length(description) <= 5000),
  scheduled_date timestamptz not null,
  duration integer not null default 60 check (duration >= 15),
  type text not null default 'live' check (type in ('live', 'recorded')),
  meeting_link text check (char_length(meeting_link) <= 2000),
  recording_url text check (char_length(recording_url) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint classes_meeting_link_required_for_live check (type <> 'live' or nullif(btrim(meeting_link), '') is not null)
);

comment on table public.classes is 'A scheduled session of a course, live (with a meeting link) or recorded.';
comment on column public.classes.duration is 'Length in minutes (at least 15).';
comment on column public.classes.meeting_link is 'Required for live classes.';
comment on column public.classes.recording_url is 'Where a recorded class (or the recording of a live one) can be watched.';

-- Row-level security reads the columns its policies name, so an index answers a count or a list on its
-- own (an index-only scan) only when it carries them too.
-- A course's classes: ids for the policy helpers (taught/enrolled class ids), duration and type for
-- the class figures, without visiting the table.
create index classes_course_id_scheduled_date_idx
  on public.classes (course_id, scheduled_date) include (id, duration, type);
-- The school's classes by time, ties by id, with the course the policies check: a page of classes
-- (`order=scheduled_date,id`) walks the index and stops at the page's last class (administrators' class
-- list from today, calendar days).
create index classes_scheduled_date_idx on public.classes (scheduled_date, id) include (course_id);
create index classes_type_scheduled_date_idx on public.classes (type, scheduled_date);
create index classes_title_trgm_idx on public.classes using gin (title extensions.gin_trgm_ops);

alter table public.classes enable row level security;

create function private.taught_class_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(c.id), '{}')
    from public.classes c
   where c.course_id = any ((select private.taught_course_ids())::uuid[])
$$;

create function private.enrolled_class_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(c.id), '{}')
    from public.classes c
   where c.course_id = any ((select private.enrolled_course_ids())::uuid[])
$$;

create function private.teaches_class(class_uuid uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.classes c where c.id = class_uuid and (select private.teaches_course(c.course_id))
  )
$$;

-- A student marks their own attendance only for a live class of a course they are actively enrolled in,
-- from 30 minutes before it starts until it ends (joining it).
create function private.can_self_mark_attendance(class_uuid uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.classes c
     where c.id = class_uuid
       and c.type = 'live'
       and (select private.is_enrolled(c.course_id))
       and now() between c.scheduled_date - interval '30 minutes'
                     and c.scheduled_date + make_interval(mins => c.duration)
  )
$$;

-- When a class ends. An SQL-standard body (parsed once, here) that the planner inlines into the calling
-- query, so it costs nothing per row; `stable` like the `timestamptz + interval` it uses.
create function private.class_ends_at(scheduled_date timestamptz, duration integer) returns timestamptz
language sql stable parallel safe
return scheduled_date + make_interval(mins => duration);

comment on function private.class_ends_at(timestamptz, integer) is
  'When a class ends: its start plus its duration in minutes. Upcoming = ends_at > now(); held = ends_at <= now().';

revoke execute on function
  private.taught_class_ids(),
  private.enrolled_class_ids(),
  private.teaches_class(uuid),
  private.can_self_mark_attendance(uuid),
  private.class_ends_at(timestamptz, integer)
from public;
grant execute on function
  private.taught_class_ids(),
  private.enrolled_class_ids(),
  private.teaches_class(uuid),
  private.can_self_mark_attendance(uuid),
  private.class_ends_at(timestamptz, integer)
to authenticated, service_role;

create policy "Students can view the classes of their courses"
  on public.classes for select
  to authenticated
  using (course_id = any ((select private.enrolled_course_ids())::uuid[]));

create policy "Teachers can view the classes of their courses"
  on public.classes for select
  to authenticated
  using (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can view every class"
  on public.classes for select
  to authenticated
  using ((select private.is_admin()));

create policy "Teachers can schedule classes in their courses"
  on public.classes for insert
  to authenticated
  with check (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can schedule classes"
  on public.classes for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Teachers can update the classes of their courses"
  on public.classes for update
  to authenticated
  using (course_id = any ((select private.taught_course_ids())::uuid[]))
  with check (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can update every class"
  on public.classes for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Teachers can delete the classes of their courses"
  on public.classes for delete
  to authenticated
  using (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can delete classes"
  on public.classes for delete
  to authenticated
  using ((select private.is_admin()));

revoke all on public.classes from anon, authenticated;
grant select, delete on public.classes to authenticated;
grant insert (id, course_id, title, description, scheduled_date, duration, type, meeting_link, recording_url)
  on public.classes to authenticated;
grant update (course_id, title, description, scheduled_date, duration, type, meeting_link, recording_url)
  on public.classes to authenticated;
grant all on public.classes to service_role;

create trigger touch_classes_updated_at
  before update on public.classes
  for each row execute function private.touch_updated_at();

create function private.refuse_moving_held_class() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if (new.scheduled_date, new.course_id) is distinct from (old.scheduled_date, old.course_id)
     and exists (
       select 1 from public.class_attendance a where a.class_id = old.id and a.attended
     ) then
    raise exception 'A class with attendance cannot be moved' using errcode = '23514';
  end if;
  return new;
end
$$;

comment on function private.refuse_moving_held_class() is
  'Refuses changing the start or course of a class that has present attendance marks.';

create trigger classes_refuse_moving_held
  before update of scheduled_date, course_id on public.classes
  for each row execute function private.refuse_moving_held_class();

revoke execute on function private.refuse_moving_held_class() from public;

-- Attendance ---------------------------------------------------------------------------------------

create table public.class_attendance (
  id uuid primary key default gen_random_uuid(),
  class_id uuid not null references public.classes (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  attended boolean not null default false,
  attended_at timestamptz,
  marked_by uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint class_attendance_class_id_user_id_key unique (class_id, user_id)
);

comment on table public.class_attendance is
  'Roster of a class: one row per student, written by the teacher/admin or by the student joining a live class.';
comment on column public.class_attendance.attended_at is 'When the student was marked present; null when absent.';
comment on column public.class_attendance.marked_by is 'Who last marked the row (stamped by trigger for API callers).';

-- (class_id, user_id) is covered by the unique constraint's index.
create index class_attendance_user_id_class_id_idx on public.class_attendance (user_id, class_id);
create index class_attendance_marked_by_idx on public.class_attendance (marked_by);
-- "Recent activity" reads the newest present marks first.
create index class_attendance_attended_at_idx on public.class_attendance (attended_at desc) where attended;
-- A class's present marks, newest first: the recent-activity panel reads a few per class, and the
-- attendance figures count them (user_id included, so neither visits the table).
create index class_attendance_class_id_attended_at_idx
  on public.class_attendance (class_id, attended_at desc, id) include (user_id)
  where attended;

alter table public.class_attendance enable row level security;

create policy "Students can view their own attendance"
  on public.class_attendance for select
  to authenticated
  using (user_id = (select auth.uid()));

-- A teacher's classes are a long list (hundreds): tested as one hashed subplan per statement.
create policy "Teachers can view attendance in their courses"
  on public.class_attendance for select
  to authenticated
  using (class_id in (select unnest((select private.taught_class_ids()))));

create policy "Admins can view all attendance"
  on public.class_attendance for select
  to authenticated
  using ((select private.is_admin()));

create policy "Teachers can take attendance in their courses"
  on public.class_attendance for insert
  to authenticated
  with check (class_id = any ((select private.taught_class_ids())::uuid[]));

create policy "Admins can take attendance"
  on public.class_attendance for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Students can mark themselves present when joining a live class"
  on public.class_attendance for insert
  to authenticated
  with check (user_id = (select auth.uid()) and attended and (select private.can_self_mark_attendance(class_id)));

create policy "Teachers can correct attendance in their courses"
  on public.class_attendance for update
  to authenticated
  using (class_id = any ((select private.taught_class_ids())::uuid[]))
  with check (class_id = any ((select private.taught_class_ids())::uuid[]));

create policy "Admins can correct attendance"
  on public.class_attendance for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Students can mark themselves present again when joining a live class"
  on public.class_attendance for update
  to authenticated
  using (user_id = (select auth.uid()) and (select private.can_self_mark_attendance(class_id)))
  with check (user_id = (select auth.uid()) and attended and (select private.can_self_mark_attendance(class_id)));

create policy "Teachers can delete attendance in their courses"
  on public.class_attendance for delete
  to authenticated
  using (class_id = any ((select private.taught_class_ids())::uuid[]));

create policy "Admins can delete attendance"
  on public.class_attendance for delete
  to authenticated
  using ((select private.is_admin()));

revoke all on public.class_attendance from anon, authenticated;
grant select, delete on public.class_attendance to authenticated;
grant insert (id, class_id, user_id, attended, attended_at) on public.class_attendance to authenticated;
-- class_id and user_id are listed so an upsert on (class_id, user_id) works; the trigger refuses moving a row.
grant update (class_id, user_id, attended, attended_at) on public.class_attendance to authenticated;
grant all on public.class_attendance to service_role;

-- Stamps who marked the row and when the student was present; only students of the class's course
-- (any enrollment status, so past rosters stay editable) can be on its roster.
create function private.prepare_attendance() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_trusted boolean := (select private.is_trusted_caller());
  v_newly_present boolean;
  v_self boolean;
begin
  if tg_op = 'UPDATE' and (new.class_id, new.user_id) is distinct from (old.class_id, old.user_id)
     and not v_trusted then
    raise exception 'An attendance row cannot be moved to another class or student' using errcode = '42501';
  end if;
  if tg_op = 'INSERT' or (new.class_id, new.user_id) is distinct from (old.class_id, old.user_id) then
    if not exists (
      select 1 from public.classes c
        join public.enrollments e on e.course_id = c.course_id and e.user_id = new.user_id
       where c.id = new.class_id
    ) then
      raise exception 'This student is not enrolled in the course of this class' using errcode = '23514';
    end if;
  end if;

  v_newly_present := new.attended and (tg_op = 'INSERT' or not old.attended);
  v_self := not v_trusted
            and new.user_id = (select auth.uid())
            and not (select private.is_admin())
            and not (select private.teaches_class(new.class_id));
  if not new.attended then
    new.attended_at := null;
  elsif v_self then
    -- A student joining is present now, whatever the request says.
    new.attended_at := case when v_newly_present then now() else old.attended_at end;
  elsif v_newly_present then
    -- Teachers may record when someone arrived.
    new.attended_at := coalesce(new.attended_at, now());
  else
    -- Still present. A time the teacher or an administrator sets explicitly is a correction and is
    -- kept; a write that leaves attended_at alone (or clears it) keeps the time they arrived.
    -- Re-saving the roster through save_class_attendance never writes a row that stays present.
    new.attended_at := coalesce(new.attended_at, old.attended_at);
  end if;
  if not v_trusted then
    new.marked_by := (select auth.uid());
  end if;
  return new;
end
$$;

create trigger prepare_attendance
  before insert or update on public.class_attendance
  for each row execute function private.prepare_attendance();

create trigger touch_class_attendance_updated_at
  before update on public.class_attendance
  for each row execute function private.touch_updated_at();

revoke execute on function private.prepare_attendance() from public;

-- Taking attendance ---------------------------------------------------------------------------------

create function public.save_class_attendance(
  class_uuid uuid,
  present_user_ids uuid[] default '{}',
  absent_user_ids uuid[] default '{}'
) returns json
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_course uuid;
  v_ids uuid[];
begin
  present_user_ids := coalesce(present_user_ids, '{}');
  absent_user_ids := coalesce(absent_user_ids, '{}');
  if not ((select private.teaches_class(class_uuid)) or (select private.acts_as_admin())) then
    raise exception 'Only the course''s teacher or an administrator can take attendance' using errcode = '42501';
  end if;
  select cl.course_id into v_course from public.classes cl where cl.id = class_uuid;
  if v_course is null then
    raise exception 'Class not found' using errcode = 'P0002';
  end if;
  if present_user_ids && absent_user_ids then
    raise exception 'A student cannot be both present and absent' using errcode = '22023';
  end if;

  v_ids := array(select distinct u.id from unnest(present_user_ids || absent_user_ids) as u (id));
  if exists (
    select 1 from unnest(v_ids) as u (id)
     where u.id is null
        or not exists (
          select 1 from public.enrollments e
           where e.course_id = v_course and e.user_id = u.id and e.status <> 'dropped'
        )
  ) then
    raise exception 'This student is not enrolled in the course of this class' using errcode = '23514';
  end if;

  -- Only what changes is written: a student already marked as sent keeps their time and marked_by.
  insert into public.class_attendance as current_mark (class_id, user_id, attended)
  select class_uuid, u.id, u.id = any (present_user_ids)
    from unnest(v_ids) as u (id)
  on conflict (class_id, user_id) do update
    set attended = excluded.attended
    where current_mark.attended is distinct from excluded.attended;

  return (
    select coalesce(json_agg(json_build_object(
             'id', a.id,
             'class_id', a.class_id,
             'user_id', a.user_id,
             'attended', a.attended,
             'attended_at', a.attended_at,
             'marked_by', a.marked_by
           ) order by a.user_id), '[]'::json)
      from public.class_attendance a
     where a.class_id = class_uuid and a.user_id = any (v_ids)
  );
end
$$;

comment on function public.save_class_attendance(uuid, uuid[], uuid[]) is
  'Takes attendance of one class in one request (its teacher or an admin): marks the given students of the course (active or completed) present or absent; unchanged marks keep their time.';

revoke execute on function public.save_class_attendance(uuid, uuid[], uuid[]) from public, anon;
grant execute on function public.save_class_attendance(uuid, uuid[], uuid[]) to authenticated, service_role;
