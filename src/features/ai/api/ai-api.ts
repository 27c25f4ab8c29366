/**
 * The AI assistant's calls (docs/api.md §9), at /ai/v1 beside the core /v1 API: the same bearer token
 * and base query (the refresh on 401, offline copies, docs/product.md §8 errors), but absolute URLs, because
 * the base query's base is /v1, and no envelope — an answer is the object itself and an error is
 * `{ detail }`, which app-error.ts reads as the server's message.
 *
 * A chat answer is written into the session's cached history at once (the question and the answer
 * as the server stored them), so the conversation never flickers while the history is fetched again.
 */
import {
  AI_API_PREFIX,
  type AiChatBody,
  type AiChatResponse,
  type AiHistory,
  type AiHistoryMessage,
  type AiSearchBody,
  type AiSearchResponse,
  type AiSession,
  type AiSessionDocument,
  type AiSessionDocuments,
  type AiUserSessions,
} from '../../../../contract/ai';
import { api, type ApiDispatch } from '../../../lib/api/api';

/** The sessions /chat-history lists: enough for anyone's history on one phone screen. */
export const SESSION_LIST_LIMIT = 100;

export function aiUrl(path: string): string {
  return `${window.location.origin}${AI_API_PREFIX}${path}`;
}

const sessionPath = (id: string) => `/sessions/${encodeURIComponent(id)}`;

const LIST = { type: 'AiSession' as const, id: 'LIST' };
const sessionTag = (id: string) => ({ type: 'AiSession' as const, id });
const documentsTag = (sessionId: string) => ({ type: 'AiDocument' as const, id: sessionId });

export type SearchArgs = Pick<AiSearchBody, 'query' | 'scope'> & Partial<Pick<AiSearchBody, 'language' | 'act_id'>>;

export const SEARCH_RESULTS = 20;

export const aiApi = api.injectEndpoints({
  endpoints: (build) => ({
    aiSessions: build.query<AiUserSessions, string>({
      query: (userId) => ({
        url: aiUrl(`/users/${encodeURIComponent(userId)}/sessions`),
        params: { limit: SESSION_LIST_LIMIT },
      }),
      providesTags: (result) => [LIST, ...(result?.sessions ?? []).map((s) => sessionTag(s.session_id))],
    }),
    aiHistory: build.query<AiHistory, string>({
      query: (sessionId) => aiUrl(`${sessionPath(sessionId)}/history`),
      providesTags: (_result, _error, sessionId) => [sessionTag(sessionId)],
    }),
    aiChat: build.mutation<AiChatResponse, AiChatBody>({
      query: (body) => ({ url: aiUrl('/chat'), method: 'POST', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) addExchange(dispatch as ApiDispatch, body.message, data);
      },
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
    aiCreateSession: build.mutation<{ session_id: string; message: string }, { title?: string }>({
      query: (body) => ({ url: aiUrl('/sessions'), method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    aiRenameSession: build.mutation<AiSession, { sessionId: string; title: string }>({
      query: ({ sessionId, title }) => ({ url: aiUrl(sessionPath(sessionId)), method: 'PATCH', body: { title } }),
      invalidatesTags: (_r, _e, { sessionId }) => [LIST, sessionTag(sessionId)],
    }),
    aiDeleteSession: build.mutation<{ session_id: string; message: string }, string>({
      query: (sessionId) => ({ url: aiUrl(sessionPath(sessionId)), method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
    aiDocuments: build.query<AiSessionDocuments, string>({
      query: (sessionId) => aiUrl(`${sessionPath(sessionId)}/documents`),
      providesTags: (_r, _e, sessionId) => [documentsTag(sessionId)],
    }),
    aiRemoveDocument: build.mutation<
      { document_id: string; message: string },
      { sessionId: string; documentId: string }
    >({
      query: ({ sessionId, documentId }) => ({
        url: aiUrl(`${sessionPath(sessionId)}/documents/${encodeURIComponent(documentId)}`),
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { sessionId }) => [documentsTag(sessionId)],
    }),
    aiSearch: build.query<AiSearchResponse, SearchArgs>({
      query: (args) => ({
        url: aiUrl('/search'),
        method: 'POST',
        body: { ...args, top_k: SEARCH_RESULTS, threshold: 0 },
      }),
    }),
  }),
});

export const {
  useAiSessionsQuery,
  useAiHistoryQuery,
  useAiChatMutation,
  useAiCreateSessionMutation,
  useAiRenameSessionMutation,
  useAiDeleteSessionMutation,
  useAiDocumentsQuery,
  useAiRemoveDocumentMutation,
  useAiSearchQuery,
} = aiApi;

/** The URL a session document is uploaded to (multipart, with progress: src/lib/api/upload.ts). */
export function documentUploadUrl(sessionId: string): string {
  return aiUrl(`${sessionPath(sessionId)}/documents`);
}

/** After an upload: the session's document list shows the new file without a round trip. */
export function addUploadedDocument(dispatch: ApiDispatch, document: AiSessionDocument): void {
  let cached = false;
  dispatch(
    aiApi.util.updateQueryData('aiDocuments', document.session_id, (draft) => {
      cached = true;
      if (!draft.documents.some((d) => d.document_id === document.document_id)) draft.documents.push(document);
    }),
  );
  if (cached) return;
  dispatch(
    aiApi.util.upsertQueryData('aiDocuments', document.session_id, {
      session_id: document.session_id,
      documents: [document],
    }),
  );
}

/** The question and its answer appended to the session's cached history (created if not cached). */
function addExchange(dispatch: ApiDispatch, question: string, answer: AiChatResponse): void {
  const now = new Date().toISOString();
  const messages: AiHistoryMessage[] = [
    { id: `local-q-${now}`, role: 'user', content: question, metadata: {}, created_at: now },
    {
      id: `local-a-${now}`,
      role: 'assistant',
      content: answer.response,
      metadata: { sources: answer.sources, answer: answer.metadata },
      created_at: now,
    },
  ];
  let cached = false;
  dispatch(
    aiApi.util.updateQueryData('aiHistory', answer.session_id, (draft) => {
      cached = true;
      draft.messages.push(...messages);
      draft.total_messages = draft.messages.length;
    }),
  );
  if (cached) return;
  dispatch(
    aiApi.util.upsertQueryData('aiHistory', answer.session_id, {
      session_id: answer.session_id,
      session_info: {
        id: answer.session_id,
        session_id: answer.session_id,
        user_id: '',
        title: question.slice(0, 60),
        created_at: now,
        updated_at: now,
        message_count: 2,
      },
      messages,
      total_messages: 2,
    }),
  );
}
