/**
 * The one RTK Query API of the client (docs/architecture.md, House style: one createApi, features add their calls with
 * `injectEndpoints`). Cache tags are declared here, centrally, so invalidation across features
 * stays visible in one list; a feature adds its tag here when it starts caching something.
 * Loaded with the first screen that needs it, not with the entry (api-loaded.ts, src/app/store.ts).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { useDispatch } from 'react-redux';
import type { SessionRootState } from '../session/session-slice';
import { apiLoaded } from './api-loaded';
import { baseQuery } from './base-query';

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Going online fetches what is on screen again (src/lib/offline/reconnect.ts dispatches the signal).
  refetchOnReconnect: true,
  tagTypes: [
    'User',
    // Lawyers and the marketplace (issue 3): per-id tags, plus 'LIST' ids for collections.
    'LawyerProfile',
    'Slot',
    'Lawyer',
    'Review',
    'AdminLawyer',
    'AdminStats',
    'Feedback',
    'Complaint',
    // Notifications (issue 5): 'LIST', 'UNREAD' and 'PREFERENCES' ids.
    'Notification',
    // Chat (issue 6): 'LIST' and 'UNREAD', and one id per conversation (its thread).
    'Conversation',
    // Cases (issue 4): 'LIST' and one id per case; notes and documents by id and 'CASE-{caseId}'.
    'Case',
    'Note',
    'Document',
    // Schedules and the calendar (issue 4): 'LIST', 'CASE-{caseId}' and per id; the feed and Google link.
    'Schedule',
    'CalendarFeed',
    // Law Insights (issue 9): 'LIST', 'FEED', 'MINE', 'SUBSCRIBED', 'AUTHOR-{id}' and per id; followers and follows.
    'Blog',
    'BlogSubscription',
    // Video meetings and escrow payments (issue 8): 'LIST' and one id each; a payment change refreshes meetings.
    'Meeting',
    'Payment',
    // Bookings (issue 19): 'LIST' and one id each; accepting one refreshes meetings and payments.
    'Booking',
    // The AI assistant (issue 10): sessions by id plus 'LIST'; a session's documents by session id.
    'AiSession',
    'AiDocument',
    // Protected files shown in the app (certificates, documents), by API path.
    'ProtectedFile',
  ],
  endpoints: () => ({}),
});

// Not in the first load: the store adds the API's reducer and middleware now (api-loaded.ts).
apiLoaded(api);

/** A dispatch that can also run the API's cache thunks (updateQueryData outside an endpoint). */
export type ApiDispatch = ThunkDispatch<
  SessionRootState & { [api.reducerPath]: ReturnType<typeof api.reducer> },
  unknown,
  UnknownAction
>;
export const useApiDispatch = useDispatch.withTypes<ApiDispatch>();
