/**
 * Notifications, live (docs/product.md §4, §7; docs/api.md §5–7): subscribe to `/topic/user-{me}` and the
 * per-connection queues, say hello on `/app/notifications/subscribe`, put every arriving
 * notification into the cache (and the device store) and hand it to the banners, and keep the read
 * state the same in every tab (BroadcastChannel) and on the server (the socket's mark-read when the
 * connection is up, REST otherwise).
 *
 * When the first connection fails for good, the store tries once more after 5 s (docs/product.md §4); while the
 * socket is not up, the caller polls every 30 s (docs/product.md §9) — see usePollingInterval().
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import type { Notification } from '../../../contract/notifications';
import type { RealtimeConnection } from '../../lib/realtime/connection';
import { realtimeConnection, useConnectionSnapshot } from '../../lib/realtime/realtime';
import { selectUser, type SessionRootState } from '../../lib/session/session-slice';
import { useApiDispatch } from '../../lib/api/api';
import { useSessionSelector } from '../../lib/store-hooks';
import { applyArrived, applyRead, notificationsApi } from './api/notifications-api';

const Destinations = {
  user: (userId: string) => `/topic/user-${userId}`,
  errors: '/user/queue/errors',
  status: '/user/queue/status',
  welcome: '/user/queue/notifications',
  subscribe: '/app/notifications/subscribe',
  markRead: '/app/notifications/mark-read',
} as const;

/** sw/push.ts posts this when a push arrives while a window is open. */
const PUSH_MESSAGE = 'PUSH_RECEIVED';
const MARK_READ_ACK = /^Notification mark-read request received for: (.+)$/;
/** docs/product.md §4: the store's one extra try after the first connection failed. */
export const STORE_RETRY_MS = 5000;
/** docs/product.md §9: how often to poll while the socket is down. */
export const POLL_MS = 30_000;

type ReadMessage = { kind: 'read'; userId: string; id: string } | { kind: 'all-read'; userId: string };
const CHANNEL = 'legalconnect-notifications';

export interface LiveNotifications {
  connection: RealtimeConnection;
  /** Marks one read everywhere: cache, device, other tabs, server. */
  markRead(id: string): void;
  markAllRead(): void;
  /** The last error from the socket or a read call, for the dropdown (docs/product.md §7: surfaced). */
  error: string | null;
  clearError(): void;
}

export function useLiveNotifications(onArrived: (notification: Notification) => void): LiveNotifications {
  const store = useStore<SessionRootState>();
  const dispatch = useApiDispatch();
  const user = useSessionSelector(selectUser);
  const userId = user?.id ?? null;
  const connection = useMemo(() => realtimeConnection(store), [store]);
  const [error, setError] = useState<string | null>(null);
  const arrived = useRef(onArrived);
  useEffect(() => {
    arrived.current = onArrived;
  }, [onArrived]);

  const channel = useMemo(() => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL)), []);
  useEffect(() => () => channel?.close(), [channel]);

  // Connect while signed in; subscriptions are remade on every reconnect by the connection.
  useEffect(() => {
    if (!userId) return;
    const stops = [
      connection.listen(Destinations.user(userId), (body) => {
        const notification = parseNotification(body);
        if (!notification) return;
        applyArrived(dispatch, userId, notification);
        arrived.current(notification);
      }),
      connection.listen(Destinations.errors, (body) => setError(body)),
      connection.listen(Destinations.status, (body) => {
        // The server has it: now the other tabs may ask it for their counts.
        const id = MARK_READ_ACK.exec(body)?.[1];
        if (id) channel?.postMessage({ kind: 'read', userId, id } satisfies ReadMessage);
      }),
      // docs/product.md §7: the welcome text is ignored; subscribing to it completes the reference handshake.
      connection.listen(Destinations.welcome, () => undefined),
      connection.onError(setError),
    ];
    try {
      connection.connect();
    } catch {
      // No credentials: signed out between this render and the effect; nothing to connect.
    }
    return () => stops.forEach((stop) => stop());
  }, [channel, connection, dispatch, userId]);

  const snapshot = useConnectionSnapshot(connection);

  // On every (re)connect: the hello of docs/product.md §7, and a refetch to fill whatever the gap missed.
  useEffect(() => {
    if (snapshot.state !== 'connected') return;
    try {
      connection.send(Destinations.subscribe, '');
    } catch {
      // Dropped again already; the next connect says hello.
    }
    dispatch(notificationsApi.util.invalidateTags([{ type: 'Notification', id: 'UNREAD' }]));
    dispatch(notificationsApi.util.invalidateTags([{ type: 'Notification', id: 'LIST' }]));
  }, [connection, dispatch, snapshot.state]);

  // docs/product.md §4: the store retries once, 5 s after the first connection failed for good.
  const retried = useRef(false);
  useEffect(() => {
    // attempts > 0: the connection gave up (a sign-out's disconnect() leaves 0).
    if (snapshot.state !== 'disconnected' || snapshot.everConnected || snapshot.attempts === 0) return;
    if (retried.current) return;
    retried.current = true;
    const timer = setTimeout(() => connection.reconnect(), STORE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [connection, snapshot]);

  // A push that reached the service worker while this page was open (its socket may be down).
  useEffect(() => {
    if (!userId || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
    const worker = navigator.serviceWorker;
    const onMessage = (event: MessageEvent<{ type?: string; notification?: Notification }>) => {
      if (event.data?.type !== PUSH_MESSAGE || !event.data.notification) return;
      applyArrived(dispatch, userId, event.data.notification);
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [dispatch, userId]);

  // Other tabs' reads.
  useEffect(() => {
    if (!channel || !userId) return;
    const onMessage = (event: MessageEvent<ReadMessage>) => {
      const message = event.data;
      if (message?.userId !== userId) return;
      applyRead(dispatch, null, message.kind === 'all-read' ? 'all' : { id: message.id });
    };
    channel.addEventListener('message', onMessage);
    return () => channel.removeEventListener('message', onMessage);
  }, [channel, dispatch, userId]);

  const markRead = useCallback(
    (id: string) => {
      applyRead(dispatch, userId, { id });
      // Other tabs hear of it once the server has it (the socket's acknowledgement, or REST's answer).
      if (connection.connected) {
        try {
          connection.send(Destinations.markRead, id);
          return;
        } catch {
          // Fell over between the check and the send: REST below.
        }
      }
      void dispatch(notificationsApi.endpoints.markNotificationRead.initiate(id))
        .unwrap()
        .then(() => {
          if (userId) channel?.postMessage({ kind: 'read', userId, id } satisfies ReadMessage);
        })
        .catch((failure: { message?: string }) => {
          setError(failure.message ?? null);
          dispatch(notificationsApi.util.invalidateTags([{ type: 'Notification', id: 'UNREAD' }]));
        });
    },
    [channel, connection, dispatch, userId],
  );

  const markAllRead = useCallback(() => {
    applyRead(dispatch, userId, 'all');
    void dispatch(notificationsApi.endpoints.markAllNotificationsRead.initiate())
      .unwrap()
      .then(() => {
        if (userId) channel?.postMessage({ kind: 'all-read', userId } satisfies ReadMessage);
      })
      .catch((failure: { message?: string }) => {
        setError(failure.message ?? null);
        dispatch(notificationsApi.util.invalidateTags([{ type: 'Notification', id: 'UNREAD' }]));
        dispatch(notificationsApi.util.invalidateTags([{ type: 'Notification', id: 'LIST' }]));
      });
  }, [channel, dispatch, userId]);

  const clearError = useCallback(() => setError(null), []);
  return { connection, markRead, markAllRead, error, clearError };
}

/** docs/product.md §9: poll every 30 s while the socket is not connected, not at all while it is. */
export function usePollingInterval(connection: RealtimeConnection): number {
  const { state } = useConnectionSnapshot(connection);
  return state === 'connected' ? 0 : POLL_MS;
}

/** A Notification frame body (docs/api.md §4 shape), or null; checked by hand to keep zod out of the bundle. */
export function parseNotification(text: string): Notification | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const valid =
    typeof v.id === 'string' &&
    typeof v.type === 'string' &&
    typeof v.content === 'string' &&
    typeof v.read === 'boolean' &&
    typeof v.createdAt === 'string' &&
    (v.link === undefined || v.link === null || typeof v.link === 'string');
  return valid ? (value as Notification) : null;
}
