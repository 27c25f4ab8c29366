/**
 * SQL for cases and their notes. Every read that answers a caller takes the caller's id and filters
 * by it in SQL (party of the case; a PRIVATE note only for its owner), so a row the caller may not
 * see never leaves the database and list counts are the counts of what the caller sees.
 */
import { and, asc, count, desc, eq, or, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '../../../contract/auth';
import type { AssetPrivacy, CaseStatus } from '../../../contract/enums';
import type { Database, Executor } from '../../db/client';
import { cases, lawyerProfiles, notes, users } from '../../db/schema';
import { lazy, lazyByKey, preparedRead } from '../../db/prepared';
import { pageOffset, withTotal } from '../../http/paging';

export type CaseRow = typeof cases.$inferSelect;
export type NoteRow = typeof notes.$inferSelect;

const lawyerUsers = alias(users, 'case_lawyers');
const clientUsers = alias(users, 'case_clients');

/** What a case with its parties is read as (CaseView). */
const viewColumns = {
  case: cases,
  lawyer: {
    id: lawyerUsers.id,
    firstName: lawyerUsers.firstName,
    lastName: lawyerUsers.lastName,
    email: lawyerUsers.email,
    firm: lawyerProfiles.firm,
  },
  client: {
    id: clientUsers.id,
    firstName: clientUsers.firstName,
    lastName: clientUsers.lastName,
    email: clientUsers.email,
  },
};

/** A case with its two parties, as the API shows it. */
export interface CaseView {
  case: CaseRow;
  lawyer: { id: string; firstName: string; lastName: string; email: string; firm: string | null };
  client: { id: string; firstName: string; lastName: string; email: string };
}

export interface NoteView {
  note: NoteRow;
  caseTitle: string;
}

export interface ListPage {
  page: number;
  size: number;
  sortDirection: 'ASC' | 'DESC';
}

export interface NewNote {
  caseId: string;
  ownerId: string;
  title: string;
  content: string;
  privacy: AssetPrivacy;
  now: Date;
}

/** `userId` is the case's client or its lawyer (for queries over `cases`; the case assets join it too). */
export const isParty = (userId: string | Placeholder) => or(eq(cases.clientId, userId), eq(cases.lawyerId, userId));
/** Notes a party may see: SHARED ones and their own. */
const visibleTo = (userId: string) => or(eq(notes.privacy, 'SHARED'), eq(notes.ownerId, userId));

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

  /** A user by email (lower-cased by the contract), with the role a case's client must have. */
  async userByEmail(
    email: string,
    tx: Executor = this.db,
  ): Promise<{ id: string; role: Role; firstName: string; lastName: string } | null> {
    const [row] = await tx
      .select({ id: users.id, role: users.role, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    return row ?? null;
  }

  /** The case with its parties, when `userId` is one of them. */
  async viewForParty(id: string, userId: string, tx: Executor = this.db): Promise<CaseView | null> {
    const [row] =
      tx === this.db
        ? await this.viewPrepared().execute({ id, userId })
        : await this.viewQuery(tx)
            .where(and(eq(cases.id, id), isParty(userId)))
            .limit(1);
    return row ?? null;
  }

  /** A case page is opened often (and after every change): built once. */
  private readonly viewPrepared = lazy(() =>
    this.viewQuery(this.db)
      .where(and(eq(cases.id, sql.placeholder('id')), isParty(sql.placeholder('userId'))))
      .limit(1)
      .prepare('cases_view_for_party'),
  );

  /** The user's cases (as client or lawyer), filtered by status before paging. */
  async listForParty(
    userId: string,
    filter: { status?: CaseStatus },
    page: ListPage,
  ): Promise<{ rows: CaseView[]; total: number }> {
    const offset = pageOffset(page);
    const rows = await this.listQuery(`${page.sortDirection}:${filter.status ? 'status' : 'all'}`)({
      userId,
      status: filter.status ?? null,
      limit: page.size,
      offset,
    });
    return withTotal(rows, offset, async () => {
      const where = filter.status ? and(isParty(userId), eq(cases.status, filter.status)) : isParty(userId);
      const [row] = await this.db.select({ n: count() }).from(cases).where(where);
      return row?.n ?? 0;
    });
  }

  /**
   * The case list, built once per order and filter (server/db/prepared.ts): the page with the count
   * of every case the caller sees in one statement.
   */
  private readonly listQuery = lazyByKey((key: `${ListPage['sortDirection']}:${'status' | 'all'}`) => {
    const [direction = 'DESC', filter] = key.split(':');
    const order = direction === 'ASC' ? asc : desc;
    const party = isParty(sql.placeholder('userId'));
    const where = filter === 'status' ? and(party, eq(cases.status, sql.placeholder('status'))) : party;
    const counted = this.db.select({ n: count() }).from(cases).where(where);
    const selection = { ...viewColumns, total: sql<number>`(${counted})`.mapWith(Number) };
    const query = this.db
      .select(selection)
      .from(cases)
      .innerJoin(lawyerUsers, eq(lawyerUsers.id, cases.lawyerId))
      .innerJoin(clientUsers, eq(clientUsers.id, cases.clientId))
      .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, cases.lawyerId))
      .where(where)
      .orderBy(order(cases.createdAt), order(cases.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const name = `cases_list_${direction.toLowerCase()}_${filter}`;
    // On PostgreSQL the rows are read without drizzle's generic mapping (server/db/prepared.ts, rowReader).
    return preparedRead(this.db, name, query, selection);
  });

  /** The case locked for a change, when `userId` is a party. */
  async lockForParty(id: string, userId: string, tx: Executor): Promise<CaseRow | null> {
    const [row] = await tx
      .select()
      .from(cases)
      .where(and(eq(cases.id, id), isParty(userId)))
      .for('update');
    return row ?? null;
  }

  async update(
    id: string,
    change: { title?: string; description?: string; status?: CaseStatus; now: Date },
    tx: Executor,
  ): Promise<void> {
    const { now, ...fields } = change;
    await tx
      .update(cases)
      .set({ ...fields, updatedAt: now })
      .where(eq(cases.id, id));
  }

  async createNote(input: NewNote, tx: Executor = this.db): Promise<NoteRow> {
    const [row] = await tx
      .insert(notes)
      .values({
        caseId: input.caseId,
        ownerId: input.ownerId,
        title: input.title,
        content: input.content,
        privacy: input.privacy,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('note insert returned nothing');
    return row;
  }

  /** A note `userId` may see: on a case they are a party to, SHARED or their own. */
  async noteForParty(id: string, userId: string, tx: Executor = this.db): Promise<NoteView | null> {
    const [row] = await tx
      .select({ note: notes, caseTitle: cases.title })
      .from(notes)
      .innerJoin(cases, eq(cases.id, notes.caseId))
      .where(and(eq(notes.id, id), isParty(userId), visibleTo(userId)))
      .limit(1);
    return row ?? null;
  }

  /** The notes of a case that `userId` may see (privacy filtered before paging). */
  async listNotes(caseId: string, userId: string, page: ListPage): Promise<{ rows: NoteRow[]; total: number }> {
    const where = and(eq(notes.caseId, caseId), visibleTo(userId));
    const order = page.sortDirection === 'ASC' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(notes)
        .where(where)
        .orderBy(order(notes.createdAt), order(notes.id))
        .limit(page.size)
        .offset(pageOffset(page)),
      this.db.select({ n: count() }).from(notes).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async updateNote(
    id: string,
    change: { title: string; content: string; privacy: AssetPrivacy; now: Date },
    tx: Executor = this.db,
  ): Promise<NoteRow> {
    const { now, ...fields } = change;
    const [row] = await tx
      .update(notes)
      .set({ ...fields, updatedAt: now })
      .where(eq(notes.id, id))
      .returning();
    if (!row) throw new Error('note update returned nothing');
    return row;
  }

  async deleteNote(id: string, tx: Executor = this.db): Promise<void> {
    await tx.delete(notes).where(eq(notes.id, id));
  }

  private viewQuery(tx: Executor) {
    return tx
      .select(viewColumns)
      .from(cases)
      .innerJoin(lawyerUsers, eq(lawyerUsers.id, cases.lawyerId))
      .innerJoin(clientUsers, eq(clientUsers.id, cases.clientId))
      .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, cases.lawyerId))
      .$dynamic();
  }

  async countByStatus(): Promise<Record<CaseStatus, number>> {
    const rows = await this.db.select({ status: cases.status, n: count() }).from(cases).groupBy(cases.status);
    const counts: Record<CaseStatus, number> = { IN_PROGRESS: 0, RESOLVED: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }
}
