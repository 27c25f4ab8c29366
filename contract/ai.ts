/**
 * The AI API (docs/api.md §9), served at /ai/v1 with the same bearer token as /v1. Unlike /v1 it has
 * no envelope: a success answers the object itself and an error answers `{ detail }`. USER and
 * approved LAWYER accounts may call it.
 *
 * Document search, POST /search, is one search over the law corpus and the documents of the
 * caller's own cases that the caller may see (SHARED ones and their own PRIVATE ones). The contract
 * names `{query, top_k, threshold}`; choices it leaves open, marked **[new]**:
 * - `scope` (laws | documents | all, default all), `language` (en | bn: law sections of Acts in that
 *   language; documents are not filtered by it) and `act_id` (one Act) filter the search.
 * - Each result also carries `source` (law | document), `title`, `heading`, `snippet` (HTML-escaped
 *   text with the matched words in `<mark>`), and for laws `language` and `status` (in_force,
 *   repealed, amending, with `replaced_by` and a `status_note`), for documents `case_id`.
 * - `score` is relative: 1 for the best result of this search, lower for the others; `threshold`
 *   drops results below it.
 */
import { z } from 'zod';
import { TextStatusSchema } from './documents';
import { SpecializationSchema } from './enums';

export const AI_API_PREFIX = '/ai/v1';

export const AiMessages = {
  notAllowed: 'The AI assistant is for clients and approved lawyers',
  queryRequired: 'Enter something to search for',
} as const;

export const AiErrorSchema = z.object({ detail: z.string() });
export type AiError = z.infer<typeof AiErrorSchema>;

export const SearchScopeSchema = z.enum(['laws', 'documents', 'all']);
export type SearchScope = z.infer<typeof SearchScopeSchema>;

export const AiSearchBodySchema = z.object({
  query: z.string().trim().min(1, AiMessages.queryRequired).max(500),
  top_k: z.number().int().min(1).max(50).default(8),
  threshold: z.number().min(0).max(1).default(0),
  scope: SearchScopeSchema.default('all'),
  language: z.enum(['en', 'bn']).optional(),
  act_id: z.number().int().positive().optional(),
});
export type AiSearchBody = z.infer<typeof AiSearchBodySchema>;

export const LawStatusKindSchema = z.enum(['in_force', 'repealed', 'amending']);

export const AiSearchResultSchema = z.object({
  /** `act-<actId>#<n>` for a law section, `doc-<uuid>#<part>` for a part of a case document. */
  id: z.string(),
  source: z.enum(['law', 'document']),
  score: z.number(),
  /** The passage's text (a law section in full; a part of a document). */
  text: z.string(),
  /** HTML: escaped text around the matches, each matched word in <mark>. */
  snippet: z.string(),
  /** The Act's title, or the document's title. */
  document_name: z.string(),
  title: z.string(),
  heading: z.string(),
  act_id: z.number().int().nullable(),
  section: z.string().nullable(),
  /** The official bdlaws page of the Act; null for a document. */
  url: z.string().nullable(),
  language: z.enum(['en', 'bn']).nullable(),
  status: LawStatusKindSchema.nullable(),
  replaced_by: z.number().int().nullable(),
  status_note: z.string().nullable(),
  document_id: z.string().nullable(),
  case_id: z.string().nullable(),
});
export type AiSearchResult = z.infer<typeof AiSearchResultSchema>;

export const AiSearchResponseSchema = z.object({
  results: z.array(AiSearchResultSchema),
  query: z.string(),
  total_found: z.number().int(),
});
export type AiSearchResponse = z.infer<typeof AiSearchResponseSchema>;

// ── Chat and sessions (docs/api.md §9) ─────────────────────────────────────────────────────────
// POST /chat, POST /sessions, GET|PATCH|DELETE /sessions/{id}, GET /sessions/{id}/history,
// GET /users/{userId}/sessions. [new]: PATCH /sessions/{id} `{title}` renames; each source also
// carries `id`, `heading`, `text` (the section in full, for expansion), `language`, `status`,
// `replaced_by`, `status_note`; `metadata` carries `language`, `found`, `specializations`,
// `find_lawyer_url`, `generator` (llm | extractive). Someone else's session answers 404.
// [new, additive, optional so answers stored before them still parse]:
// - each source: `highlight` (its one most relevant sentence, verbatim from `text`) and
//   `highlight_start` (where it starts in `text`), for marking it and folding the rest;
// - `metadata.lead`: one to three sentences that answer the question first, in the answer's
//   language (also the first paragraph of `response`), null when nothing was found;
// - `metadata.intent`: what the question asks for (punishment, time_limit, definition,
//   who_decides, procedure, right), null when its wording does not say;
// - `metadata.lawyer`: the lawyer hand-off, `{ specialization, label }` — the one specialization
//   that fits and the button's words ("Find a Criminal Law lawyer"); `response` names it in words
//   and never carries an address. `specializations` then holds that one specialization, and
//   `find_lawyer_url` its directory filter, for clients that predate `lawyer`.

/** docs/product.md §2: a UUID (versions 1–5) or `session_{digits}_{alphanumerics}`. */
export const AI_SESSION_ID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|session_[0-9]+_[A-Za-z0-9]+)$/i;

export function isAiSessionId(value: string): boolean {
  return value.length <= 100 && AI_SESSION_ID_PATTERN.test(value);
}

export const AiChatMessages = {
  sessionNotFound: 'Chat session not found',
  sessionIdInvalid: 'Invalid chat session id',
  messageRequired: 'Type a question',
  sessionCreated: 'Session created',
  sessionDeleted: 'Session deleted',
  ownSessionsOnly: 'You can only list your own chat sessions',
} as const;

export const AiSessionIdSchema = z.string().refine(isAiSessionId, AiChatMessages.sessionIdInvalid);

export const AiChatBodySchema = z.object({
  message: z.string().trim().min(1, AiChatMessages.messageRequired).max(4000),
  session_id: AiSessionIdSchema.optional(),
  context_limit: z.number().int().min(1).max(20).default(8),
  /** [new] Overrides the answer language detected from the message. */
  language: z.enum(['en', 'bn']).optional(),
});
export type AiChatBody = z.infer<typeof AiChatBodySchema>;

export const AiChatSourceSchema = z.object({
  id: z.string(),
  document_name: z.string(),
  filename: z.string().nullable(),
  page_number: z.number().int().nullable(),
  similarity_score: z.number(),
  act_id: z.number().int().nullable(),
  act_title: z.string(),
  section: z.string().nullable(),
  heading: z.string(),
  text: z.string(),
  url: z.string().nullable(),
  language: z.enum(['en', 'bn']).nullable(),
  status: LawStatusKindSchema.nullable(),
  replaced_by: z.number().int().nullable(),
  status_note: z.string().nullable(),
  highlight: z.string().optional(),
  highlight_start: z.number().int().min(0).optional(),
});
export type AiChatSource = z.infer<typeof AiChatSourceSchema>;

export const AiQuestionIntentSchema = z.enum([
  'punishment',
  'time_limit',
  'definition',
  'who_decides',
  'procedure',
  'right',
]);

export const AiLawyerHandOffSchema = z.object({
  specialization: SpecializationSchema,
  label: z.string(),
});
export type AiLawyerHandOff = z.infer<typeof AiLawyerHandOffSchema>;

export const AiAnswerMetadataSchema = z.object({
  language: z.enum(['en', 'bn']),
  found: z.boolean(),
  specializations: z.array(z.string()),
  find_lawyer_url: z.string(),
  generator: z.enum(['llm', 'extractive']),
  lead: z.string().nullable().optional(),
  intent: AiQuestionIntentSchema.nullable().optional(),
  lawyer: AiLawyerHandOffSchema.optional(),
});

export const AiChatResponseSchema = z.object({
  response: z.string(),
  session_id: z.string(),
  sources: z.array(AiChatSourceSchema),
  metadata: AiAnswerMetadataSchema,
});
export type AiChatResponse = z.infer<typeof AiChatResponseSchema>;

export const AiCreateSessionBodySchema = z.object({ title: z.string().trim().min(1).max(120).optional() });
export const AiRenameSessionBodySchema = z.object({ title: z.string().trim().min(1).max(120) });

export const AiSessionSchema = z.object({
  /** [extra] The same as `session_id`, under the name the reference web client reads. */
  id: z.string(),
  session_id: z.string(),
  user_id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number().int(),
});
export type AiSession = z.infer<typeof AiSessionSchema>;

export const AiSessionCreatedSchema = z.object({ session_id: z.string(), message: z.string() });

export const AiHistoryMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** An answer's sources (AiChatSource[]) and AiAnswerMetadata; `{}` for a question. */
  metadata: z.object({
    sources: z.array(AiChatSourceSchema).optional(),
    answer: AiAnswerMetadataSchema.optional(),
  }),
  created_at: z.string(),
});
export type AiHistoryMessage = z.infer<typeof AiHistoryMessageSchema>;

export const AiHistorySchema = z.object({
  session_id: z.string(),
  session_info: AiSessionSchema,
  messages: z.array(AiHistoryMessageSchema),
  total_messages: z.number().int(),
});
export type AiHistory = z.infer<typeof AiHistorySchema>;

export const AiUserSessionsSchema = z.object({
  user_id: z.string(),
  sessions: z.array(AiSessionSchema),
  total_sessions: z.number().int(),
});
export type AiUserSessions = z.infer<typeof AiUserSessionsSchema>;

// ── Session documents [new] ────────────────────────────────────────────────────────────────────
// POST /sessions/{id}/documents (multipart, one `file` part: PDF, DOCX or TXT, at most
// DOCUMENT_MAX_BYTES, judged by content like case documents), GET /sessions/{id}/documents,
// DELETE /sessions/{id}/documents/{documentId}. Only the extracted text is kept, and it joins the
// retrieval of that session only: an answer may then cite a passage of it (a source with
// `filename` set, `page_number` the 1-based part, and `act_id`, `url`, `status` null).
// `text_status` says whether the text could be read (UNSEARCHABLE_ENCODING: a Bijoy-encoded PDF,
// told to the user with TextStatusMessages). Someone else's session answers 404.

/** Files one session may hold. */
export const AI_SESSION_DOCUMENTS_MAX = 10;

export const AiDocumentMessages = {
  typeNotAllowed: 'Attach a PDF, DOCX or TXT file',
  tooManyDocuments: `A chat can hold at most ${AI_SESSION_DOCUMENTS_MAX} documents`,
  documentNotFound: 'Document not found in this chat',
  documentAttached: 'Document attached',
  documentRemoved: 'Document removed',
} as const;

export const AiSessionDocumentSchema = z.object({
  document_id: z.string(),
  session_id: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  text_status: TextStatusSchema,
  created_at: z.string(),
});
export type AiSessionDocument = z.infer<typeof AiSessionDocumentSchema>;

export const AiSessionDocumentsSchema = z.object({
  session_id: z.string(),
  documents: z.array(AiSessionDocumentSchema),
});
export type AiSessionDocuments = z.infer<typeof AiSessionDocumentsSchema>;

export const AiDocumentRemovedSchema = z.object({ document_id: z.string(), message: z.string() });

/**
 * POST /sessions/{id}/search-documents (the reference API's name): the passages of this session's
 * documents that match `query`, best first, ranked as the chat ranks them (a part is about a page).
 * `upload-document` is likewise an alias of POST /sessions/{id}/documents.
 */
export const AiSearchDocumentsBodySchema = z.object({
  query: z.string().trim().min(1).max(1000),
  top_k: z.number().int().min(1).max(50).default(5),
});
export type AiSearchDocumentsBody = z.output<typeof AiSearchDocumentsBodySchema>;

export const AiSearchDocumentsSchema = z.object({
  session_id: z.string(),
  query: z.string(),
  results: z.array(
    z.object({
      document_id: z.string(),
      filename: z.string(),
      page_number: z.number().int(),
      text: z.string(),
      score: z.number(),
    }),
  ),
  total_found: z.number().int(),
});
export type AiSearchDocuments = z.infer<typeof AiSearchDocumentsSchema>;

/** GET /ai/v1/health: the AI API answers (no sign-in). */
export const AiHealthSchema = z.object({ status: z.literal('healthy'), service: z.string() });
