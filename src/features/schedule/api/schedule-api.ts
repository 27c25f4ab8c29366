/**
 * The schedule and calendar calls (docs/api.md §4 Schedules): my schedules for a range of days, a
 * case's schedules, one schedule, create/update/delete, the one-event ICS download, the private
 * calendar-feed link and its rotation, and the Google Calendar connection.
 *
 * Tags: 'Schedule' with 'LIST' (my calendar), 'CASE-{caseId}' (a case's list) and one id per
 * schedule, so a change refreshes every list that shows it; 'CalendarFeed' with 'FEED' and 'GOOGLE'.
 * The ICS file is fetched through the base query like every call — with the bearer token in a
 * header, refreshed on 401 — never by putting a token in a link (docs/architecture.md, House style).
 */
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';
import { downloadFile } from '../../../lib/api/file-api';
import type { DayRange } from '../calendar-math';
import { icsFileName } from '../save-file';
import type { CalendarFeed, CreateScheduleBody, Schedule, UpdateScheduleBody } from '../schedule-types';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const SCHEDULES: PathOf<'scheduleList'> = '/schedule';
const SCHEDULE: PathOf<'scheduleGet'> = '/schedule/:id';
const CASE_SCHEDULES: PathOf<'scheduleCaseList'> = '/schedule/case/:caseId';
const ICS: PathOf<'scheduleIcs'> = '/schedule/:id/ics';
const FEED: PathOf<'calendarFeedGet'> = '/schedule/calendar-feed';
const FEED_ROTATE: PathOf<'calendarFeedRotate'> = '/schedule/calendar-feed/rotate';
const GOOGLE_STATUS: PathOf<'googleStatus'> = '/schedule/oauth/status';
const GOOGLE_AVAILABLE: PathOf<'googleAvailable'> = '/schedule/oauth/available';
const GOOGLE_AUTHORIZE: PathOf<'googleAuthorize'> = '/schedule/oauth/authorize';

const LIST = { type: 'Schedule' as const, id: 'LIST' };
const caseTag = (caseId: string) => ({ type: 'Schedule' as const, id: `CASE-${caseId}` });
const withId = (path: string, id: string) => path.replace(/:\w+/, encodeURIComponent(id));

function scheduleTags(result: Schedule[] | undefined) {
  return (result ?? []).map((schedule) => ({ type: 'Schedule' as const, id: schedule.id }));
}

/** The consent URL of `{url}`; empty when the answer is not that shape. */
function consentUrl(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  return typeof url === 'string' ? url : '';
}

export const scheduleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** My schedules (as either party) whose day lies in `range`. */
    mySchedules: build.query<Schedule[], DayRange>({
      query: ({ from, to }) => ({ url: SCHEDULES, params: { from, to } }),
      transformResponse: (data: { schedules: Schedule[] }) => data.schedules,
      providesTags: (result) => [LIST, ...scheduleTags(result)],
    }),
    caseSchedules: build.query<Schedule[], string>({
      query: (caseId) => withId(CASE_SCHEDULES, caseId),
      transformResponse: (data: { schedules: Schedule[] }) => data.schedules,
      providesTags: (result, _error, caseId) => [caseTag(caseId), ...scheduleTags(result)],
    }),
    schedule: build.query<Schedule, string>({
      query: (id) => withId(SCHEDULE, id),
      providesTags: (_result, _error, id) => [{ type: 'Schedule', id }],
    }),
    createSchedule: build.mutation<Schedule, CreateScheduleBody>({
      query: (body) => ({ url: SCHEDULES, method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => [LIST, caseTag(body.caseId)],
    }),
    updateSchedule: build.mutation<Schedule, { id: string; body: UpdateScheduleBody }>({
      query: ({ id, body }) => ({ url: withId(SCHEDULE, id), method: 'PUT', body }),
      // Its own id refreshes the lists that show it; LIST too, since a new date may move it into my range.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Schedule', id }, LIST],
    }),
    deleteSchedule: build.mutation<true, string>({
      query: (id) => ({ url: withId(SCHEDULE, id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Schedule', id }],
    }),
    /** Fetches one schedule's .ics and hands it to the browser as a download. */
    downloadScheduleIcs: build.mutation<{ fileName: string }, { id: string; title: string }>({
      queryFn: ({ id, title }, _api, _extra, baseQuery) => downloadFile(baseQuery, withId(ICS, id), icsFileName(title)),
    }),
    calendarFeed: build.query<CalendarFeed, void>({
      query: () => FEED,
      providesTags: [{ type: 'CalendarFeed', id: 'FEED' }],
    }),
    /** A new secret feed URL; the old one stops working. */
    rotateCalendarFeed: build.mutation<CalendarFeed, void>({
      query: () => ({ url: FEED_ROTATE, method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.url) dispatch(scheduleApi.util.upsertQueryData('calendarFeed', undefined, data));
      },
    }),
    /** Whether my Google Calendar is connected (false also when the server has no Google set up). */
    googleCalendarStatus: build.query<boolean, void>({
      query: () => GOOGLE_STATUS,
      transformResponse: (data: unknown) =>
        data === true || (data as { connected?: unknown } | null)?.connected === true,
      providesTags: [{ type: 'CalendarFeed', id: 'GOOGLE' }],
    }),
    /** Whether this server can link a Google Calendar at all; it does not change while the app runs. */
    googleCalendarAvailable: build.query<boolean, void>({
      query: () => GOOGLE_AVAILABLE,
      transformResponse: (data: unknown) => data === true,
      keepUnusedDataFor: 3600,
    }),
    /** Google's consent URL (a mutation: each call makes a fresh one-time state, nothing to cache). */
    googleCalendarAuthorize: build.mutation<string, void>({
      query: () => ({ url: GOOGLE_AUTHORIZE, method: 'GET' }),
      transformResponse: consentUrl,
    }),
  }),
});

export const {
  useMySchedulesQuery,
  useCaseSchedulesQuery,
  useScheduleQuery,
  useCreateScheduleMutation,
  useUpdateScheduleMutation,
  useDeleteScheduleMutation,
  useDownloadScheduleIcsMutation,
  useCalendarFeedQuery,
  useRotateCalendarFeedMutation,
  useGoogleCalendarStatusQuery,
  useGoogleCalendarAvailableQuery,
  useGoogleCalendarAuthorizeMutation,
} = scheduleApi;
