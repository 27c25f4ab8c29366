/**
 * The notification calls (docs/api.md §4 Notifications and Web push) with docs/product.md §8's client rules:
 * each call retries twice on a network error or a 5xx, waiting min(1000·2^attempt, 5000) ms, then
 * fails with the server's message or the call's "after multiple attempts" fallback.
 *
 * The list is one growing cache entry ("Load more" appends a page) that socket events, polling
 * and other tabs update in place. Every list answer is also written to the device's notification
 * store, and when no answer can come (offline, or the user chose "Use Offline Mode") the list and
 * the unread count come from that store instead, marked `fromDevice`, so what arrived by push while
 * the app was closed is there too.
 */
import type { BaseQueryApi, BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import type { NotificationType } from '../../../../contract/enums';
import { NotificationClientMessages as M } from '../../../../contract/errors';
import type { Notification, NotificationPreference, PushSubscriptionBody } from '../../../../contract/notifications';
import { NOTIFICATION_RETRIES, NOTIFICATION_RETRY_MAX_DELAY_MS } from '../../../../contract/constants';
import type { routes } from '../../../../contract/routes';
import { api, type ApiDispatch } from '../../../lib/api/api';
import type { AppError } from '../../../lib/api/app-error';
import type { ApiMeta } from '../../../lib/api/base-query';
import { markStoredRead, saveNotifications, storedNotifications } from '../../../lib/offline/notifications-store';
import type { SessionRootState } from '../../../lib/session/session-slice';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const LIST: PathOf<'notificationsList'> = '/notifications/';
const UNREAD: PathOf<'notificationsUnreadCount'> = '/notifications/unread-count';
const READ: PathOf<'notificationRead'> = '/notifications/:id/read';
const READ_ALL: PathOf<'notificationsMarkAllRead'> = '/notifications/mark-all-read';
const PREFERENCES: PathOf<'notificationPreferences'> = '/notifications/preferences';
const PREFERENCE: PathOf<'notificationPreferenceUpdate'> = '/notifications/preferences/:type';
const VAPID: PathOf<'pushVapidKey'> = '/push/vapid-public-key';
const SUBSCRIPTIONS: PathOf<'pushSubscribe'> = '/push/subscriptions';

/** docs/product.md §9: the dropdown's page (and the cache) holds 20. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationFeed {
  items: Notification[];
  /** The last page fetched (0-based). */
  page: number;
  hasNext: boolean;
  /** Shown from the device's store, not from the server. */
  fromDevice: boolean;
}

export interface FeedArg {
  page: number;
  /** Read the device's copy on purpose ("Use Offline Mode"). */
  offline?: boolean;
  /** NOTIFICATIONS_PAGE_SIZE unless given (fewer on a slow link: src/lib/offline/fetch-policy.ts). */
  size?: number;
}

type Base = BaseQueryFn<string | FetchArgs, unknown, AppError, object, ApiMeta>;
type Result<T> = { data: T; meta?: ApiMeta } | { error: AppError };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** docs/product.md §9: min(1000·2^attempt, 5000) ms before retry number attempt+1. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, NOTIFICATION_RETRY_MAX_DELAY_MS);
}

/** Worth another try: no answer at all, or the server struggling. A 4xx will answer the same again. */
function transient(error: AppError): boolean {
  return error.status === null || error.status >= 500;
}

/** One call with docs/product.md §8's retries; the final error carries the server's words or `fallback`. */
async function withRetries<T>(baseQuery: Base, args: string | FetchArgs, queryApi: BaseQueryApi, fallback: string) {
  for (let attempt = 0; ; attempt += 1) {
    const result = (await baseQuery(args, queryApi, {})) as Result<T>;
    if (!('error' in result)) return result;
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    if (!transient(result.error) || attempt >= NOTIFICATION_RETRIES || offline) {
      return { error: { ...result.error, message: result.error.serverMessage ?? fallback } };
    }
    await wait(retryDelay(attempt));
  }
}

const userIdOf = (queryApi: BaseQueryApi) => (queryApi.getState() as SessionRootState).session.user?.id ?? null;

/** The device copy when the server cannot answer; null when there is none to show. */
async function fromDevice(userId: string | null): Promise<Notification[] | null> {
  if (!userId) return null;
  return storedNotifications(userId).catch(() => null);
}

/** Keeps a list newest first with one copy per id; a read copy wins over an unread one. */
export function mergeNotifications(
  current: readonly Notification[],
  incoming: readonly Notification[],
): Notification[] {
  const byId = new Map(current.map((n) => [n.id, n]));
  for (const n of incoming) {
    const known = byId.get(n.id);
    byId.set(n.id, known ? { ...n, read: n.read || known.read } : n);
  }
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationFeed: build.query<NotificationFeed, FeedArg>({
      async queryFn(arg, queryApi, _extra, baseQuery) {
        const userId = userIdOf(queryApi);
        if (!arg.offline) {
          const result = await withRetries<{ notifications: Notification[] }>(
            baseQuery as Base,
            { url: LIST, params: { page: arg.page, size: arg.size ?? NOTIFICATIONS_PAGE_SIZE } },
            queryApi,
            M.fetchFailedAfterRetries,
          );
          if (!('error' in result)) {
            const items = result.data.notifications;
            if (userId) void saveNotifications(userId, items).catch(() => undefined);
            return {
              data: { items, page: arg.page, hasNext: result.meta?.metadata?.hasNext ?? false, fromDevice: false },
            };
          }
          // An answer that says no (4xx) is the truth; only a missing answer falls back to the device.
          if (result.error.status !== null) return result;
          const stored = await fromDevice(userId);
          return stored ? { data: { items: stored, page: 0, hasNext: false, fromDevice: true } } : result;
        }
        const stored = await fromDevice(userId);
        return { data: { items: stored ?? [], page: 0, hasNext: false, fromDevice: true } };
      },
      // One entry for every page: "Load more" appends, a refetch of page 0 refreshes the top.
      serializeQueryArgs: ({ endpointName }) => endpointName,
      merge(current, incoming, { arg }) {
        if (incoming.fromDevice || current.fromDevice) return incoming;
        const items = mergeNotifications(current.items, incoming.items);
        return arg.page > current.page
          ? { ...incoming, items }
          : { ...current, items, hasNext: current.page === 0 ? incoming.hasNext : current.hasNext };
      },
      forceRefetch: ({ currentArg, previousArg }) =>
        currentArg?.page !== previousArg?.page || currentArg?.offline !== previousArg?.offline,
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    unreadCount: build.query<{ unreadCount: number; fromDevice: boolean }, void>({
      async queryFn(_arg, queryApi, _extra, baseQuery) {
        const result = await withRetries<{ unreadCount: number }>(
          baseQuery as Base,
          UNREAD,
          queryApi,
          M.unreadFailedAfterRetries,
        );
        if (!('error' in result)) return { data: { unreadCount: result.data.unreadCount, fromDevice: false } };
        if (result.error.status !== null) return result;
        const stored = await fromDevice(userIdOf(queryApi));
        if (!stored) return result;
        return { data: { unreadCount: stored.filter((n) => !n.read).length, fromDevice: true } };
      },
      providesTags: [{ type: 'Notification', id: 'UNREAD' }],
    }),
    markNotificationRead: build.mutation<Notification, string>({
      queryFn: (id, queryApi, _extra, baseQuery) =>
        withRetries<Notification>(
          baseQuery as Base,
          { url: READ.replace(':id', encodeURIComponent(id)), method: 'PUT' },
          queryApi,
          M.markReadFailedAfterRetries,
        ),
    }),
    markAllNotificationsRead: build.mutation<{ unreadCount: number }, void>({
      queryFn: (_arg, queryApi, _extra, baseQuery) =>
        withRetries<{ unreadCount: number }>(
          baseQuery as Base,
          { url: READ_ALL, method: 'PUT' },
          queryApi,
          M.markAllFailedAfterRetries,
        ),
    }),
    notificationPreferences: build.query<NotificationPreference[], void>({
      async queryFn(_arg, queryApi, _extra, baseQuery) {
        const result = await withRetries<{ preferences: NotificationPreference[] }>(
          baseQuery as Base,
          PREFERENCES,
          queryApi,
          M.preferencesFailedAfterRetries,
        );
        return 'error' in result ? result : { data: result.data.preferences };
      },
      providesTags: [{ type: 'Notification', id: 'PREFERENCES' }],
    }),
    updateNotificationPreference: build.mutation<
      NotificationPreference,
      { type: NotificationType; emailEnabled: boolean; webPushEnabled: boolean }
    >({
      queryFn: ({ type, ...body }, queryApi, _extra, baseQuery) =>
        withRetries<NotificationPreference>(
          baseQuery as Base,
          { url: PREFERENCE.replace(':type', type), method: 'PUT', body },
          queryApi,
          M.preferenceUpdateFailedAfterRetries,
        ),
      // Optimistic: the switch moves at once and moves back if the server refuses.
      async onQueryStarted({ type, emailEnabled, webPushEnabled }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notificationPreferences', undefined, (draft) => {
            const row = draft.find((p) => p.type === type);
            if (row) Object.assign(row, { emailEnabled, webPushEnabled });
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    vapidPublicKey: build.query<string, void>({
      query: () => VAPID,
      transformResponse: (data: { publicKey: string }) => data.publicKey,
    }),
    savePushSubscription: build.mutation<unknown, PushSubscriptionBody>({
      query: (body) => ({ url: SUBSCRIPTIONS, method: 'POST', body }),
    }),
    deletePushSubscription: build.mutation<unknown, { endpoint: string }>({
      query: (body) => ({ url: SUBSCRIPTIONS, method: 'DELETE', body }),
    }),
  }),
});

export const {
  useNotificationFeedQuery,
  useUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationPreferencesQuery,
  useUpdateNotificationPreferenceMutation,
} = notificationsApi;

/** Applies "these are read now" to the cached list, the cached count and the device store. */
export function applyRead(dispatch: ApiDispatch, userId: string | null, target: { id: string } | 'all'): void {
  let changed = 0;
  dispatch(
    notificationsApi.util.updateQueryData('notificationFeed', { page: 0 }, (draft) => {
      for (const item of draft.items) {
        if (!item.read && (target === 'all' || item.id === target.id)) {
          item.read = true;
          changed += 1;
        }
      }
    }),
  );
  if (target !== 'all' && changed === 0) {
    // Not in this tab's list (never opened here, or already read): only the server knows whether
    // the count changed, so ask it rather than guess.
    dispatch(notificationsApi.util.invalidateTags([{ type: 'Notification', id: 'UNREAD' }]));
  } else {
    dispatch(
      notificationsApi.util.updateQueryData('unreadCount', undefined, (draft) => {
        draft.unreadCount = target === 'all' ? 0 : Math.max(0, draft.unreadCount - changed);
      }),
    );
  }
  if (userId) void markStoredRead(userId, target === 'all' ? 'all' : target.id).catch(() => undefined);
}

/** A notification that just arrived (socket, or another tab): on top of the list, +1 unread. */
export function applyArrived(dispatch: ApiDispatch, userId: string | null, item: Notification): void {
  let known = false;
  dispatch(
    notificationsApi.util.updateQueryData('notificationFeed', { page: 0 }, (draft) => {
      known = draft.items.some((n) => n.id === item.id);
      if (!known) draft.items = mergeNotifications(draft.items, [item]);
    }),
  );
  if (!known && !item.read) {
    dispatch(
      notificationsApi.util.updateQueryData('unreadCount', undefined, (draft) => {
        draft.unreadCount += 1;
      }),
    );
  }
  // A meeting or booking changed (issue 19: a request arrived, was answered or expired): the lists
  // that show them, and the free times, are read again so the screen follows live.
  if (!known && item.type === 'MEETING_UPDATE') {
    dispatch(
      notificationsApi.util.invalidateTags([
        { type: 'Booking', id: 'LIST' },
        { type: 'Booking', id: 'FREE' },
        { type: 'Meeting', id: 'LIST' },
      ]),
    );
  }
  if (userId) void saveNotifications(userId, [item]).catch(() => undefined);
}
