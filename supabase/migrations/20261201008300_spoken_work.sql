-- Spoken work (issue 32): recorded answers and recorded feedback.
--
-- A student may answer an activity by recording audio in the page; the recording is an ordinary
-- submission file (the activity-submissions bucket already takes audio/webm and audio/ogg, Opus's two
-- containers, up to 20 MB: an Opus answer of 15 minutes is a few MB). The teacher sets how long an
-- answer may be; the teacher may also answer with recorded feedback.
--
--   activities.recording_limit_seconds: 30–900, default 180 (3 minutes). The recorder stops there.
--   Bucket feedback-audio (private, 20 MB, audio types): <activity id>/<submission id>/<name>.
--     Read by the submission's student, the course's teacher and admins; written (insert, replace,
--     delete) by the course's teacher and admins only, and only beside a submission of that activity.
--   activity_submissions.feedback_audio: the object name of the recorded feedback in that bucket, in the
--     submission's own folder (checked); set or cleared by the course's teacher or an admin only
--     (42501 for anyone else). A replaced or removed recording, and the recording of a deleted
--     submission, are queued for the storage-cleanup function like every other file.

alter table public.activities
  add column recording_limit_seconds integer not null default 180
    constraint activities_recording_limit_seconds_check check (recording_limit_seconds between 30 and 900);

comment on column public.activities.recording_limit_seconds is
  'How long a recorded answer may be, in seconds (30–900, default 180).';

grant insert (recording_limit_seconds), update (recording_limit_seconds) on public.activities to authenticated;

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'feedback-audio', 'feedback-audio', false, 20971520,
  array['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav']
)
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- <activity id>/<submission id>/<name>: the submission of that activity, if the caller may see it
-- (its student, the course's teacher, admins) or write beside it (the teacher, admins).
create function private.feedback_audio_access(object_name text, writing boolean) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_folders text[] := storage.foldername(object_name);
  v_student uuid;
begin
  if coalesce(array_length(v_folders, 1), 0) <> 2
     or not private.is_uuid_text(v_folders[1])
     or not private.is_uuid_text(v_folders[2]) then
    return false;
  end if;
  select s.student_id into v_student
    from public.activity_submissions s
   where s.id = v_folders[2]::uuid and s.activity_id = v_folders[1]::uuid;
  if v_student is null then
    return false;
  end if;
  return (select private.is_admin())
      or (select private.teaches_activity(v_folders[1]::uuid))
      or (not writing and v_student = (select auth.uid()));
end
$$;

revoke execute on function private.feedback_audio_access(text, boolean) from public;
grant execute on function private.feedback_audio_access(text, boolean) to authenticated, service_role;

drop policy if exists "Students, their teachers and admins can hear feedback audio" on storage.objects;
create policy "Students, their teachers and admins can hear feedback audio"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'feedback-audio' and private.feedback_audio_access(name, false));

drop policy if exists "Teachers and admins can record feedback audio" on storage.objects;
create policy "Teachers and admins can record feedback audio"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'feedback-audio' and private.feedback_audio_access(name, true));

drop policy if exists "Teachers and admins can replace feedback audio" on storage.objects;
create policy "Teachers and admins can replace feedback audio"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'feedback-audio' and private.feedback_audio_access(name, true))
  with check (bucket_id = 'feedback-audio' and private.feedback_audio_access(name, true));

drop policy if exists "Teachers and admins can delete feedback audio" on storage.objects;
create policy "Teachers and admins can delete feedback audio"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'feedback-audio' and private.feedback_audio_access(name, true));

alter table public.activity_submissions
  add column feedback_audio text
    constraint activity_submissions_feedback_audio_check check (
      feedback_audio is null
      or feedback_audio ~ ('^' || activity_id::text || '/' || id::text || '/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'));

comment on column public.activity_submissions.feedback_audio is
  'Recorded feedback: an object of the feedback-audio bucket in <activity id>/<submission id>/; the course''s teacher or an admin sets it.';

grant update (feedback_audio) on public.activity_submissions to authenticated;

create function private.guard_feedback_audio() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if (case when tg_op = 'INSERT' then new.feedback_audio is not null
           else new.feedback_audio is distinct from old.feedback_audio end)
     and not (select private.is_trusted_caller())
     and not (select private.is_admin())
     and not (select private.teaches_activity(new.activity_id)) then
    raise exception 'Only the course''s teacher or an administrator can give feedback' using errcode = '42501';
  end if;
  return new;
end
$$;

revoke execute on function private.guard_feedback_audio() from public;

create trigger guard_feedback_audio
  before insert or update on public.activity_submissions
  for each row execute function private.guard_feedback_audio();

-- The recording goes when it is replaced or removed, or with its submission.
create function private.queue_feedback_audio() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.feedback_audio is not null
     and (tg_op = 'DELETE' or new.feedback_audio is distinct from old.feedback_audio) then
    perform private.queue_storage_deletions('feedback-audio', array[old.feedback_audio]);
  end if;
  return null;
end
$$;

revoke execute on function private.queue_feedback_audio() from public;

create trigger queue_feedback_audio
  after delete or update of feedback_audio on public.activity_submissions
  for each row execute function private.queue_feedback_audio();
