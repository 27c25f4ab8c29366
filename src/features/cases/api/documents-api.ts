/**
 * The document calls of CONTRACT §4 Case assets → documents. The upload itself goes through
 * uploadFile (XMLHttpRequest, for its progress bar); the bytes are read through the protected-file
 * query of lib/api/file-api.ts (FileViewer).
 */
import type { AssetPrivacy } from '../../../../contract/enums';
import type { PageMetadata } from '../../../../contract/envelope';
import { api } from '../../../lib/api/api';

export const DOCUMENT_UPLOAD = '/case-assets/documents';
const DOCUMENT = '/case-assets/documents/:id';
const CASE_DOCUMENTS = '/case-assets/cases/:caseId/documents';
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENTS_PAGE_SIZE = 50;

export type DocumentTextStatus = 'EXTRACTED' | 'NO_TEXT' | 'UNSEARCHABLE_ENCODING' | 'FAILED';

export interface CaseDocument {
  caseId: string;
  caseTitle: string;
  documentId: string;
  title: string;
  description: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedById: string;
  uploadedByName: string;
  privacy: AssetPrivacy;
  textStatus?: DocumentTextStatus;
  createdAt: string;
}

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
    updateDocument: build.mutation<
      CaseDocument,
      { id: string; caseId: string; body: { title: string; description: string; privacy: AssetPrivacy } }
    >({
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
