/**
 * Cases and their notes (docs/api.md §4 Cases, Case assets → notes): what a lawyer and a client send
 * and get back. A case belongs to its two parties; anyone else is told it does not exist (404), and
 * a note marked PRIVATE exists only for its author.
 *
 * Choices the contract leaves open:
 * - `lawyer.firm` is null for a lawyer without a profile (never the case for a case created here,
 *   which needs an APPROVED profile).
 * - PUT /case/{id}/status to the status the case already has is a 409 (a state transition conflict).
 * - DELETE /case-assets/notes/{id} answers `data: true`.
 */
import { z } from 'zod';
import { EmailSchema } from './auth';
import { AssetPrivacySchema, CaseStatusSchema } from './enums';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { SortDirectionSchema } from './envelope';

export const CaseMessages = {
  clientNotFound: 'No client is found with this email address',
  caseNotFound: 'Case not found',
  caseCreated: 'Case created',
  caseUpdated: 'Case updated',
  statusUpdated: 'Case status updated',
  statusUnchanged: 'The case already has this status',
  noteNotFound: 'Note not found',
  noteCreated: 'Note created',
  noteUpdated: 'Note updated',
  noteDeleted: 'Note deleted',
} as const;

export const CASE_TITLE_MIN = 2;
export const CASE_TITLE_MAX = 255;
export const CASE_DESCRIPTION_MAX = 2000;
export const NOTE_CONTENT_MAX = 10_000;

/** The title of a case and of its assets (notes, documents). */
export const titleText = z
  .string({ error: 'Title is required' })
  .trim()
  .min(CASE_TITLE_MIN, `Title must be between ${CASE_TITLE_MIN} and ${CASE_TITLE_MAX} characters`)
  .max(CASE_TITLE_MAX, `Title must be between ${CASE_TITLE_MIN} and ${CASE_TITLE_MAX} characters`);
/** The description of a case and of its documents. */
export const descriptionText = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(CASE_DESCRIPTION_MAX, `Description must be at most ${CASE_DESCRIPTION_MAX} characters`);

export const CreateCaseBodySchema = z.object({
  title: titleText,
  clientEmail: EmailSchema,
  description: descriptionText.default(''),
});
export type CreateCaseBody = z.output<typeof CreateCaseBodySchema>;

export const UpdateCaseBodySchema = z.object({
  title: titleText,
  description: descriptionText.default(''),
});
export type UpdateCaseBody = z.output<typeof UpdateCaseBodySchema>;

export const CaseStatusBodySchema = z.object({ status: CaseStatusSchema });
export type CaseStatusBody = z.output<typeof CaseStatusBodySchema>;

export const CaseSchema = z.object({
  caseId: z.uuid(),
  lawyer: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    firm: z.string().nullable(),
  }),
  client: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  title: z.string(),
  description: z.string(),
  status: CaseStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Case = z.infer<typeof CaseSchema>;
export const CaseListSchema = z.object({ cases: z.array(CaseSchema) });

const pageQuery = {
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortDirection: SortDirectionSchema.default('DESC'),
};
export const CaseListQuerySchema = z.object({ ...pageQuery, status: CaseStatusSchema.optional() });
export type CaseListQuery = z.output<typeof CaseListQuerySchema>;
export const NoteListQuerySchema = z.object(pageQuery);
export type NoteListQuery = z.output<typeof NoteListQuerySchema>;

export const CaseIdParamsSchema = z.object({ caseId: z.uuid({ error: 'Invalid case id' }) });

const noteFields = {
  title: titleText,
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, `Content must be between 1 and ${NOTE_CONTENT_MAX} characters`)
    .max(NOTE_CONTENT_MAX, `Content must be between 1 and ${NOTE_CONTENT_MAX} characters`),
  privacy: AssetPrivacySchema,
};
export const CreateNoteBodySchema = z.object({ caseId: z.uuid({ error: 'Invalid case id' }), ...noteFields });
export type CreateNoteBody = z.output<typeof CreateNoteBodySchema>;
export const UpdateNoteBodySchema = z.object(noteFields);
export type UpdateNoteBody = z.output<typeof UpdateNoteBodySchema>;

export const NoteSchema = z.object({
  caseId: z.uuid(),
  caseTitle: z.string(),
  noteId: z.uuid(),
  ownerId: z.uuid(),
  title: z.string(),
  content: z.string(),
  privacy: AssetPrivacySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;
export const NoteListSchema = z.object({ notes: z.array(NoteSchema) });
