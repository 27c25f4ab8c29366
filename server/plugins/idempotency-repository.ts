/** SQL for Idempotency-Key records (CONTRACT §1). */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyRecords } from '../db/schema';

export type IdempotencyRow = typeof idempotencyRecords.$inferSelect;

export class IdempotencyRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims (user, key) for a new request. Returns null when claimed, or the existing record when
   * another request owns it. Records older than `staleBefore` (expired, or abandoned while running)
   * are replaced, which the conditional upsert does atomically.
   */
  async claim(
    record: { userId: string; key: string; requestHash: string; now: Date },
    expiredBefore: Date,
    abandonedBefore: Date,
  ): Promise<IdempotencyRow | null> {
    const claimed = await this.db
      .insert(idempotencyRecords)
      .values({ userId: record.userId, key: record.key, requestHash: record.requestHash, createdAt: record.now })
      .onConflictDoUpdate({
        target: [idempotencyRecords.userId, idempotencyRecords.key],
        set: {
          requestHash: record.requestHash,
          statusCode: null,
          responseBody: null,
          contentType: null,
          createdAt: record.now,
        },
        setWhere: or(
          lt(idempotencyRecords.createdAt, expiredBefore),
          and(isNull(idempotencyRecords.statusCode), lt(idempotencyRecords.createdAt, abandonedBefore)),
        ),
      })
      .returning({ userId: idempotencyRecords.userId });
    if (claimed.length > 0) return null;
    const [existing] = await this.db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.userId, record.userId), eq(idempotencyRecords.key, record.key)))
      .limit(1);
    return existing ?? null;
  }

  async complete(
    userId: string,
    key: string,
    response: { statusCode: number; body: string; contentType: string | null },
  ): Promise<void> {
    await this.db
      .update(idempotencyRecords)
      .set({ statusCode: response.statusCode, responseBody: response.body, contentType: response.contentType })
      .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, key)));
  }

  /** Forgets a claim whose request failed, so the client's retry runs the request again. */
  async release(userId: string, key: string): Promise<void> {
    await this.db
      .delete(idempotencyRecords)
      .where(
        and(
          eq(idempotencyRecords.userId, userId),
          eq(idempotencyRecords.key, key),
          isNull(idempotencyRecords.statusCode),
        ),
      );
  }

  async pruneExpired(before: Date): Promise<void> {
    await this.db.delete(idempotencyRecords).where(lt(idempotencyRecords.createdAt, before));
  }
}
