/**
 * Direct chat (docs/api.md §4 Chat, §5–7; docs/architecture.md "Write (chat, offline-safe)"). REST and STOMP
 * call the same methods, so the same rules hold on both.
 *
 * A send is one transaction: find or create the pair's conversation and lock it, take the next
 * `seq`, store the message, and write its notification. A message sent again with the same
 * (sender, clientMessageId) — an outbox retrying after a lost answer — finds the stored one and gets
 * it back, never a second row (the first write wins, whatever the repeat carries). A message without
 * clientMessageId (the reference web client sends each one over STOMP and over REST) is the same
 * sender's identical message to the conversation within CHAT_DEDUPE_WINDOW_MS, found under the
 * conversation's lock, or new. Only after
 * commit is anything announced: the message to both participants' chat topics (the sender's other
 * devices too) and the receiver's new unread counts.
 *
 * Notifications (type CHAT_MESSAGE, link /chat/{conversationId}, "New message from {name}: {first
 * 80 characters}" in the recipient's language) reach a user whose app is closed by web push. They
 * coalesce: while the recipient has an unread CHAT_MESSAGE notification for the conversation, no
 * new row is added — that row takes the newest text and time and is pushed again under its own id,
 * which the service worker uses as the tag, so the phone shows one notification per conversation
 * that updates like a messenger's (one push per message, one row per conversation). Reading the
 * conversation marks that notification read, so the next message is news again.
 *
 * Reading: PUT …/read and /app/chat/mark-conversation-read mark every message to the reader in the
 * conversation read; /app/chat/mark-read with a message id marks the messages to the reader up to
 * that one's seq (the reader has seen it and what came before). Either way the sender hears a read
 * status and the reader's devices their new unread counts.
 */
import {
  CHAT_DEDUPE_RECENT_MESSAGES,
  CHAT_DEDUPE_WINDOW_MS,
  ChatMessages,
  READ_STATUS_MAX_IDS,
  type ChatUnreadCount,
  type Conversation,
  type Message,
  type MessageListQuery,
  type ReadStatus,
  type SendMessageBody,
} from '../../../contract/chat';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { VersionedListCache, type ReadVersions } from '../../db/read-versions';
import { uniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import type { SuccessResult } from '../../http/envelope';
import { pageMetadata, pageOffset, type PageRequest } from '../../http/paging';
import type { Actor } from '../auth/policy';
import type { CasesRepository } from '../cases/repository';
import type { CreatedNotification, NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import { isDeletedEmail } from '../users/deleted-account';
import { pictureUrl } from '../users/pictures';
import type { ChatEvents } from './events';
import { mayTalkDirectly, orderedPair, otherParticipant } from './policy';
import type { ChatRepository, ConversationListRow, MessageRow } from './repository';

/** How much of a message its notification shows. */
export const CHAT_PREVIEW_CHARS = 80;
const CLIENT_MESSAGE_ID_KEY = 'messages_sender_client_message_id_key';

export interface ChatServiceDeps {
  db: Database;
  chat: ChatRepository;
  cases: CasesRepository;
  notifications: NotificationsService;
  events: ChatEvents;
  clock: Clock;
  logger: FastifyBaseLogger;
  readVersions: ReadVersions;
}

/** The in-app path of a conversation (docs/product.md §2 chat-conversation), also its notification's link. */
export function chatLink(conversationId: string): string {
  return `/chat/${conversationId}`;
}

/** The first CHAT_PREVIEW_CHARS characters (whole code points), with an ellipsis when cut. */
export function chatPreview(content: string): string {
  const chars = Array.from(content);
  return chars.length <= CHAT_PREVIEW_CHARS ? content : `${chars.slice(0, CHAT_PREVIEW_CHARS).join('')}…`;
}

/** What a read covers: the messages to the reader in a conversation, up to `limit` (null: all). */
interface ReadTarget {
  conversationId: string;
  /** The other participant, who hears the read status. */
  other: string;
  limit: number | null;
  /** The seq the reader has seen up to. */
  through: number;
}

export class ChatService {
  /** The inbox pages users re-read, kept while their version stands (server/db/read-versions.ts). */
  private readonly inboxes: VersionedListCache<SuccessResult<{ conversations: Conversation[] }>>;

  constructor(private readonly deps: ChatServiceDeps) {
    this.inboxes = new VersionedListCache(deps.readVersions, 'conversations');
  }

  /** Stores a message once per (sender, clientMessageId) and returns it (the stored one on a repeat). */
  async send(actor: Actor, body: SendMessageBody): Promise<Message> {
    const { chat, clock } = this.deps;
    const receiverId = body.receiverId.toLowerCase();
    const clientMessageId = body.clientMessageId?.toLowerCase() ?? null;
    if (receiverId === actor.userId) throw badRequest(ChatMessages.invalidRecipient);
    if (clientMessageId) {
      const stored = await chat.findBySender(actor.userId, clientMessageId);
      if (stored) return toMessage(stored);
    }
    const parties = await chat.parties([actor.userId, receiverId]);
    const sender = parties.find((p) => p.id === actor.userId);
    const receiver = parties.find((p) => p.id === receiverId);
    if (!receiver || !sender) throw badRequest(ChatMessages.invalidRecipient);
    if (!mayTalkDirectly(sender, receiver) && !(await this.deps.cases.shareCase(sender.id, receiver.id))) {
      throw forbidden();
    }
    // Told only to someone who may write to them (a shared case): the history stays readable, and a
    // new message would be stored for nobody to read.
    if (receiver.deleted) throw conflict(ChatMessages.recipientDeleted);

    let stored: { row: MessageRow; created: boolean; notification: CreatedNotification | null };
    try {
      stored = await this.deps.db.transaction(async (tx) => {
        const now = clock.now();
        const conversation = await chat.lockConversation(orderedPair(sender.id, receiver.id), now, tx);
        // Under the lock: a repeat that raced the first attempt sees it committed here.
        const repeat = clientMessageId
          ? await chat.findBySender(sender.id, clientMessageId, tx)
          : await chat.findRecentIdentical(
              conversation,
              sender.id,
              body.content,
              new Date(now.getTime() - CHAT_DEDUPE_WINDOW_MS),
              CHAT_DEDUPE_RECENT_MESSAGES,
              tx,
            );
        if (repeat) return { row: repeat, created: false, notification: null };
        const seq = await chat.nextSeq(conversation.id, now, tx);
        const row = await chat.insertMessage(
          {
            conversationId: conversation.id,
            seq,
            senderId: sender.id,
            receiverId: receiver.id,
            content: body.content,
            clientMessageId,
            now,
          },
          tx,
        );
        const notification = await this.deps.notifications.notify(tx, {
          userId: receiver.id,
          type: 'CHAT_MESSAGE',
          content: NotificationTexts.chatMessage(`${sender.firstName} ${sender.lastName}`, chatPreview(body.content)),
          link: chatLink(conversation.id),
          coalesce: true,
        });
        return { row, created: true, notification };
      });
    } catch (error) {
      // The same clientMessageId already used by this sender in another conversation: its message.
      const repeat =
        clientMessageId && uniqueViolation(error) === CLIENT_MESSAGE_ID_KEY
          ? await chat.findBySender(sender.id, clientMessageId)
          : null;
      if (repeat) return toMessage(repeat);
      throw error;
    }

    const message = toMessage(stored.row);
    if (stored.created) {
      this.deps.notifications.deliver(stored.notification);
      this.deps.events.emit({ kind: 'message', message });
      await this.announceUnread(message.receiverId);
    }
    return message;
  }

  async conversations(actor: Actor, query: PageRequest): Promise<SuccessResult<{ conversations: Conversation[] }>> {
    return this.inboxes.read(actor.userId, `${query.page}:${query.size}`, () => this.readInbox(actor, query));
  }

  private async readInbox(actor: Actor, query: PageRequest): Promise<SuccessResult<{ conversations: Conversation[] }>> {
    const { rows, total } = await this.deps.chat.listConversations(actor.userId, {
      offset: pageOffset(query),
      limit: query.size,
    });
    return {
      data: { conversations: rows.map(toConversation) },
      metadata: pageMetadata({ ...query, totalCount: total, sortDirection: 'DESC', sortField: 'updatedAt' }),
    };
  }

  /** Newest first by page; with `afterSeq`, the next `size` after it, oldest first. */
  async messages(
    actor: Actor,
    conversationId: string,
    query: MessageListQuery,
  ): Promise<SuccessResult<{ messages: Message[] }>> {
    const { chat } = this.deps;
    const conversation = await chat.findConversationFor(conversationId, actor.userId);
    if (!conversation) throw notFound(ChatMessages.conversationNotFound);
    const last = conversation.lastSeq;
    if (query.afterSeq !== undefined) {
      const rows = await chat.messagesAfter(conversation.id, query.afterSeq, query.size);
      return {
        data: { messages: rows.map(toMessage) },
        metadata: pageMetadata({
          page: 0,
          size: query.size,
          totalCount: Math.max(0, last - query.afterSeq),
          sortDirection: 'ASC',
          sortField: 'seq',
          appliedFilters: { afterSeq: query.afterSeq },
        }),
      };
    }
    // Seqs run 1…last without gaps, so page p holds the seqs (last - (p+1)·size, last - p·size].
    const to = last - pageOffset(query);
    const rows = to >= 1 ? await chat.messagesBetween(conversation.id, Math.max(1, to - query.size + 1), to) : [];
    return {
      data: { messages: rows.map(toMessage) },
      metadata: pageMetadata({ ...query, totalCount: last, sortDirection: 'DESC', sortField: 'seq' }),
    };
  }

  async unreadCount(actor: Actor): Promise<ChatUnreadCount> {
    const counts = await this.unreadOf(actor.userId);
    return { unreadCount: counts.totalUnreadCount, ...counts };
  }

  /** Marks every message to the actor in one of their conversations read. */
  async markConversationRead(actor: Actor, conversationId: string): Promise<ReadStatus> {
    return this.markRead(actor, async (tx) => {
      const conversation = await this.deps.chat.findConversationFor(conversationId, actor.userId, tx);
      if (!conversation) throw notFound(ChatMessages.conversationNotFound);
      const other = otherParticipant(conversation, actor.userId);
      return { conversationId: conversation.id, other, limit: null, through: conversation.lastSeq };
    });
  }

  /** Marks the messages to the actor up to this message (of one of their conversations) read. */
  async markReadUpTo(actor: Actor, messageId: string): Promise<ReadStatus> {
    return this.markRead(actor, async (tx) => {
      const message = await this.deps.chat.findMessageFor(messageId, actor.userId, tx);
      if (!message) throw notFound(ChatMessages.messageNotFound);
      const other = message.senderId === actor.userId ? message.receiverId : message.senderId;
      return { conversationId: message.conversationId, other, limit: message.seq, through: message.seq };
    });
  }

  /**
   * One read, in one transaction: mark the messages, and when none to the reader stays unread in the
   * conversation, its CHAT_MESSAGE notification too. After commit the other participant hears which
   * messages were read (if any were) and the reader's devices hear the new counts.
   */
  private async markRead(actor: Actor, find: (tx: Executor) => Promise<ReadTarget>): Promise<ReadStatus> {
    const { chat, clock, notifications } = this.deps;
    const result = await this.deps.db.transaction(async (tx) => {
      const target = await find(tx);
      const marked = await chat.markRead(target.conversationId, actor.userId, target.limit, clock.now(), tx);
      const left = (await chat.unreadCounts(actor.userId, tx))[target.conversationId] ?? 0;
      if (left === 0) {
        await notifications.markReadByLink(tx, actor.userId, 'CHAT_MESSAGE', chatLink(target.conversationId));
      }
      // A message that committed after the conversation was read may be among the marked ones.
      return { target, marked, upToSeq: Math.max(target.through, marked.at(-1)?.seq ?? 0) };
    });
    const status: ReadStatus = {
      conversationId: result.target.conversationId,
      ...(result.marked.length <= READ_STATUS_MAX_IDS ? { messageIds: result.marked.map((m) => m.id) } : {}),
      upToSeq: result.upToSeq,
      isRead: true,
    };
    if (result.marked.length > 0) {
      this.deps.events.emit({ kind: 'readStatus', userId: result.target.other, status });
    }
    await this.announceUnread(actor.userId);
    return status;
  }

  private async unreadOf(
    userId: string,
  ): Promise<{ totalUnreadCount: number; conversationUnreadCounts: Record<string, number> }> {
    const conversationUnreadCounts = await this.deps.chat.unreadCounts(userId);
    const totalUnreadCount = Object.values(conversationUnreadCounts).reduce((sum, n) => sum + n, 0);
    return { totalUnreadCount, conversationUnreadCounts };
  }

  /** After commit; a failure here only costs a live badge update (clients also poll and refetch). */
  private async announceUnread(userId: string): Promise<void> {
    try {
      this.deps.events.emit({ kind: 'unread', userId, counts: await this.unreadOf(userId) });
    } catch (error) {
      this.deps.logger.warn({ err: error, userId }, 'could not announce chat unread counts');
    }
  }
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    seq: row.seq,
    clientMessageId: row.clientMessageId,
  };
}

function toConversation(row: ConversationListRow): Conversation {
  return {
    id: row.conversation.id,
    otherParticipantId: row.other.id,
    otherParticipantName: `${row.other.firstName} ${row.other.lastName}`,
    otherParticipantProfilePicture: pictureUrl(row.other.profileThumbnail ?? row.other.profilePicture),
    otherParticipantDeleted: isDeletedEmail(row.other.email),
    latestMessage: row.latest ? toMessage(row.latest) : null,
    unreadCount: row.unread,
    updatedAt: row.conversation.updatedAt.toISOString(),
  };
}
