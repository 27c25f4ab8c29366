/** SQL for product feedback and complaints about lawyers. A sender's own lists are keyed by the sender. */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ComplaintCategory, ComplaintStatus, FeedbackCategory, FeedbackStatus } from '../../../contract/feedback';
import type { Database, Executor } from '../../db/client';
import { cases, complaints, feedback, users } from '../../db/schema';
import { pageOffset, type PageRequest } from '../../http/paging';

export type FeedbackRow = typeof feedback.$inferSelect;
export type ComplaintRow = typeof complaints.$inferSelect;

export interface Party {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
export interface FeedbackWithSender {
  feedback: FeedbackRow;
  sender: Party;
}
export interface ComplaintWithParties {
  complaint: ComplaintRow;
  complainant: Party;
  lawyer: Party;
  caseTitle: string | null;
}

export interface ListQuery extends PageRequest {
  sortDirection: 'ASC' | 'DESC';
}

const lawyerUsers = alias(users, 'lawyer_users');
const partyOf = (table: typeof users | typeof lawyerUsers) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
});

/** Complaints still needing the admin. */
export const OPEN_COMPLAINT_STATUSES: readonly ComplaintStatus[] = ['OPEN', 'IN_REVIEW'];

export class FeedbackRepository {
  constructor(private readonly db: Database) {}

  async insertFeedback(input: {
    senderId: string;
    category: FeedbackCategory;
    message: string;
    pagePath: string | null;
    now: Date;
  }): Promise<FeedbackRow> {
    const [row] = await this.db
      .insert(feedback)
      .values({
        senderId: input.senderId,
        category: input.category,
        message: input.message,
        pagePath: input.pagePath,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('feedback insert returned nothing');
    return row;
  }

  async listFeedback(
    filter: { senderId?: string; status?: FeedbackStatus },
    query: ListQuery,
  ): Promise<{ rows: FeedbackWithSender[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.senderId) conditions.push(eq(feedback.senderId, filter.senderId));
    if (filter.status) conditions.push(eq(feedback.status, filter.status));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const order = query.sortDirection === 'ASC' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ feedback, sender: partyOf(users) })
        .from(feedback)
        .innerJoin(users, eq(users.id, feedback.senderId))
        .where(where)
        .orderBy(order(feedback.createdAt), order(feedback.id))
        .limit(query.size)
        .offset(pageOffset(query)),
      this.db.select({ n: count() }).from(feedback).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async lockFeedback(id: string, tx: Executor): Promise<FeedbackRow | null> {
    const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
    return row ?? null;
  }

  async updateFeedback(
    id: string,
    changes: Pick<FeedbackRow, 'status' | 'response' | 'resolvedAt' | 'updatedAt'>,
    tx: Executor,
  ): Promise<void> {
    await tx.update(feedback).set(changes).where(eq(feedback.id, id));
  }

  async findFeedback(id: string, tx: Executor = this.db): Promise<FeedbackWithSender | null> {
    const [row] = await tx
      .select({ feedback, sender: partyOf(users) })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.senderId))
      .where(eq(feedback.id, id))
      .limit(1);
    return row ?? null;
  }

  async countOpenFeedback(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(feedback).where(eq(feedback.status, 'OPEN'));
    return row?.n ?? 0;
  }

  // ── Complaints ───────────────────────────────────────────────────────────────────────────────

  async insertComplaint(input: {
    complainantId: string;
    lawyerId: string;
    caseId: string | null;
    category: ComplaintCategory;
    description: string;
    now: Date;
  }): Promise<ComplaintRow> {
    const [row] = await this.db
      .insert(complaints)
      .values({
        complainantId: input.complainantId,
        lawyerId: input.lawyerId,
        caseId: input.caseId,
        category: input.category,
        description: input.description,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('complaint insert returned nothing');
    return row;
  }

  async listComplaints(
    filter: { complainantId?: string; status?: ComplaintStatus },
    query: ListQuery,
  ): Promise<{ rows: ComplaintWithParties[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.complainantId) conditions.push(eq(complaints.complainantId, filter.complainantId));
    if (filter.status) conditions.push(eq(complaints.status, filter.status));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const order = query.sortDirection === 'ASC' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.complaintsWithParties(this.db)
        .where(where)
        .orderBy(order(complaints.createdAt), order(complaints.id))
        .limit(query.size)
        .offset(pageOffset(query)),
      this.db.select({ n: count() }).from(complaints).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async findComplaint(id: string, tx: Executor = this.db): Promise<ComplaintWithParties | null> {
    const [row] = await this.complaintsWithParties(tx).where(eq(complaints.id, id)).limit(1);
    return row ?? null;
  }

  async lockComplaint(id: string, tx: Executor): Promise<ComplaintRow | null> {
    const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
    return row ?? null;
  }

  async updateComplaint(
    id: string,
    changes: Pick<ComplaintRow, 'status' | 'response' | 'resolvedAt' | 'updatedAt'>,
    tx: Executor,
  ): Promise<void> {
    await tx.update(complaints).set(changes).where(eq(complaints.id, id));
  }

  async countOpenComplaints(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(complaints)
      .where(inArray(complaints.status, [...OPEN_COMPLAINT_STATUSES]));
    return row?.n ?? 0;
  }

  private complaintsWithParties(tx: Executor) {
    return tx
      .select({
        complaint: complaints,
        complainant: partyOf(users),
        lawyer: partyOf(lawyerUsers),
        caseTitle: cases.title,
      })
      .from(complaints)
      .innerJoin(users, eq(users.id, complaints.complainantId))
      .innerJoin(lawyerUsers, eq(lawyerUsers.id, complaints.lawyerId))
      .leftJoin(cases, eq(cases.id, complaints.caseId))
      .$dynamic();
  }
}
