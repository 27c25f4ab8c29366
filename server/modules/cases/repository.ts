/**
 * SQL for cases. Issue 3 needs only what reviews, complaints, statistics and demo data read and
 * write; issue 4 adds the case routes and their service on top of this repository.
 */
import { and, count, eq, or } from 'drizzle-orm';
import type { CaseStatus } from '../../../contract/enums';
import type { Database, Executor } from '../../db/client';
import { cases } from '../../db/schema';

export type CaseRow = typeof cases.$inferSelect;

export interface NewCase {
  lawyerId: string;
  clientId: string;
  title: string;
  description: string;
  status?: CaseStatus;
  now: Date;
}

export class CasesRepository {
  constructor(private readonly db: Database) {}

  async create(input: NewCase, tx: Executor = this.db): Promise<CaseRow> {
    const [row] = await tx
      .insert(cases)
      .values({
        lawyerId: input.lawyerId,
        clientId: input.clientId,
        title: input.title,
        description: input.description,
        status: input.status ?? 'IN_PROGRESS',
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('case insert returned nothing');
    return row;
  }

  /** A case the user is a party to (its client or its lawyer); null otherwise, as if it did not exist. */
  async findForParty(id: string, userId: string, tx: Executor = this.db): Promise<CaseRow | null> {
    const [row] = await tx
      .select()
      .from(cases)
      .where(and(eq(cases.id, id), or(eq(cases.clientId, userId), eq(cases.lawyerId, userId))))
      .limit(1);
    return row ?? null;
  }

  /** Whether the two users are the lawyer and the client of at least one case. */
  async shareCase(a: string, b: string, tx: Executor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: cases.id })
      .from(cases)
      .where(or(and(eq(cases.lawyerId, a), eq(cases.clientId, b)), and(eq(cases.lawyerId, b), eq(cases.clientId, a))))
      .limit(1);
    return row !== undefined;
  }

  async countByStatus(): Promise<Record<CaseStatus, number>> {
    const rows = await this.db.select({ status: cases.status, n: count() }).from(cases).groupBy(cases.status);
    const counts: Record<CaseStatus, number> = { IN_PROGRESS: 0, RESOLVED: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }
}
