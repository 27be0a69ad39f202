// Messages: one-to-one conversations, their messages and the people one may write to.

export {
  MESSAGE_MAX_LENGTH,
  type Conversation,
  type Message,
  type MessageAttachment,
  type MessageInput,
  type MessagePerson,
} from '../mappers/message';
export {
  MESSAGE_PAGE_SIZE,
  messagesService,
  type MessageCursor,
  type MessagePage,
} from '../services/messages';
