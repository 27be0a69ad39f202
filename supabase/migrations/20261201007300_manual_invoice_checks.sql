-- Money (issue 31, the office's manual invoice; docs/money.md "Screens: the office"): what
-- public.issue_invoice refuses before anything is written, on top of private.issue_invoice's checks of
-- each line (a description of 1–500 characters, quantity > 0, unit price ≥ 0, a discount of at most
-- the line, cents only).
--
--   * More than 50 lines (MN005): the office's form offers at most as many; a bigger array is a
--     mistake or an abuse, and each line is a row kept for good.
--   * A recipient who is not a student (MN004, as an unknown student): invoices are a student's money;
--     a teacher's or an administrator's account would get a balance no screen shows.
--
-- Only administrators (private.require_admin, 42501), as before. The enrolment path
-- (private.invoice_enrollment) is unchanged: it never sends more than one line, always to the enrolled
-- student.

create or replace function private.admin_issue_invoice(student_uuid uuid, lines jsonb, course_uuid uuid default null)
returns uuid
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_admin('issue invoices');
  if lines is not null and jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) > 50 then
    raise exception 'An invoice has at most 50 lines' using errcode = 'MN005';
  end if;
  if not exists (select 1 from public.users u where u.id = student_uuid and u.role = 'student') then
    raise exception 'Student not found' using errcode = 'MN004';
  end if;
  -- The course first, as enrolling does (the lock order in 20261201000200_invoices.sql).
  if course_uuid is not null then
    perform 1 from public.courses c where c.id = course_uuid for update;
    if not found then
      raise exception 'Course not found' using errcode = 'MN004';
    end if;
  end if;
  return private.issue_invoice(
    student_uuid, course_uuid,
    (select e.id from public.enrollments e where e.user_id = student_uuid and e.course_id = course_uuid),
    lines);
end
$$;

comment on function public.issue_invoice(uuid, jsonb, uuid) is
  'Administrators: issues an invoice to a student. lines: [{description, quantity?, unit_price, discount?}], 1 to 50. Returns its id. Errors 42501 (not an administrator), MN004 (student/course not found, or not a student), MN005 (bad lines). Runs private.admin_issue_invoice().';
