/**
 * Case documents (docs/api.md §4 Case assets → documents, §8 Files): files a party of a case uploads,
 * PRIVATE to the uploader or SHARED with the other party. The type of a file is judged by its
 * content, never by its name or declared type, and every refusal says what was wrong.
 *
 * Choices the contract leaves open:
 * - POST is multipart with the parts `caseId`, `title`, `description`, `privacy` and `file`, in any
 *   order. Every refusal of the file, an oversized one included, is a 400 with one of the texts
 *   below (never a bare 413).
 * - A Document also carries `textStatus` and `updatedAt` **[new]**: `textStatus` says whether the
 *   file's text could be read for search (see TextStatus), so the client can warn.
 * - PUT takes JSON (title, description, privacy); making a PRIVATE document SHARED tells the other
 *   party, as an upload of a SHARED one does.
 * - DELETE answers `data: true` and removes the stored file too.
 * - GET …/view answers the bytes as an attachment unless `inline=true`.
 */
import { z } from 'zod';
import { CaseIdParamsSchema, descriptionText, NoteListQuerySchema, titleText } from './cases';
import { AssetPrivacySchema } from './enums';
export { DocumentMessages, TextStatusMessages } from './messages';

/** 10 MB, the largest document accepted. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Whether a document's text could be read for search **[new]**:
 * - EXTRACTED: the text is stored and searchable.
 * - NO_TEXT: an image, a scan or an empty text layer; nothing to search.
 * - UNSEARCHABLE_ENCODING: Bangla typed with a Bijoy font (SutonnyMJ and the other …MJ fonts); its
 *   letters are stored as Latin glyph codes, so a search in Bangla cannot find them.
 * - FAILED: the file could not be read in time; it is stored and viewable all the same.
 */
export const TextStatusSchema = z.enum(['EXTRACTED', 'NO_TEXT', 'UNSEARCHABLE_ENCODING', 'FAILED']);
export type TextStatus = z.infer<typeof TextStatusSchema>;

/** The text parts of the multipart upload (the `file` part is checked by content on the server). */
export const CreateDocumentFieldsSchema = z.object({
  caseId: z.uuid({ error: 'Invalid case id' }),
  title: titleText,
  description: descriptionText.default(''),
  privacy: AssetPrivacySchema,
});
export type CreateDocumentFields = z.output<typeof CreateDocumentFieldsSchema>;

export const UpdateDocumentBodySchema = z.object({
  title: titleText,
  description: descriptionText.default(''),
  privacy: AssetPrivacySchema,
});
export type UpdateDocumentBody = z.output<typeof UpdateDocumentBodySchema>;

/** A document as the API shows it (named so it does not shadow the DOM's `Document`). */
export const CaseDocumentSchema = z.object({
  caseId: z.uuid(),
  caseTitle: z.string(),
  documentId: z.uuid(),
  title: z.string(),
  description: z.string(),
  /** The uploader's name for the file, cleaned (no directories or control characters). */
  fileName: z.string(),
  /** The type found in the content: application/pdf, …wordprocessingml.document, text/plain, image/png, image/jpeg. */
  contentType: z.string(),
  size: z.number().int().positive(),
  uploadedById: z.uuid(),
  uploadedByName: z.string(),
  privacy: AssetPrivacySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  textStatus: TextStatusSchema,
});
export type CaseDocument = z.infer<typeof CaseDocumentSchema>;
export const DocumentListSchema = z.object({ documents: z.array(CaseDocumentSchema) });

export const DocumentListQuerySchema = NoteListQuerySchema;
export type DocumentListQuery = z.output<typeof DocumentListQuerySchema>;
export const DocumentCaseParamsSchema = CaseIdParamsSchema;

export const DocumentViewQuerySchema = z.object({
  inline: z
    .enum(['true', 'false'], { error: 'inline must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type DocumentViewQuery = z.output<typeof DocumentViewQuerySchema>;
