-- Read model of the grading links (how read models work and stay fast: the read_models_courses
-- migration). What it takes and returns, and the screen it serves:
--
--   get_submission_place(submission_uuid) -> json {activity_id, position} or null: the activity of a
--     submission the caller may see, and the submission's place (1-based) among that activity's
--     submissions in the grading dialog's order (submission_list: student_name, nulls last, then the
--     newest handed in, then id). Null when the submission does not exist or the caller may not see
--     it, alike. A Grade link (`/activities?submission=<id>`, the teacher dashboard's Recent
--     submissions and the grading queue) opens the dialog on that submission: 1.
--
-- The queue of work waiting for a grade is submission_list itself (status 'submitted', oldest first),
-- read by the Activities screen one page at a time.

create function public.get_submission_place(submission_uuid uuid)
returns json
language sql stable security invoker set search_path = ''
as $$
  -- Read as the caller: submission_list shows only what they may see, so an id they may not see has
  -- no place, exactly like one that does not exist.
  select json_build_object('activity_id', p.activity_id, 'position', p.position)
    from (
      select s.id,
             s.activity_id,
             row_number() over (order by s.student_name asc nulls last, s.submitted_at desc, s.id) as position
        from public.submission_list s
       where s.activity_id = (select t.activity_id from public.submission_list t where t.id = submission_uuid)
    ) p
   where p.id = submission_uuid
$$;

comment on function public.get_submission_place(uuid) is
  'Grading links: {activity_id, position} of a submission the caller may see, its 1-based place in the grading dialog''s order of its activity''s submissions; null when it is gone or not visible.';

revoke execute on function public.get_submission_place(uuid) from public, anon;
grant execute on function public.get_submission_place(uuid) to authenticated, service_role;
