/**
 * The AI API (CONTRACT §9), served at /ai/v1 with the same bearer token as /v1. Unlike /v1 it has
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
