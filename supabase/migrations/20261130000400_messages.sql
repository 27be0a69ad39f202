-- One-to-one messages (issue 30, docs/messages.md): a student with the teachers of their active courses,
-- a teacher with those students and with other teachers, an administrator with anyone.
--
--   public.conversations: a pair of people (user_a < user_b, so one conversation per pair whatever the
--     order), started through start_conversation(other_id) only.
--   public.conversation_members: the two people of a conversation, each with their own last_read_at
--     (mark_conversation_read). Written by the functions only.
--   public.messages: sender, recipient, body, an optional attachment (message-attachments bucket). Sent
--     by an insert through the API: row security decides who may write to whom
--     (private.may_message); never changed or deleted by their people.
--   Reads (one request each): message_inbox(search), unread_message_count(), message_contacts(search);
--     a thread is `messages` filtered by conversation, keyset-paged newest first.
--   Storage: `message-attachments`, with the activity-submissions bucket's size and type rules (copied
--     from that bucket's row, so the two cannot differ), readable by the conversation's two people.
--   Notification kind `message_received` (in the app and by email by default), at most one per
--     conversation and recipient every 10 minutes (private.message_notified).
--   Live: messages and conversation_members are in supabase_realtime.

-- 1. Who may write to whom ------------------------------------------------------------------------------

-- True when the caller may start a conversation with `other_id` or write in theirs. Both must be active
-- accounts (an inactive one has no role); never oneself; an administrator with anyone; teachers with
-- each other; a student and a teacher only while the student has an active enrolment in a course the
-- teacher teaches; students never with each other. Same answer for an id that does not exist.
create function private.may_message(other_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  with me as (
    select u.id, u.role from public.users u where u.id = (select auth.uid()) and u.is_active
  ), them as (
    select u.id, u.role from public.users u where u.id = other_id and u.is_active
  )
  select coalesce((
    select me.id <> them.id
       and (me.role = 'admin' or them.role = 'admin'
            or (me.role = 'teacher' and them.role = 'teacher')
            or (me.role = 'student' and them.role = 'teacher' and exists (
                  select 1 from public.enrollments e join public.courses c on c.id = e.course_id
                   where e.user_id = me.id and e.status = 'active' and c.teacher_id = them.id))
            or (me.role = 'teacher' and them.role = 'student' and exists (
                  select 1 from public.enrollments e join public.courses c on c.id = e.course_id
                   where e.user_id = them.id and e.status = 'active' and c.teacher_id = me.id)))
      from me, them
  ), false)
$$;

comment on function private.may_message(uuid) is
  'True when the caller may write to other_id now (docs/messages.md, "Who may write to whom").';

-- 2. Tables ---------------------------------------------------------------------------------------------

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  user_a uuid not null references public.users (id) on delete cascade,
  user_b uuid not null references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_message_at timestamptz,
  constraint conversations_pair_order check (user_a < user_b),
  constraint conversations_pair_key unique (user_a, user_b)
);

comment on table public.conversations is
  'A one-to-one conversation: user_a < user_b, one per pair. Started by start_conversation(other_id).';

create index conversations_user_b_idx on public.conversations (user_b);

create table public.conversation_members (
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  last_read_at timestamptz,
  primary key (conversation_id, user_id)
);

comment on table public.conversation_members is
  'Each person of a conversation and what they have read (messages created up to last_read_at).';

create index conversation_members_user_idx on public.conversation_members (user_id);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  sender_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  -- The other person, set by the database from the conversation (the live badge's filter).
  recipient_id uuid not null references public.users (id) on delete cascade,
  body text not null default '' check (char_length(body) <= 4000),
  attachment_path text check (char_length(attachment_path) <= 1024),
  attachment_name text check (char_length(attachment_name) <= 255),
  attachment_size bigint check (attachment_size >= 0),
  attachment_type text check (char_length(attachment_type) <= 255),
  created_at timestamptz not null default clock_timestamp(),
  constraint messages_not_empty check (btrim(body) <> '' or attachment_path is not null),
  constraint messages_attachment_whole check (
    (attachment_path is null) = (attachment_name is null)
    and (attachment_path is null) = (attachment_size is null)
    and (attachment_path is null) = (attachment_type is null))
);

comment on table public.messages is
  'A message in a conversation. Inserted by its sender through the API (row security: private.may_message); never updated or deleted through the API.';

-- A thread, newest first (keyset on created_at, id); unread counts per conversation; the search.
create index messages_conversation_newest_idx on public.messages (conversation_id, created_at desc, id desc);
create index messages_recipient_idx on public.messages (recipient_id, created_at);
create index messages_sender_idx on public.messages (sender_id);
create index messages_body_trgm_idx on public.messages using gin (body extensions.gin_trgm_ops);

-- 3. Row security ---------------------------------------------------------------------------------------

create function private.is_conversation_member(p_conversation_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.conversation_members m
     where m.conversation_id = p_conversation_id and m.user_id = (select auth.uid())
  )
$$;

-- The caller may write in this conversation now: they are in it and may write to the other person.
create function private.can_write_conversation(p_conversation_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
     where c.id = p_conversation_id
       and (select auth.uid()) in (c.user_a, c.user_b)
       and private.may_message(case when c.user_a = (select auth.uid()) then c.user_b else c.user_a end)
  )
$$;

alter table public.conversations enable row level security;
alter table public.conversation_members enable row level security;
alter table public.messages enable row level security;

create policy "People can read their own conversations"
  on public.conversations for select
  to authenticated
  using ((select auth.uid()) in (user_a, user_b));

create policy "People can read the members of their own conversations"
  on public.conversation_members for select
  to authenticated
  using ((select private.is_conversation_member(conversation_id)));

create policy "People can read the messages of their own conversations"
  on public.messages for select
  to authenticated
  using ((select auth.uid()) in (sender_id, recipient_id));

create policy "People can send messages where they may write"
  on public.messages for insert
  to authenticated
  with check (
    sender_id = (select auth.uid())
    and (select private.can_write_conversation(conversation_id))
  );

revoke all on public.conversations, public.conversation_members, public.messages from anon, authenticated;
grant select on public.conversations, public.conversation_members, public.messages to authenticated;
-- sender_id is the caller (its default; the policy refuses another), recipient_id and created_at are set
-- by the trigger below.
grant insert (conversation_id, sender_id, body, attachment_path, attachment_name, attachment_size, attachment_type)
  on public.messages to authenticated;
grant all on public.conversations, public.conversation_members, public.messages to service_role;

alter publication supabase_realtime add table public.messages;
alter publication supabase_realtime add table public.conversation_members;

-- 4. Storage: message-attachments -------------------------------------------------------------------------
-- <conversation id>/<sender id>/<timestamp>-<random>.<ext>. The size and type rules are the
-- activity-submissions bucket's (copied from its row here; the apps use the same constants,
-- shared-data/src/rules/uploads.ts).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
select 'message-attachments', 'message-attachments', false, b.file_size_limit, b.allowed_mime_types
  from storage.buckets b
 where b.id = 'activity-submissions'
on conflict (id) do update
  set name = excluded.name,
      public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create function private.can_read_message_object(object_name text) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_folders text[] := storage.foldername(object_name);
begin
  return coalesce(array_length(v_folders, 1), 0) = 2
     and (select private.is_uuid_text(v_folders[1]))
     and (select private.is_conversation_member(v_folders[1]::uuid));
end
$$;

create function private.can_upload_message_object(object_name text) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  v_folders text[] := storage.foldername(object_name);
begin
  return coalesce(array_length(v_folders, 1), 0) = 2
     and v_folders[2] = (select auth.uid())::text
     and (select private.is_uuid_text(v_folders[1]))
     and (select private.can_write_conversation(v_folders[1]::uuid));
end
$$;

drop policy if exists "People can view the attachments of their own conversations" on storage.objects;
create policy "People can view the attachments of their own conversations"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'message-attachments' and (select private.can_read_message_object(name)));

drop policy if exists "People can attach files where they may write" on storage.objects;
create policy "People can attach files where they may write"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'message-attachments' and (select private.can_upload_message_object(name)));

-- 5. Triggers ---------------------------------------------------------------------------------------------

-- Fills in the recipient and the time, checks the attachment is in this conversation's folder of the
-- sender and within the bucket's rules; moves the conversation's last_message_at.
create function private.prepare_message() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_conversation public.conversations%rowtype;
  v_bucket storage.buckets%rowtype;
begin
  select * into v_conversation from public.conversations c where c.id = new.conversation_id;
  if not found or new.sender_id not in (v_conversation.user_a, v_conversation.user_b) then
    raise exception 'The sender is not in this conversation' using errcode = '42501';
  end if;
  new.recipient_id := case when v_conversation.user_a = new.sender_id then v_conversation.user_b
                           else v_conversation.user_a end;
  new.created_at := clock_timestamp();
  if new.attachment_path is not null then
    if new.attachment_path not like new.conversation_id::text || '/' || new.sender_id::text || '/%'
       or array_length(storage.foldername(new.attachment_path), 1) <> 2 then
      raise exception 'An attachment must be stored in the conversation''s folder of its sender'
        using errcode = '22023';
    end if;
    select * into v_bucket from storage.buckets b where b.id = 'message-attachments';
    if new.attachment_size > v_bucket.file_size_limit
       or not (new.attachment_type = any (v_bucket.allowed_mime_types)) then
      raise exception 'The attachment''s size or type is not accepted' using errcode = '22023';
    end if;
  end if;
  return new;
end
$$;

create trigger prepare_message
  before insert on public.messages
  for each row execute function private.prepare_message();

create function private.touch_conversation() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.conversations c
     set last_message_at = greatest(coalesce(c.last_message_at, new.created_at), new.created_at)
   where c.id = new.conversation_id;
  -- Writing is reading up to one's own message.
  update public.conversation_members m
     set last_read_at = greatest(coalesce(m.last_read_at, new.created_at), new.created_at)
   where m.conversation_id = new.conversation_id and m.user_id = new.sender_id;
  return null;
end
$$;

create trigger touch_conversation
  after insert on public.messages
  for each row execute function private.touch_conversation();

-- A message's attachment goes with it (a conversation or a person deleted takes its messages along).
create function private.queue_message_attachment() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.attachment_path is not null then
    perform private.queue_storage_deletions('message-attachments', array[old.attachment_path]);
  end if;
  return null;
end
$$;

create trigger queue_message_attachment
  after delete on public.messages
  for each row execute function private.queue_message_attachment();

-- 6. Notification: message_received -------------------------------------------------------------------------

insert into public.notification_kinds (kind, in_app_default, email_default)
values ('message_received', true, true);

-- When each person was last told about a conversation: a fast exchange tells them once per 10 minutes.
create table private.message_notified (
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  notified_at timestamptz not null default now(),
  primary key (conversation_id, user_id)
);

create index message_notified_user_idx on private.message_notified (user_id);

alter table private.message_notified enable row level security;
revoke all on private.message_notified from public, anon, authenticated;
grant all on private.message_notified to service_role;

create function private.notify_message_received() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_told integer;
begin
  if (select private.is_trusted_caller()) then
    return null;
  end if;
  -- The primary key decides: only a first row or an update of one older than 10 minutes counts, so two
  -- messages at once tell the recipient once.
  insert into private.message_notified as n (conversation_id, user_id)
  values (new.conversation_id, new.recipient_id)
  on conflict (conversation_id, user_id) do update
    set notified_at = now()
    where n.notified_at < now() - interval '10 minutes';
  get diagnostics v_told = row_count;
  if v_told > 0 then
    perform private.notify(array[new.recipient_id], 'message_received', null, new.conversation_id,
                           jsonb_build_object('senderName', private.public_name(new.sender_id)));
  end if;
  return null;
end
$$;

create trigger notify_message_received
  after insert on public.messages
  for each row execute function private.notify_message_received();

-- 7. Functions ------------------------------------------------------------------------------------------

-- Starts the conversation with other_id, or finds it; answers its id. Refused (42501, the same for an
-- id that does not exist) when the caller may not write to them.
create function private.start_conversation(other_id uuid) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_me uuid := (select auth.uid());
  v_id uuid;
begin
  if v_me is null or other_id is null or not private.may_message(other_id) then
    raise exception 'You cannot message this person' using errcode = '42501';
  end if;
  insert into public.conversations (user_a, user_b)
  values (least(v_me, other_id), greatest(v_me, other_id))
  on conflict (user_a, user_b) do nothing
  returning id into v_id;
  if v_id is null then
    select c.id into v_id from public.conversations c
     where c.user_a = least(v_me, other_id) and c.user_b = greatest(v_me, other_id);
  else
    insert into public.conversation_members (conversation_id, user_id)
    values (v_id, v_me), (v_id, other_id);
  end if;
  return v_id;
end
$$;

create function public.start_conversation(other_id uuid) returns uuid
language sql volatile security invoker set search_path = ''
as $$
  select private.start_conversation(start_conversation.other_id)
$$;

comment on function public.start_conversation(uuid) is
  'Starts (or finds) the caller''s conversation with other_id and answers its id; 42501 when the caller may not write to them.';

-- Marks the caller's conversation read up to its newest message; answers the new last_read_at (null
-- when the caller is not in it).
create function private.mark_conversation_read(p_conversation_id uuid) returns timestamptz
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_read timestamptz;
begin
  update public.conversation_members m
     set last_read_at = greatest(
           coalesce(m.last_read_at, '-infinity'),
           coalesce((select max(x.created_at) from public.messages x where x.conversation_id = m.conversation_id),
                    '-infinity'))
   where m.conversation_id = p_conversation_id
     and m.user_id = (select auth.uid())
  returning m.last_read_at into v_read;
  return v_read;
end
$$;

create function public.mark_conversation_read(conversation_id uuid) returns timestamptz
language sql volatile security invoker set search_path = ''
as $$
  select private.mark_conversation_read(mark_conversation_read.conversation_id)
$$;

comment on function public.mark_conversation_read(uuid) is
  'Marks the caller''s own read state of a conversation up to its newest message; null when not theirs.';

-- The inbox: each of the caller's conversations with the other person (name, avatar, role, whether the
-- caller may still write), the last message and the unread count, newest first, at most 100. `search`
-- keeps those whose other person's name or some message's body contains it. The names come from a
-- definer (a student may not select an administrator's row), only for the caller's own conversations.
create function private.message_inbox(search text)
returns table (
  conversation_id uuid,
  other_id uuid,
  other_first_name text,
  other_last_name text,
  other_avatar_url text,
  other_role text,
  can_write boolean,
  last_message_body text,
  last_message_has_attachment boolean,
  last_message_sender_id uuid,
  last_message_at timestamptz,
  unread_count integer
)
language sql stable security definer set search_path = ''
as $$
  with mine as (
    select c.id, case when c.user_a = (select auth.uid()) then c.user_b else c.user_a end as other_id,
           c.last_message_at, c.created_at, m.last_read_at
      from public.conversations c
      join public.conversation_members m on m.conversation_id = c.id and m.user_id = (select auth.uid())
  ), term as (
    select '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%' as pattern
     where nullif(btrim(search), '') is not null
  )
  select mine.id, u.id, u.first_name, u.last_name, u.avatar_url, u.role,
         private.may_message(u.id),
         last.body, last.attachment_path is not null, last.sender_id, mine.last_message_at,
         (select count(*)::integer from public.messages x
           where x.conversation_id = mine.id and x.recipient_id = (select auth.uid())
             and x.created_at > coalesce(mine.last_read_at, '-infinity'))
    from mine
    join public.users u on u.id = mine.other_id
    left join lateral (
      select x.body, x.attachment_path, x.sender_id from public.messages x
       where x.conversation_id = mine.id
       order by x.created_at desc, x.id desc limit 1
    ) last on true
   where not exists (select 1 from term)
      or (u.first_name || ' ' || u.last_name) ilike (select pattern from term)
      or exists (select 1 from public.messages x
                  where x.conversation_id = mine.id and x.body ilike (select pattern from term))
   order by coalesce(mine.last_message_at, mine.created_at) desc, mine.id
   limit 100
$$;

create function public.message_inbox(search text default null)
returns table (
  conversation_id uuid,
  other_id uuid,
  other_first_name text,
  other_last_name text,
  other_avatar_url text,
  other_role text,
  can_write boolean,
  last_message_body text,
  last_message_has_attachment boolean,
  last_message_sender_id uuid,
  last_message_at timestamptz,
  unread_count integer
)
language sql stable security invoker set search_path = ''
as $$
  select * from private.message_inbox(message_inbox.search)
$$;

comment on function public.message_inbox(text) is
  'The caller''s conversations, newest first (at most 100), with the other person, the last message and the unread count; search: the other person''s name or a message body.';

-- How many messages to the caller are unread, over all their conversations (the sidebar's badge).
create function public.unread_message_count() returns integer
language sql stable security invoker set search_path = ''
as $$
  select count(*)::integer
    from public.conversation_members m
    join public.messages x on x.conversation_id = m.conversation_id
   where m.user_id = (select auth.uid())
     and x.recipient_id = (select auth.uid())
     and x.created_at > coalesce(m.last_read_at, '-infinity')
$$;

comment on function public.unread_message_count() is
  'How many messages to the caller are unread, over all their conversations.';

-- The people the caller may start a conversation with (private.may_message), by name, at most 1000;
-- `search` on the name.
create function private.message_contacts(search text)
returns table (id uuid, first_name text, last_name text, avatar_url text, role text)
language sql stable security definer set search_path = ''
as $$
  with me as (
    select u.id, u.role from public.users u where u.id = (select auth.uid()) and u.is_active
  ), term as (
    select '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%' as pattern
     where nullif(btrim(search), '') is not null
  ), allowed as (
    -- Administrators: anyone active. Everyone: the administrators.
    select u.id from public.users u, me where me.role = 'admin' and u.is_active
    union
    select u.id from public.users u, me where u.role = 'admin' and u.is_active
    union
    -- Teachers: other teachers, and the students actively enrolled in their courses.
    select u.id from public.users u, me where me.role = 'teacher' and u.role = 'teacher' and u.is_active
    union
    select e.user_id from public.enrollments e join public.courses c on c.id = e.course_id, me
     where me.role = 'teacher' and c.teacher_id = me.id and e.status = 'active'
    union
    -- Students: the teachers of their active enrolments.
    select c.teacher_id from public.enrollments e join public.courses c on c.id = e.course_id, me
     where me.role = 'student' and e.user_id = me.id and e.status = 'active' and c.teacher_id is not null
  )
  select u.id, u.first_name, u.last_name, u.avatar_url, u.role
    from allowed a
    join public.users u on u.id = a.id
   where u.id <> (select auth.uid())
     and private.may_message(u.id)
     and (not exists (select 1 from term)
          or (u.first_name || ' ' || u.last_name) ilike (select pattern from term))
   order by lower(u.first_name), lower(u.last_name), u.id
   limit 1000
$$;

create function public.message_contacts(search text default null)
returns table (id uuid, first_name text, last_name text, avatar_url text, role text)
language sql stable security invoker set search_path = ''
as $$
  select * from private.message_contacts(message_contacts.search)
$$;

comment on function public.message_contacts(text) is
  'The people the caller may message now, by name (at most 1000); search: on the name.';

-- 8. Grants -----------------------------------------------------------------------------------------------

revoke execute on function
  private.may_message(uuid),
  private.is_conversation_member(uuid),
  private.can_write_conversation(uuid),
  private.can_read_message_object(text),
  private.can_upload_message_object(text),
  private.prepare_message(),
  private.touch_conversation(),
  private.queue_message_attachment(),
  private.notify_message_received(),
  private.start_conversation(uuid),
  private.mark_conversation_read(uuid),
  private.message_inbox(text),
  private.message_contacts(text)
from public;
grant execute on function
  private.may_message(uuid),
  private.is_conversation_member(uuid),
  private.can_write_conversation(uuid),
  private.can_read_message_object(text),
  private.can_upload_message_object(text),
  private.start_conversation(uuid),
  private.mark_conversation_read(uuid),
  private.message_inbox(text),
  private.message_contacts(text)
to authenticated, service_role;

revoke execute on function
  public.start_conversation(uuid),
  public.mark_conversation_read(uuid),
  public.message_inbox(text),
  public.unread_message_count(),
  public.message_contacts(text)
from public, anon;
grant execute on function
  public.start_conversation(uuid),
  public.mark_conversation_read(uuid),
  public.message_inbox(text),
  public.unread_message_count(),
  public.message_contacts(text)
to authenticated;
