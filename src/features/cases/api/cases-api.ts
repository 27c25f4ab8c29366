/**
 * The case calls of docs/api.md §4 (Cases, Case assets → notes) and the review of a resolved case
 * (Lawyer directory → reviews). Paths are typed against contract/routes.ts. Lists carry the
 * envelope's page metadata; a change to a case refreshes that case and every case list.
 */
import type {
  Case,
  CaseStatusBody,
  CreateCaseBody,
  CreateNoteBody,
  Note,
  UpdateCaseBody,
  UpdateNoteBody,
} from '../../../../contract/cases';
import type { CaseStatus, SortDirection } from '../../../../contract/enums';
import type { PageMetadata } from '../../../../contract/envelope';
import type { Review, ReviewBody, UpdateReviewBody } from '../../../../contract/lawyers';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const CASES: PathOf<'caseList'> = '/case';
const CASE: PathOf<'caseGet'> = '/case/:id';
const CASE_STATUS: PathOf<'caseStatus'> = '/case/:id/status';
const NOTES: PathOf<'noteCreate'> = '/case-assets/notes';
const NOTE: PathOf<'noteUpdate'> = '/case-assets/notes/:id';
const CASE_NOTES: PathOf<'caseNotes'> = '/case-assets/cases/:caseId/notes';
const REVIEWS: PathOf<'reviewCreate'> = '/lawyer-directory/reviews';
const REVIEW: PathOf<'reviewUpdate'> = '/lawyer-directory/reviews/:id';
const CASE_REVIEW: PathOf<'reviewByCase'> = '/lawyer-directory/reviews/:caseId';

export const CASES_PAGE_SIZE = 10;
export const NOTES_PAGE_SIZE = 50;

const withId = (path: string, name: string, id: string) => path.replace(`:${name}`, encodeURIComponent(id));

export interface CaseListArgs {
  /** 0-based. */
  page: number;
  status?: CaseStatus;
  sortDirection: SortDirection;
  /** CASES_PAGE_SIZE unless given (fewer on a slow link: src/lib/offline/fetch-policy.ts). */
  size?: number;
}

export interface CasesPage {
  cases: Case[];
  page: PageMetadata | null;
}

export interface NotesPage {
  notes: Note[];
  page: PageMetadata | null;
}

const caseTag = (id: string) => ({ type: 'Case' as const, id });
const caseNotesTag = (caseId: string) => ({ type: 'Note' as const, id: `CASE-${caseId}` });

export const casesApi = api.injectEndpoints({
  endpoints: (build) => ({
    myCases: build.query<CasesPage, CaseListArgs>({
      query: ({ page, status, sortDirection, size }) => ({
        url: CASES,
        params: { page, size: size ?? CASES_PAGE_SIZE, sortDirection, ...(status ? { status } : {}) },
      }),
      transformResponse: (data: { cases: Case[] }, meta) => ({ cases: data.cases, page: meta?.metadata ?? null }),
      providesTags: (result) => [{ type: 'Case', id: 'LIST' }, ...(result?.cases ?? []).map((c) => caseTag(c.caseId))],
    }),
    case: build.query<Case, string>({
      query: (id) => withId(CASE, 'id', id),
      providesTags: (_result, _error, id) => [caseTag(id)],
    }),
    openCase: build.mutation<Case, CreateCaseBody>({
      query: (body) => ({ url: CASES, method: 'POST', body }),
      invalidatesTags: [{ type: 'Case', id: 'LIST' }],
    }),
    updateCase: build.mutation<Case, { id: string; body: UpdateCaseBody }>({
      query: ({ id, body }) => ({ url: withId(CASE, 'id', id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [caseTag(id), { type: 'Case', id: 'LIST' }],
    }),
    setCaseStatus: build.mutation<Case, { id: string; body: CaseStatusBody }>({
      query: ({ id, body }) => ({ url: withId(CASE_STATUS, 'id', id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [caseTag(id), { type: 'Case', id: 'LIST' }],
    }),

    caseNotes: build.query<NotesPage, string>({
      query: (caseId) => ({
        url: withId(CASE_NOTES, 'caseId', caseId),
        params: { page: 0, size: NOTES_PAGE_SIZE, sortDirection: 'DESC' },
      }),
      transformResponse: (data: { notes: Note[] }, meta) => ({ notes: data.notes, page: meta?.metadata ?? null }),
      providesTags: (_result, _error, caseId) => [caseNotesTag(caseId)],
    }),
    createNote: build.mutation<Note, CreateNoteBody>({
      query: (body) => ({ url: NOTES, method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => [caseNotesTag(body.caseId)],
    }),
    updateNote: build.mutation<Note, { id: string; caseId: string; body: UpdateNoteBody }>({
      query: ({ id, body }) => ({ url: withId(NOTE, 'id', id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { caseId }) => [caseNotesTag(caseId)],
    }),
    deleteNote: build.mutation<boolean, { id: string; caseId: string }>({
      query: ({ id }) => ({ url: withId(NOTE, 'id', id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { caseId }) => [caseNotesTag(caseId)],
    }),

    /** The review of a case; null when its client has not written one (404). */
    caseReview: build.query<Review | null, string>({
      async queryFn(caseId, _api, _options, baseQuery) {
        // orNull=1: "no review yet" is a 200 with null, not a 404 in the browser's console (defect 14).
        const result = await baseQuery(`${withId(CASE_REVIEW, 'caseId', caseId)}?orNull=1`);
        if (result.error) {
          const error = result.error as { status?: number | null };
          return error.status === 404 ? { data: null } : { error: result.error };
        }
        return { data: (result.data as Review | null) ?? null };
      },
      providesTags: (_result, _error, caseId) => [{ type: 'Review', id: `CASE-${caseId}` }],
    }),
    createReview: build.mutation<Review, ReviewBody>({
      query: (body) => ({ url: REVIEWS, method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => [
        { type: 'Review', id: `CASE-${body.caseId}` },
        { type: 'Lawyer', id: 'LIST' },
      ],
    }),
    updateReview: build.mutation<Review, { id: string; caseId: string; body: UpdateReviewBody }>({
      query: ({ id, body }) => ({ url: withId(REVIEW, 'id', id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { caseId }) => [
        { type: 'Review', id: `CASE-${caseId}` },
        { type: 'Lawyer', id: 'LIST' },
      ],
    }),
    deleteReview: build.mutation<unknown, { id: string; caseId: string }>({
      query: ({ id }) => ({ url: withId(REVIEW, 'id', id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { caseId }) => [
        { type: 'Review', id: `CASE-${caseId}` },
        { type: 'Lawyer', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useMyCasesQuery,
  useCaseQuery,
  useOpenCaseMutation,
  useUpdateCaseMutation,
  useSetCaseStatusMutation,
  useCaseNotesQuery,
  useCreateNoteMutation,
  useUpdateNoteMutation,
  useDeleteNoteMutation,
  useCaseReviewQuery,
  useCreateReviewMutation,
  useUpdateReviewMutation,
  useDeleteReviewMutation,
} = casesApi;
