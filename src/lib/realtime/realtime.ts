/**
 * The app's one RealtimeConnection, bound to the store's session: SockJS (websocket, then
 * xhr-streaming, then xhr-polling — iframe transports are off on the server) at /v1/ws, the token
 * refreshed first when it is about to run out, and a fresh start when the phone comes back online
 * or the app comes back to the foreground after the attempts ran out. Loaded only with the signed-in
 * header (stompjs and sockjs-client stay out of the first-load bundle).
 */
import SockJS from 'sockjs-client';
import type { IStompSocket } from '@stomp/stompjs';
import { useSyncExternalStore } from 'react';
import type { Dispatch } from '@reduxjs/toolkit';
import { API_PREFIX } from '../api/api-url';
import { refreshSession } from '../session/refresh';
import { onLogout } from '../session/session-end';
import type { SessionRootState } from '../session/session-slice';
import { tokenExpiresAt } from '../session/token';
import { RealtimeConnection, type ConnectionSnapshot } from './connection';

export const SOCKJS_TRANSPORTS = ['websocket', 'xhr-streaming', 'xhr-polling'];
/** Refresh a token that has less than this left before opening a socket with it. */
const REFRESH_MARGIN_MS = 60_000;

interface StoreLike {
  getState: () => unknown;
  dispatch: Dispatch;
}

let shared: { connection: RealtimeConnection; userId: string | null; release: () => void } | null = null;

function session(store: StoreLike) {
  return (store.getState() as SessionRootState).session;
}

/**
 * The tab's connection for the signed-in user (created on first use). Another user signing in in
 * this tab gets a new connection: a socket authenticated as the previous user must not carry on.
 */
export function realtimeConnection(store: StoreLike): RealtimeConnection {
  const userId = session(store).user?.id ?? null;
  if (shared?.userId === userId) return shared.connection;
  closeRealtime();
  const connection = new RealtimeConnection({
    url: `${window.location.origin}${API_PREFIX}/ws`,
    credentials: () => {
      const { token, user } = session(store);
      return token && user ? { token, userId: user.id } : null;
    },
    async prepare() {
      const { token } = session(store);
      const expiresAt = token ? tokenExpiresAt(token) : null;
      if (expiresAt !== null && expiresAt - Date.now() < REFRESH_MARGIN_MS) await refreshSession(store);
    },
    createSocket: (url) => new SockJS(url, undefined, { transports: SOCKJS_TRANSPORTS }) as unknown as IStompSocket,
  });
  // After giving up, the network or the user coming back is the best moment to try again.
  const revive = () => {
    const { state } = connection.getSnapshot();
    const waiting = state === 'disconnected' || state === 'reconnecting';
    if (waiting && session(store).token && document.visibilityState === 'visible') connection.reconnect();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') revive();
  };
  window.addEventListener('online', revive);
  document.addEventListener('visibilitychange', onVisible);
  // Sign-out (here or in another tab) closes the socket at once; the server would close it too.
  const stopOnLogout = onLogout(closeRealtime);
  shared = {
    connection,
    userId,
    release() {
      window.removeEventListener('online', revive);
      document.removeEventListener('visibilitychange', onVisible);
      stopOnLogout();
    },
  };
  return connection;
}

/** Closes and forgets the tab's connection (sign-out). */
export function closeRealtime(): void {
  if (!shared) return;
  shared.connection.disconnect();
  shared.release();
  shared = null;
}

export function useConnectionSnapshot(connection: RealtimeConnection): ConnectionSnapshot {
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot);
}
