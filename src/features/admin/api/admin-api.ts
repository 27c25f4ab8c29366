/**
 * The admin's calls (docs/api.md §4 Admin): dashboard counts, the pending queue (oldest first), all
 * lawyers by status, one lawyer, and the verdict. Approve and reject update every cached list at
 * once (optimistic, undone if the server refuses), so the queue moves as soon as the admin decides.
 */
import type { PageMetadata } from '../../../../contract/envelope';
import type { VerificationStatus } from '../../../../contract/enums';
import type { AdminLawyer, AdminStats } from '../../../../contract/lawyers';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const STATS: PathOf<'adminStats'> = '/admin/stats';
const PENDING: PathOf<'adminPendingLawyers'> = '/admin/lawyers/pending';
const LAWYERS: PathOf<'adminLawyers'> = '/admin/lawyers';
const APPROVE: PathOf<'adminApproveLawyer'> = '/admin/lawyers/:lawyerId/approve';
const REJECT: PathOf<'adminRejectLawyer'> = '/admin/lawyers/:lawyerId/reject';
export const CREDENTIALS_VIEW: PathOf<'lawyerCredentialsView'> = '/lawyer/view-credentials';

/** Page size when looking one lawyer up in the full list (there is no single-lawyer admin route). */
const LOOKUP_PAGE_SIZE = 100;

export interface AdminLawyersQuery {
  /** Absent: every status. */
  status?: VerificationStatus;
  /** 0-based. */
  page: number;
  size: number;
}

export interface AdminLawyersPage {
  lawyers: AdminLawyer[];
  page: PageMetadata | null;
}

const lawyersPage = (data: { lawyers: AdminLawyer[] }, meta: { metadata?: PageMetadata } | undefined) => ({
  lawyers: data.lawyers,
  page: meta?.metadata ?? null,
});

const listTags = (result: AdminLawyersPage | undefined) => [
  { type: 'AdminLawyer' as const, id: 'LIST' },
  ...(result?.lawyers ?? []).map((l) => ({ type: 'AdminLawyer' as const, id: l.lawyerId })),
];

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminStats: build.query<AdminStats, void>({
      query: () => STATS,
      providesTags: ['AdminStats'],
    }),
    /** Lawyers waiting for a verdict, oldest first (the queue). */
    pendingLawyers: build.query<AdminLawyersPage, { page: number; size: number }>({
      query: ({ page, size }) => ({ url: PENDING, params: { page, size } }),
      transformResponse: lawyersPage,
      providesTags: listTags,
    }),
    adminLawyers: build.query<AdminLawyersPage, AdminLawyersQuery>({
      query: ({ status, page, size }) => ({ url: LAWYERS, params: status ? { status, page, size } : { page, size } }),
      transformResponse: lawyersPage,
      providesTags: listTags,
    }),
    /**
     * One lawyer by profile id. Coming from a list the entry is already filled in (see
     * `rememberLawyer`); opened from a link or after a reload, it is found by paging the full list.
     */
    adminLawyer: build.query<AdminLawyer, string>({
      async queryFn(lawyerId, _api, _extra, baseQuery) {
        for (let page = 0; ; page += 1) {
          const result = await baseQuery({ url: LAWYERS, params: { page, size: LOOKUP_PAGE_SIZE } });
          if (result.error) return { error: result.error };
          const { lawyers } = result.data as { lawyers: AdminLawyer[] };
          const found = lawyers.find((l) => l.lawyerId === lawyerId);
          if (found) return { data: found };
          const meta = (result.meta as { metadata?: PageMetadata } | undefined)?.metadata;
          if (!meta?.hasNext || lawyers.length === 0) {
            return { error: { status: 404, message: 'The requested resource was not found.' } };
          }
        }
      },
      providesTags: (_result, _error, lawyerId) => [{ type: 'AdminLawyer', id: lawyerId }],
    }),
    approveLawyer: build.mutation<AdminLawyer, { lawyerId: string }>({
      query: ({ lawyerId }) => ({ url: APPROVE.replace(':lawyerId', encodeURIComponent(lawyerId)), method: 'PUT' }),
      onQueryStarted: ({ lawyerId }, lifecycle) => decide(lawyerId, 'APPROVED', null, lifecycle),
      invalidatesTags: ['AdminStats', { type: 'Lawyer', id: 'LIST' }],
    }),
    rejectLawyer: build.mutation<AdminLawyer, { lawyerId: string; reason: string }>({
      query: ({ lawyerId, reason }) => ({
        url: REJECT.replace(':lawyerId', encodeURIComponent(lawyerId)),
        method: 'PUT',
        body: { reason },
      }),
      onQueryStarted: ({ lawyerId, reason }, lifecycle) => decide(lawyerId, 'REJECTED', reason, lifecycle),
      invalidatesTags: ['AdminStats'],
    }),
  }),
});

type Lifecycle = {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: AdminLawyer }>;
};

/**
 * The optimistic verdict: the lawyer's own entry shows the new status, the pending queue drops
 * them, and status-filtered lists move them; all of it is undone if the server refuses.
 */
async function decide(
  lawyerId: string,
  status: 'APPROVED' | 'REJECTED',
  reason: string | null,
  { dispatch, getState, queryFulfilled }: Lifecycle,
) {
  const withVerdict = (entry: AdminLawyer): AdminLawyer => ({
    ...entry,
    lawyer: {
      ...entry.lawyer,
      verificationStatus: status,
      rejectionReason: status === 'REJECTED' ? reason : null,
      verifiedAt: status === 'APPROVED' ? new Date().toISOString() : null,
    },
  });
  const patches: { undo: () => void }[] = [];
  const state = getState() as Parameters<typeof adminApi.util.selectInvalidatedBy>[0];
  for (const entry of adminApi.util.selectInvalidatedBy(state, [{ type: 'AdminLawyer', id: lawyerId }])) {
    if (entry.endpointName === 'adminLawyer') {
      patches.push(
        dispatch(
          adminApi.util.updateQueryData('adminLawyer', entry.originalArgs as string, (draft) => withVerdict(draft)),
        ) as { undo: () => void },
      );
    } else if (entry.endpointName === 'pendingLawyers') {
      const args = entry.originalArgs as { page: number; size: number };
      patches.push(
        dispatch(
          adminApi.util.updateQueryData('pendingLawyers', args, (draft) => {
            draft.lawyers = draft.lawyers.filter((l) => l.lawyerId !== lawyerId);
          }),
        ) as { undo: () => void },
      );
    } else if (entry.endpointName === 'adminLawyers') {
      const args = entry.originalArgs as AdminLawyersQuery;
      patches.push(
        dispatch(
          adminApi.util.updateQueryData('adminLawyers', args, (draft) => {
            draft.lawyers = draft.lawyers
              .map((l) => (l.lawyerId === lawyerId ? withVerdict(l) : l))
              .filter((l) => !args.status || l.lawyer.verificationStatus === args.status);
          }),
        ) as { undo: () => void },
      );
    }
  }
  try {
    const { data } = await queryFulfilled;
    dispatch(adminApi.util.upsertQueryData('adminLawyer', lawyerId, data));
    // Lists refetch in the background so counts and paging are true again.
    dispatch(adminApi.util.invalidateTags([{ type: 'AdminLawyer', id: 'LIST' }]));
  } catch {
    for (const patch of patches) patch.undo();
  }
}

/** Fill in the single-lawyer entry from a list row, so the verification screen opens at once. */
export const rememberLawyer = (lawyer: AdminLawyer) =>
  adminApi.util.upsertQueryEntries([{ endpointName: 'adminLawyer', arg: lawyer.lawyerId, value: lawyer }]);

export const {
  useAdminStatsQuery,
  usePendingLawyersQuery,
  useAdminLawyersQuery,
  useAdminLawyerQuery,
  useApproveLawyerMutation,
  useRejectLawyerMutation,
} = adminApi;
