/**
 * SQL for booking requests (issue 19). Every read that answers a caller keeps to bookings the caller
 * is a party to, in SQL, so anyone else's never leaves the database. The time a lawyer is busy is
 * read here for the free times; the database itself refuses an overlap (the `lawyer_time_guard`
 * trigger, migration 0017), so this read is for showing, not for guarding.
 */
import { and, asc, eq, gt, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '../../../contract/bookings';
import type { Database, Executor } from '../../db/client';
import { bookings, meetings, payments, users } from '../../db/schema';
import { pageOffset, withTotal, type PageRequest } from '../../http/paging';

export type BookingRow = typeof bookings.$inferSelect;

const lawyerUsers = alias(users, 'booking_lawyers');
const clientUsers = alias(users, 'booking_clients');

export interface BookingParty {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface BookingView {
  booking: BookingRow;
  lawyer: BookingParty;
  client: BookingParty;
}

const party = (table: typeof lawyerUsers | typeof clientUsers) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
});

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export class BookingsRepository {
  constructor(private readonly db: Database) {}

  private views(tx: Executor) {
    return tx
      .select({ booking: bookings, lawyer: party(lawyerUsers), client: party(clientUsers) })
      .from(bookings)
      .innerJoin(lawyerUsers, eq(lawyerUsers.id, bookings.lawyerId))
      .innerJoin(clientUsers, eq(clientUsers.id, bookings.clientId));
  }

  /** Inserts a REQUESTED booking; a held time surfaces as the trigger's 23P01. */
  async insert(
    input: Omit<typeof bookings.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'> & { now: Date },
    tx: Executor,
  ): Promise<BookingRow> {
    const { now, ...fields } = input;
    const [row] = await tx
      .insert(bookings)
      .values({ ...fields, status: 'REQUESTED', createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  async view(id: string, tx: Executor = this.db): Promise<BookingView | null> {
    const [row] = await this.views(tx).where(eq(bookings.id, id)).limit(1);
    return row ?? null;
  }

  /** Locks a booking of `userId` (either party), or null. */
  async lockForParty(id: string, userId: string, tx: Executor): Promise<BookingRow | null> {
    const [row] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, id), sql`(${bookings.lawyerId} = ${userId} or ${bookings.clientId} = ${userId})`))
      .for('update');
    return row ?? null;
  }

  /** Moves a booking on; the trigger re-checks the time only when it becomes REQUESTED (never here). */
  async update(
    id: string,
    changes: Partial<Pick<BookingRow, 'status' | 'declineReason' | 'meetingId'>> & { now: Date },
    tx: Executor,
  ): Promise<void> {
    const { now, ...rest } = changes;
    await tx
      .update(bookings)
      .set({ ...rest, updatedAt: now })
      .where(eq(bookings.id, id));
  }

  /** REQUESTED → EXPIRED once its time has come; false when it was already answered (or gone). */
  async expire(id: string, now: Date, tx: Executor): Promise<BookingRow | null> {
    const [row] = await tx
      .update(bookings)
      .set({ status: 'EXPIRED', updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'REQUESTED'), sql`${bookings.expiresAt} <= ${now}`))
      .returning();
    return row ?? null;
  }

  /** The caller's bookings on one side, earliest start first, paged, with the total. */
  async listForParty(
    userId: string,
    side: 'client' | 'lawyer',
    status: BookingStatus | undefined,
    page: PageRequest,
  ): Promise<{ rows: BookingView[]; total: number }> {
    const conditions: SQL[] = [eq(side === 'client' ? bookings.clientId : bookings.lawyerId, userId)];
    if (status) conditions.push(eq(bookings.status, status));
    const where = and(...conditions);
    const offset = pageOffset(page);
    const rows = await this.db
      .select({
        booking: bookings,
        lawyer: party(lawyerUsers),
        client: party(clientUsers),
        total: sql<number>`(select count(*)::int from ${bookings} where ${where})`.mapWith(Number),
      })
      .from(bookings)
      .innerJoin(lawyerUsers, eq(lawyerUsers.id, bookings.lawyerId))
      .innerJoin(clientUsers, eq(clientUsers.id, bookings.clientId))
      .where(where)
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(page.size)
      .offset(offset);
    return withTotal(rows, offset, async () => {
      const [counted] = await this.db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(bookings)
        .where(where);
      return counted?.n ?? 0;
    });
  }

  /**
   * The lawyer's held time meeting [from, to): meetings (unless their payment was cancelled or
   * refunded) and REQUESTED bookings — the same rule as the trigger.
   */
  async busy(lawyerId: string, from: Date, to: Date, tx: Executor = this.db): Promise<Interval[]> {
    const held = await tx
      .select({ startsAt: meetings.startsAt, endsAt: meetings.endsAt })
      .from(meetings)
      .where(
        and(
          eq(meetings.lawyerId, lawyerId),
          lt(meetings.startsAt, to),
          gt(meetings.endsAt, from),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(payments)
              .where(and(eq(payments.meetingId, meetings.id), inArray(payments.status, ['CANCELED', 'REFUNDED']))),
          ),
        ),
      );
    const requested = await tx
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.lawyerId, lawyerId),
          eq(bookings.status, 'REQUESTED'),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
        ),
      );
    return [...held, ...requested];
  }

  /** Bookings of `userId` (either side) that hold or held time in [from, to), for the calendar. */
  async pendingForParty(userId: string, from: Date, to: Date, tx: Executor = this.db): Promise<BookingView[]> {
    return this.views(tx)
      .where(
        and(
          sql`(${bookings.lawyerId} = ${userId} or ${bookings.clientId} = ${userId})`,
          eq(bookings.status, 'REQUESTED'),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
        ),
      )
      .orderBy(asc(bookings.startsAt));
  }
}
