/**
 * Documents saved for offline (issue 7, src/lib/offline/files-store.ts): a GET for a file's bytes
 * that the signed-in user has saved is answered from the device — first, not only when the network
 * fails, because those bytes never change and a 2G link should not carry them twice. Anything not
 * saved goes to the network untouched. The answer says it came from the device and when the file
 * was saved, and `X-LC-Fallback: saved` tells the page it says nothing about the link.
 *
 * Same owner rule as the data layer (api-cache.ts `requestOwner`): only the signed-in user's own
 * saved files, and only for a request carrying their token.
 */
import { registerRoute } from 'workbox-routing';
import { currentUser } from '../src/lib/offline/db';
import { FALLBACK_HEADER, FROM_DEVICE_HEADER, STORED_AT_HEADER } from '../src/lib/offline/answer-headers';
import { savedFile, savedFileKey } from '../src/lib/offline/files-store';
import { requestOwner } from './api-cache';

/** The file paths that can be saved: a case document's bytes (`/v1/case-assets/documents/{id}/view`). */
export const SAVABLE_FILE = /^\/v1\/case-assets\/documents\/[^/]+\/view$/;

export function isSavableFileRead(request: Pick<Request, 'method' | 'mode' | 'url'>, origin: string): boolean {
  if (request.method !== 'GET' || request.mode === 'navigate') return false;
  const url = new URL(request.url);
  return url.origin === origin && SAVABLE_FILE.test(url.pathname);
}

export interface SavedFilesDeps {
  fetch: (request: Request) => Promise<Response>;
  currentUser: () => Promise<string | null>;
}

/** The saved bytes when the user has them, the network otherwise. */
export async function answerFileRead(request: Request, deps: SavedFilesDeps): Promise<Response> {
  const owner = requestOwner(request, await deps.currentUser().catch(() => null));
  const url = new URL(request.url);
  const file = owner ? await savedFile(owner, savedFileKey(`${url.pathname}${url.search}`)).catch(() => null) : null;
  if (!file) return deps.fetch(request);
  return new Response(file.bytes, {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'Cache-Control': 'no-store',
      [FROM_DEVICE_HEADER]: '1',
      [STORED_AT_HEADER]: file.savedAt,
      [FALLBACK_HEADER]: 'saved',
    },
  });
}

export function installSavedFiles(scope: ServiceWorkerGlobalScope): void {
  registerRoute(
    ({ request }) => isSavableFileRead(request, scope.location.origin),
    ({ request }) => answerFileRead(request, { fetch: (r) => fetch(r), currentUser }),
  );
}
