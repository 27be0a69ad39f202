-- Rescheduling classes (the teacher calendar's week and month planner drags a class to a new time; the
-- Class Management form can change the date too). Who may move a class is RLS's answer already: the
-- course's teacher or an administrator ("Teachers can update the classes of their courses"); anyone
-- else's update matches no row, and moving a class into a course one does not teach fails the policy's
-- WITH CHECK.
--
-- What this adds: a class that already has attendance marks has been held, and its marks (and the join
-- times in them) belong to that session. Moving it to another time or another course would leave the
-- marks describing a session that no longer exists, so the database refuses it for everyone,
-- administrators included. Clearing the marks first (the roster's "absent" for everyone) frees it.

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

revoke execute on function private.refuse_moving_held_class() from public;

comment on function private.refuse_moving_held_class() is
  'Refuses changing the start or course of a class that has present attendance marks.';

create trigger classes_refuse_moving_held
  before update of scheduled_date, course_id on public.classes
  for each row execute function private.refuse_moving_held_class();
