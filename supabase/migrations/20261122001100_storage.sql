-- Storage buckets and who may read and write their objects. Object names:
--   materials             <timestamp>-<random>.<ext>               (referenced by materials.storage_path)
--   avatars               <user id>/avatar.<ext>                   (public bucket; users.avatar_url)
--   activity-submissions  <student id>/<activity id>/<timestamp>-<random>.<ext>
-- The storage API writes storage.objects as the calling user (owner_id = the caller), so these policies
-- decide every upload, download, signed URL, overwrite and removal.
--
-- Re-runnable: on a hosted project the buckets may already exist (made in the dashboard, or by the CLI's
-- `[storage.buckets.*]` from config.toml) and the storage schema outlives a reset of ours, so buckets are
-- upserted to these settings, the helper is replaced and each policy is dropped before it is created.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  (
    'materials', 'materials', false, 52428800,
    array[
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/rtf',
      'text/rtf',
      'text/plain',
      'text/markdown',
      'text/csv',
      'video/mp4',
      'video/webm',
      'video/quicktime',
      'video/x-msvideo',
      'video/x-ms-wmv',
      'audio/mpeg',
      'audio/mp3',
      'audio/wav',
      'audio/x-wav',
      'audio/wave',
      'audio/ogg',
      'audio/mp4',
      'audio/x-m4a',
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp'
    ]
  ),
  (
    'avatars', 'avatars', true, 2097152,
    array['image/jpeg', 'image/png', 'image/webp', 'image/gif']
  ),
  (
    'activity-submissions', 'activity-submissions', false, 20971520,
    array[
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/rtf',
      'text/rtf',
      'text/plain',
      'text/markdown',
      'text/csv',
      'application/zip',
      'application/x-zip-compressed',
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'audio/mpeg',
      'audio/mp3',
      'audio/wav',
      'audio/x-wav',
      'audio/wave',
      'audio/ogg',
      'audio/mp4',
      'audio/x-m4a',
      'audio/webm',
      'video/mp4',
      'video/webm',
      'video/quicktime'
    ]
  )
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Bucket settings (size limit, MIME types) are not secret; the UI checks the same before uploading.
drop policy if exists "Signed-in users can view buckets" on storage.buckets;
create policy "Signed-in users can view buckets"
  on storage.buckets for select
  to authenticated
  using (true);

-- A submission file may be uploaded by its student into <own id>/<activity id>/ for an activity the
-- student can hand work in for (active, in a course they are actively enrolled in).
create or replace function private.can_upload_submission_file(object_name text) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_folders text[] := storage.foldername(object_name);
begin
  return coalesce(array_length(v_folders, 1), 0) = 2
     and v_folders[1] = (select auth.uid())::text
     and v_folders[2] ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
     and (select private.can_submit_to_activity(v_folders[2]::uuid));
end
$$;

revoke execute on function private.can_upload_submission_file(text) from public;
grant execute on function private.can_upload_submission_file(text) to authenticated, service_role;

-- Avatars ------------------------------------------------------------------------------------------
-- Public bucket: anyone fetches an avatar by its public URL; the API lists and downloads for signed-in users.

drop policy if exists "Signed-in users can view avatars" on storage.objects;
create policy "Signed-in users can view avatars"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'avatars');

drop policy if exists "Users can upload their own avatar" on storage.objects;
create policy "Users can upload their own avatar"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

drop policy if exists "Users can replace their own avatar" on storage.objects;
create policy "Users can replace their own avatar"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

drop policy if exists "Users can delete their own avatar" on storage.objects;
create policy "Users can delete their own avatar"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- Activity submissions -----------------------------------------------------------------------------

drop policy if exists "Students can view their own submission files" on storage.objects;
create policy "Students can view their own submission files"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'activity-submissions' and (storage.foldername(name))[1] = (select auth.uid())::text);

drop policy if exists "Teachers can view submission files in their courses" on storage.objects;
create policy "Teachers can view submission files in their courses"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'activity-submissions'
    and (storage.foldername(name))[2] = any ((select private.taught_activity_ids())::text[])
  );

drop policy if exists "Admins can view every submission file" on storage.objects;
create policy "Admins can view every submission file"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'activity-submissions' and (select private.is_admin()));

drop policy if exists "Students can upload their own submission files" on storage.objects;
create policy "Students can upload their own submission files"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'activity-submissions' and (select private.can_upload_submission_file(name)));

drop policy if exists "Students can replace their own submission files" on storage.objects;
create policy "Students can replace their own submission files"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'activity-submissions' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'activity-submissions' and (select private.can_upload_submission_file(name)));

drop policy if exists "Students can delete their own submission files" on storage.objects;
create policy "Students can delete their own submission files"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'activity-submissions' and (storage.foldername(name))[1] = (select auth.uid())::text);

drop policy if exists "Admins can delete submission files" on storage.objects;
create policy "Admins can delete submission files"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'activity-submissions' and (select private.is_admin()));

-- Materials ----------------------------------------------------------------------------------------
-- A file is readable by whoever can read a material row that points at it (the materials policies
-- decide: general ones for everyone signed in, course ones for its students, teacher and admins), and by
-- its uploader, so an upload can be confirmed before the material row exists.

drop policy if exists "Users can view material files of materials they can see" on storage.objects;
create policy "Users can view material files of materials they can see"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'materials'
    and exists (
      select 1 from public.materials m
       where m.storage_path = objects.name or (m.type <> 'link' and m.url = objects.name)
    )
  );

drop policy if exists "Uploaders can view their own material files" on storage.objects;
create policy "Uploaders can view their own material files"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'materials' and owner_id = (select auth.uid())::text);

drop policy if exists "Admins can view every material file" on storage.objects;
create policy "Admins can view every material file"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'materials' and (select private.is_admin()));

drop policy if exists "Teachers and admins can upload material files" on storage.objects;
create policy "Teachers and admins can upload material files"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'materials' and (select private.current_user_role()) in ('teacher', 'admin'));

drop policy if exists "Uploaders can replace their own material files" on storage.objects;
create policy "Uploaders can replace their own material files"
  on storage.objects for update
  to authenticated
  using (
    bucket_id = 'materials'
    and owner_id = (select auth.uid())::text
    and (select private.current_user_role()) in ('teacher', 'admin')
  )
  with check (
    bucket_id = 'materials'
    and owner_id = (select auth.uid())::text
    and (select private.current_user_role()) in ('teacher', 'admin')
  );

drop policy if exists "Admins can replace material files" on storage.objects;
create policy "Admins can replace material files"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'materials' and (select private.is_admin()))
  with check (bucket_id = 'materials' and (select private.is_admin()));

drop policy if exists "Uploaders and course teachers can delete material files" on storage.objects;
create policy "Uploaders and course teachers can delete material files"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'materials'
    and (
      owner_id = (select auth.uid())::text
      or exists (
        select 1 from public.materials m
         where (m.storage_path = objects.name or (m.type <> 'link' and m.url = objects.name))
           and (m.uploaded_by = (select auth.uid()) or m.course_id = any ((select private.taught_course_ids())::uuid[]))
      )
    )
  );

drop policy if exists "Admins can delete material files" on storage.objects;
create policy "Admins can delete material files"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'materials' and (select private.is_admin()));
