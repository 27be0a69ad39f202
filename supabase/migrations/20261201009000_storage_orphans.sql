-- Uploaded files that nothing ever came to own (docs/security.md "Files no row ever named").
--
-- Every screen stores a file before the row that names it: a teacher's recorded feedback is uploaded
-- as soon as it is recorded and named by activity_submissions.feedback_audio only when the grade is
-- saved; a student's answer files and recorded answer are uploaded as they are picked and named by
-- file_urls when the work is handed in; a material's file, a message's attachment and an avatar are
-- uploaded a moment before the insert or update that names them. A closed tab, a lost connection or a
-- refused save between the two leaves an object that no row names and no trigger will ever queue
-- (the triggers of 20261122001100_storage.sql queue files when their owner row goes). The screens
-- remove what they can (the grading dialog's "Discard changes", a refused material insert), a closed
-- tab cannot.
--
-- 1. private.is_named_stored_object(bucket, name) -> boolean: whether a row names the object, through
--    an index in each bucket:
--      materials             materials.storage_path (materials_storage_path_idx)
--      activity-submissions  the file_urls of the submission of its folder <student>/<activity>/
--                            (private.is_handed_in_file; private.check_submission_files keeps every
--                            file_urls entry in its own row's folder, for every writer)
--      feedback-audio        feedback_audio of the submission of its folder <activity>/<submission>/
--                            (its check constraint keeps the name in its own row's folder)
--      message-attachments   messages.attachment_path (new partial index)
--      avatars               users.avatar_url (new partial index; trusted writers such as the seed are
--                            not held to the owner's folder, so the name itself is looked up)
--    Any other bucket: false (the sweep below never looks at one).
-- 2. private.queue_orphaned_objects(page_size) -> integer: walks storage.objects of those five buckets
--    in (bucket_id, name) order, page_size objects a call, from where the last call stopped
--    (private.storage_orphan_sweep, one row), through the (bucket_id, name) unique index; an object
--    stored (created_at) longer ago than the grace period that no row names is queued in
--    private.storage_deletions like any other file, and storage-cleanup removes it. At the
--    end of the objects the walk starts again from the first. A call whose cursor another cleaner holds
--    sweeps nothing (skip locked). Answers how many objects it queued.
-- 3. public.claim_storage_deletions(batch_size) sweeps one page (1,000 objects) before it leases, and
--    lets go of every queued object a row names again through is_named_stored_object: feedback
--    recordings, message attachments and avatars too now, and a submission file through the
--    submission of its folder (an index probe) instead of reading every submission's file_urls, which
--    a page of swept orphans would have made a full scan each. Same signature, grants and answer.
--
-- The grace period: 24 hours. An upload is unnamed while someone is still filling the form it belongs
-- to (a grading dialog or a student's answer can stay open for a lesson, a working day); the drafts
-- live in the open page only, so past a day the file is not coming back. It also covers the race with
-- a save in flight: an object becomes a candidate only a day after it was written, and the row that
-- names it is checked again when the sweep queues it and once more when claim_storage_deletions leases
-- it (the same transaction for a page it has just queued), so a save that lands before the lease keeps
-- its file. What the period gives up: a form kept open for more than a day loses its upload, and saved
-- afterwards its row names a file that is gone (check_material_file refuses that for a material; a
-- submission or a grade would name a missing file).
--
-- Hosted, pg_cron calls storage-cleanup every minute whatever the queue holds; the local stack calls it
-- every second while the queue has work, and now also once swept_at is a minute old
-- (local-supabase/src/stack.ts), so a local stack sweeps too.
--
-- Cost: one claim call reads at most 1,000 index entries of storage.objects plus one index probe for
-- each of those old enough; at one call a minute (hosted) a school of 100,000 files is swept every
-- 100 minutes; locally (a call a second) the test stack in seconds.

-- 1. Whether a row names an object ------------------------------------------------------------------

create index users_avatar_url_idx on public.users (avatar_url) where avatar_url is not null;
create index messages_attachment_path_idx on public.messages (attachment_path) where attachment_path is not null;

create function private.is_named_stored_object(bucket text, object_name text) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_folders text[];
begin
  if object_name is null then
    return false;
  end if;
  case bucket
    when 'materials' then
      return exists (select 1 from public.materials m where m.storage_path = object_name);
    when 'activity-submissions' then
      return private.is_handed_in_file(object_name);
    when 'feedback-audio' then
      v_folders := storage.foldername(object_name);
      if coalesce(array_length(v_folders, 1), 0) <> 2 or not private.is_uuid_text(v_folders[2]) then
        return false;
      end if;
      return exists (
        select 1 from public.activity_submissions s
         where s.id = v_folders[2]::uuid and s.feedback_audio = object_name
      );
    when 'message-attachments' then
      return exists (select 1 from public.messages m where m.attachment_path = object_name);
    when 'avatars' then
      return exists (select 1 from public.users u where u.avatar_url = object_name);
    else
      return false;
  end case;
end
$$;

comment on function private.is_named_stored_object(text, text) is
  'Whether a row names the stored object (materials, submission files, feedback audio, message attachments, avatars), through an index in each bucket.';

-- 2. The sweep -----------------------------------------------------------------------------------------

create table private.storage_orphan_sweep (
  id boolean primary key default true constraint storage_orphan_sweep_one_row check (id),
  -- The last object examined; ('', '') before the first (every bucket id sorts after it).
  bucket_id text not null default '',
  name text not null default '',
  -- When the pass under way began, and when the last complete pass did: every object written before
  -- last_pass_started_at minus the grace period has been looked at.
  pass_started_at timestamptz not null default now(),
  last_pass_started_at timestamptz,
  -- The last call (the local stack calls storage-cleanup once this is a minute old, as hosted does).
  swept_at timestamptz not null default now()
);

comment on table private.storage_orphan_sweep is
  'Where the sweep for stored objects no row names (private.queue_orphaned_objects) goes on from; one row.';

insert into private.storage_orphan_sweep (id) values (true);

revoke all on private.storage_orphan_sweep from public, anon, authenticated;
grant all on private.storage_orphan_sweep to service_role;

create function private.queue_orphaned_objects(page_size integer) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  -- How long an upload may wait for its row (see the top of this migration).
  c_grace constant interval := interval '24 hours';
  c_buckets constant text[] := array['activity-submissions', 'avatars', 'feedback-audio', 'materials', 'message-attachments'];
  v_cursor private.storage_orphan_sweep%rowtype;
  v_object record;
  v_bucket text;
  v_name text;
  v_seen integer := 0;
  v_queued integer := 0;
begin
  if page_size is null or page_size < 1 then
    return 0;
  end if;
  select * into v_cursor from private.storage_orphan_sweep s where s.id for update skip locked;
  if not found then
    return 0;
  end if;
  v_bucket := v_cursor.bucket_id;
  v_name := v_cursor.name;

  for v_object in
    select o.bucket_id, o.name, o.created_at
      from storage.objects o
     where (o.bucket_id, o.name) > (v_cursor.bucket_id, v_cursor.name)
     order by o.bucket_id, o.name
     limit page_size
  loop
    v_seen := v_seen + 1;
    v_bucket := v_object.bucket_id;
    v_name := v_object.name;
    if v_object.bucket_id = any (c_buckets)
       and v_object.created_at < now() - c_grace
       and not private.is_named_stored_object(v_object.bucket_id, v_object.name) then
      insert into private.storage_deletions (bucket_id, name)
      values (v_object.bucket_id, v_object.name)
      on conflict (bucket_id, name) do nothing;
      v_queued := v_queued + 1;
    end if;
  end loop;

  if v_seen < page_size then
    -- The end of the objects: the next call starts again from the first.
    update private.storage_orphan_sweep s
       set bucket_id = '', name = '', last_pass_started_at = s.pass_started_at, pass_started_at = now(),
           swept_at = now()
     where s.id;
  else
    update private.storage_orphan_sweep s set bucket_id = v_bucket, name = v_name, swept_at = now() where s.id;
  end if;
  return v_queued;
end
$$;

comment on function private.queue_orphaned_objects(integer) is
  'Queues for storage-cleanup the next page_size stored objects (materials, submission files, feedback audio, message attachments, avatars) older than 24 hours that no row names; service role only.';

revoke execute on function private.is_named_stored_object(text, text), private.queue_orphaned_objects(integer)
  from public;
grant execute on function private.is_named_stored_object(text, text), private.queue_orphaned_objects(integer)
  to service_role;

-- 3. The claim sweeps first ------------------------------------------------------------------------------

-- claim_storage_deletions(batch_size = 100) -> jsonb {claim, objects: [{id, bucket, name}]}: queues the
--   orphans of the next 1,000 stored objects (private.queue_orphaned_objects), then leases up to
--   batch_size (1–1000) due queued objects for 5 minutes (`for update skip locked`, so two cleaners
--   never get the same object). Objects already gone, or named again by a row meanwhile, leave the
--   queue without being claimed. Service role only.
create or replace function public.claim_storage_deletions(batch_size integer default 100) returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_claim uuid := gen_random_uuid();
  v_objects jsonb;
begin
  if batch_size is null or batch_size not between 1 and 1000 then
    raise exception 'batch_size must be between 1 and 1000' using errcode = '22023';
  end if;

  perform private.queue_orphaned_objects(1000);

  delete from private.storage_deletions d
   where (d.locked_until is null or d.locked_until <= now())
     and (
       not exists (select 1 from storage.objects o where o.bucket_id = d.bucket_id and o.name = d.name)
       or private.is_named_stored_object(d.bucket_id, d.name)
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
  'Queues stored objects older than a day that no row names, then leases up to batch_size queued stored objects to remove ({claim, objects: [{id, bucket, name}]}); storage-cleanup edge function, service role only.';
