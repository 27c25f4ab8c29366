/**
 * Background Sync for the outbox: a page that queued a write registers the `outbox` sync tag, and
 * the browser fires `sync` here when the connection returns — even if the app was in the background.
 * The flush itself runs in a window of the app (it holds the session and the socket), so the worker
 * wakes every open window to flush; with none open, the next start of the app flushes.
 */
export const OUTBOX_SYNC_TAG = 'outbox';
export const OUTBOX_SYNC_MESSAGE = 'OUTBOX_SYNC';

/** TS's WebWorker lib lacks SyncEvent (TOOLCHAIN). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export function installOutboxSync(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return;
    event.waitUntil(
      scope.clients
        .matchAll({ type: 'window' })
        .then((windows) => windows.forEach((client) => client.postMessage({ type: OUTBOX_SYNC_MESSAGE }))),
    );
  }) as EventListener);
}
