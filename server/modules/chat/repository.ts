/**
 * SQL for chat. The send path (lockConversation → nextSeq → insertMessage) runs in one transaction
 * of the service: the conversation row is created race-free (INSERT … ON CONFLICT DO NOTHING, then
 * SELECT … FOR UPDATE) and stays locked until commit, so concurrent sends to one conversation take
 * their seqs one after another. Every read of a conversation or message takes the reader and finds
 * nothing when they are not a participant.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { conversations, lawyerProfiles, messages, users } from '../../db/schema';
import { lazy } from '../../db/prepared';
import { withTotal } from '../../http/paging';
import { isDeletedEmail } from '../users/deleted-account';
import type { ChatParty } from './policy';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** The conversations of a user (a value or a placeholder) that hold at least one message. */
const mine = (userId: string | Placeholder) =>
  and(or(eq(conversations.userLow, userId), eq(conversations.userHigh, userId)), gt(conversations.lastSeq, 0));

export interface NewMessage {
  conversationId: string;
  seq: number;
  senderId: string;
  receiverId: string;
  content: string;
  clientMessageId: string | null;
  now: Date;
}

/** A conversation as the inbox lists it for one participant. */
export interface ConversationListRow {
  conversation: ConversationRow;
  other: {
    id: string;
    firstName: string;
    lastName: string;
    profilePicture: string | null;
    profileThumbnail: string | null;
    email: string;
  };
  latest: MessageRow | null;
  unread: number;
}

const otherUser = alias(users, 'other_user');
const latestMessage = alias(messages, 'latest_message');

export class ChatRepository {
  constructor(private readonly db: Database) {}

  /** The named users with what the chat policy needs; missing ids are simply not in the answer. */
  async parties(ids: readonly string[], tx: Executor = this.db): Promise<ChatParty[]> {
    const rows = await tx
      .select({
        id: users.id,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        lawyerStatus: lawyerProfiles.verificationStatus,
      })
      .from(users)
      .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id))
      .where(inArray(users.id, [...ids]));
    return rows.map(({ email, ...party }) => ({ ...party, deleted: isDeletedEmail(email) }));
  }

  /** The message a sender stored under this clientMessageId, if any. */
  async findBySender(senderId: string, clientMessageId: string, tx: Executor = this.db): Promise<MessageRow | null> {
    const [row] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, clientMessageId)))
      .limit(1);
    return row ?? null;
  }

  /**
   * The newest message of `senderId` in the conversation with exactly `content`, stored at `since`
   * or later and among its last `within` seqs (an index range, however long the history).
   */
  async findRecentIdentical(
    conversation: Pick<ConversationRow, 'id' | 'lastSeq'>,
    senderId: string,
    content: string,
    since: Date,
    within: number,
    tx: Executor = this.db,
  ): Promise<MessageRow | null> {
    const [row] = await tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversation.id),
          gt(messages.seq, conversation.lastSeq - within),
          eq(messages.senderId, senderId),
          eq(messages.content, content),
          gte(messages.createdAt, since),
        ),
      )
      .orderBy(desc(messages.seq))
      .limit(1);
    return row ?? null;
  }

  /**
   * The pair's conversation, created when missing, locked until the transaction ends. Two first
   * messages racing both insert; the loser's insert waits for the winner and then does nothing.
   */
  async lockConversation(pair: readonly [string, string], now: Date, tx: Executor): Promise<ConversationRow> {
    const [userLow, userHigh] = pair;
    await tx
      .insert(conversations)
      .values({ userLow, userHigh, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [conversations.userLow, conversations.userHigh] });
    const [row] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.userLow, userLow), eq(conversations.userHigh, userHigh)))
      .for('update');
    if (!row) throw new Error('conversation neither inserted nor found');
    return row;
  }

  /** Takes the next seq of a conversation locked by lockConversation() and marks it active now. */
  async nextSeq(conversationId: string, now: Date, tx: Executor): Promise<number> {
    const [row] = await tx
      .update(conversations)
      .set({ lastSeq: sql`${conversations.lastSeq} + 1`, updatedAt: now })
      .where(eq(conversations.id, conversationId))
      .returning({ lastSeq: conversations.lastSeq });
    if (!row) throw new Error('conversation vanished while locked');
    return row.lastSeq;
  }

  async insertMessage(message: NewMessage, tx: Executor): Promise<MessageRow> {
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId: message.conversationId,
        seq: message.seq,
        senderId: message.senderId,
        receiverId: message.receiverId,
        content: message.content,
        clientMessageId: message.clientMessageId,
        createdAt: message.now,
      })
      .returning();
    if (!row) throw new Error('message insert returned nothing');
    return row;
  }

  /** One of the user's conversations; null when it does not exist or is someone else's. */
  async findConversationFor(id: string, userId: string, tx: Executor = this.db): Promise<ConversationRow | null> {
    const [row] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), or(eq(conversations.userLow, userId), eq(conversations.userHigh, userId))))
      .limit(1);
    return row ?? null;
  }

  /** A message of one of the user's conversations (they sent or received it); null otherwise. */
  async findMessageFor(id: string, userId: string, tx: Executor = this.db): Promise<MessageRow | null> {
    const [row] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), or(eq(messages.senderId, userId), eq(messages.receiverId, userId))))
      .limit(1);
    return row ?? null;
  }

  /** The user's conversations with messages, most recently active first, for the inbox. */
  async listConversations(
    userId: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: ConversationListRow[]; total: number }> {
    const rows = await this.inbox().execute({ userId, limit: page.limit, offset: page.offset });
    return withTotal(rows, page.offset, async () => {
      const [row] = await this.db.select({ n: count() }).from(conversations).where(mine(userId));
      return row?.n ?? 0;
    });
  }

  /** The inbox page with its count, built once (server/db/prepared.ts): asked on every chat visit. */
  private readonly inbox = lazy(() => {
    const userId = sql.placeholder('userId');
    const otherId = sql`case when ${conversations.userLow} = ${userId} then ${conversations.userHigh} else ${conversations.userLow} end`;
    const unread = sql<number>`(select count(*) from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.receiverId} = ${userId} and ${messages.readAt} is null)`;
    const counted = this.db.select({ n: count() }).from(conversations).where(mine(userId));
    return this.db
      .select({
        total: sql<number>`(${counted})`.mapWith(Number),
        conversation: conversations,
        other: {
          id: otherUser.id,
          firstName: otherUser.firstName,
          lastName: otherUser.lastName,
          profilePicture: otherUser.profilePicture,
          profileThumbnail: otherUser.profileThumbnail,
          email: otherUser.email,
        },
        latest: latestMessage,
        unread: unread.mapWith(Number),
      })
      .from(conversations)
      .innerJoin(otherUser, eq(otherUser.id, otherId))
      .leftJoin(
        latestMessage,
        and(eq(latestMessage.conversationId, conversations.id), eq(latestMessage.seq, conversations.lastSeq)),
      )
      .where(mine(userId))
      .orderBy(desc(conversations.updatedAt), desc(conversations.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('chat_inbox');
  });

  /** Messages with seq in [from, to], newest first (seqs are dense, so a page is a seq range). */
  async messagesBetween(conversationId: string, from: number, to: number): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), sql`${messages.seq} between ${from} and ${to}`))
      .orderBy(desc(messages.seq));
  }

  /** Up to `limit` messages after `afterSeq`, oldest first (gap filling). */
  async messagesAfter(conversationId: string, afterSeq: number, limit: number): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, afterSeq)))
      .orderBy(asc(messages.seq))
      .limit(limit);
  }

  /**
   * Marks the messages to `readerId` in a conversation read (those up to `upToSeq` when given);
   * returns the ones this call marked, in seq order.
   */
  async markRead(
    conversationId: string,
    readerId: string,
    upToSeq: number | null,
    now: Date,
    tx: Executor,
  ): Promise<{ id: string; seq: number }[]> {
    const rows = await tx
      .update(messages)
      .set({ readAt: now })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.receiverId, readerId),
          isNull(messages.readAt),
          upToSeq === null ? undefined : lte(messages.seq, upToSeq),
        ),
      )
      .returning({ id: messages.id, seq: messages.seq });
    return rows.sort((a, b) => a.seq - b.seq);
  }

  /** Unread messages to the user, per conversation (conversations with none are left out). */
  async unreadCounts(userId: string, tx: Executor = this.db): Promise<Record<string, number>> {
    const rows = await tx
      .select({ conversationId: messages.conversationId, n: count() })
      .from(messages)
      .where(and(eq(messages.receiverId, userId), isNull(messages.readAt)))
      .groupBy(messages.conversationId);
    return Object.fromEntries(rows.map((row) => [row.conversationId, row.n]));
  }
}
