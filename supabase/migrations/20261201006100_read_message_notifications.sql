-- Reading a conversation reads its message notifications (issue 30: after a teacher opened and answered a
-- conversation, the Messages badge was cleared but the bell still counted its `message_received`).
--
-- A conversation's read state is conversation_members.last_read_at, moved forward in two places: opening
-- it (private.mark_conversation_read) and writing in it (private.touch_conversation: writing is reading up
-- to one's own message). Both now also mark the reader's unread `message_received` notifications of that
-- conversation read (private.read_message_notifications), unless a message to them newer than their read
-- state has arrived meanwhile (then the conversation is still unread, and so is its notification).
--
-- The two functions are restated whole, each with the one added call (marked "notifications").
-- Test: supabase/tests/messages.test.ts ("reading a conversation reads its message notifications").

create function private.read_message_notifications(p_conversation_id uuid, p_user_id uuid, p_read timestamptz)
returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if p_read is null or p_user_id is null then
    return;
  end if;
  update public.notifications n
     set read_at = now()
   where n.user_id = p_user_id
     and n.kind = 'message_received'
     and n.subject_id = p_conversation_id
     and n.read_at is null
     and not exists (select 1 from public.messages x
                      where x.conversation_id = p_conversation_id
                        and x.recipient_id = p_user_id
                        and x.created_at > p_read);
end
$$;

comment on function private.read_message_notifications(uuid, uuid, timestamptz) is
  'Marks a person''s unread message_received notifications of a conversation read once they have read it up to p_read.';
revoke all on function private.read_message_notifications(uuid, uuid, timestamptz) from public, anon, authenticated;

create or replace function private.touch_conversation() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_read timestamptz;
begin
  update public.conversations c
     set last_message_at = greatest(coalesce(c.last_message_at, new.created_at), new.created_at)
   where c.id = new.conversation_id;
  -- Writing is reading up to one's own message.
  update public.conversation_members m
     set last_read_at = greatest(coalesce(m.last_read_at, new.created_at), new.created_at)
   where m.conversation_id = new.conversation_id and m.user_id = new.sender_id
  returning m.last_read_at into v_read;
  -- notifications: so is the bell's notification of this conversation.
  perform private.read_message_notifications(new.conversation_id, new.sender_id, v_read);
  return null;
end
$$;

create or replace function private.mark_conversation_read(p_conversation_id uuid) returns timestamptz
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
  -- notifications: the caller's own, only when they are in the conversation (v_read is null otherwise).
  perform private.read_message_notifications(p_conversation_id, (select auth.uid()), v_read);
  return v_read;
end
$$;
