/**
 * The document calls of docs/api.md §4 Case assets → documents. The upload itself goes through
 * uploadFile (XMLHttpRequest, for its progress bar); the bytes are read through the protected-file
 * query of lib/api/file-api.ts (FileViewer).
 */
import type { CaseDocument, UpdateDocumentBody } from '../../../../contract/documents';
import type { PageMetadata } from '../../../../contract/envelope';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';

export type { CaseDocument } from '../../../../contract/documents';
export { DOCUMENT_MAX_BYTES } from '../../../../contract/documents';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

export const DOCUMENT_UPLOAD: PathOf<'documentUpload'> = '/case-assets/documents';
const DOCUMENT: PathOf<'documentUpdate'> = '/case-assets/documents/:id';
const CASE_DOCUMENTS: PathOf<'caseDocuments'> = '/case-assets/cases/:caseId/documents';
export const DOCUMENTS_PAGE_SIZE = 50;

export interface DocumentsPage {
  documents: CaseDocument[];
  page: PageMetadata | null;
}

const withId = (path: string, name: string, id: string) => path.replace(`:${name}`, encodeURIComponent(id));
const caseDocumentsTag = (caseId: string) => ({ type: 'Document' as const, id: `CASE-${caseId}` });

/** The API path that answers with a document's bytes (FileViewer shows it). */
export const documentViewPath = (id: string) => `${withId(DOCUMENT, 'id', id)}/view?inline=true`;

export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    caseDocuments: build.query<DocumentsPage, string>({
      query: (caseId) => ({
        url: withId(CASE_DOCUMENTS, 'caseId', caseId),
        params: { page: 0, size: DOCUMENTS_PAGE_SIZE, sortDirection: 'DESC' },
      }),
      transformResponse: (data: { documents: CaseDocument[] }, meta) => ({
        documents: data.documents,
        page: meta?.metadata ?? null,
      }),
      providesTags: (_result, _error, caseId) => [caseDocumentsTag(caseId)],
    }),
    updateDocument: build.mutation<CaseDocument, { id: string; caseId: string; body: UpdateDocumentBody }>({
      query: ({ id, body }) => ({ url: withId(DOCUMENT, 'id', id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { caseId }) => [caseDocumentsTag(caseId)],
    }),
    deleteDocument: build.mutation<boolean, { id: string; caseId: string }>({
      query: ({ id }) => ({ url: withId(DOCUMENT, 'id', id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { caseId }) => [caseDocumentsTag(caseId)],
    }),
  }),
});

export const { useCaseDocumentsQuery, useUpdateDocumentMutation, useDeleteDocumentMutation } = documentsApi;
