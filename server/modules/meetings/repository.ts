/**
 * SQL for meetings. Every read that answers a caller takes the caller's id and keeps to meetings
 * they are a party to, in SQL, so anyone else's meeting never leaves the database. A meeting is
 * read with its two parties and its (latest) payment, which is what the API shows and what the
 * rules need (a paid meeting is locked; an unpaid client may not join).
 */
import { and, asc, desc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '../../../contract/enums';
import type { Database, Executor } from '../../db/client';
import { meetings, payments, users } from '../../db/schema';

export type MeetingRow = typeof meetings.$inferSelect;

const lawyerUsers = alias(users, 'meeting_lawyers');
const clientUsers = alias(users, 'meeting_clients');

export interface MeetingParty {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface MeetingView {
  meeting: MeetingRow;
  lawyer: MeetingParty;
  client: MeetingParty;
  payment: { id: string; amount: string; status: PaymentStatus } | null;
}

const party = (table: typeof lawyerUsers | typeof clientUsers) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
});

const isParty = (userId: string) => or(eq(meetings.lawyerId, userId), eq(meetings.clientId, userId));

export class MeetingsRepository {
  constructor(private readonly db: Database) {}

  private views(tx: Executor) {
    return tx
      .select({
        meeting: meetings,
        lawyer: party(lawyerUsers),
        client: party(clientUsers),
        paymentId: payments.id,
        paymentAmount: payments.amount,
        paymentStatus: payments.status,
      })
      .from(meetings)
      .innerJoin(lawyerUsers, eq(lawyerUsers.id, meetings.lawyerId))
      .innerJoin(clientUsers, eq(clientUsers.id, meetings.clientId))
      .leftJoin(payments, eq(payments.meetingId, meetings.id));
  }

  async create(
    input: {
      lawyerId: string;
      clientId: string;
      title: string;
      roomName: string;
      startsAt: Date;
      endsAt: Date;
      now: Date;
    },
    tx: Executor,
  ): Promise<MeetingRow> {
    const { now, ...fields } = input;
    const [row] = await tx
      .insert(meetings)
      .values({ ...fields, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  async update(id: string, input: { title: string; startsAt: Date; endsAt: Date; now: Date }, tx: Executor) {
    await tx
      .update(meetings)
      .set({ title: input.title, startsAt: input.startsAt, endsAt: input.endsAt, updatedAt: input.now })
      .where(eq(meetings.id, id));
  }

  async delete(id: string, tx: Executor): Promise<void> {
    await tx.delete(meetings).where(eq(meetings.id, id));
  }

  /** One meeting of `userId` (either party), or null. */
  async viewForParty(id: string, userId: string, tx: Executor = this.db): Promise<MeetingView | null> {
    const rows = await this.views(tx)
      .where(and(eq(meetings.id, id), isParty(userId)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return rows[0] ? toView(rows[0]) : null;
  }

  /** One meeting for the system (reminders, the call's guard), or null. */
  async view(id: string, tx: Executor = this.db): Promise<MeetingView | null> {
    const rows = await this.views(tx).where(eq(meetings.id, id)).orderBy(desc(payments.createdAt)).limit(1);
    return rows[0] ? toView(rows[0]) : null;
  }

  /** Every meeting of `userId`, earliest first. */
  async listForParty(userId: string, tx: Executor = this.db): Promise<MeetingView[]> {
    const rows = await this.views(tx)
      .where(isParty(userId))
      .orderBy(asc(meetings.startsAt), asc(meetings.id), desc(payments.createdAt));
    const seen = new Set<string>();
    const views: MeetingView[] = [];
    for (const row of rows) {
      if (seen.has(row.meeting.id)) continue;
      seen.add(row.meeting.id);
      views.push(toView(row));
    }
    return views;
  }

  /** Locks a meeting of `userId` (either party) for a change. */
  async lockForParty(id: string, userId: string, tx: Executor): Promise<MeetingRow | null> {
    const [row] = await tx
      .select()
      .from(meetings)
      .where(and(eq(meetings.id, id), isParty(userId)))
      .for('update');
    return row ?? null;
  }
}

type ViewRow = {
  meeting: MeetingRow;
  lawyer: MeetingParty;
  client: MeetingParty;
  paymentId: string | null;
  paymentAmount: string | null;
  paymentStatus: PaymentStatus | null;
};

function toView(row: ViewRow): MeetingView {
  return {
    meeting: row.meeting,
    lawyer: row.lawyer,
    client: row.client,
    payment:
      row.paymentId && row.paymentAmount && row.paymentStatus
        ? { id: row.paymentId, amount: row.paymentAmount, status: row.paymentStatus }
        : null,
  };
}
