-- Teacher Management (administrators, /teachers): real teachers with their specializations, courses,
-- active students and rating, in place of the three sample teachers. Accounts are created, edited,
-- deactivated and deleted through the admin-users edge function as for any user; this adds what the
-- screen needs from the database.
--
--   users.specializations (text[]): what a teacher teaches ("Business Spanish", "Conversation"), part of
--     a teacher's public profile with the name and avatar. At most 10, each 1–40 characters without
--     surrounding spaces, no two alike ignoring case (users_specializations_count / _items). A column,
--     not a table: it is a short list of labels that belongs to the profile, is read with it and
--     written with it in one update, and has nothing of its own (no id, no dates). Only administrators
--     change it (column grant + guard_user_specializations; a teacher or student editing their own
--     row is refused), like role and status.
--   get_teacher_management_page(search, specialization, is_active, page_number = 1, page_size = 12)
--     -> json {total, items: [profile, is_active, specializations, course_count, active_course_count,
--     courses (the newest 5: id, title, is_active), student_count (distinct students with an active
--     enrolment in the teacher's courses), average_rating + review_count (course_reviews of those
--     courses; null and 0 without reviews)]}, teachers by first and last name. Search over first name,
--     last name, "first last" and email (case-insensitive); specialization = one of the teacher's
--     (exact). Teacher management: 1 per page.
--   get_teacher_management_stats() -> json {total_teachers, active_teachers, inactive_teachers,
--     courses_taught, unassigned_courses, active_students, average_rating, review_count,
--     specializations (every teacher's, distinct, for the filter)}. Teacher management: 1.
--   reassign_teacher_courses(from_teacher, to_teacher) -> integer: moves every course of one teacher
--     to another, who must be an active teacher ('Courses can only be reassigned to another active
--     teacher'). Before a teacher is deactivated or deleted (the admin-users function calls it as the
--     administrator when asked); without it a deleted teacher's courses keep no teacher (courses.
--     teacher_id is on delete set null) and show 'Unknown'.
--
-- All three are `security invoker` and refuse anyone but an active administrator (42501), so no
-- teacher or student reads another teacher's contact details or figures through them. They replace
-- the teacher_overview view (read models migration), which listed every teacher in one piece and
-- nothing used any more.
--
-- Speed on a large school (`pnpm bench:api`): the teachers are narrowed by users_role_idx; each row of
-- the page (12) reads its courses by courses_teacher_id_idx, its students by the covering
-- enrollments (course_id, status, user_id) index and its reviews by course_reviews (course_id, …); the
-- total counts the filtered teachers without computing any figure.

-- Specializations -------------------------------------------------------------------------------------

-- Each label trimmed, 1–40 characters, none twice (ignoring case). Immutable, so a check may use it.
create function private.specializations_are_valid(labels text[]) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce((
    select bool_and(l is not null and l = btrim(l) and char_length(l) between 1 and 40)
           and count(distinct lower(l)) = count(*)
      from unnest(labels) as l
  ), true)
$$;

comment on function private.specializations_are_valid(text[]) is
  'True when every specialization is trimmed, 1–40 characters long and unique ignoring case.';

revoke execute on function private.specializations_are_valid(text[]) from public;
grant execute on function private.specializations_are_valid(text[]) to authenticated, service_role;

alter table public.users
  add column specializations text[] not null default '{}',
  add constraint users_specializations_count check (cardinality(specializations) <= 10),
  add constraint users_specializations_items check (private.specializations_are_valid(specializations));

comment on column public.users.specializations is
  'What a teacher teaches (public, with the name and avatar): at most 10 labels of 1–40 characters; only administrators change it.';

-- API callers may send it (the admin-users function writes as the calling administrator) …
grant update (specializations) on public.users to authenticated;

-- … but only administrators change it; trusted callers (service role, seeds) are not limited.
create function private.guard_user_specializations() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.specializations is distinct from old.specializations
     and not (select private.acts_as_admin()) then
    raise exception 'Only administrators can change specializations' using errcode = '42501';
  end if;
  return new;
end
$$;

comment on function private.guard_user_specializations() is
  'Refuses a change of specializations by anyone but an administrator (or a trusted server-side caller).';

revoke execute on function private.guard_user_specializations() from public;

create trigger guard_user_specializations
  before update of specializations on public.users
  for each row execute function private.guard_user_specializations();

-- The read models ---------------------------------------------------------------------------------------

drop view if exists public.teacher_overview;

create function private.require_admin(action text) returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not (select private.acts_as_admin()) then
    raise exception 'Only administrators can %', action using errcode = '42501';
  end if;
end
$$;

comment on function private.require_admin(text) is
  'Raises 42501 ("Only administrators can <action>") unless the caller is an active administrator (or a trusted server-side caller).';

revoke execute on function private.require_admin(text) from public;
grant execute on function private.require_admin(text) to authenticated, service_role;

create function public.get_teacher_management_page(
  search text default null,
  specialization text default null,
  is_active boolean default null,
  page_number integer default 1,
  page_size integer default 12
) returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  pattern text := case
    when nullif(btrim(search), '') is null then null
    else '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end;
  wanted text := nullif(btrim(specialization), '');
  size integer := least(greatest(coalesce(page_size, 12), 1), 100);
  skip integer := (greatest(coalesce(page_number, 1), 1) - 1) * least(greatest(coalesce(page_size, 12), 1), 100);
  answer json;
begin
  perform private.require_admin('manage teachers');
  with filtered as (
    select u.id, u.email, u.first_name, u.last_name, u.avatar_url, u.phone, u.location, u.bio,
           u.is_active, u.specializations, u.created_at, u.last_sign_in_at
      from public.users u
     where u.role = 'teacher'
       and (get_teacher_management_page.is_active is null
            or u.is_active = get_teacher_management_page.is_active)
       and (pattern is null
            or u.first_name ilike pattern
            or u.last_name ilike pattern
            or (u.first_name || ' ' || u.last_name) ilike pattern
            or u.email ilike pattern)
       and (wanted is null or u.specializations @> array[wanted])
  ),
  page as (
    select f.*
      from filtered f
     order by f.first_name, f.last_name, f.id
    offset skip
     limit size
  )
  select json_build_object(
    'total', (select count(*) from filtered),
    'items', coalesce((
      select json_agg(json_build_object(
               'id', p.id,
               'email', p.email,
               'first_name', p.first_name,
               'last_name', p.last_name,
               'avatar_url', p.avatar_url,
               'phone', p.phone,
               'location', p.location,
               'bio', p.bio,
               'is_active', p.is_active,
               'specializations', p.specializations,
               'created_at', p.created_at,
               'last_sign_in_at', p.last_sign_in_at,
               'course_count', courses.course_count,
               'active_course_count', courses.active_course_count,
               'courses', newest.courses,
               'student_count', students.student_count,
               'average_rating', ratings.average_rating,
               'review_count', ratings.review_count
             ) order by p.first_name, p.last_name, p.id)
        from page p
        cross join lateral (
          select count(*)::integer as course_count,
                 (count(*) filter (where c.is_active))::integer as active_course_count,
                 coalesce(array_agg(c.id), '{}') as ids
            from public.courses c
           where c.teacher_id = p.id
        ) courses
        cross join lateral (
          select coalesce(json_agg(json_build_object('id', n.id, 'title', n.title, 'is_active', n.is_active)
                                   order by n.created_at desc, n.id), '[]'::json) as courses
            from (select c.id, c.title, c.is_active, c.created_at
                    from public.courses c
                   where c.teacher_id = p.id
                   order by c.created_at desc, c.id
                   limit 5) n
        ) newest
        cross join lateral (
          select count(distinct e.user_id)::integer as student_count
            from public.enrollments e
           where e.course_id = any (courses.ids) and e.status = 'active'
        ) students
        cross join lateral (
          select round(avg(r.rating), 2) as average_rating, count(*)::integer as review_count
            from public.course_reviews r
           where r.course_id = any (courses.ids)
        ) ratings
    ), '[]'::json)
  )
  into answer;
  return answer;
end
$$;

comment on function public.get_teacher_management_page(text, text, boolean, integer, integer) is
  'Teacher Management: one page of teachers (by name) with specializations, courses, active students and rating; administrators only.';

create function public.get_teacher_management_stats() returns json
language plpgsql stable security invoker set search_path = ''
as $$
declare
  answer json;
begin
  perform private.require_admin('manage teachers');
  with teachers as (
    select u.id, u.is_active, u.specializations from public.users u where u.role = 'teacher'
  ),
  taught as (
    select c.id from public.courses c where c.teacher_id in (select t.id from teachers t)
  ),
  ratings as (
    select round(avg(r.rating), 2) as average_rating, count(*)::integer as review_count
      from public.course_reviews r
     where r.course_id in (select t.id from taught t)
  )
  select json_build_object(
    'total_teachers', (select count(*) from teachers),
    'active_teachers', (select count(*) from teachers t where t.is_active),
    'inactive_teachers', (select count(*) from teachers t where not t.is_active),
    'courses_taught', (select count(*) from taught),
    'unassigned_courses', (select count(*) from public.courses c where c.teacher_id is null),
    -- Distinct by grouping (a hash of the ids) rather than count(distinct), which sorts them all.
    'active_students', (
      select count(*)
        from (select e.user_id
                from public.enrollments e
               where e.status = 'active' and e.course_id in (select t.id from taught t)
               group by e.user_id) s
    ),
    'average_rating', (select r.average_rating from ratings r),
    'review_count', (select r.review_count from ratings r),
    'specializations', coalesce((
      select json_agg(s.label order by lower(s.label), s.label)
        from (select distinct unnest(t.specializations) as label from teachers t) s
    ), '[]'::json)
  )
  into answer;
  return answer;
end
$$;

comment on function public.get_teacher_management_stats() is
  'Teacher Management figures: teachers (active, inactive), courses taught and without a teacher, active students, rating over every review, and the specializations in use; administrators only.';

-- Reassigning courses ------------------------------------------------------------------------------------

create function public.reassign_teacher_courses(from_teacher uuid, to_teacher uuid) returns integer
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  moved integer;
begin
  perform private.require_admin('reassign a teacher''s courses');
  -- The new teacher stays an active teacher until this commits (a concurrent deactivation waits).
  perform 1
     from public.users u
    where u.id = to_teacher
      and u.id is distinct from from_teacher
      and u.role = 'teacher'
      and u.is_active
      for share;
  if not found then
    raise exception 'Courses can only be reassigned to another active teacher' using errcode = '22023';
  end if;
  update public.courses c
     set teacher_id = to_teacher
   where c.teacher_id = from_teacher;
  get diagnostics moved = row_count;
  return moved;
end
$$;

comment on function public.reassign_teacher_courses(uuid, uuid) is
  'Moves every course of from_teacher to to_teacher (an active teacher) and answers how many; administrators only.';

revoke execute on function
  public.get_teacher_management_page(text, text, boolean, integer, integer),
  public.get_teacher_management_stats(),
  public.reassign_teacher_courses(uuid, uuid)
from public, anon;
grant execute on function
  public.get_teacher_management_page(text, text, boolean, integer, integer),
  public.get_teacher_management_stats(),
  public.reassign_teacher_courses(uuid, uuid)
to authenticated, service_role;
