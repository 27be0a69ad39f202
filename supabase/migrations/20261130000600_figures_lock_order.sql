-- One lock order for the school's running figures (a CI failure: sign-up answered 500 "deadlock detected").
--
-- private.school_figures (one row) and private.school_hours (a row per UTC hour) are kept by statement
-- triggers. A sign-up wrote its hour and then the figures; a transaction that had already written the
-- figures (a new activity or material, a drop whose seat went to the waiting list, a class then an
-- enrolment, …) and then wrote the same hour waited for the sign-up while the sign-up waited for it.
--
-- Every trigger that writes an hour now takes the figures row first (private.lock_school_figures), so a
-- transaction never holds an hour without the figures, and a second writer waits at the figures instead
-- of deadlocking. The figures row is already held by each of these writers until commit, so this only
-- moves the wait earlier; locks taken before it (a course row by enrolment, the course's share lock in
-- track_enrollments) keep their order.
--
-- The five functions are restated whole, each with the one added call (marked "lock order").
-- Test: supabase/tests/figures-lock-order.test.ts.

create function private.lock_school_figures() returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform 1 from private.school_figures f where f.id for no key update;
end
$$;

comment on function private.lock_school_figures() is
  'Takes the school figures row before any school_hours row, the one lock order of the figures triggers.';
revoke all on function private.lock_school_figures() from public, anon, authenticated;

create or replace function private.track_users() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb;
  promoted uuid[];
begin
  if tg_op = 'INSERT' then
    changes := (select jsonb_agg(jsonb_build_object('role', n.role, 'is_active', n.is_active,
                                                    'created_at', n.created_at, 'sign', 1)) from new_rows n);
  elsif tg_op = 'DELETE' then
    changes := (select jsonb_agg(jsonb_build_object('role', o.role, 'is_active', o.is_active,
                                                    'created_at', o.created_at, 'sign', -1)) from old_rows o);
    -- Their enrolments went with them (and were recounted); nothing will enrol them again.
    delete from private.student_figures f
     where f.student_id in (select o.id from old_rows o) and f.active_enrolments = 0;
  else
    -- Sign-ins and profile edits update users too: only a change of role, status or creation time counts.
    changes := (
      select jsonb_agg(c)
        from (
          select jsonb_build_object('role', n.role, 'is_active', n.is_active, 'created_at', n.created_at, 'sign', 1) as c
            from (select u.id, u.role, u.is_active, u.created_at from new_rows u
                  except select u.id, u.role, u.is_active, u.created_at from old_rows u) n
          union all
          select jsonb_build_object('role', o.role, 'is_active', o.is_active, 'created_at', o.created_at, 'sign', -1)
            from (select u.id, u.role, u.is_active, u.created_at from old_rows u
                  except select u.id, u.role, u.is_active, u.created_at from new_rows u) o
        ) changed
    );
    promoted := array(
      select r.id from (select u.id, u.role from new_rows u except select u.id, u.role from old_rows u) r
    );
  end if;
  if changes is null then
    return null;
  end if;
  perform private.lock_school_figures(); -- lock order
  insert into private.school_hours as h (hour, new_users)
  select date_trunc('hour', c.created_at, 'UTC'), sum(c.sign)
    from jsonb_to_recordset(changes) as c (created_at timestamptz, sign integer)
   group by 1
  having sum(c.sign) <> 0
   order by 1
  on conflict (hour) do update set new_users = h.new_users + excluded.new_users;
  -- A person who became (or stopped being) a teacher: the students of their courses.
  if cardinality(promoted) > 0 then
    perform private.refresh_student_figures(array(
      select e.user_id
        from public.courses c
        join public.enrollments e on e.course_id = c.id and e.status = 'active'
       where c.teacher_id = any (promoted)
    ));
  end if;
  update private.school_figures f
     set users = f.users + d.users,
         students = f.students + d.students,
         teachers = f.teachers + d.teachers,
         admins = f.admins + d.admins,
         active_users = f.active_users + d.active_users
    from (
      select coalesce(sum(c.sign), 0) as users,
             coalesce(sum(c.sign) filter (where c.role = 'student'), 0) as students,
             coalesce(sum(c.sign) filter (where c.role = 'teacher'), 0) as teachers,
             coalesce(sum(c.sign) filter (where c.role = 'admin'), 0) as admins,
             coalesce(sum(c.sign) filter (where c.is_active), 0) as active_users
        from jsonb_to_recordset(changes) as c (role text, is_active boolean, sign integer)
    ) d
   where f.id and (d.users, d.students, d.teachers, d.admins, d.active_users) <> (0, 0, 0, 0, 0);
  return null;
end
$$;

create or replace function private.track_classes() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    changes := (select jsonb_agg(jsonb_build_object('scheduled_date', n.scheduled_date, 'duration', n.duration,
                                                    'type', n.type, 'sign', 1)) from new_rows n);
  elsif tg_op = 'DELETE' then
    changes := (select jsonb_agg(jsonb_build_object('scheduled_date', o.scheduled_date, 'duration', o.duration,
                                                    'type', o.type, 'sign', -1)) from old_rows o);
  else
    changes := (
      select jsonb_agg(c)
        from (
          select jsonb_build_object('scheduled_date', n.scheduled_date, 'duration', n.duration, 'type', n.type, 'sign', 1) as c
            from (select k.id, k.scheduled_date, k.duration, k.type from new_rows k
                  except select k.id, k.scheduled_date, k.duration, k.type from old_rows k) n
          union all
          select jsonb_build_object('scheduled_date', o.scheduled_date, 'duration', o.duration, 'type', o.type, 'sign', -1)
            from (select k.id, k.scheduled_date, k.duration, k.type from old_rows k
                  except select k.id, k.scheduled_date, k.duration, k.type from new_rows k) o
        ) changed
    );
  end if;
  if changes is null then
    return null;
  end if;
  perform private.lock_school_figures(); -- lock order
  insert into private.school_hours as h (hour, classes)
  select date_trunc('hour', c.scheduled_date, 'UTC'), sum(c.sign)
    from jsonb_to_recordset(changes) as c (scheduled_date timestamptz, sign integer)
   group by 1
  having sum(c.sign) <> 0
   order by 1
  on conflict (hour) do update set classes = h.classes + excluded.classes;
  update private.school_figures f
     set classes = f.classes + d.classes,
         live_classes = f.live_classes + d.live,
         recorded_classes = f.recorded_classes + d.recorded,
         class_minutes = f.class_minutes + d.minutes,
         longest_class = greatest(f.longest_class, d.longest)
    from (
      select coalesce(sum(c.sign), 0) as classes,
             coalesce(sum(c.sign) filter (where c.type = 'live'), 0) as live,
             coalesce(sum(c.sign) filter (where c.type = 'recorded'), 0) as recorded,
             coalesce(sum(c.sign * c.duration), 0) as minutes,
             coalesce(max(c.duration) filter (where c.sign > 0), 0) as longest
        from jsonb_to_recordset(changes) as c (duration integer, type text, sign integer)
    ) d
   where f.id;
  return null;
end
$$;

create or replace function private.track_enrollments() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    changes := (select jsonb_agg(jsonb_build_object('user_id', n.user_id, 'course_id', n.course_id, 'status', n.status,
                                                    'enrolled_at', n.enrolled_at, 'sign', 1)) from new_rows n);
  elsif tg_op = 'DELETE' then
    changes := (select jsonb_agg(jsonb_build_object('user_id', o.user_id, 'course_id', o.course_id, 'status', o.status,
                                                    'enrolled_at', o.enrolled_at, 'sign', -1)) from old_rows o);
  else
    changes := (
      select jsonb_agg(c)
        from (
          select jsonb_build_object('user_id', n.user_id, 'course_id', n.course_id, 'status', n.status,
                                    'enrolled_at', n.enrolled_at, 'sign', 1) as c
            from (select e.id, e.user_id, e.course_id, e.status, e.enrolled_at from new_rows e
                  except select e.id, e.user_id, e.course_id, e.status, e.enrolled_at from old_rows e) n
          union all
          select jsonb_build_object('user_id', o.user_id, 'course_id', o.course_id, 'status', o.status,
                                    'enrolled_at', o.enrolled_at, 'sign', -1)
            from (select e.id, e.user_id, e.course_id, e.status, e.enrolled_at from old_rows e
                  except select e.id, e.user_id, e.course_id, e.status, e.enrolled_at from new_rows e) o
        ) changed
    );
  end if;
  if changes is null then
    return null;
  end if;
  -- The prices read below hold until this transaction ends: a price change waits for it, then adds the
  -- difference for these enrolments too. (A course being deleted is gone already: its revenue left
  -- the hours before it went, see withdraw_course_revenue.)
  perform 1
     from public.courses k
    where k.id in (select c.course_id from jsonb_to_recordset(changes) as c (course_id uuid))
    order by k.id
      for share;
  perform private.lock_school_figures(); -- lock order
  insert into private.school_hours as h (hour, new_enrollments, kept_enrollments, revenue)
  select date_trunc('hour', c.enrolled_at, 'UTC'),
         sum(c.sign),
         coalesce(sum(c.sign) filter (where c.status <> 'dropped'), 0),
         coalesce(sum(c.sign * k.price) filter (where c.status <> 'dropped'), 0)
    from jsonb_to_recordset(changes) as c (course_id uuid, status text, enrolled_at timestamptz, sign integer)
    left join public.courses k on k.id = c.course_id
   group by 1
  having (sum(c.sign), coalesce(sum(c.sign) filter (where c.status <> 'dropped'), 0),
          coalesce(sum(c.sign * k.price) filter (where c.status <> 'dropped'), 0)) <> (0, 0, 0)
   order by 1
  on conflict (hour) do update
    set new_enrollments = h.new_enrollments + excluded.new_enrollments,
        kept_enrollments = h.kept_enrollments + excluded.kept_enrollments,
        revenue = h.revenue + excluded.revenue;
  -- (A course being deleted has no teacher to read any more: track_courses recounts its teacher.)
  perform private.refresh_teacher_students((
    select jsonb_agg(jsonb_build_object('teacher_id', k.teacher_id, 'student_id', c.user_id))
      from jsonb_to_recordset(changes) as c (user_id uuid, course_id uuid)
      join public.courses k on k.id = c.course_id
  ));
  perform private.refresh_student_figures(array(
    select c.user_id from jsonb_to_recordset(changes) as c (user_id uuid)
  ));
  return null;
end
$$;

create or replace function private.withdraw_course_revenue() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.price <> 0 then
    perform private.lock_school_figures(); -- lock order
    insert into private.school_hours as h (hour, revenue)
    select date_trunc('hour', e.enrolled_at, 'UTC'), -old.price * count(*)
      from public.enrollments e
     where e.course_id = old.id and e.status <> 'dropped'
     group by 1
     order by 1
    on conflict (hour) do update set revenue = h.revenue + excluded.revenue;
  end if;
  return old;
end
$$;

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

