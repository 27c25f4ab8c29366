/**
 * SQL for case documents. Like the notes, every read that answers a caller takes the caller's id
 * and filters by it in SQL (a party of the case; a PRIVATE document only for its uploader), so a
 * row the caller may not see never leaves the database and list counts are what the caller sees.
 * The case itself is looked up through the cases repository (its party rule is isParty).
 */
import { and, asc, count, desc, eq, getTableColumns, or } from 'drizzle-orm';
import type { TextStatus } from '../../../contract/documents';
import type { AssetPrivacy } from '../../../contract/enums';
import type { Database, Executor } from '../../db/client';
import { cases, documents, users } from '../../db/schema';
import { pageOffset } from '../../http/paging';
import { isParty, type ListPage } from '../cases/repository';

/** Every column but the extracted text, which can be a megabyte and is for the search alone. */
const { extractedText: _extractedText, ...shownColumns } = getTableColumns(documents);
export type DocumentRow = Omit<typeof documents.$inferSelect, 'extractedText'>;

/** A document with its case (title and parties) and its uploader's name. */
export interface DocumentView {
  document: DocumentRow;
  case: { title: string; lawyerId: string; clientId: string };
  uploader: { firstName: string; lastName: string };
}

export interface NewDocument {
  caseId: string;
  uploadedById: string;
  title: string;
  description: string;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  privacy: AssetPrivacy;
  extractedText: string | null;
  textStatus: TextStatus;
  now: Date;
}

/** Documents a party may see: SHARED ones and their own. */
const visibleTo = (userId: string) => or(eq(documents.privacy, 'SHARED'), eq(documents.uploadedById, userId));

export class DocumentsRepository {
  constructor(private readonly db: Database) {}

  async create(input: NewDocument, tx: Executor = this.db): Promise<DocumentRow> {
    const { now, ...fields } = input;
    const [row] = await tx
      .insert(documents)
      .values({ ...fields, createdAt: now, updatedAt: now })
      .returning(shownColumns);
    if (!row) throw new Error('document insert returned nothing');
    return row;
  }

  /** A document `userId` may see: on a case they are a party to, SHARED or their own. */
  async viewForParty(id: string, userId: string, tx: Executor = this.db): Promise<DocumentView | null> {
    const [row] = await this.viewQuery(tx)
      .where(and(eq(documents.id, id), isParty(userId), visibleTo(userId)))
      .limit(1);
    return row ?? null;
  }

  /** The same, with the document row locked for a change. */
  async lockForParty(id: string, userId: string, tx: Executor): Promise<DocumentView | null> {
    const [row] = await this.viewQuery(tx)
      .where(and(eq(documents.id, id), isParty(userId), visibleTo(userId)))
      .for('update', { of: documents });
    return row ?? null;
  }

  /** The documents of a case that `userId` may see (privacy filtered before paging). */
  async listForParty(caseId: string, userId: string, page: ListPage): Promise<{ rows: DocumentView[]; total: number }> {
    const where = and(eq(documents.caseId, caseId), isParty(userId), visibleTo(userId));
    const order = page.sortDirection === 'ASC' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.viewQuery(this.db)
        .where(where)
        .orderBy(order(documents.createdAt), order(documents.id))
        .limit(page.size)
        .offset(pageOffset(page)),
      this.db.select({ n: count() }).from(documents).innerJoin(cases, eq(cases.id, documents.caseId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async update(
    id: string,
    change: { title: string; description: string; privacy: AssetPrivacy; now: Date },
    tx: Executor,
  ): Promise<DocumentRow> {
    const { now, ...fields } = change;
    const [row] = await tx
      .update(documents)
      .set({ ...fields, updatedAt: now })
      .where(eq(documents.id, id))
      .returning(shownColumns);
    if (!row) throw new Error('document update returned nothing');
    return row;
  }

  async delete(id: string, tx: Executor): Promise<void> {
    await tx.delete(documents).where(eq(documents.id, id));
  }

  private viewQuery(tx: Executor) {
    return tx
      .select({
        document: shownColumns,
        case: { title: cases.title, lawyerId: cases.lawyerId, clientId: cases.clientId },
        uploader: { firstName: users.firstName, lastName: users.lastName },
      })
      .from(documents)
      .innerJoin(cases, eq(cases.id, documents.caseId))
      .innerJoin(users, eq(users.id, documents.uploadedById))
      .$dynamic();
  }
}
