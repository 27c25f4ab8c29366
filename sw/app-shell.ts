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
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { NAVIGATION_DENYLIST } from './navigation';

/**
 * The pdf.js worker, an `.mjs` file of the build (src/components/file-viewer/pdf-document.ts). It is
 * not in the precache list (the glob in vite.config.ts takes `.js`): about 1 MB that most users never
 * need would cost every install on 2G. It is kept cache-first from the first PDF opened on, so PDFs
 * show offline afterwards; one entry, as each release's file has a new hash.
 */
export const PDF_WORKER_FILE = /^\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/;
export const PDF_WORKER_CACHE = 'lc-pdf-worker';

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

  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && PDF_WORKER_FILE.test(url.pathname),
    new CacheFirst({ cacheName: PDF_WORKER_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 1 })] }),
  );
}
