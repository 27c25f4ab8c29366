/**
 * The video-meeting calls of docs/api.md §4 (Video meetings): my meetings (a bare array), one meeting,
 * the lawyer's schedule/move/cancel, and the join token. Paths are typed against contract/routes.ts.
 *
 * Tags: 'Meeting' with 'LIST' and one id per meeting. A meeting carries its payment's status, so a
 * change to a meeting also refreshes the payments list ('Payment' 'LIST'), and payments-api.ts
 * refreshes the meetings when a payment changes. Writes carry an Idempotency-Key made once per
 * press of the button, so a retry of the same press cannot schedule a meeting twice.
 */
import type { CreateMeetingBody, Meeting, MeetingToken, UpdateMeetingBody } from '../../../../contract/meetings';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const MEETINGS: PathOf<'meetingList'> = '/videocalls';
const MEETING: PathOf<'meetingGet'> = '/videocalls/:id';
const MEETING_TOKEN: PathOf<'meetingToken'> = '/videocalls/:id/token';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const MEETING_LIST = { type: 'Meeting' as const, id: 'LIST' };
export const PAYMENT_LIST = { type: 'Payment' as const, id: 'LIST' };

/** A key for one user action; the same action retried reuses it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export interface Keyed<T> {
  body: T;
  idempotencyKey: string;
}

export const meetingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every meeting of mine, as lawyer or client. */
    myMeetings: build.query<Meeting[], void>({
      query: () => MEETINGS,
      providesTags: (result) => [MEETING_LIST, ...(result ?? []).map((m) => ({ type: 'Meeting' as const, id: m.id }))],
    }),
    meeting: build.query<Meeting, string>({
      query: (id) => withId(MEETING, id),
      providesTags: (_result, _error, id) => [{ type: 'Meeting', id }],
    }),
    createMeeting: build.mutation<Meeting, Keyed<CreateMeetingBody>>({
      query: ({ body, idempotencyKey }) => ({
        url: MEETINGS,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (result) => (result ? [MEETING_LIST, PAYMENT_LIST] : []),
    }),
    updateMeeting: build.mutation<Meeting, Keyed<UpdateMeetingBody>>({
      query: ({ body, idempotencyKey }) => ({
        url: MEETINGS,
        method: 'PUT',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (result, _error, { body }) =>
        result ? [{ type: 'Meeting', id: body.meetingId }, MEETING_LIST, PAYMENT_LIST] : [],
    }),
    /** Cancels my meeting (lawyer; only while unpaid and not started); its payment becomes CANCELED. */
    deleteMeeting: build.mutation<true, string>({
      query: (id) => ({ url: withId(MEETING, id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Meeting', id }, MEETING_LIST, PAYMENT_LIST],
    }),
    /**
     * Asks whether I may join now (402 for a client who has not paid). A mutation, and `no-store`
     * for the service worker, so neither RTK Query nor the device keeps a copy of a join token.
     */
    meetingToken: build.mutation<MeetingToken, string>({
      query: (id) => ({ url: withId(MEETING_TOKEN, id), method: 'GET', headers: { 'Cache-Control': 'no-store' } }),
    }),
  }),
});

export const {
  useMyMeetingsQuery,
  useMeetingQuery,
  useCreateMeetingMutation,
  useUpdateMeetingMutation,
  useDeleteMeetingMutation,
  useMeetingTokenMutation,
} = meetingsApi;
