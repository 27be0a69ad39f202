-- The attendance dialog lists and takes a class's roster as it was when the class took place (issue 29,
-- "Wrong figures", item 1).
--
-- 20261129000100 made a class count for a student only from their enrolment on, and set each class's
-- rate against the students enrolled by its start; the dialog still listed (class_roster) and took
-- (save_class_attendance, or a direct write to class_attendance) every student of the course who had
-- not dropped it, so a past class offered students who enrolled after it. Now a class's roster is the
-- course's enrolments that are not dropped and were made by the class's start (enrolled_at <= its
-- scheduled_date), everywhere:
--   - class_roster lists only them;
--   - save_class_attendance refuses anyone else (23514): a student with no enrolment that is not
--     dropped, 'This student is not enrolled in the course of this class' as before; a student who
--     enrolled after the class started, 'This student was not enrolled in the course when this class
--     took place';
--   - the class_attendance trigger refuses the same for a teacher's or an administrator's direct write.
--     A student's own mark when joining (the policy: a live class of a course they are actively
--     enrolled in, inside its join window) and trusted code (the seed, imports) are not held to the
--     class's start: a mark from someone who enrolled after the class began counts in no figure.
-- Rules in docs/product-rules.md, "Attendance and class timing".
--
-- API after this migration: the same view columns and function arguments; one new refusal text.

-- Why a student is not on a class's roster (null when they are): the one statement of the rule for the
-- writes. (The views read it as a join: enrolled_at <= scheduled_date and status <> 'dropped'.)
create function private.class_roster_refusal(class_uuid uuid, user_uuid uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when e.enrolled_at <= cl.scheduled_date then null
    when e.id is not null then 'This student was not enrolled in the course when this class took place'
    else 'This student is not enrolled in the course of this class'
  end
    from public.classes cl
    left join public.enrollments e
      on e.course_id = cl.course_id and e.user_id = user_uuid and e.status <> 'dropped'
   where cl.id = class_uuid
$$;

comment on function private.class_roster_refusal(uuid, uuid) is
  'Null when the student is on the class''s roster (an enrolment in its course, not dropped, made by its start); otherwise the refusal''s text.';

revoke execute on function private.class_roster_refusal(uuid, uuid) from public;
grant execute on function private.class_roster_refusal(uuid, uuid) to authenticated, service_role;

-- The dialog's list.
create or replace view public.class_roster with (security_invoker = true) as
select
  cl.id as class_id,
  cl.course_id,
  e.id as enrollment_id,
  e.user_id as student_id,
  p.first_name,
  p.last_name,
  p.email,
  p.avatar_url,
  coalesce(a.attended, false) as attended,
  a.attended_at,
  a.marked_by,
  a.id is not null as is_marked
from public.classes cl
join public.enrollments e
  on e.course_id = cl.course_id and e.status <> 'dropped' and e.enrolled_at <= cl.scheduled_date
-- One primary-key lookup per student (whoever sees an active or completed enrollment also sees its
-- student: the users policy above).
left join lateral (
  select u.first_name, u.last_name, u.email, u.avatar_url
    from public.users u
   where u.id = e.user_id
  offset 0
) p on true
left join public.class_attendance a on a.class_id = cl.id and a.user_id = e.user_id
where cl.course_id = any ((select private.scope_course_ids())::uuid[]);

comment on view public.class_roster is
  'Attendance dialog: each class''s roster (the students of its course who had enrolled by its start and have not dropped it, active or completed) with their attendance mark (attended false when unmarked).';

-- Taking attendance: only the class's roster.
create or replace function public.save_class_attendance(
  class_uuid uuid,
  present_user_ids uuid[] default '{}',
  absent_user_ids uuid[] default '{}'
) returns json
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_course uuid;
  v_ids uuid[];
  v_refusal text;
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
  if array_position(v_ids, null) is not null then
    raise exception 'This student is not enrolled in the course of this class' using errcode = '23514';
  end if;
  v_refusal := (
    select r.refusal
      from unnest(v_ids) as u (id)
     cross join lateral (select private.class_roster_refusal(class_uuid, u.id) as refusal) r
     where r.refusal is not null
     limit 1
  );
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = '23514';
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
  'Takes attendance of one class in one request (its teacher or an admin): marks the given students of its roster (enrolled in its course by its start, active or completed) present or absent; unchanged marks keep their time.';

-- A direct write: stamps who marked the row and when the student was present. Only students of the
-- class's course can have a row (any enrolment status, so a dropped student's past marks stay); a
-- teacher or an administrator writes only for the class's roster.
create or replace function private.prepare_attendance() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_trusted boolean := (select private.is_trusted_caller());
  v_newly_present boolean;
  v_self boolean;
  v_staff boolean;
  v_refusal text;
begin
  if tg_op = 'UPDATE' and (new.class_id, new.user_id) is distinct from (old.class_id, old.user_id)
     and not v_trusted then
    raise exception 'An attendance row cannot be moved to another class or student' using errcode = '42501';
  end if;
  -- The class's teacher or an administrator (anyone else's write is RLS's to refuse).
  v_staff := not v_trusted
             and ((select private.is_admin()) or (select private.teaches_class(new.class_id)));
  v_self := not v_trusted and not v_staff and new.user_id = (select auth.uid());
  if tg_op = 'INSERT' or (new.class_id, new.user_id) is distinct from (old.class_id, old.user_id) then
    if not exists (
      select 1 from public.classes c
        join public.enrollments e on e.course_id = c.course_id and e.user_id = new.user_id
       where c.id = new.class_id
    ) then
      raise exception 'This student is not enrolled in the course of this class' using errcode = '23514';
    end if;
    if v_staff then
      v_refusal := private.class_roster_refusal(new.class_id, new.user_id);
      if v_refusal is not null then
        raise exception '%', v_refusal using errcode = '23514';
      end if;
    end if;
  end if;

  v_newly_present := new.attended and (tg_op = 'INSERT' or not old.attended);
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
