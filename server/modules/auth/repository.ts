/** SQL for sessions, refresh tokens and one-time codes. */
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { lazy } from '../../db/prepared';
import { otps, refreshTokens, sessions, users, type OtpPurpose } from '../../db/schema';
import type { UserRow } from '../users/repository';

export type SessionRow = typeof sessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type OtpRow = typeof otps.$inferSelect;

/** How stale `last_seen_at` may get before a request refreshes it (saves a write per request). */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async createSession(
    session: { userId: string; userAgent: string | null; ip: string | null; now: Date },
    tx: Executor = this.db,
  ): Promise<SessionRow> {
    const [row] = await tx
      .insert(sessions)
      .values({
        userId: session.userId,
        userAgent: session.userAgent?.slice(0, 512) ?? null,
        ip: session.ip,
        createdAt: session.now,
        lastSeenAt: session.now,
      })
      .returning();
    if (!row) throw new Error('session insert returned nothing');
    return row;
  }

  /** The per-request session check (when not remembered), built once. */
  private readonly sessionWithUser = lazy(() =>
    this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('sid')))
      .limit(1)
      .prepare('sessions_with_user'),
  );

  async findSessionWithUser(sid: string): Promise<{ session: SessionRow; user: UserRow } | null> {
    const [row] = await this.sessionWithUser().execute({ sid });
    return row ?? null;
  }

  async touchSession(sid: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, sid), lt(sessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS))));
  }

  /** Returns true when this call ended the session (false: unknown or already ended). */
  async revokeSession(sid: string, now: Date, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** Ends every live session of a user, or all but `exceptSid`; returns the ended sids. */
  async revokeUserSessions(
    userId: string,
    now: Date,
    exceptSid: string | null,
    tx: Executor = this.db,
  ): Promise<string[]> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSid === null ? undefined : ne(sessions.id, exceptSid),
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  async insertRefreshToken(
    token: { sessionId: string; tokenHash: string; expiresAt: Date; now: Date },
    tx: Executor = this.db,
  ): Promise<void> {
    await tx.insert(refreshTokens).values({
      sessionId: token.sessionId,
      tokenHash: token.tokenHash,
      expiresAt: token.expiresAt,
      createdAt: token.now,
    });
  }

  async findRefreshToken(
    tokenHash: string,
  ): Promise<{ token: RefreshTokenRow; session: SessionRow; user: UserRow } | null> {
    const [row] = await this.db
      .select({ token: refreshTokens, session: sessions, user: users })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  /** Marks a refresh token used; false when another request rotated it first. */
  async markRefreshTokenRotated(id: string, now: Date, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length > 0;
  }

  /** Drops refresh tokens of ended sessions and expired ones (housekeeping, keeps the table small). */
  async pruneRefreshTokens(now: Date): Promise<void> {
    await this.db
      .delete(refreshTokens)
      .where(
        or(
          lt(refreshTokens.expiresAt, now),
          sql`${refreshTokens.sessionId} in (select ${sessions.id} from ${sessions} where ${sessions.revokedAt} is not null)`,
        ),
      );
  }

  /** Replaces any live code for (email, purpose): one live code per pair. */
  async putOtp(otp: {
    email: string;
    purpose: OtpPurpose;
    codeHash: string;
    expiresAt: Date;
    now: Date;
  }): Promise<void> {
    await this.db
      .insert(otps)
      .values({
        email: otp.email,
        purpose: otp.purpose,
        codeHash: otp.codeHash,
        expiresAt: otp.expiresAt,
        attempts: 0,
        createdAt: otp.now,
      })
      .onConflictDoUpdate({
        target: [otps.email, otps.purpose],
        set: { codeHash: otp.codeHash, expiresAt: otp.expiresAt, attempts: 0, createdAt: otp.now },
      });
  }

  async findOtp(email: string, purpose: OtpPurpose): Promise<OtpRow | null> {
    const [row] = await this.db
      .select()
      .from(otps)
      .where(and(eq(otps.email, email), eq(otps.purpose, purpose)))
      .limit(1);
    return row ?? null;
  }

  /** Counts a wrong try; returns the new count. */
  async addOtpAttempt(id: string): Promise<number> {
    const [row] = await this.db
      .update(otps)
      .set({ attempts: sql`${otps.attempts} + 1` })
      .where(eq(otps.id, id))
      .returning({ attempts: otps.attempts });
    return row?.attempts ?? Number.MAX_SAFE_INTEGER;
  }

  /** Consumes a code; false when it was already consumed (two requests raced with the same code). */
  async deleteOtp(id: string, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx.delete(otps).where(eq(otps.id, id)).returning({ id: otps.id });
    return rows.length > 0;
  }
}
