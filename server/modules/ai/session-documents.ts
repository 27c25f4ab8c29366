/**
 * Documents attached to an AI chat session (contract/ai.ts, "Session documents"). A file is judged
 * by content exactly as a case document is (../assets/file-check.ts), but only PDF, DOCX and TXT are
 * taken: an image has no text to answer from. Its text is read by the same worker
 * (../assets/extract-text.ts), so a hostile file ends as FAILED and a Bijoy PDF as
 * UNSEARCHABLE_ENCODING, which the user is told. Only the text is kept, never the bytes; it joins
 * the retrieval of this session alone (chat-service.ts). Everything is looked up with the owner, so
 * someone else's session or document is simply not found.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  AI_SESSION_DOCUMENTS_MAX,
  AiChatMessages,
  AiDocumentMessages,
  isAiSessionId,
  type AiSessionDocument,
  type AiSearchDocuments,
  type AiSearchDocumentsBody,
  type AiSessionDocuments,
} from '../../../contract/ai';
import { DOCUMENT_MAX_BYTES, DocumentMessages, TextStatusSchema } from '../../../contract/documents';
import { ServerMessages } from '../../../contract/errors';
import { searchDocuments } from '../../ai/retrieval/document-search';
import { analyzeQuery } from '../../ai/retrieval/expand';
import type { SessionDocumentText } from '../../ai/retrieval/session-documents';
import type { Database } from '../../db/client';
import { aiSessionDocuments, aiSessions } from '../../db/schema';
import { badRequest, isAppError, notFound } from '../../http/app-error';
import type { Actor } from '../auth/policy';
import type { TextExtractor } from '../assets/extract-text';
import { checkDocument } from '../assets/file-check';
import type { UploadedFile } from '../assets/service';
import { limitRefusal } from '../assets/upload-form';

type DocumentRow = Omit<typeof aiSessionDocuments.$inferSelect, 'extractedText'>;

const rowColumns = {
  id: aiSessionDocuments.id,
  sessionId: aiSessionDocuments.sessionId,
  userId: aiSessionDocuments.userId,
  fileName: aiSessionDocuments.fileName,
  contentType: aiSessionDocuments.contentType,
  size: aiSessionDocuments.size,
  textStatus: aiSessionDocuments.textStatus,
  createdAt: aiSessionDocuments.createdAt,
};

export class AiSessionDocumentsRepository {
  constructor(private readonly db: Database) {}

  async sessionOwned(sessionId: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: aiSessions.id })
      .from(aiSessions)
      .where(and(eq(aiSessions.id, sessionId), eq(aiSessions.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  async count(sessionId: string, userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(aiSessionDocuments)
      .where(and(eq(aiSessionDocuments.sessionId, sessionId), eq(aiSessionDocuments.userId, userId)));
    return Number(row?.n ?? 0);
  }

  async create(values: typeof aiSessionDocuments.$inferInsert): Promise<DocumentRow> {
    const [row] = await this.db.insert(aiSessionDocuments).values(values).returning(rowColumns);
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async list(sessionId: string, userId: string): Promise<DocumentRow[]> {
    return this.db
      .select(rowColumns)
      .from(aiSessionDocuments)
      .where(and(eq(aiSessionDocuments.sessionId, sessionId), eq(aiSessionDocuments.userId, userId)))
      .orderBy(asc(aiSessionDocuments.createdAt), asc(aiSessionDocuments.id));
  }

  /** The readable texts of one session's documents, for its retrieval. */
  async texts(sessionId: string, userId: string): Promise<SessionDocumentText[]> {
    const rows = await this.db
      .select({
        id: aiSessionDocuments.id,
        fileName: aiSessionDocuments.fileName,
        text: aiSessionDocuments.extractedText,
      })
      .from(aiSessionDocuments)
      .where(
        and(
          eq(aiSessionDocuments.sessionId, sessionId),
          eq(aiSessionDocuments.userId, userId),
          eq(aiSessionDocuments.textStatus, 'EXTRACTED'),
        ),
      );
    return rows.flatMap((r) => (r.text ? [{ id: r.id, fileName: r.fileName, text: r.text }] : []));
  }

  async remove(sessionId: string, documentId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(aiSessionDocuments)
      .where(
        and(
          eq(aiSessionDocuments.id, documentId),
          eq(aiSessionDocuments.sessionId, sessionId),
          eq(aiSessionDocuments.userId, userId),
        ),
      )
      .returning({ id: aiSessionDocuments.id });
    return rows.length > 0;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Kinds whose text an answer can use. */
const TEXT_KINDS = new Set(['pdf', 'docx', 'txt']);

export interface AiSessionDocumentsDeps {
  db: Database;
  extractor: TextExtractor;
  assertAllowed: (actor: Actor) => Promise<void>;
}

export class AiSessionDocumentsService {
  readonly repository: AiSessionDocumentsRepository;

  constructor(private readonly deps: AiSessionDocumentsDeps) {
    this.repository = new AiSessionDocumentsRepository(deps.db);
  }

  async upload(actor: Actor, sessionId: string, file: UploadedFile): Promise<AiSessionDocument> {
    await this.deps.assertAllowed(actor);
    // The session first: someone else's learns nothing, not even what is wrong with the file.
    await this.assertOwned(actor, sessionId);
    if ((await this.repository.count(sessionId, actor.userId)) >= AI_SESSION_DOCUMENTS_MAX) {
      throw badRequest(AiDocumentMessages.tooManyDocuments);
    }
    const checked = await checkDocument(file.content, file.fileName).catch((error: unknown) => {
      throw isAppError(error) && error.message === DocumentMessages.unsupportedType
        ? badRequest(AiDocumentMessages.typeNotAllowed)
        : error;
    });
    if (!TEXT_KINDS.has(checked.kind)) throw badRequest(AiDocumentMessages.typeNotAllowed);
    const text = await this.deps.extractor.extract(checked.kind, file.content);
    const row = await this.repository.create({
      sessionId,
      userId: actor.userId,
      fileName: checked.fileName,
      contentType: checked.contentType,
      size: file.content.length,
      textStatus: text.status,
      extractedText: text.text,
    });
    return documentOut(row);
  }

  async list(actor: Actor, sessionId: string): Promise<AiSessionDocuments> {
    await this.deps.assertAllowed(actor);
    await this.assertOwned(actor, sessionId);
    const rows = await this.repository.list(sessionId, actor.userId);
    return { session_id: sessionId, documents: rows.map(documentOut) };
  }

  async remove(actor: Actor, sessionId: string, documentId: string): Promise<{ document_id: string; message: string }> {
    await this.deps.assertAllowed(actor);
    await this.assertOwned(actor, sessionId);
    if (!UUID.test(documentId) || !(await this.repository.remove(sessionId, documentId, actor.userId))) {
      throw notFound(AiDocumentMessages.documentNotFound);
    }
    return { document_id: documentId, message: AiDocumentMessages.documentRemoved };
  }

  /** POST …/search-documents: passages of this session's documents, best first (scores relative to the best). */
  async search(actor: Actor, sessionId: string, body: AiSearchDocumentsBody): Promise<AiSearchDocuments> {
    await this.deps.assertAllowed(actor);
    await this.assertOwned(actor, sessionId);
    const texts = await this.repository.texts(sessionId, actor.userId);
    const hits = searchDocuments(
      texts.map((d) => ({ id: d.id, caseId: '', title: d.fileName, text: d.text })),
      analyzeQuery(body.query),
      body.top_k,
    );
    const best = hits[0]?.score ?? 0;
    const results = hits.map((hit) => ({
      document_id: hit.document.id,
      filename: hit.document.title,
      page_number: hit.part + 1,
      text: hit.text,
      score: best > 0 ? Math.round((hit.score / best) * 1000) / 1000 : 0,
    }));
    return { session_id: sessionId, query: body.query, results, total_found: results.length };
  }

  private async assertOwned(actor: Actor, sessionId: string): Promise<void> {
    if (!isAiSessionId(sessionId) || !(await this.repository.sessionOwned(sessionId, actor.userId))) {
      throw notFound(AiChatMessages.sessionNotFound);
    }
  }
}

function documentOut(row: DocumentRow): AiSessionDocument {
  return {
    document_id: row.id,
    session_id: row.sessionId,
    filename: row.fileName,
    content_type: row.contentType,
    size: row.size,
    text_status: TextStatusSchema.catch('FAILED').parse(row.textStatus),
    created_at: row.createdAt.toISOString(),
  };
}

/** The one `file` part of a multipart upload, buffered up to DOCUMENT_MAX_BYTES and not a byte further. */
export async function readSessionUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest(ServerMessages.fileRequired);
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, parts: 4 } })) {
      if (part.type !== 'file') continue;
      // Read every file part to its end (the parser waits for it); only `file` is kept.
      const content = await part.toBuffer();
      if (part.fieldname === 'file') file = { content, fileName: part.filename };
    }
  } catch (error) {
    throw limitRefusal(error);
  }
  if (!file) throw badRequest(ServerMessages.fileRequired);
  return file;
}
