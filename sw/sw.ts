/**
 * LegalConnect service worker, built from this file by vite-plugin-pwa (injectManifest) into
 * dist/client/sw.js. Hand-written rather than generated so that the offline data layer, push and the
 * outbox sync live here (docs/decisions/0002-hand-written-service-worker.md).
 *
 * Each concern is its own module with an install function; the order below matters because Workbox
 * answers a fetch with the first registered route that matches.
 */
import type { PrecacheEntry } from 'workbox-precaching';
import { installApiCache } from './api-cache';
import { installAppShell } from './app-shell';
import { installLifecycle } from './lifecycle';
import { installOutboxSync } from './outbox-sync';
import { installPush } from './push';
import { installSavedFiles } from './saved-files';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

installLifecycle(self);
installAppShell(self.__WB_MANIFEST);
installPush(self);
installOutboxSync(self);
// The offline data layer: API reads network-first, the latest JSON kept per user in IndexedDB and
// answered from there when the network cannot answer (api-cache.ts). Its route matches only
// non-navigation GETs under /v1, so it never competes with the shell's routes above.
installApiCache(self);
// Documents the user saved for offline: their bytes from the device, before any network (saved-files.ts).
// Only a document's …/view path matches, which the data layer above leaves alone.
installSavedFiles(self);
