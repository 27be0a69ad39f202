-- The waiting list (issue 30, docs/waiting-list.md): a full active course takes names in line; when a
-- seat frees, the first in line is enrolled in the same transaction and told so.
--
--   public.waiting_list (course_id, student_id, created_at): one row per student and course, in line by
--     (created_at, id). Nobody writes it directly: join_waiting_list(course) adds the caller (an active
--     student, the course active and full, not enrolled there); the student deletes their own row to
--     leave (admins may remove anyone's). created_at is the database's clock, so nobody jumps the queue.
--   public.join_waiting_list(course_uuid) -> json {success, error?, position?}.
--   public.my_waiting_list() -> the caller's entries with their place in line (one request for all).
--   public.course_waiting_list(course_uuid) -> the line of a course, for its teacher and admins.
--   Filling seats (private.fill_free_seats): after any statement that frees a seat (an active enrolment
--     dropped, completed or deleted, max_students raised, a course made active again), with the course
--     row locked (the lock every enrolment path takes first, docs/product-rules.md "Enrolment"), the first
--     in line are enrolled while places are free; their entries go (any enrolment that becomes active
--     removes its entry), and each is told with the kind waitlist_seat_offered ("you have a seat in X")
--     instead of enrollment_confirmed. Deactivated accounts are skipped (they keep their entry and are
--     left out of places in line).

-- 1. The table ------------------------------------------------------------------------------------------

create table public.waiting_list (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  student_id uuid not null references public.users (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp(),
  constraint waiting_list_course_id_student_id_key unique (course_id, student_id)
);

comment on table public.waiting_list is
  'Students waiting for a seat in a full course, in line by (created_at, id). Joined through join_waiting_list; the first in line is enrolled when a seat frees.';

-- The line of a course is (course_id, created_at, id); a student's entries by student_id.
create index waiting_list_course_line_idx on public.waiting_list (course_id, created_at, id);
create index waiting_list_student_id_idx on public.waiting_list (student_id);

alter table public.waiting_list enable row level security;

create policy "Students can see their own waiting list entries"
  on public.waiting_list for select
  to authenticated
  using (student_id = (select auth.uid()));

create policy "Teachers can see the waiting lists of their courses"
  on public.waiting_list for select
  to authenticated
  using (course_id = any ((select private.taught_course_ids())::uuid[]));

create policy "Admins can see every waiting list"
  on public.waiting_list for select
  to authenticated
  using ((select private.is_admin()));

create policy "Students can leave a waiting list"
  on public.waiting_list for delete
  to authenticated
  using (student_id = (select auth.uid()));

create policy "Admins can remove anyone from a waiting list"
  on public.waiting_list for delete
  to authenticated
  using ((select private.is_admin()));

-- No insert or update through the API: joining goes through join_waiting_list, and the place in line is
-- the database's clock.
revoke all on public.waiting_list from anon, authenticated;
grant select, delete on public.waiting_list to authenticated;
grant all on public.waiting_list to service_role;

-- 2. Joining --------------------------------------------------------------------------------------------

-- The caller's place in line in a course: active accounts ahead of them, plus one. Null when not in line.
create function private.waiting_position(p_course_id uuid, p_student_id uuid) returns integer
language sql stable security definer set search_path = ''
as $$
  select (
    select count(*)::integer
      from public.waiting_list w
      join public.users u on u.id = w.student_id and u.is_active
     where w.course_id = me.course_id
       and (w.created_at, w.id) <= (me.created_at, me.id)
  )
    from public.waiting_list me
   where me.course_id = p_course_id and me.student_id = p_student_id
$$;

create function private.join_waiting_list(course_uuid uuid) returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_course public.courses%rowtype;
  v_status text;
  v_active integer;
begin
  if v_uid is null or (select private.current_user_role()) is distinct from 'student' then
    return json_build_object('success', false, 'error', 'only_active_students');
  end if;

  -- The same lock as enrolling and dropping: a seat cannot free between the check and the insert.
  select * into v_course from public.courses c where c.id = course_uuid for update;
  if not found then
    return json_build_object('success', false, 'error', 'course_not_found');
  end if;
  if not v_course.is_active then
    return json_build_object('success', false, 'error', 'course_closed');
  end if;

  select e.status into v_status from public.enrollments e where e.course_id = course_uuid and e.user_id = v_uid;
  if v_status = 'active' then
    return json_build_object('success', false, 'error', 'already_enrolled');
  end if;
  if v_status = 'completed' then
    return json_build_object('success', false, 'error', 'already_completed');
  end if;

  select count(*) into v_active from public.enrollments e where e.course_id = course_uuid and e.status = 'active';
  if v_active < v_course.max_students then
    return json_build_object('success', false, 'error', 'course_not_full');
  end if;

  insert into public.waiting_list (course_id, student_id) values (course_uuid, v_uid)
  on conflict (course_id, student_id) do nothing;
  if not found then
    return json_build_object('success', false, 'error', 'already_waiting');
  end if;
  return json_build_object('success', true, 'position', private.waiting_position(course_uuid, v_uid));
end
$$;

create function public.join_waiting_list(course_uuid uuid) returns json
language sql volatile security invoker set search_path = ''
as $$ select private.join_waiting_list(course_uuid) $$;

comment on function public.join_waiting_list(uuid) is
  'The caller (an active student) joins the waiting list of a full active course they are not enrolled in. Returns {success, error?, position?}; errors: only_active_students, course_not_found, course_closed, already_enrolled, already_completed, course_not_full, already_waiting. Runs private.join_waiting_list().';

-- 3. Reading it -----------------------------------------------------------------------------------------

-- The caller's entries, each with its place in line, in one request.
create function private.my_waiting_list()
returns table (id uuid, course_id uuid, course_title text, joined_at timestamptz, "position" integer)
language sql stable security definer set search_path = ''
as $$
  select w.id, w.course_id, c.title, w.created_at,
         (select count(*)::integer
            from public.waiting_list ahead
            join public.users u on u.id = ahead.student_id and u.is_active
           where ahead.course_id = w.course_id
             and (ahead.created_at, ahead.id) <= (w.created_at, w.id))
    from public.waiting_list w
    join public.courses c on c.id = w.course_id
   where w.student_id = (select auth.uid())
   order by w.created_at, w.id
$$;

create function public.my_waiting_list()
returns table (id uuid, course_id uuid, course_title text, joined_at timestamptz, "position" integer)
language sql stable security invoker set search_path = ''
as $$ select * from private.my_waiting_list() $$;

comment on function public.my_waiting_list() is
  'The caller''s waiting list entries with their place in line (deactivated accounts ahead are not counted). Runs private.my_waiting_list().';

-- A course's line with names, for its teacher and administrators (another teacher, a student: nothing).
-- The students in it are not enrolled, so the users policies would hide their names from the teacher.
create function private.course_waiting_list(course_uuid uuid)
returns table (id uuid, student_id uuid, first_name text, last_name text, joined_at timestamptz,
               "position" integer)
language sql stable security definer set search_path = ''
as $$
  select w.id, w.student_id, u.first_name, u.last_name, w.created_at,
         (row_number() over (order by w.created_at, w.id))::integer
    from public.waiting_list w
    join public.users u on u.id = w.student_id and u.is_active
   where w.course_id = course_uuid
     and ((select private.is_admin()) or course_uuid = any ((select private.taught_course_ids())::uuid[]))
   order by w.created_at, w.id
$$;

create function public.course_waiting_list(course_uuid uuid)
returns table (id uuid, student_id uuid, first_name text, last_name text, joined_at timestamptz,
               "position" integer)
language sql stable security invoker set search_path = ''
as $$ select * from private.course_waiting_list(course_uuid) $$;

comment on function public.course_waiting_list(uuid) is
  'The waiting list of a course in line order (names, joined at, place), for its teacher and administrators; nothing for anyone else. Runs private.course_waiting_list().';

revoke execute on function
  private.waiting_position(uuid, uuid),
  private.join_waiting_list(uuid),
  private.my_waiting_list(),
  private.course_waiting_list(uuid)
from public;
grant execute on function
  private.join_waiting_list(uuid),
  private.my_waiting_list(),
  private.course_waiting_list(uuid)
to authenticated, service_role;
grant execute on function private.waiting_position(uuid, uuid) to service_role;
revoke execute on function
  public.join_waiting_list(uuid),
  public.my_waiting_list(),
  public.course_waiting_list(uuid)
from public, anon;
grant execute on function
  public.join_waiting_list(uuid),
  public.my_waiting_list(),
  public.course_waiting_list(uuid)
to authenticated, service_role;

-- 4. Filling free seats ---------------------------------------------------------------------------------

insert into public.notification_kinds (kind, in_app_default, email_default) values
  ('waitlist_seat_offered', true, true);

-- For each course (in id order, the order sync_enrolled_count locks them): lock the row, and while it is
-- active and has a free place, enrol the first active student in line. Each statement reads a fresh
-- snapshot after the lock, so a transaction that waited for the lock sees the seats and entries the one
-- before it committed: two drops at once give two seats to the first two in line, never more than
-- max_students (sync_enrolled_count refuses that anyway). Entries are locked one by one, so a student
-- leaving at the same moment is either left out or enrolled, never both.
create function private.fill_free_seats(course_ids uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_course public.courses%rowtype;
  v_entry public.waiting_list%rowtype;
  v_free integer;
  v_enrollment_id uuid;
begin
  for v_course in
    select * from public.courses c where c.id = any (course_ids) order by c.id for update
  loop
    continue when not v_course.is_active;
    loop
      select v_course.max_students - count(*)::integer into v_free
        from public.enrollments e
       where e.course_id = v_course.id and e.status = 'active';
      exit when v_free <= 0;

      select w.* into v_entry
        from public.waiting_list w
        join public.users u on u.id = w.student_id and u.is_active and u.role = 'student'
       where w.course_id = v_course.id
       order by w.created_at, w.id
       limit 1
         for update of w;
      if not found then
        -- The first in line may have left while this waited for their row: look again.
        exit when not exists (
          select 1 from public.waiting_list w
            join public.users u on u.id = w.student_id and u.is_active and u.role = 'student'
           where w.course_id = v_course.id
        );
        continue;
      end if;

      -- Tells notify_enrollment_confirmed that this enrolment is the waiting list's (its own kind below).
      perform set_config('portal.seat_from_waiting_list', v_entry.student_id::text, true);
      update public.enrollments e
         set status = 'active', enrolled_at = now()
       where e.course_id = v_course.id and e.user_id = v_entry.student_id and e.status = 'dropped'
       returning e.id into v_enrollment_id;
      if v_enrollment_id is null then
        insert into public.enrollments (course_id, user_id) values (v_course.id, v_entry.student_id)
        on conflict (course_id, user_id) do nothing
        returning id into v_enrollment_id;
      end if;
      perform set_config('portal.seat_from_waiting_list', '', true);
      -- Enrolling removed the entry (the enrolment triggers below); one that could not be enrolled (a
      -- completed enrolment) goes too, so the loop moves on.
      delete from public.waiting_list w where w.id = v_entry.id;

      if v_enrollment_id is not null then
        -- Told whoever made the seat free, trusted callers included: the seat is news only they can give.
        perform private.notify(array[v_entry.student_id], 'waitlist_seat_offered', v_course.id, v_enrollment_id,
                               jsonb_build_object('courseTitle', v_course.title));
      end if;
    end loop;
  end loop;
end
$$;

-- Enrolments that stopped being active (dropped, completed, moved) or were deleted free their seats.
create function private.fill_seats_after_enrollment_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_course_ids uuid[];
begin
  -- Whoever is enrolled is no longer waiting there.
  delete from public.waiting_list w
   using new_rows n
   where n.status = 'active' and w.course_id = n.course_id and w.student_id = n.user_id;

  v_course_ids := array(
    select distinct o.course_id
      from old_rows o
     where o.status = 'active'
       and not exists (
         select 1 from new_rows n where n.id = o.id and n.status = 'active' and n.course_id = o.course_id
       )
  );
  if cardinality(v_course_ids) > 0 then
    perform private.fill_free_seats(v_course_ids);
  end if;
  return null;
end
$$;

create function private.fill_seats_after_enrollment_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.waiting_list w
   using new_rows n
   where n.status = 'active' and w.course_id = n.course_id and w.student_id = n.user_id;
  return null;
end
$$;

create function private.fill_seats_after_enrollment_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_course_ids uuid[] := array(select distinct o.course_id from old_rows o where o.status = 'active');
begin
  if cardinality(v_course_ids) > 0 then
    perform private.fill_free_seats(v_course_ids);
  end if;
  return null;
end
$$;

-- Named after sync_enrolled_count_after_* so they run after it (statement triggers run by name).
create trigger waiting_list_after_enrollment_insert
  after insert on public.enrollments
  referencing new table as new_rows
  for each statement execute function private.fill_seats_after_enrollment_insert();

create trigger waiting_list_after_enrollment_update
  after update on public.enrollments
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.fill_seats_after_enrollment_update();

create trigger waiting_list_after_enrollment_delete
  after delete on public.enrollments
  referencing old table as old_rows
  for each statement execute function private.fill_seats_after_enrollment_delete();

-- More places, or a course open again.
create function private.fill_seats_after_course_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.fill_free_seats(array[new.id]);
  return null;
end
$$;

create trigger waiting_list_after_course_update
  after update of max_students, is_active on public.courses
  for each row
  when (new.max_students > old.max_students or (new.is_active and not old.is_active))
  execute function private.fill_seats_after_course_update();

revoke execute on function
  private.fill_free_seats(uuid[]),
  private.fill_seats_after_enrollment_update(),
  private.fill_seats_after_enrollment_insert(),
  private.fill_seats_after_enrollment_delete(),
  private.fill_seats_after_course_update()
from public;

-- The enrolment a seat from the waiting list made is told as waitlist_seat_offered, not also as
-- enrollment_confirmed. Otherwise as in 20261130000200_notifications.sql.
create or replace function private.notify_enrollment_confirmed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.status <> 'active' or (select private.is_trusted_caller()) then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.status = 'active' then
    return null;
  end if;
  if current_setting('portal.seat_from_waiting_list', true) = new.user_id::text then
    return null;
  end if;
  perform private.notify(array[new.user_id], 'enrollment_confirmed', new.course_id, new.id,
                         jsonb_build_object(
                           'courseTitle', (select co.title from public.courses co where co.id = new.course_id)));
  return null;
end
$$;
