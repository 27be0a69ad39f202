import { getClient } from '@portal/shared-data/session';
import {
  MESSAGE_COLUMNS,
  toConversation,
  toMessage,
  toMessagePerson,
  type Conversation,
  type ConversationRow,
  type Message,
  type MessageInput,
  type MessagePerson,
  type MessageRow,
} from '../mappers/message';
import { STORAGE_BUCKETS, messageAttachmentObjectName } from '../rules/storage-names';
import { submissionContentType } from '../rules/submission';
import { sizeProblem } from '../rules/uploads';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';
import { fileTooLarge, fromStorageError, signedUrl, uploadObject } from './storage';

// One-to-one messages (docs/messages.md). Row security and the database's functions decide who may
// write to whom; every read here is one request. Reads fail with QUERY_ERROR, writes with RPC_ERROR or
// UPLOAD_ERROR; the screens say why in their own words (errorMessageKey).

const FETCH_FAILED = 'Failed to fetch messages';
const SEND_FAILED = 'Failed to send the message';
const START_FAILED = 'Failed to start the conversation';
const MARK_FAILED = 'Failed to mark the conversation read';
const UPLOAD_FAILED = 'Failed to upload the attachment';
const SIGNED_URL_FAILED = 'Failed to create a download link';

/** Where the next (older) page of a thread starts: before this message. */
export type MessageCursor = { createdAt: string; id: string };

export type MessagePage = {
  /** Newest first. */
  items: Message[];
  /** The cursor of the next older page, or null when this was the oldest. */
  older: MessageCursor | null;
};

export const MESSAGE_PAGE_SIZE = 30;

/** The caller's conversations, newest first (at most 100), optionally searched, in one request. */
async function inbox(userId: string, search = ''): Promise<Result<Conversation[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const term = search.trim();
    const { data, error } = await getClient().rpc('message_inbox', {
      search: term || undefined,
    });
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok((data ?? []).map((row: ConversationRow) => toConversation(row, userId)));
  });
}

/** How many messages to the caller are unread, over every conversation. */
async function unreadCount(): Promise<Result<number>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const { data, error } = await getClient().rpc('unread_message_count');
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok(data ?? 0);
  });
}

/** The people the caller may write to now, by name. */
async function contacts(search = ''): Promise<Result<MessagePerson[]>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    const term = search.trim();
    const { data, error } = await getClient().rpc('message_contacts', {
      search: term || undefined,
    });
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    return ok((data ?? []).map(toMessagePerson));
  });
}

/** One page of a thread, newest first, before `older` (keyset: a new message does not shift it). */
async function thread(
  conversationId: string,
  older: MessageCursor | null = null,
  size = MESSAGE_PAGE_SIZE,
): Promise<Result<MessagePage>> {
  return settle('QUERY_ERROR', FETCH_FAILED, async () => {
    let query = getClient()
      .from('messages')
      .select(MESSAGE_COLUMNS)
      .eq('conversation_id', conversationId);
    if (older) {
      query = query.or(
        `created_at.lt.${older.createdAt},and(created_at.eq.${older.createdAt},id.lt.${older.id})`,
      );
    }
    const { data, error } = await query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(size + 1)
      .overrideTypes<MessageRow[], { merge: false }>();
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_FAILED);
    const items = data.slice(0, size).map(toMessage);
    const last = items.at(-1);
    return ok({
      items,
      older: data.length > size && last ? { createdAt: last.createdAt, id: last.id } : null,
    });
  });
}

/** Starts (or finds) the caller's conversation with `otherId`; answers its id. */
async function start(otherId: string): Promise<Result<string>> {
  return settle('RPC_ERROR', START_FAILED, async () => {
    const { data, error } = await getClient().rpc('start_conversation', { other_id: otherId });
    if (error) return fromPostgrestError('RPC_ERROR', error, START_FAILED);
    return ok(data);
  });
}

/**
 * Sends a message: the file first (into the conversation's folder of the sender, with the submissions'
 * type and size rules), then the row naming it.
 */
async function send(input: MessageInput): Promise<Result<Message>> {
  return settle('RPC_ERROR', SEND_FAILED, async () => {
    let attachment: Record<string, unknown> = {};
    if (input.file) {
      const file = input.file;
      const tooLarge = sizeProblem(STORAGE_BUCKETS.messages, file.size);
      if (tooLarge) return fileTooLarge('UPLOAD_ERROR', tooLarge, file.size);
      const contentType = submissionContentType(file);
      if (!contentType) return fail('UPLOAD_ERROR', UPLOAD_FAILED, { status: 415 });
      const path = messageAttachmentObjectName(input.conversationId, input.senderId, file.name);
      const typed = file.type === contentType ? file : new Blob([file], { type: contentType });
      const { error } = await uploadObject(STORAGE_BUCKETS.messages, path, typed);
      if (error) return fromStorageError('UPLOAD_ERROR', error, UPLOAD_FAILED);
      attachment = {
        attachment_path: path,
        attachment_name: file.name,
        attachment_size: file.size,
        attachment_type: contentType,
      };
    }
    const { data, error } = await getClient()
      .from('messages')
      .insert({ conversation_id: input.conversationId, body: input.body.trim(), ...attachment })
      .select(MESSAGE_COLUMNS)
      .single<MessageRow>();
    if (error) return fromPostgrestError('RPC_ERROR', error, SEND_FAILED);
    return ok(toMessage(data));
  });
}

/** Marks the caller's conversation read up to its newest message. */
async function markRead(conversationId: string): Promise<Result<null>> {
  return settle('RPC_ERROR', MARK_FAILED, async () => {
    const { error } = await getClient().rpc('mark_conversation_read', {
      conversation_id: conversationId,
    });
    if (error) return fromPostgrestError('RPC_ERROR', error, MARK_FAILED);
    return ok(null);
  });
}

/** An hour-long link to an attachment (only the conversation's two people get one). */
async function attachmentUrl(path: string): Promise<Result<string>> {
  return settle('SIGNED_URL_ERROR', SIGNED_URL_FAILED, () =>
    signedUrl(STORAGE_BUCKETS.messages, path, SIGNED_URL_FAILED),
  );
}

export const messagesService = {
  inbox,
  unreadCount,
  contacts,
  thread,
  start,
  send,
  markRead,
  attachmentUrl,
};
