-- Payment before the seat: the catalog counts held seats as taken.
--
-- A seat held for its payment (20261201007101_seat_holds.sql) takes a place under max_students, but the
-- catalog's is_full compared the active students only: a course whose last places were held showed
-- "Enrol" and then answered "This course is full". is_full now counts the held seats too;
-- enrolled_count stays the active students (what the card's "enrolled / max" says).
--
--   private.held_seat_count(course): the seats held in the course now, from the partial index
--     seat_holds_course_held_idx (a handful of rows). Definer: a student's RLS shows them only their own
--     holds, and the count is everyone's.

create function private.held_seat_count(p_course_id uuid) returns integer
language sql stable security definer set search_path = ''
as $$
  select count(*)::integer from public.seat_holds h where h.course_id = p_course_id and h.status = 'held'
$$;

revoke execute on function private.held_seat_count(uuid) from public;
grant execute on function private.held_seat_count(uuid) to authenticated, service_role;

create or replace view public.course_catalog with (security_invoker = true) as
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
  c.enrolled_count + private.held_seat_count(c.id) >= c.max_students as is_full,
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
  'Course Catalog: active courses with teacher name, average rating (null without reviews), review count, is_full (active students plus held seats reach max_students), is_enrolled.';
