-- An account deletion takes the courses before the school's figures, the one lock order of the figures
-- (20261130000600_figures_lock_order.sql: a course, then the figures). Found in a stress run beside
-- enrolments, drops, price changes and new classes: the deletion refused with "deadlock detected", the
-- cycle read in the Postgres log (docs/architecture.md, "The local stack"):
--
--   Process A waits for ShareLock on transaction …; blocked by process B.
--   Process B waits for ShareLock on transaction …; blocked by process A.
--   Process A: delete from auth.users where id = $1
--     (while locking tuple … in relation "courses", sync_enrolled_count_after_delete)
--   Process B: select public.enroll_user_in_course(…)   (waiting in private.lock_school_figures)
--
-- Deleting an account deletes public.users (on delete cascade), whose statement trigger track_users
-- took the figures; only then did the cascade delete the account's enrolments, and sync_enrolled_count
-- lock each of their courses, waiting for one that an enrolment (or a drop, a price change, a new
-- class) held while it waited for the figures.
--
-- 1. private.lock_courses_of_leaving_user, a row trigger before a user is deleted, locks every course
--    the account is enrolled in (any status), waits for or teaches, in id order and `for update` as
--    enroll_user_in_course does, before any figure is written. The cascade's own locks on those
--    courses are then its own.
-- 2. private.track_courses takes the figures only when a price or a teacher changed. It ran after every
--    update statement of public.courses, also the deletion's `set teacher_id = null` that changed no
--    row and every enrolment's enrolled_count update, and took the figures for nothing: it writes no
--    figure then (the hours' revenue moves with a price, the teachers' and students' figures with a
--    teacher). Restated whole from 20261130000600_figures_lock_order.sql with the one added check.
--
-- Test: supabase/tests/figures-lock-order.test.ts.

create function private.lock_courses_of_leaving_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform 1
     from public.courses c
    where c.id in (select e.course_id from public.enrollments e where e.user_id = old.id
                   union
                   select w.course_id from public.waiting_list w where w.student_id = old.id)
       or c.teacher_id = old.id
    order by c.id
      for update;
  return old;
end
$$;

comment on function private.lock_courses_of_leaving_user() is
  'Before a user is deleted: locks their courses (enrolled, waiting, taught) before the cascade writes any figure.';
revoke all on function private.lock_courses_of_leaving_user() from public, anon, authenticated;

-- After guard_admin_self (which refuses an administrator's own deletion): triggers fire in name order.
create trigger lock_courses_before_user_delete
  before delete on public.users
  for each row execute function private.lock_courses_of_leaving_user();

create or replace function private.track_courses() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    delete from private.course_review_figures f where f.course_id in (select o.id from old_rows o);
    -- Their enrolments are gone by now: recount their teachers' students.
    perform private.refresh_teacher(array(select distinct o.teacher_id from old_rows o where o.teacher_id is not null));
    return null;
  end if;
  -- Only a new price (the hours' revenue) or a new teacher (the teachers' students, the students'
  -- taught enrolments) changes a figure here. Any other change (a title, enrolled_count after each
  -- enrolment and drop, …) and a statement that changed no row at all write none, so they take no
  -- figures lock (lock order).
  if not exists (select k.id, k.price, k.teacher_id from new_rows k
                 except select k.id, k.price, k.teacher_id from old_rows k) then
    return null;
  end if;
  perform private.lock_school_figures(); -- lock order
  insert into private.school_hours as h (hour, revenue)
  select date_trunc('hour', e.enrolled_at, 'UTC'), sum(p.difference)
    from (
      select n.id, n.price - o.price as difference
        from (select k.id, k.price from new_rows k except select k.id, k.price from old_rows k) n
        join old_rows o on o.id = n.id
    ) p
    join public.enrollments e on e.course_id = p.id and e.status <> 'dropped'
   group by 1
   order by 1
  on conflict (hour) do update set revenue = h.revenue + excluded.revenue;
  -- The old and the new teacher of a course that changed hands: every student each has or had. (All of
  -- them, not only this course's: when a deleted account takes its enrolments and its courses' teacher
  -- in one statement, the enrolments may be gone before the course is read here.)
  perform private.refresh_teacher(array(
    select distinct t.teacher_id
      from (select k.id, k.teacher_id from new_rows k except select k.id, k.teacher_id from old_rows k) moved
      join old_rows o on o.id = moved.id
      cross join lateral (values (o.teacher_id), (moved.teacher_id)) as t (teacher_id)
     where t.teacher_id is not null
  ));
  perform private.refresh_student_figures(array(
    select e.user_id
      from (select k.id, k.teacher_id from new_rows k except select k.id, k.teacher_id from old_rows k) moved
      join public.enrollments e on e.course_id = moved.id and e.status = 'active'
  ));
  return null;
end
$$;

