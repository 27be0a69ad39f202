-- Bulk enrolment (docs/product-rules.md "Bulk actions"): an administrator enrols a list of students in
-- one course in one call, from the picker's multi-select or from a CSV of emails.
--
--   public.enroll_students_in_course(course_uuid, emails text[]) -> json
--     {success, error, enrolled, seats_left, rows: [{email, user_id, status}]}, rows in the list's order:
--     a security invoker wrapper of private.enroll_students_in_course, which runs as its owner (no
--     security definer function in the exposed schema: 20261128007100_exposed_definer_functions.sql).
--
-- All or nothing: when every row can be enrolled, all are (status 'enrolled'); otherwise nobody is, and
-- each row says why not ('ready' for a row that was fine): 'invalid_email', 'duplicate' (the same
-- address earlier in the list), 'unknown_email', 'not_student', 'inactive', 'already_enrolled',
-- 'already_completed', 'course_full' (the rows past the last free place, in the list's order). So a
-- corrected list can simply be sent again. A closed or unknown course is a refusal of the whole list
-- (error 'course_closed' / 'course_not_found'); a caller who is not an administrator gets 42501, an
-- empty list or one of more than 1000 rows 22023.
--
-- Capacity holds as for one enrolment: the course row is locked first, then the places are counted (the
-- same lock order as enroll_user_in_course; sync_enrolled_count checks again at the end of the statement).

create function private.enroll_students_in_course(course_uuid uuid, emails text[]) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_course public.courses%rowtype;
  v_missing boolean;
  v_seats integer;
  v_rows jsonb;
begin
  perform private.require_admin('enrol students in bulk');
  if emails is null or cardinality(emails) = 0 or cardinality(emails) > 1000 then
    raise exception 'A list of 1 to 1000 emails is required' using errcode = '22023';
  end if;

  -- Serialises every enrolment in this course until commit.
  select * into v_course from public.courses c where c.id = course_uuid for update;
  v_missing := not found;
  if v_missing or not v_course.is_active then
    return json_build_object(
      'success', false,
      'error', case when v_missing then 'course_not_found' else 'course_closed' end,
      'enrolled', 0, 'seats_left', 0, 'rows', '[]'::json
    );
  end if;

  select greatest(v_course.max_students - count(*), 0)::integer into v_seats
    from public.enrollments e
   where e.course_id = course_uuid and e.status = 'active';

  with input as (
    select given.position, btrim(given.raw) as email, lower(btrim(given.raw)) as address
      from unnest(emails) with ordinality as given (raw, position)
  ),
  classified as (
    select i.position, i.email, u.id as user_id,
           case
             when i.address !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then 'invalid_email'
             when i.position > min(i.position) over (partition by i.address) then 'duplicate'
             when u.id is null then 'unknown_email'
             when u.role <> 'student' then 'not_student'
             when not u.is_active then 'inactive'
             when e.status = 'active' then 'already_enrolled'
             when e.status = 'completed' then 'already_completed'
             else 'ready'
           end as status
      from input i
      left join public.users u on lower(u.email) = i.address
      left join public.enrollments e on e.course_id = course_uuid and e.user_id = u.id
  ),
  seated as (
    select c.position, c.email, c.user_id,
           case
             when c.status = 'ready'
                  and count(*) filter (where c.status = 'ready') over (order by c.position) > v_seats
               then 'course_full'
             else c.status
           end as status
      from classified c
  )
  select jsonb_agg(
           jsonb_build_object('email', s.email, 'user_id', s.user_id, 'status', s.status)
           order by s.position
         )
    into v_rows
    from seated s;

  if exists (select 1 from jsonb_array_elements(v_rows) r where r ->> 'status' <> 'ready') then
    return json_build_object(
      'success', false, 'error', null, 'enrolled', 0, 'seats_left', v_seats, 'rows', v_rows
    );
  end if;

  -- A dropped enrolment is made active again (its row is kept); everyone else gets a new one.
  update public.enrollments e
     set status = 'active', enrolled_at = now()
   where e.course_id = course_uuid
     and e.status = 'dropped'
     and e.user_id in (select (r ->> 'user_id')::uuid from jsonb_array_elements(v_rows) r);
  insert into public.enrollments (course_id, user_id)
  select course_uuid, (r ->> 'user_id')::uuid
    from jsonb_array_elements(v_rows) r
  on conflict (course_id, user_id) do nothing;

  return json_build_object(
    'success', true,
    'error', null,
    'enrolled', jsonb_array_length(v_rows),
    'seats_left', v_seats - jsonb_array_length(v_rows),
    'rows', (
      select jsonb_agg(r.value || '{"status": "enrolled"}'::jsonb order by r.position)
        from jsonb_array_elements(v_rows) with ordinality as r (value, position)
    )
  );
end
$$;

comment on function private.enroll_students_in_course(uuid, text[]) is
  'Administrators: enrols every student of the email list in the course, or nobody; the body of public.enroll_students_in_course.';

revoke execute on function private.enroll_students_in_course(uuid, text[]) from public, anon;
grant execute on function private.enroll_students_in_course(uuid, text[]) to authenticated, service_role;

create function public.enroll_students_in_course(course_uuid uuid, emails text[]) returns json
language sql security invoker set search_path = ''
as $$ select private.enroll_students_in_course(course_uuid, emails) $$;

comment on function public.enroll_students_in_course(uuid, text[]) is
  'Administrators: enrols every student of the email list in the course, or nobody (each row says why not). Returns {success, error, enrolled, seats_left, rows}. Runs private.enroll_students_in_course().';

revoke execute on function public.enroll_students_in_course(uuid, text[]) from public, anon;
grant execute on function public.enroll_students_in_course(uuid, text[]) to authenticated, service_role;
