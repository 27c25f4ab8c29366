/**
 * SQL of the AI API. Reads of user-owned rows take the caller: the documents a search may read are
 * those of cases the caller is a party to, SHARED or uploaded by the caller, filtered in SQL so a
 * document the caller may not see never leaves the database.
 */
import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cases, documents, lawyerProfiles } from '../../db/schema';
import type { SearchableDocument } from '../../ai/retrieval/document-search';
import { isParty } from '../cases/repository';

/** The most documents one search reads (newest first): a party's own cases hold far fewer. */
const DOCUMENTS_PER_SEARCH = 200;

export class AiRepository {
  constructor(private readonly db: Database) {}

  /** Documents with searchable text that `userId` may see, on cases they are a party to. */
  async searchableDocuments(userId: string): Promise<SearchableDocument[]> {
    const rows = await this.db
      .select({ id: documents.id, caseId: documents.caseId, title: documents.title, text: documents.extractedText })
      .from(documents)
      .innerJoin(cases, eq(cases.id, documents.caseId))
      .where(
        and(
          isParty(userId),
          or(eq(documents.privacy, 'SHARED'), eq(documents.uploadedById, userId)),
          eq(documents.textStatus, 'EXTRACTED'),
          isNotNull(documents.extractedText),
        ),
      )
      .orderBy(desc(documents.updatedAt), desc(documents.id))
      .limit(DOCUMENTS_PER_SEARCH);
    return rows.flatMap((row) =>
      row.text ? [{ id: row.id, caseId: row.caseId, title: row.title, text: row.text }] : [],
    );
  }

  async isApprovedLawyer(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ status: lawyerProfiles.verificationStatus })
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.userId, userId))
      .limit(1);
    return row?.status === 'APPROVED';
  }
}
