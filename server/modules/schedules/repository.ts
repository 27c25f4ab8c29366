/**
 * SQL for schedules. Every read that answers a caller takes the caller's id and keeps to the cases
 * they are a party to, in SQL, so a schedule of anyone else's case never leaves the database and a
 * list holds exactly what the caller may see. The one read without a caller is the reminder job's,
 * which acts for the system and tells only the schedule's own parties.
 */
import { and, asc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CaseStatus, ScheduleType } from '../../../contract/enums';
import type { Database, Executor } from '../../db/client';
import { cases, schedules, users } from '../../db/schema';

export type ScheduleRow = typeof schedules.$inferSelect;

const lawyerUsers = alias(users, 'schedule_lawyers');
const clientUsers = alias(users, 'schedule_clients');

interface PartyInfo {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A schedule with its case and the case's two parties, as the API and the calendar show it. */
export interface ScheduleView {
  schedule: ScheduleRow;
  case: { id: string; title: string; status: CaseStatus; lawyerId: string; clientId: string };
  lawyer: PartyInfo;
  client: PartyInfo;
}

/** The fields a person sets, with the instants computed from them. */
export interface ScheduleFields {
  title: string;
  type: ScheduleType;
  description: string;
  date: string;
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
}

export interface ScheduleFilter {
  caseId?: string;
  /** Inclusive Dhaka dates. */
  from?: string;
  to?: string;
}

const isParty = (userId: string) => or(eq(cases.clientId, userId), eq(cases.lawyerId, userId));

export class SchedulesRepository {
  constructor(private readonly db: Database) {}

  async create(
    input: ScheduleFields & { caseId: string; createdById: string; now: Date },
    tx: Executor = this.db,
  ): Promise<ScheduleRow> {
    const [row] = await tx
      .insert(schedules)
      .values({
        caseId: input.caseId,
        createdById: input.createdById,
        title: input.title,
        type: input.type,
        description: input.description,
        date: input.date,
        startTime: input.startTime,
        endTime: input.endTime,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('schedule insert returned nothing');
    return row;
  }

  /** A schedule of a case `userId` is a party to; null otherwise, as if it did not exist. */
  async viewForParty(id: string, userId: string, tx: Executor = this.db): Promise<ScheduleView | null> {
    const [row] = await this.viewQuery(tx)
      .where(and(eq(schedules.id, id), isParty(userId)))
      .limit(1);
    return row ?? null;
  }

  /** The same, with the schedule row locked for a change. */
  async lockForParty(id: string, userId: string, tx: Executor): Promise<ScheduleView | null> {
    const [row] = await this.viewQuery(tx)
      .where(and(eq(schedules.id, id), isParty(userId)))
      .for('update', { of: schedules });
    return row ?? null;
  }

  /** The schedules of every case `userId` is a party to (or of one case), earliest first. */
  async listForParty(userId: string, filter: ScheduleFilter = {}, tx: Executor = this.db): Promise<ScheduleView[]> {
    const conditions: SQL[] = [isParty(userId) as SQL];
    if (filter.caseId) conditions.push(eq(schedules.caseId, filter.caseId));
    if (filter.from) conditions.push(gte(schedules.date, filter.from));
    if (filter.to) conditions.push(lte(schedules.date, filter.to));
    return this.viewQuery(tx)
      .where(and(...conditions))
      .orderBy(asc(schedules.startsAt), asc(schedules.id));
  }

  /** A schedule for its reminder job (no caller: the job tells the schedule's own parties only). */
  async viewForReminder(id: string, tx: Executor = this.db): Promise<ScheduleView | null> {
    const [row] = await this.viewQuery(tx).where(eq(schedules.id, id)).limit(1);
    return row ?? null;
  }

  async update(id: string, change: ScheduleFields & { now: Date }, tx: Executor = this.db): Promise<ScheduleRow> {
    const { now, ...fields } = change;
    const [row] = await tx
      .update(schedules)
      .set({ ...fields, updatedAt: now })
      .where(eq(schedules.id, id))
      .returning();
    if (!row) throw new Error('schedule update returned nothing');
    return row;
  }

  async delete(id: string, tx: Executor = this.db): Promise<void> {
    await tx.delete(schedules).where(eq(schedules.id, id));
  }

  private viewQuery(tx: Executor) {
    return tx
      .select({
        schedule: schedules,
        case: {
          id: cases.id,
          title: cases.title,
          status: cases.status,
          lawyerId: cases.lawyerId,
          clientId: cases.clientId,
        },
        lawyer: {
          id: lawyerUsers.id,
          firstName: lawyerUsers.firstName,
          lastName: lawyerUsers.lastName,
          email: lawyerUsers.email,
        },
        client: {
          id: clientUsers.id,
          firstName: clientUsers.firstName,
          lastName: clientUsers.lastName,
          email: clientUsers.email,
        },
      })
      .from(schedules)
      .innerJoin(cases, eq(cases.id, schedules.caseId))
      .innerJoin(lawyerUsers, eq(lawyerUsers.id, cases.lawyerId))
      .innerJoin(clientUsers, eq(clientUsers.id, cases.clientId))
      .$dynamic();
  }
}
