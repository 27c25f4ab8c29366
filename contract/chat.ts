/**
 * Direct chat (docs/api.md §4 Chat, §5–7 chat destinations): what a client sends, what the server
 * answers over REST and pushes over STOMP, and the texts both sides show.
 *
 * Every message carries `seq`, one more than the message before it in its conversation, so a client
 * that missed a socket push sees the gap and fills it with `afterSeq`; `clientMessageId` (a UUID the
 * client makes before the first attempt) lets the server store a message once however often an
 * offline outbox sends it.
 *
 * Choices the contract leaves open:
 * - `latestMessage` of a conversation is the whole Message (null only for a conversation without
 *   messages, which the server never lists), so the inbox can show sender, time and read state.
 * - `otherParticipantProfilePicture` is the URL of the 128 px thumbnail (lists), or null.
 * - GET /chat/conversations takes optional `page`/`size` (default 50, the client's cache size).
 * - `afterSeq` ignores `page`: it answers the first `size` messages after that seq, oldest first;
 *   `metadata.hasNext` says more follow (ask again with the last seq received).
 * - The read-status event lists `messageIds` only when at most READ_STATUS_MAX_IDS were marked; the
 *   client relies on `upToSeq` (every incoming message up to it is read).
 */
import { z } from 'zod';
import { ChatMessages } from './messages';
import { CHAT_CONTENT_MAX, CHAT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
export { ChatMessages } from './messages';

/** docs/product.md §8's chat texts live with the other client texts (zod-free, so screens import them cheaply). */
export { ChatClientMessages } from './errors';

/** Conversations per page of GET /chat/conversations by default (docs/product.md §9: the client caches 50). */
export const CHAT_CONVERSATIONS_PAGE_SIZE = 50;
/**
 * A message sent without `clientMessageId` is stored once even when it arrives twice (over STOMP and
 * over REST, or retried): the same sender's message with identical content to the same conversation,
 * stored less than this long before (and among its last CHAT_DEDUPE_RECENT_MESSAGES), is that
 * message, answered again and not announced again. Identical text after the window is a new message.
 * Senders who must say the same thing twice within it give each message its own `clientMessageId`.
 */
export const CHAT_DEDUPE_WINDOW_MS = 10_000;
export const CHAT_DEDUPE_RECENT_MESSAGES = 100;

/** The read-status event names the marked messages only up to this many (else `upToSeq` alone). */
export const READ_STATUS_MAX_IDS = 100;

const uuid = z.uuid();

/** POST /chat/send and STOMP /app/chat/send. */
export const SendMessageBodySchema = z.object({
  receiverId: z.uuid({ error: ChatMessages.invalidRecipient }),
  content: z.string().trim().min(1).max(CHAT_CONTENT_MAX),
  /**
   * Made by the client before its first attempt; the server stores one message per (sender, id).
   * Without it, repeats are recognised only within CHAT_DEDUPE_WINDOW_MS.
   */
  clientMessageId: z.uuid({ error: 'clientMessageId must be a UUID' }).optional(),
});
export type SendMessageBody = z.output<typeof SendMessageBodySchema>;

export const MessageSchema = z.object({
  id: uuid,
  conversationId: uuid,
  senderId: uuid,
  receiverId: uuid,
  content: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  /** 1, 2, 3 … per conversation, without gaps. */
  seq: z.number().int().min(1),
  clientMessageId: uuid.nullable().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSchema = z.object({
  id: uuid,
  otherParticipantId: uuid,
  otherParticipantName: z.string(),
  otherParticipantProfilePicture: z.string().nullable(),
  /** The other person deleted their account: the history stays readable, nothing more can be sent. */
  otherParticipantDeleted: z.boolean(),
  latestMessage: MessageSchema.nullable(),
  /** Messages to me in this conversation that I have not read. */
  unreadCount: z.number().int().min(0),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationListSchema = z.object({ conversations: z.array(ConversationSchema) });
export const MessageListSchema = z.object({ messages: z.array(MessageSchema) });

export const ConversationListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CHAT_CONVERSATIONS_PAGE_SIZE),
});

export const MessageListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CHAT_PAGE_SIZE),
  /** Gap filling: the messages after this seq, oldest first (`page` is ignored). */
  afterSeq: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
export type MessageListQuery = z.output<typeof MessageListQuerySchema>;

/** Conversation id → unread messages to me in it (conversations without unread are left out). */
export const ConversationUnreadCountsSchema = z.record(z.string(), z.number().int().min(0));

/** STOMP /topic/chat-unread-{userId}: my unread counts after something changed them. */
export const ChatUnreadEventSchema = z.object({
  totalUnreadCount: z.number().int().min(0),
  conversationUnreadCounts: ConversationUnreadCountsSchema,
});
export type ChatUnreadEvent = z.infer<typeof ChatUnreadEventSchema>;

/** GET /chat/unread-count: `unreadCount` and `totalUnreadCount` are the same number (docs/product.md §3 reads either). */
export const ChatUnreadCountSchema = ChatUnreadEventSchema.extend({ unreadCount: z.number().int().min(0) });
export type ChatUnreadCount = z.infer<typeof ChatUnreadCountSchema>;

/**
 * STOMP /topic/chat-read-status-{senderId}, and the answer of PUT …/read: the reader has read every
 * message sent to them in the conversation up to `upToSeq`.
 */
export const ReadStatusSchema = z.object({
  conversationId: uuid,
  /** The messages this read marked (left out when there were more than READ_STATUS_MAX_IDS). */
  messageIds: z.array(uuid).optional(),
  upToSeq: z.number().int().min(0),
  isRead: z.literal(true),
});
export type ReadStatus = z.infer<typeof ReadStatusSchema>;

/** STOMP /app/chat/mark-conversation-read. */
export const MarkConversationReadBodySchema = z.object({
  conversationId: z.uuid({ error: ChatMessages.conversationNotFound }),
});
