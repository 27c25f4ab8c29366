/**
 * The app shell: every file the client needs to start and to open any screen, cached at install so
 * the installed app opens instantly on a 2G link and fully offline.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NAVIGATION_DENYLIST } from './navigation';

export function installAppShell(manifest: ReadonlyArray<PrecacheEntry | string>): void {
  // The build injects the list of the shell and EVERY lazy route chunk (vite.config.ts globs all
  // js/css/html), not only what the first page loaded: a user who installed the app on Wi-Fi must
  // be able to open a screen they never visited while offline. Files are content-hashed, so each is
  // fetched once per release and served cache-first from then on.
  precacheAndRoute([...manifest]);

  // A new release precaches under new revisions; without this, caches written by an older Workbox
  // precache format would stay on the phone forever and eat its small storage quota.
  cleanupOutdatedCaches();

  // Client-side routing: any navigation (typed URL, reload, home-screen shortcut, link from a
  // notification) gets the precached index.html and React Router picks the screen. Serving it from
  // the cache even online makes repeat opens instant; freshness comes from the SW update check,
  // which swaps the whole shell at once (see lifecycle.ts), so HTML and chunks never mismatch.
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...NAVIGATION_DENYLIST] }));
}
