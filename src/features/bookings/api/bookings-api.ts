/**
 * The booking calls of issue 19: a lawyer's free times, my bookings (as client or lawyer, paged),
 * and request / accept / decline / cancel. Paths are typed against contract/routes.ts.
 *
 * Tags: 'Booking' with 'LIST' and one id per booking. Accepting opens a meeting with its payment, so
 * it refreshes the meetings and payments lists too; every write refreshes the free times ('FREE').
 * Writes carry an Idempotency-Key made once per press of the button.
 */
import type {
  Booking,
  BookingListQuery,
  BookingStatus,
  CreateBookingBody,
  FreeTime,
} from '../../../../contract/bookings';
import type { PageMetadata } from '../../../../contract/envelope';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';
import { MEETING_LIST, PAYMENT_LIST, type Keyed } from '../../meetings/api/meetings-api';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const FREE_TIMES: PathOf<'bookingFreeTimes'> = '/bookings/free-times';
const BOOKINGS: PathOf<'bookingList'> = '/bookings';
const ACCEPT: PathOf<'bookingAccept'> = '/bookings/:id/accept';
const DECLINE: PathOf<'bookingDecline'> = '/bookings/:id/decline';
const CANCEL: PathOf<'bookingCancel'> = '/bookings/:id/cancel';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const BOOKING_LIST = { type: 'Booking' as const, id: 'LIST' };
const FREE = { type: 'Booking' as const, id: 'FREE' };

export interface BookingsPage {
  bookings: Booking[];
  page: PageMetadata | null;
}

export interface MyBookingsArgs {
  role?: BookingListQuery['role'];
  status?: BookingStatus;
  page?: number;
  size?: number;
}

const changed = (result: Booking | undefined) =>
  result ? [BOOKING_LIST, FREE, { type: 'Booking' as const, id: result.bookingId }] : [];

export const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A lawyer's free times for `days` Dhaka days from `from` (default: today, 14 days). */
    freeTimes: build.query<FreeTime[], { lawyerEmail: string; from?: string; days?: number }>({
      query: ({ lawyerEmail, from, days }) => ({
        url: FREE_TIMES,
        params: { lawyerEmail, ...(from ? { from } : {}), ...(days ? { days } : {}) },
      }),
      transformResponse: (data: { freeTimes: FreeTime[] }) => data.freeTimes,
      providesTags: [FREE],
    }),
    myBookings: build.query<BookingsPage, MyBookingsArgs>({
      query: ({ role, status, page = 0, size = 20 }) => ({
        url: BOOKINGS,
        params: { page, size, ...(role ? { role } : {}), ...(status ? { status } : {}) },
      }),
      transformResponse: (data: { bookings: Booking[] }, meta) => ({
        bookings: data.bookings,
        page: (meta as { metadata?: PageMetadata } | undefined)?.metadata ?? null,
      }),
      providesTags: (result) => [
        BOOKING_LIST,
        ...(result?.bookings ?? []).map((b) => ({ type: 'Booking' as const, id: b.bookingId })),
      ],
    }),
    createBooking: build.mutation<Booking, Keyed<CreateBookingBody>>({
      query: ({ body, idempotencyKey }) => ({
        url: BOOKINGS,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // A refused time (409) is gone: the free times are read again either way.
      invalidatesTags: (result) => [FREE, ...changed(result)],
    }),
    acceptBooking: build.mutation<Booking, { id: string; idempotencyKey: string }>({
      query: ({ id, idempotencyKey }) => ({
        url: withId(ACCEPT, id),
        method: 'PUT',
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (result) => (result ? [...changed(result), MEETING_LIST, PAYMENT_LIST] : [BOOKING_LIST]),
    }),
    declineBooking: build.mutation<Booking, { id: string; reason: string; idempotencyKey: string }>({
      query: ({ id, reason, idempotencyKey }) => ({
        url: withId(DECLINE, id),
        method: 'PUT',
        body: { reason },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (result) => (result ? changed(result) : [BOOKING_LIST]),
    }),
    cancelBooking: build.mutation<Booking, { id: string; idempotencyKey: string }>({
      query: ({ id, idempotencyKey }) => ({
        url: withId(CANCEL, id),
        method: 'PUT',
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (result) => (result ? changed(result) : [BOOKING_LIST]),
    }),
  }),
});

export const {
  useFreeTimesQuery,
  useMyBookingsQuery,
  useCreateBookingMutation,
  useAcceptBookingMutation,
  useDeclineBookingMutation,
  useCancelBookingMutation,
} = bookingsApi;
