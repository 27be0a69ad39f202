-- Handed-in work stays as it was handed in (docs/security.md "Submitted work after the deadline or the
-- grade"). The submission row already refuses the student's changes after the due date (unless the
-- activity takes late work) and once graded (private.guard_submission), but the files of the
-- activity-submissions bucket were checked only for enrolment: a student could still overwrite a
-- handed-in file (upload with x-upsert, PUT) or add files after the due date or the grade, while the
-- row kept its submitted_at; and file_urls could name any object (a classmate's file, another
-- activity's, `../`).
--
-- 1. private.can_change_submitted_work(activity) -> boolean: the row's rules for the caller's work on
--    an activity, in one place: they may hand work in (active, actively enrolled:
--    private.can_submit_to_activity), the due date has not passed unless the activity allows late
--    work, and their submission, if any, is not graded.
--    private.is_handed_in_file(object_name) -> boolean: the submission of the object's folder
--    (<student id>/<activity id>/) names it in file_urls.
-- 2. Storage policies of activity-submissions:
--    * private.can_upload_submission_file (insert, and the new row of an overwrite) also asks
--      can_change_submitted_work: no new file after the due date or the grade;
--    * "Students can replace their own submission files" and "Students can delete their own
--      submission files" exclude a handed-in file: it is never overwritten or removed by the student
--      (they may drop it from file_urls while the work is open, then it is an ordinary upload again).
--    Reading is unchanged (the student, the course's teacher, admins).
-- 3. private.check_submission_files (trigger on activity_submissions, every writer): each file_urls
--    entry is `<student id>/<activity id>/<file>` of the row itself, with one file name of letters,
--    digits, `.`, `_`, `-` (no `..`), as the portal names uploads (storage-names.ts). Otherwise 23514
--    'A submission can only name files of its own folder'. file_urls holds object names (never URLs),
--    as the client and the seed write them. The trigger runs only for work that names files.
--
-- Known limit: a signed upload URL is a permission given when it is signed (Supabase Storage runs the
-- upload itself without policies), so one signed before the due date still stores within its lifetime.
-- The portal uploads submissions directly (no signed URL), and a file added that way cannot enter a
-- closed submission's file_urls.

-- 1. The row's rules, for files ---------------------------------------------------------------------

create or replace function private.can_change_submitted_work(activity_uuid uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select (select private.can_submit_to_activity(activity_uuid))
     and exists (
       select 1 from public.activities a
        where a.id = activity_uuid
          and (a.due_date is null or now() <= a.due_date or a.allow_late_submission)
     )
     and not exists (
       select 1 from public.activity_submissions s
        where s.activity_id = activity_uuid
          and s.student_id = (select auth.uid())
          and s.status = 'graded'
     )
$$;

comment on function private.can_change_submitted_work(uuid) is
  'Whether the caller may still change their work for the activity: may hand work in, before the due date unless late work is allowed, not graded (guard_submission''s rules).';

create or replace function private.is_handed_in_file(object_name text) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_folders text[] := storage.foldername(object_name);
begin
  if coalesce(array_length(v_folders, 1), 0) <> 2
     or not private.is_uuid_text(v_folders[1])
     or not private.is_uuid_text(v_folders[2]) then
    return false;
  end if;
  -- The row of the folder, through the (activity_id, student_id) unique index.
  return exists (
    select 1 from public.activity_submissions s
     where s.activity_id = v_folders[2]::uuid
       and s.student_id = v_folders[1]::uuid
       and object_name = any (s.file_urls)
  );
end
$$;

comment on function private.is_handed_in_file(text) is
  'Whether the activity-submissions object is named by the file_urls of the submission of its folder (<student>/<activity>/).';

-- As in the storage migration, with the row's rules: the activity must still take the caller's work.
create or replace function private.can_upload_submission_file(object_name text) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_folders text[] := storage.foldername(object_name);
begin
  return coalesce(array_length(v_folders, 1), 0) = 2
     and v_folders[1] = (select auth.uid())::text
     and private.is_uuid_text(v_folders[2])
     and (select private.can_change_submitted_work(v_folders[2]::uuid));
end
$$;

revoke execute on function private.can_change_submitted_work(uuid), private.is_handed_in_file(text) from public;
grant execute on function private.can_change_submitted_work(uuid), private.is_handed_in_file(text)
  to authenticated, service_role;

-- 2. Storage policies -------------------------------------------------------------------------------

drop policy if exists "Students can replace their own submission files" on storage.objects;
create policy "Students can replace their own submission files"
  on storage.objects for update
  to authenticated
  using (
    bucket_id = 'activity-submissions'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and not private.is_handed_in_file(name)
  )
  with check (bucket_id = 'activity-submissions' and (select private.can_upload_submission_file(name)));

drop policy if exists "Students can delete their own submission files" on storage.objects;
create policy "Students can delete their own submission files"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'activity-submissions'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and not private.is_handed_in_file(name)
  );

-- 3. file_urls names the row's own folder ------------------------------------------------------------

create or replace function private.check_submission_files() returns trigger
language plpgsql set search_path = ''
as $$
declare
  v_folder text := new.student_id::text || '/' || new.activity_id::text || '/';
begin
  if exists (
    select 1 from unnest(new.file_urls) as f (name)
     where f.name is null
        or left(f.name, char_length(v_folder)) <> v_folder
        or substr(f.name, char_length(v_folder) + 1) !~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$'
        or strpos(f.name, '..') > 0
  ) then
    raise exception 'A submission can only name files of its own folder'
      using errcode = '23514',
            hint = 'Each file is an object name <student id>/<activity id>/<file> of this submission.';
  end if;
  return new;
end
$$;

comment on function private.check_submission_files() is
  'Refuses (23514) a file_urls entry outside <student id>/<activity id>/ of the row, a nested path or one with "..".';

revoke execute on function private.check_submission_files() from public;

-- Work without files (most of it) never calls the function: bulk writes stay as cheap as before.
drop trigger if exists check_submission_files on public.activity_submissions;
create trigger check_submission_files
  before insert or update of file_urls, student_id, activity_id on public.activity_submissions
  for each row
  when (cardinality(new.file_urls) > 0)
  execute function private.check_submission_files();
