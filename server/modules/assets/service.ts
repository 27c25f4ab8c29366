/**
 * Case documents (docs/api.md §4 Case assets → documents).
 *
 * A party of a case uploads a file, PRIVATE to themselves or SHARED with the other party, who is
 * told of a SHARED one (and of a PRIVATE one made SHARED later). The file is judged by content
 * (file-check.ts), its text read for search (extract-text.ts), and the bytes stored under a
 * generated key; the client's name is kept, cleaned, for the download only.
 *
 * Everything is looked up "as the actor", like the notes: a case the actor is not a party to, or
 * another's PRIVATE document, is not found (404). Only between the parties does a refusal say so
 * (403): changing or deleting a SHARED document someone else uploaded.
 *
 * Files and rows stay in step: the file is stored before the row's transaction and removed again
 * if that transaction fails, so no stored file is without its row; a deleted row's file is removed
 * after commit (a failure there leaves an unreachable file, logged, never a row without its file).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CaseMessages } from '../../../contract/cases';
import {
  DocumentMessages,
  TextStatusSchema,
  type CaseDocument,
  type CreateDocumentFields,
  type DocumentListQuery,
  type UpdateDocumentBody,
} from '../../../contract/documents';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { notFound } from '../../http/app-error';
import type { SuccessResult } from '../../http/envelope';
import { pageMetadata } from '../../http/paging';
import type { FileStorage } from '../../storage/file-storage';
import type { Actor } from '../auth/policy';
import { caseLink, otherParty } from '../cases/policy';
import type { CasesRepository } from '../cases/repository';
import type { CreatedNotification, NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import type { TextExtractor } from './extract-text';
import { checkDocument } from './file-check';
import { assertUploader } from './policy';
import type { DocumentsRepository, DocumentView } from './repository';

export interface DocumentsServiceDeps {
  db: Database;
  cases: CasesRepository;
  documents: DocumentsRepository;
  notifications: NotificationsService;
  storage: FileStorage;
  extractor: TextExtractor;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/** The file part of an upload: its bytes and the name the client gave it. */
export interface UploadedFile {
  content: Buffer;
  fileName: string | undefined;
}

/** A stored document's bytes with what a download needs. */
export interface DocumentFile {
  content: Buffer;
  contentType: string;
  fileName: string;
}

/** Where a document's bytes are stored: always a generated name. */
function documentKey(): string {
  return `documents/${randomUUID()}`;
}

export class DocumentsService {
  constructor(private readonly deps: DocumentsServiceDeps) {}

  async upload(actor: Actor, fields: CreateDocumentFields, file: UploadedFile): Promise<CaseDocument> {
    const { db, cases, documents, notifications, storage, extractor, clock, logger } = this.deps;
    // The case first: someone who is not a party learns nothing, not even what is wrong with a file.
    if (!(await cases.findForParty(fields.caseId, actor.userId))) throw notFound(CaseMessages.caseNotFound);
    const checked = await checkDocument(file.content, file.fileName);
    const text = await extractor.extract(checked.kind, file.content);
    if (text.failure) {
      logger.warn({ failure: text.failure, kind: checked.kind }, 'could not read the text of a document');
    }

    const key = documentKey();
    await storage.put(key, file.content);
    let outcome: { id: string; notification: CreatedNotification | null };
    try {
      outcome = await db.transaction(async (tx) => {
        const row = await cases.findForParty(fields.caseId, actor.userId, tx);
        if (!row) throw notFound(CaseMessages.caseNotFound);
        const stored = await documents.create(
          {
            caseId: row.id,
            uploadedById: actor.userId,
            title: fields.title,
            description: fields.description,
            fileName: checked.fileName,
            contentType: checked.contentType,
            size: file.content.length,
            storageKey: key,
            privacy: fields.privacy,
            extractedText: text.text,
            textStatus: text.status,
            now: clock.now(),
          },
          tx,
        );
        const notification =
          stored.privacy === 'SHARED'
            ? await notifications.notify(tx, {
                userId: otherParty(row, actor.userId),
                type: 'DOC_UPLOAD',
                content: NotificationTexts.documentShared(
                  `${actor.firstName} ${actor.lastName}`,
                  row.title,
                  stored.title,
                ),
                link: caseLink(row.id),
              })
            : null;
        return { id: stored.id, notification };
      });
    } catch (error) {
      await this.removeFile(key);
      throw error;
    }
    notifications.deliver(outcome.notification);
    return this.get(actor, outcome.id);
  }

  async get(actor: Actor, id: string): Promise<CaseDocument> {
    const view = await this.deps.documents.viewForParty(id, actor.userId);
    if (!view) throw notFound(DocumentMessages.documentNotFound);
    return toDocument(view);
  }

  async update(actor: Actor, id: string, body: UpdateDocumentBody): Promise<CaseDocument> {
    const { db, documents, notifications, clock } = this.deps;
    const { result, notification } = await db.transaction(async (tx) => {
      const view = await documents.lockForParty(id, actor.userId, tx);
      if (!view) throw notFound(DocumentMessages.documentNotFound);
      assertUploader(actor, view.document);
      const row = await documents.update(view.document.id, { ...body, now: clock.now() }, tx);
      const madeShared = view.document.privacy === 'PRIVATE' && row.privacy === 'SHARED';
      const created = madeShared
        ? await notifications.notify(tx, {
            userId: otherParty(view.case, actor.userId),
            type: 'DOC_UPLOAD',
            content: NotificationTexts.documentShared(
              `${actor.firstName} ${actor.lastName}`,
              view.case.title,
              row.title,
            ),
            link: caseLink(row.caseId),
          })
        : null;
      return { result: toDocument({ ...view, document: row }), notification: created };
    });
    notifications.deliver(notification);
    return result;
  }

  async delete(actor: Actor, id: string): Promise<true> {
    const { db, documents } = this.deps;
    const key = await db.transaction(async (tx) => {
      const view = await documents.lockForParty(id, actor.userId, tx);
      if (!view) throw notFound(DocumentMessages.documentNotFound);
      assertUploader(actor, view.document);
      await documents.delete(view.document.id, tx);
      return view.document.storageKey;
    });
    await this.removeFile(key);
    return true;
  }

  /** The bytes of a document the actor may see. */
  async file(actor: Actor, id: string): Promise<DocumentFile> {
    const { documents, storage, logger } = this.deps;
    const view = await documents.viewForParty(id, actor.userId);
    if (!view) throw notFound(DocumentMessages.documentNotFound);
    const content = await storage.get(view.document.storageKey);
    if (!content) {
      logger.error({ documentId: view.document.id }, 'a document has no stored file');
      throw notFound(DocumentMessages.documentNotFound);
    }
    return { content, contentType: view.document.contentType, fileName: view.document.fileName };
  }

  async list(
    actor: Actor,
    caseId: string,
    query: DocumentListQuery,
  ): Promise<SuccessResult<{ documents: CaseDocument[] }>> {
    const { cases, documents } = this.deps;
    const row = await cases.findForParty(caseId, actor.userId);
    if (!row) throw notFound(CaseMessages.caseNotFound);
    const { rows, total } = await documents.listForParty(row.id, actor.userId, query);
    return {
      data: { documents: rows.map(toDocument) },
      metadata: pageMetadata({ ...query, totalCount: total, sortField: 'createdAt' }),
    };
  }

  /** Removes a stored file; a failure is logged (the file is unreachable either way). */
  private async removeFile(key: string): Promise<void> {
    await this.deps.storage.delete(key).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, key }, 'could not delete a document file');
    });
  }
}

function toDocument(view: DocumentView): CaseDocument {
  const { document } = view;
  return {
    caseId: document.caseId,
    caseTitle: view.case.title,
    documentId: document.id,
    title: document.title,
    description: document.description,
    fileName: document.fileName,
    contentType: document.contentType,
    size: document.size,
    uploadedById: document.uploadedById,
    uploadedByName: `${view.uploader.firstName} ${view.uploader.lastName}`,
    privacy: document.privacy,
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
    textStatus: TextStatusSchema.parse(document.textStatus),
  };
}
