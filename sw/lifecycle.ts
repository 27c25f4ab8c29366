/**
 * How a new release takes over. We deliberately do not skip waiting on install: a page running the
 * old release may still lazy-load old chunks, and a new worker would delete them from the cache
 * under its feet. Instead the page shows "A new version is available" and the user's Reload sends
 * SKIP_WAITING (workbox-window's messageSkipWaiting, called by registerSW's updateSW), after which
 * the page reloads onto the new shell.
 */
import { clientsClaim } from 'workbox-core';

export function installLifecycle(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
      void scope.skipWaiting();
    }
  });

  // On the very first install no page is controlled yet; claiming them at activation lets the page
  // that installed the app work offline right away instead of only after its next reload. (Updates
  // still wait for the user's Reload, above, so this never swaps a release under a running page.)
  clientsClaim();
}
