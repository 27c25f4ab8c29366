/**
 * Feedback about LegalConnect and complaints about lawyers (contract/feedback.ts): sending them,
 * "my feedback" with the team's answers, and the admin's lists with answer-and-resolve.
 */
import type { PageMetadata } from '../../../../contract/envelope';
import type {
  Complaint,
  ComplaintBody,
  ComplaintStatus,
  Feedback,
  FeedbackBody,
  FeedbackStatus,
} from '../../../../contract/feedback';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const FEEDBACK: PathOf<'feedbackCreate'> = '/feedback';
const FEEDBACK_MINE: PathOf<'feedbackMine'> = '/feedback/mine';
const FEEDBACK_ONE: PathOf<'feedbackUpdate'> = '/feedback/:id';
const COMPLAINTS: PathOf<'complaintCreate'> = '/complaints';
const COMPLAINT_ONE: PathOf<'complaintUpdate'> = '/complaints/:id';

export interface ListQuery<S extends string> {
  status?: S;
  /** 0-based. */
  page: number;
  size: number;
}

export interface ListPage<T> {
  items: T[];
  page: PageMetadata | null;
}

function listParams<S extends string>({ status, page, size }: ListQuery<S>) {
  return status ? { status, page, size, sortDirection: 'DESC' } : { page, size, sortDirection: 'DESC' };
}

export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendFeedback: build.mutation<Feedback, FeedbackBody>({
      query: (body) => ({ url: FEEDBACK, method: 'POST', body }),
      invalidatesTags: [{ type: 'Feedback', id: 'MINE' }, { type: 'Feedback', id: 'LIST' }, 'AdminStats'],
    }),
    myFeedback: build.query<ListPage<Feedback>, ListQuery<FeedbackStatus>>({
      query: (args) => ({ url: FEEDBACK_MINE, params: listParams(args) }),
      transformResponse: (data: { feedback: Feedback[] }, meta) => ({
        items: data.feedback,
        page: meta?.metadata ?? null,
      }),
      providesTags: [{ type: 'Feedback', id: 'MINE' }],
    }),
    feedbackList: build.query<ListPage<Feedback>, ListQuery<FeedbackStatus>>({
      query: (args) => ({ url: FEEDBACK, params: listParams(args) }),
      transformResponse: (data: { feedback: Feedback[] }, meta) => ({
        items: data.feedback,
        page: meta?.metadata ?? null,
      }),
      providesTags: (result) => [
        { type: 'Feedback', id: 'LIST' },
        ...(result?.items ?? []).map((f) => ({ type: 'Feedback' as const, id: f.id })),
      ],
    }),
    updateFeedback: build.mutation<Feedback, { id: string; status: FeedbackStatus; response: string | null }>({
      query: ({ id, ...body }) => ({ url: FEEDBACK_ONE.replace(':id', encodeURIComponent(id)), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Feedback', id },
        { type: 'Feedback', id: 'LIST' },
        'AdminStats',
      ],
    }),
    fileComplaint: build.mutation<Complaint, ComplaintBody>({
      query: (body) => ({ url: COMPLAINTS, method: 'POST', body }),
      invalidatesTags: [{ type: 'Complaint', id: 'LIST' }, 'AdminStats'],
    }),
    complaintList: build.query<ListPage<Complaint>, ListQuery<ComplaintStatus>>({
      query: (args) => ({ url: COMPLAINTS, params: listParams(args) }),
      transformResponse: (data: { complaints: Complaint[] }, meta) => ({
        items: data.complaints,
        page: meta?.metadata ?? null,
      }),
      providesTags: (result) => [
        { type: 'Complaint', id: 'LIST' },
        ...(result?.items ?? []).map((c) => ({ type: 'Complaint' as const, id: c.id })),
      ],
    }),
    updateComplaint: build.mutation<Complaint, { id: string; status: ComplaintStatus; response: string | null }>({
      query: ({ id, ...body }) => ({ url: COMPLAINT_ONE.replace(':id', encodeURIComponent(id)), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Complaint', id },
        { type: 'Complaint', id: 'LIST' },
        'AdminStats',
      ],
    }),
  }),
});

export const {
  useSendFeedbackMutation,
  useMyFeedbackQuery,
  useFeedbackListQuery,
  useUpdateFeedbackMutation,
  useFileComplaintMutation,
  useComplaintListQuery,
  useUpdateComplaintMutation,
} = feedbackApi;
