-- Who may review a course: a student who is taking it or has completed it (an active or completed
-- enrolment), not one who dropped it (docs/product-rules.md "Reviews"). A student who dropped keeps
-- the review written before and may delete it, but writes and edits no more.
--
--   private.takes_or_took_course(course) -> boolean: the caller's enrolment in the course is active or
--     completed. The review policies' check.
--   private.check_review_author() (trigger before insert or update on course_reviews): refuses a review
--     whose student has no active or completed enrolment in its course with 'Only students who are
--     taking or have completed this course can review it' (42501), so the screen can say why. The same
--     words for a course the caller cannot see as for one they dropped: nothing is learnt about others.
--   Drops private.was_enrolled(course) (any status), which only the old review policies used.

create function private.takes_or_took_course(course_uuid uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.enrollments e
     where e.course_id = course_uuid
       and e.user_id = (select auth.uid())
       and e.status in ('active', 'completed')
       and (select private.current_user_role()) is not null
  )
$$;

comment on function private.takes_or_took_course(uuid) is
  'True when the caller''s enrolment in the course is active or completed (who may review it).';

revoke execute on function private.takes_or_took_course(uuid) from public;
grant execute on function private.takes_or_took_course(uuid) to authenticated, service_role;

drop policy "Students can review courses they took" on public.course_reviews;
create policy "Students can review courses they take or completed"
  on public.course_reviews for insert
  to authenticated
  with check (student_id = (select auth.uid()) and (select private.takes_or_took_course(course_id)));

drop policy "Students can edit their own reviews" on public.course_reviews;
create policy "Students can edit their own reviews of courses they take or completed"
  on public.course_reviews for update
  to authenticated
  using (student_id = (select auth.uid()))
  with check (student_id = (select auth.uid()) and (select private.takes_or_took_course(course_id)));

-- Nothing else asked whether a student ever enrolled, whatever the status.
drop function private.was_enrolled(uuid);

-- Row security would refuse the same rows with its generic words; this says why, before it.
create function private.check_review_author() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.enrollments e
     where e.course_id = new.course_id
       and e.user_id = new.student_id
       and e.status in ('active', 'completed')
  ) then
    raise exception 'Only students who are taking or have completed this course can review it'
      using errcode = '42501';
  end if;
  return new;
end
$$;

comment on function private.check_review_author() is
  'Trigger: a review belongs to a student with an active or completed enrolment in its course.';

revoke execute on function private.check_review_author() from public;

create trigger check_review_author
  before insert or update of course_id, student_id, rating, comment on public.course_reviews
  for each row execute function private.check_review_author();
