/**
 * SQL of AI chat sessions. Every read and write of a session takes its owner: a session of someone
 * else is indistinguishable from a missing one.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { aiMessages, aiSessions } from '../../db/schema';

export type AiSessionRow = typeof aiSessions.$inferSelect & { messageCount: number };
export type AiMessageRow = typeof aiMessages.$inferSelect;

const sessionColumns = {
  id: aiSessions.id,
  userId: aiSessions.userId,
  title: aiSessions.title,
  createdAt: aiSessions.createdAt,
  updatedAt: aiSessions.updatedAt,
};

export class AiChatRepository {
  constructor(private readonly db: Database) {}

  async create(id: string, userId: string, title: string): Promise<void> {
    await this.db.insert(aiSessions).values({ id, userId, title }).onConflictDoNothing();
  }

  /** The session if it exists at all (owner check by the caller), for the id-collision rule. */
  async ownerOf(id: string): Promise<string | null> {
    const [row] = await this.db
      .select({ userId: aiSessions.userId })
      .from(aiSessions)
      .where(eq(aiSessions.id, id))
      .limit(1);
    return row?.userId ?? null;
  }

  async find(id: string, userId: string): Promise<AiSessionRow | null> {
    const [row] = await this.db
      .select(sessionColumns)
      .from(aiSessions)
      .where(and(eq(aiSessions.id, id), eq(aiSessions.userId, userId)))
      .limit(1);
    if (!row) return null;
    const counts = await this.counts([row.id]);
    return { ...row, messageCount: counts.get(row.id) ?? 0 };
  }

  async list(userId: string, limit: number): Promise<{ rows: AiSessionRow[]; total: number }> {
    const rows = await this.db
      .select(sessionColumns)
      .from(aiSessions)
      .where(eq(aiSessions.userId, userId))
      .orderBy(desc(aiSessions.updatedAt), desc(aiSessions.id))
      .limit(limit);
    const [total] = await this.db.select({ n: count() }).from(aiSessions).where(eq(aiSessions.userId, userId));
    const counts = await this.counts(rows.map((r) => r.id));
    return { rows: rows.map((r) => ({ ...r, messageCount: counts.get(r.id) ?? 0 })), total: Number(total?.n ?? 0) };
  }

  private async counts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: aiMessages.sessionId, n: count() })
      .from(aiMessages)
      .where(inArray(aiMessages.sessionId, [...ids]))
      .groupBy(aiMessages.sessionId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  async rename(id: string, userId: string, title: string): Promise<boolean> {
    const rows = await this.db
      .update(aiSessions)
      .set({ title, updatedAt: new Date() })
      .where(and(eq(aiSessions.id, id), eq(aiSessions.userId, userId)))
      .returning({ id: aiSessions.id });
    return rows.length > 0;
  }

  async remove(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(aiSessions)
      .where(and(eq(aiSessions.id, id), eq(aiSessions.userId, userId)))
      .returning({ id: aiSessions.id });
    return rows.length > 0;
  }

  /** Stores a question and its answer together and touches the session. */
  async addExchange(
    sessionId: string,
    question: string,
    answer: { content: string; metadata: Record<string, unknown> },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const now = Date.now();
      await tx.insert(aiMessages).values([
        { sessionId, role: 'user', content: question, metadata: {}, createdAt: new Date(now) },
        {
          sessionId,
          role: 'assistant',
          content: answer.content,
          metadata: answer.metadata,
          createdAt: new Date(now + 1),
        },
      ]);
      await tx
        .update(aiSessions)
        .set({ updatedAt: new Date(now + 1) })
        .where(eq(aiSessions.id, sessionId));
    });
  }

  async messages(sessionId: string): Promise<AiMessageRow[]> {
    return this.db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.sessionId, sessionId))
      .orderBy(asc(aiMessages.createdAt), asc(aiMessages.role));
  }
}
