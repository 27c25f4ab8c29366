/**
 * Background Sync for the outbox: a page that queued a write registers the `outbox` sync tag, and
 * the browser fires `sync` here when the connection returns — even if the app was in the background
 * or closed. With a window of the app open, that window flushes (it holds the session and the
 * socket), so the worker wakes every open window. With none open, the worker sends the chat entries
 * itself by REST, with the access token the app left in IndexedDB, under the same Web Lock as the
 * windows (one flusher at a time). An entry it cannot send (no token, token expired: 401, no answer)
 * waits for the next sync or the next start of the app; the browser retries a sync that failed.
 */
import { CHAT_SEND, restChatSender } from '../src/lib/offline/chat-outbox';
import { currentUser, deviceToken } from '../src/lib/offline/db';
import { flush, type FlushOptions, type FlushReport } from '../src/lib/offline/outbox';

export const OUTBOX_SYNC_TAG = 'outbox';
export const OUTBOX_SYNC_MESSAGE = 'OUTBOX_SYNC';

/** TS's WebWorker lib lacks SyncEvent. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** The worker's own flush; null when there is nobody signed in or no token to send with. */
export async function flushFromWorker(
  origin: string,
  fetcher: typeof fetch = fetch,
  options: Pick<FlushOptions, 'sleep'> = {},
): Promise<FlushReport | null> {
  const userId = await currentUser();
  const token = userId ? await deviceToken(userId) : null;
  if (!userId || !token) return null;
  return flush(userId, { ...options, senders: { [CHAT_SEND]: restChatSender(token, origin, fetcher) } });
}

export function installOutboxSync(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return;
    event.waitUntil(
      scope.clients.matchAll({ type: 'window' }).then(async (windows) => {
        if (windows.length > 0) {
          windows.forEach((client) => client.postMessage({ type: OUTBOX_SYNC_MESSAGE }));
          return;
        }
        const report = await flushFromWorker(scope.location.origin);
        // Something still waits on a transient failure: failing the event makes the browser retry.
        if (report && report.waiting > 0 && !report.busy) throw new Error('outbox: entries still waiting');
      }),
    );
  }) as EventListener);
}
