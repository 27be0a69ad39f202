-- Storage buckets, who may read and write their objects, and the files that go with what they belong to.
-- Object names:
--   materials             <course id | general>/<uploader id>/<timestamp>-<random>.<ext>
--   avatars               <user id>/avatar.<ext>                   (public bucket; users.avatar_url)
--   activity-submissions  <student id>/<activity id>/<timestamp>-<random>.<ext>
-- The storage API writes storage.objects as the calling user (owner_id = the caller), so these policies
-- decide every upload, download, signed URL, overwrite and removal.
--
-- Materials: who may read, sign, replace or remove an object is decided by where it is stored and by
-- whom, never by a `materials` row that merely names it:
--   manage (replace, move, remove, attach to a material): the uploader (an active teacher or admin), the
--     course's teacher for a course folder, administrators;
--   read (download, sign, list): whoever manages it, the actively enrolled students of the course for a
--     course folder, and everyone signed in (active) for `general` (the general library is visible to
--     every signed-in person, docs/product-rules.md "Who may do what");
--   upload: active teachers and admins, into their own uploader folder of `general` or of a course they
--     teach (admins: of any existing course).
--   An object with a flat name (no place and uploader folders) is managed and read by the person who
--   stored it (storage.objects.owner_id) and administrators only.
-- A material row names only an object the caller may manage, stored in the folder of the row's course
-- (`general` without one): private.check_material_file, also on a change of course.
--
-- Files go with what they belong to: deleting a material, a submission, an activity, a course or a user
-- queues its stored objects in private.storage_deletions (triggers; SQL never deletes storage.objects,
-- which hosted Supabase refuses: "use the Storage API"). The `storage-cleanup` edge function (service
-- role) claims a batch (claim_storage_deletions), removes the objects through the Storage API and
-- records the outcome (finish_storage_deletions). Hosted: pg_cron calls it every minute; locally the
-- stack every second.
--
-- Re-runnable where it touches the storage schema: on a hosted project the buckets may already exist
-- (made in the dashboard, or by the CLI's `[storage.buckets.*]` from config.toml) and the storage schema
-- outlives a reset of ours, so buckets are upserted to these settings and each policy on storage tables
-- is dropped before it is created.

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
create function private.can_upload_submission_file(object_name text) returns boolean
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

create function private.is_uuid_text(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', false)
$$;

-- True when the caller may replace, move, remove or attach the materials object `object_name`.
create function private.can_manage_material_object(object_name text, object_owner text)
returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_folders text[] := storage.foldername(object_name);
  v_role text := (select private.current_user_role());
  v_uid text := (select auth.uid())::text;
begin
  if v_role = 'admin' then
    return true;
  end if;
  if v_role is distinct from 'teacher' or v_uid is null then
    return false;
  end if;
  if coalesce(array_length(v_folders, 1), 0) <> 2 then
    -- Stored before the <place>/<uploader>/ layout: only the person who stored it.
    return object_owner is not distinct from v_uid;
  end if;
  if v_folders[2] = v_uid then
    return true;
  end if;
  return private.is_uuid_text(v_folders[1])
     and v_folders[1]::uuid = any ((select private.taught_course_ids())::uuid[]);
end
$$;

-- True when the caller may download, sign or list the materials object `object_name`.
create function private.can_read_material_object(object_name text, object_owner text)
returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_folders text[] := storage.foldername(object_name);
begin
  if (select private.can_manage_material_object(object_name, object_owner)) then
    return true;
  end if;
  if coalesce(array_length(v_folders, 1), 0) <> 2 or (select private.current_user_role()) is null then
    return false;
  end if;
  if v_folders[1] = 'general' then
    return true;
  end if;
  return private.is_uuid_text(v_folders[1])
     and v_folders[1]::uuid = any ((select private.enrolled_course_ids())::uuid[]);
end
$$;

-- True when the caller may store a new materials object named `object_name`.
create function private.can_upload_material_object(object_name text) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_folders text[] := storage.foldername(object_name);
  v_role text := (select private.current_user_role());
begin
  if v_role is null or v_role not in ('teacher', 'admin')
     or coalesce(array_length(v_folders, 1), 0) <> 2
     or v_folders[2] is distinct from (select auth.uid())::text then
    return false;
  end if;
  if v_folders[1] = 'general' then
    return true;
  end if;
  if not private.is_uuid_text(v_folders[1]) then
    return false;
  end if;
  return v_folders[1]::uuid = any ((select private.taught_course_ids())::uuid[])
      or (v_role = 'admin' and exists (select 1 from public.courses c where c.id = v_folders[1]::uuid));
end
$$;

revoke execute on function
  private.is_uuid_text(text),
  private.can_manage_material_object(text, text),
  private.can_read_material_object(text, text),
  private.can_upload_material_object(text)
  from public;
grant execute on function
  private.is_uuid_text(text),
  private.can_manage_material_object(text, text),
  private.can_read_material_object(text, text),
  private.can_upload_material_object(text)
  to authenticated, service_role;

drop policy if exists "Material files are read by their place" on storage.objects;
create policy "Material files are read by their place"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'materials' and private.can_read_material_object(name, owner_id));

drop policy if exists "Teachers and admins upload material files into their own folder" on storage.objects;
create policy "Teachers and admins upload material files into their own folder"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'materials' and private.can_upload_material_object(name));

drop policy if exists "Material files are replaced by who manages them" on storage.objects;
create policy "Material files are replaced by who manages them"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'materials' and private.can_manage_material_object(name, owner_id))
  with check (bucket_id = 'materials' and private.can_manage_material_object(name, owner_id));

drop policy if exists "Material files are removed by who manages them" on storage.objects;
create policy "Material files are removed by who manages them"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'materials' and private.can_manage_material_object(name, owner_id));

-- A material names only a file the caller manages, in the folder of its course. Links, and files kept on
-- another site (an http(s) address, no storage_path), name no object. Trusted callers (seeds, the
-- service role) are not checked.
create function private.check_material_file() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_owner text;
  v_folders text[];
begin
  if (select private.is_trusted_caller()) or new.type = 'link' then
    return new;
  end if;
  if tg_op = 'UPDATE'
     and old.type <> 'link'
     and new.storage_path is not distinct from old.storage_path
     and new.url is not distinct from old.url
     and new.course_id is not distinct from old.course_id then
    return new;
  end if;
  -- An external file (a video on another site) names no stored object: its address is a web link.
  if new.storage_path is null
     and new.url ~* '^https?://'
     and not exists (select 1 from storage.objects o where o.bucket_id = 'materials' and o.name = new.url) then
    return new;
  end if;
  if new.storage_path is null or new.url is distinct from new.storage_path then
    raise exception 'A material can only name a file you may manage' using errcode = '42501';
  end if;
  select o.owner_id into v_owner
    from storage.objects o
   where o.bucket_id = 'materials' and o.name = new.storage_path;
  if not found or not private.can_manage_material_object(new.storage_path, v_owner) then
    raise exception 'A material can only name a file you may manage' using errcode = '42501';
  end if;
  v_folders := storage.foldername(new.storage_path);
  if coalesce(array_length(v_folders, 1), 0) <> 2
     or v_folders[1] is distinct from coalesce(new.course_id::text, 'general') then
    raise exception 'A material''s file must be stored in the folder of its course' using errcode = '23514';
  end if;
  return new;
end
$$;

revoke execute on function private.check_material_file() from public;

create trigger check_material_file
  before insert or update of type, url, storage_path, course_id on public.materials
  for each row execute function private.check_material_file();

-- Files go with what they belong to ------------------------------------------------------------------

create table private.storage_deletions (
  id bigint generated always as identity primary key,
  bucket_id text not null constraint storage_deletions_bucket_check check (char_length(bucket_id) between 1 and 100),
  name text not null constraint storage_deletions_name_check check (char_length(name) between 1 and 1024),
  queued_at timestamptz not null default now(),
  attempts integer not null default 0 constraint storage_deletions_attempts_check check (attempts >= 0),
  last_error text constraint storage_deletions_last_error_check check (char_length(last_error) <= 500),
  next_attempt_at timestamptz not null default clock_timestamp(),
  claim_id uuid,
  locked_until timestamptz,
  constraint storage_deletions_object_key unique (bucket_id, name)
);

comment on table private.storage_deletions is
  'Stored objects whose owner (material, submission, activity, course, user) was deleted, waiting for the storage-cleanup edge function to remove them through the Storage API.';

create index storage_deletions_due_idx on private.storage_deletions (next_attempt_at);

revoke all on private.storage_deletions from public, anon, authenticated;
grant all on private.storage_deletions to service_role;

create function private.queue_storage_deletions(p_bucket text, p_names text[]) returns void
language sql security definer set search_path = ''
as $$
  insert into private.storage_deletions (bucket_id, name)
  select distinct p_bucket, n
    from unnest(p_names) as n
   where n is not null and n <> '' and char_length(n) <= 1024
  on conflict (bucket_id, name) do nothing
$$;

-- A material's file goes with it, unless another material still names it; so does a replaced file.
create function private.queue_material_file() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.storage_path is not null
     and (tg_op = 'DELETE' or new.storage_path is distinct from old.storage_path)
     and not exists (select 1 from public.materials m where m.storage_path = old.storage_path) then
    perform private.queue_storage_deletions('materials', array[old.storage_path]);
  end if;
  return null;
end
$$;

create trigger queue_material_file
  after delete or update of storage_path on public.materials
  for each row execute function private.queue_material_file();

-- A submission's files go with it.
create function private.queue_submission_files() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.queue_storage_deletions('activity-submissions', old.file_urls);
  return null;
end
$$;

create trigger queue_submission_files
  after delete on public.activity_submissions
  for each row execute function private.queue_submission_files();

-- An activity's folder (<student>/<activity>/…): also files uploaded but never handed in.
create function private.queue_activity_files() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.queue_storage_deletions(
    'activity-submissions',
    array(
      select o.name from storage.objects o
       where o.bucket_id = 'activity-submissions'
         and o.name like '%/' || old.id::text || '/%'
         and (storage.foldername(o.name))[2] = old.id::text
    )
  );
  return null;
end
$$;

create trigger queue_activity_files
  after delete on public.activities
  for each row execute function private.queue_activity_files();

-- A course's materials folder (its materials' files and loose uploads); its activities' files go
-- through the cascade to activities and submissions.
create function private.queue_course_files() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.queue_storage_deletions(
    'materials',
    array(
      select o.name from storage.objects o
       where o.bucket_id = 'materials' and o.name like old.id::text || '/%'
    )
  );
  return null;
end
$$;

create trigger queue_course_files
  after delete on public.courses
  for each row execute function private.queue_course_files();

-- A user's avatar folder, their submission folder, and material uploads no material names. Files of
-- materials they uploaded stay with the materials (uploaded_by becomes null).
create function private.queue_user_files() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.queue_storage_deletions(
    'avatars',
    array(select o.name from storage.objects o where o.bucket_id = 'avatars' and o.name like old.id::text || '/%')
  );
  perform private.queue_storage_deletions(
    'activity-submissions',
    array(
      select o.name from storage.objects o
       where o.bucket_id = 'activity-submissions' and o.name like old.id::text || '/%'
    )
  );
  perform private.queue_storage_deletions(
    'materials',
    array(
      select o.name from storage.objects o
       where o.bucket_id = 'materials'
         and o.name like '%/' || old.id::text || '/%'
         and (storage.foldername(o.name))[2] = old.id::text
         and not exists (select 1 from public.materials m where m.storage_path = o.name)
    )
  );
  return null;
end
$$;

create trigger queue_user_files
  after delete on public.users
  for each row execute function private.queue_user_files();

revoke execute on function
  private.queue_storage_deletions(text, text[]),
  private.queue_material_file(),
  private.queue_submission_files(),
  private.queue_activity_files(),
  private.queue_course_files(),
  private.queue_user_files()
  from public;

-- claim_storage_deletions(batch_size = 100) -> jsonb {claim, objects: [{id, bucket, name}]}: leases up
--   to batch_size (1–1000) due queued objects for 5 minutes (`for update skip locked`, so two cleaners
--   never get the same object). Objects already gone, or named again by a material or a submission
--   meanwhile, leave the queue without being claimed. Service role only.
create function public.claim_storage_deletions(batch_size integer default 100) returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_claim uuid := gen_random_uuid();
  v_objects jsonb;
begin
  if batch_size is null or batch_size not between 1 and 1000 then
    raise exception 'batch_size must be between 1 and 1000' using errcode = '22023';
  end if;

  delete from private.storage_deletions d
   where (d.locked_until is null or d.locked_until <= now())
     and (
       not exists (select 1 from storage.objects o where o.bucket_id = d.bucket_id and o.name = d.name)
       or (d.bucket_id = 'materials'
           and exists (select 1 from public.materials m where m.storage_path = d.name))
       or (d.bucket_id = 'activity-submissions'
           and exists (select 1 from public.activity_submissions s where d.name = any (s.file_urls)))
     );

  with due as (
    select d.id
      from private.storage_deletions d
     where d.next_attempt_at <= now()
       and (d.locked_until is null or d.locked_until <= now())
     order by d.next_attempt_at, d.id
     limit batch_size
       for update skip locked
  ), claimed as (
    update private.storage_deletions d
       set claim_id = v_claim, locked_until = now() + interval '5 minutes'
      from due
     where d.id = due.id
    returning d.id, d.bucket_id, d.name
  )
  select coalesce(
           jsonb_agg(jsonb_build_object('id', c.id, 'bucket', c.bucket_id, 'name', c.name) order by c.id),
           '[]'::jsonb
         )
    into v_objects
    from claimed c;

  if jsonb_array_length(v_objects) = 0 then
    return jsonb_build_object('claim', null, 'objects', v_objects);
  end if;
  return jsonb_build_object('claim', v_claim, 'objects', v_objects);
end
$$;

comment on function public.claim_storage_deletions(integer) is
  'Leases up to batch_size queued stored objects to remove ({claim, objects: [{id, bucket, name}]}); storage-cleanup edge function, service role only.';

-- finish_storage_deletions(claim, removed, error = null) -> integer: the outcome of a leased batch.
--   Ids in `removed` leave the queue; the claim's other ids count a failed attempt with `error` and
--   wait 1, 2, 4 … up to 60 minutes before the next try. Only the holder of the lease records; answers
--   how many rows it changed.
create function public.finish_storage_deletions(
  claim uuid,
  removed bigint[],
  error text default null
) returns integer
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_done integer;
  v_failed integer;
begin
  delete from private.storage_deletions d
   where d.claim_id = claim and d.id = any (coalesce(removed, '{}'));
  get diagnostics v_done = row_count;
  update private.storage_deletions d
     set attempts = d.attempts + 1,
         last_error = left(coalesce(error, 'not removed'), 500),
         next_attempt_at = now() + make_interval(mins => least(60, power(2, least(d.attempts, 6))::integer)),
         claim_id = null,
         locked_until = null
   where d.claim_id = claim;
  get diagnostics v_failed = row_count;
  return v_done + v_failed;
end
$$;

comment on function public.finish_storage_deletions(uuid, bigint[], text) is
  'Records a leased batch: removed ids leave the queue, the rest retry later; service role only.';

revoke execute on function public.claim_storage_deletions(integer), public.finish_storage_deletions(uuid, bigint[], text)
  from public, anon, authenticated;
grant execute on function public.claim_storage_deletions(integer), public.finish_storage_deletions(uuid, bigint[], text)
  to service_role;
