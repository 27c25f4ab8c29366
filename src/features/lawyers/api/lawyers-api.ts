/**
 * The lawyer calls of docs/api.md §4 (Lawyer, Lawyer directory): my profile, another lawyer's public
 * profile, weekly slots, hourly charge, the directory search and a lawyer's reviews. Paths are typed
 * against contract/routes.ts. The certificate goes through uploadFile (progress bar), not here.
 */
import type { SortDirection } from '../../../../contract/enums';
import type { PageMetadata } from '../../../../contract/envelope';
import type {
  FindLawyersBody,
  HourlyChargeBody,
  LawyerInfo,
  LawyerProfileBody,
  LawyerSearchResult,
  Review,
  Slot,
  SlotBody,
  UpdateLawyerProfileBody,
} from '../../../../contract/lawyers';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const PROFILE: PathOf<'lawyerProfileGet'> = '/lawyer/profile';
export const CREDENTIALS_UPLOAD: PathOf<'lawyerCredentialsUpload'> = '/lawyer/upload-credentials';
export const CREDENTIALS_VIEW: PathOf<'lawyerCredentialsView'> = '/lawyer/view-credentials';
const SLOTS: PathOf<'slotsList'> = '/lawyer/availability-slots';
const SLOT: PathOf<'slotUpdate'> = '/lawyer/availability-slots/:id';
const HOURLY_CHARGE: PathOf<'hourlyCharge'> = '/lawyer/hourly-charge';
const FIND: PathOf<'findLawyers'> = '/lawyer-directory/find-lawyers';
const REVIEWS: PathOf<'lawyerReviews'> = '/lawyer-directory/lawyers/:userId/reviews';

/** Cache id of the signed-in lawyer's own profile and slots. */
const MINE = 'MINE';

export interface DirectoryQuery {
  filters: FindLawyersBody;
  /** 0-based. */
  page: number;
  size: number;
  sortDirection: SortDirection;
}

export interface DirectoryPage {
  results: LawyerSearchResult[];
  page: PageMetadata | null;
}

export interface ReviewsPage {
  reviews: Review[];
  hasNext: boolean;
  totalCount: number | null;
}

export const REVIEWS_PAGE_SIZE = 5;

function withEmail(path: string, email: string | undefined) {
  return email ? { url: path, params: { email } } : path;
}

export const lawyersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** My own profile (a lawyer without one gets nulls and `lawyerId: null`). */
    myLawyerProfile: build.query<LawyerInfo, void>({
      query: () => PROFILE,
      providesTags: [{ type: 'LawyerProfile', id: MINE }],
    }),
    /** Another lawyer's public profile, by email (lawyer-details). */
    lawyerProfile: build.query<LawyerInfo, string>({
      query: (email) => withEmail(PROFILE, email),
      providesTags: (_result, _error, email) => [{ type: 'LawyerProfile', id: email }],
    }),
    createLawyerProfile: build.mutation<LawyerInfo, LawyerProfileBody>({
      query: (body) => ({ url: PROFILE, method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(lawyersApi.util.upsertQueryData('myLawyerProfile', undefined, data));
      },
      invalidatesTags: [{ type: 'AdminStats' }, { type: 'AdminLawyer', id: 'LIST' }],
    }),
    updateLawyerProfile: build.mutation<LawyerInfo, UpdateLawyerProfileBody>({
      query: (body) => ({ url: PROFILE, method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(lawyersApi.util.upsertQueryData('myLawyerProfile', undefined, data));
      },
      invalidatesTags: [{ type: 'Lawyer', id: 'LIST' }, { type: 'AdminLawyer', id: 'LIST' }, { type: 'AdminStats' }],
    }),
    /** My slots (no email) or the named lawyer's. */
    availabilitySlots: build.query<Slot[], string | void>({
      query: (email) => withEmail(SLOTS, email || undefined),
      transformResponse: (data: { slots: Slot[] }) => data.slots,
      providesTags: (result, _error, email) => [
        { type: 'Slot', id: email || MINE },
        ...(result ?? []).map((slot) => ({ type: 'Slot' as const, id: slot.id })),
      ],
    }),
    createSlot: build.mutation<Slot, SlotBody>({
      query: (body) => ({ url: SLOTS, method: 'POST', body }),
      invalidatesTags: [{ type: 'Slot', id: MINE }],
    }),
    updateSlot: build.mutation<Slot, { id: string; body: SlotBody }>({
      query: ({ id, body }) => ({ url: SLOT.replace(':id', encodeURIComponent(id)), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Slot', id },
        { type: 'Slot', id: MINE },
      ],
    }),
    deleteSlot: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: SLOT.replace(':id', encodeURIComponent(id)), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Slot', id },
        { type: 'Slot', id: MINE },
      ],
    }),
    setHourlyCharge: build.mutation<LawyerInfo, HourlyChargeBody>({
      query: (body) => ({ url: HOURLY_CHARGE, method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(lawyersApi.util.upsertQueryData('myLawyerProfile', undefined, data));
      },
      invalidatesTags: [{ type: 'Lawyer', id: 'LIST' }],
    }),
    /** The directory search; `data` is a bare array and the paging is in the envelope's metadata. */
    findLawyers: build.query<DirectoryPage, DirectoryQuery>({
      query: ({ filters, page, size, sortDirection }) => ({
        url: FIND,
        method: 'POST',
        params: { page, size, sortDirection },
        body: filters,
      }),
      transformResponse: (data: LawyerSearchResult[], meta) => ({ results: data, page: meta?.metadata ?? null }),
      providesTags: (result) => [
        { type: 'Lawyer', id: 'LIST' },
        ...(result?.results ?? []).map((lawyer) => ({ type: 'Lawyer' as const, id: lawyer.userId })),
      ],
    }),
    /** A lawyer's reviews, newest first, a page at a time ("Load more"). */
    lawyerReviews: build.infiniteQuery<ReviewsPage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _all, lastPageParam) => (lastPage.hasNext ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg: userId, pageParam }) => ({
        url: REVIEWS.replace(':userId', encodeURIComponent(userId)),
        params: { page: pageParam, size: REVIEWS_PAGE_SIZE, sortDirection: 'DESC' },
      }),
      transformResponse: (data: { reviews: Review[] }, meta) => ({
        reviews: data.reviews,
        hasNext: meta?.metadata?.hasNext ?? false,
        totalCount: meta?.metadata?.totalCount ?? null,
      }),
      providesTags: (_result, _error, userId) => [{ type: 'Review', id: userId }],
    }),
  }),
});

export const {
  useMyLawyerProfileQuery,
  useLawyerProfileQuery,
  useCreateLawyerProfileMutation,
  useUpdateLawyerProfileMutation,
  useAvailabilitySlotsQuery,
  useCreateSlotMutation,
  useUpdateSlotMutation,
  useDeleteSlotMutation,
  useSetHourlyChargeMutation,
  useFindLawyersQuery,
  useLawyerReviewsInfiniteQuery,
} = lawyersApi;
