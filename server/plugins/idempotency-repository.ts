/** SQL for Idempotency-Key records (server/plugins/idempotency.ts). */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyRecords } from '../db/schema';

export type IdempotencyRow = typeof idempotencyRecords.$inferSelect;

export class IdempotencyRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims (user, key) for a new request, owned by `owner` until `leaseUntil`. Returns null when
   * claimed, or the existing record when another request holds it. A record older than
   * `expiredBefore`, or one without an answer whose owner's lease has run out (its process died),
   * is replaced, which the conditional upsert does atomically.
   */
  async claim(
    record: { userId: string; key: string; requestHash: string; now: Date; owner: string; leaseUntil: Date },
    expiredBefore: Date,
  ): Promise<IdempotencyRow | null> {
    const claimed = await this.db
      .insert(idempotencyRecords)
      .values({
        userId: record.userId,
        key: record.key,
        requestHash: record.requestHash,
        createdAt: record.now,
        owner: record.owner,
        leaseUntil: record.leaseUntil,
      })
      .onConflictDoUpdate({
        target: [idempotencyRecords.userId, idempotencyRecords.key],
        set: {
          requestHash: record.requestHash,
          statusCode: null,
          responseBody: null,
          contentType: null,
          createdAt: record.now,
          owner: record.owner,
          leaseUntil: record.leaseUntil,
        },
        setWhere: or(
          lt(idempotencyRecords.createdAt, expiredBefore),
          and(
            isNull(idempotencyRecords.statusCode),
            or(isNull(idempotencyRecords.leaseUntil), lt(idempotencyRecords.leaseUntil, record.now)),
          ),
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
      .set({
        statusCode: response.statusCode,
        responseBody: response.body,
        contentType: response.contentType,
        owner: null,
        leaseUntil: null,
      })
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

  /** Extends the lease of every unanswered claim `owner` holds (its requests are still running). */
  async renewLeases(owner: string, leaseUntil: Date): Promise<void> {
    await this.db
      .update(idempotencyRecords)
      .set({ leaseUntil })
      .where(and(eq(idempotencyRecords.owner, owner), isNull(idempotencyRecords.statusCode)));
  }

  /**
   * Forgets every claim without an answer. Only for the embedded database at start: its one process
   * is the only one that ever runs requests, so what is in flight then belongs to a process that died.
   */
  async releaseAllInFlight(): Promise<number> {
    const released = await this.db
      .delete(idempotencyRecords)
      .where(isNull(idempotencyRecords.statusCode))
      .returning({ key: idempotencyRecords.key });
    return released.length;
  }

  async pruneExpired(before: Date): Promise<void> {
    await this.db.delete(idempotencyRecords).where(lt(idempotencyRecords.createdAt, before));
  }
}
