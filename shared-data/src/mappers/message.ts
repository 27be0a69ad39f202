import type { Database } from '../database.types';
import { avatarOf } from './avatar';
import { toRole, type Role } from './user';

// One-to-one messages (docs/messages.md): the inbox's conversations, a thread's messages and the people
// one may write to, as the screens use them.

type Functions = Database['public']['Functions'];

/** The other person of a conversation, or someone one may write to. */
export interface MessagePerson {
  id: string;
  firstName: string;
  lastName: string;
  /** The picture's address, or null. */
  avatar: string | null;
  role: Role;
}

/** One conversation of the inbox. */
export interface Conversation {
  id: string;
  other: MessagePerson;
  /** False once the caller may no longer write to the other person (an enrolment ended, an account closed). */
  canWrite: boolean;
  lastMessage: {
    body: string;
    hasAttachment: boolean;
    /** True when the caller wrote it. */
    mine: boolean;
    at: string;
  } | null;
  unreadCount: number;
}

export interface MessageAttachment {
  path: string;
  name: string;
  size: number;
  type: string;
}

export interface Message {
  id: string;
  conversationId: string;
  senderId: string;
  body: string;
  attachment: MessageAttachment | null;
  createdAt: string;
}

export type ConversationRow = Functions['message_inbox']['Returns'][number];
export type MessageContactRow = Functions['message_contacts']['Returns'][number];
export type MessageRow = Pick<
  Database['public']['Tables']['messages']['Row'],
  | 'id'
  | 'conversation_id'
  | 'sender_id'
  | 'body'
  | 'attachment_path'
  | 'attachment_name'
  | 'attachment_size'
  | 'attachment_type'
  | 'created_at'
>;

export const MESSAGE_COLUMNS =
  'id, conversation_id, sender_id, body, attachment_path, attachment_name, attachment_size, attachment_type, created_at';

export function toMessagePerson(row: MessageContactRow): MessagePerson {
  return {
    id: row.id,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    avatar: avatarOf(row.avatar_url),
    role: toRole(row.role),
  };
}

export function toConversation(row: ConversationRow, userId: string): Conversation {
  return {
    id: row.conversation_id,
    other: toMessagePerson({
      id: row.other_id,
      first_name: row.other_first_name,
      last_name: row.other_last_name,
      avatar_url: row.other_avatar_url,
      role: row.other_role,
    }),
    canWrite: row.can_write,
    lastMessage: row.last_message_at
      ? {
          body: row.last_message_body ?? '',
          hasAttachment: Boolean(row.last_message_has_attachment),
          mine: row.last_message_sender_id === userId,
          at: row.last_message_at,
        }
      : null,
    unreadCount: row.unread_count ?? 0,
  };
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    body: row.body,
    attachment:
      row.attachment_path !== null
        ? {
            path: row.attachment_path,
            name: row.attachment_name ?? '',
            size: row.attachment_size ?? 0,
            type: row.attachment_type ?? '',
          }
        : null,
    createdAt: row.created_at,
  };
}

/** What a person sends: text, a file, or both. */
export interface MessageInput {
  conversationId: string;
  senderId: string;
  body: string;
  file?: File | null;
}

/** The longest message body (the messages table's check). */
export const MESSAGE_MAX_LENGTH = 4000;
