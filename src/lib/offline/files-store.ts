/**
 * "Save for offline" (issue 7): the bytes of a document the user chose to keep on this phone, per
 * (user, API path). Other documents are fetched on demand; a saved one is answered by the service
 * worker from here, first — its bytes never change (editing a document changes its details only),
 * so there is no reason to spend a slow link on them again (sw/saved-files.ts). Keyed by user and
 * wiped with the rest of the user's records at sign-out (db.ts wipeUser).
 */
import { CURRENT_USER, offlineDb, type SavedFile } from './db';

const userRange = (userId: string) => IDBKeyRange.bound([userId, ''], [userId, '\uffff']);

/**
 * Keeps a file. `onlyWhileSignedIn` (a download that took a while): only if `file.userId` is still
 * the signed-in user, checked in the same transaction as the write, so a file whose download ended
 * after its owner signed out is not kept past the wipe. Returns whether it was kept.
 */
export async function saveFile(
  file: SavedFile,
  { onlyWhileSignedIn = false }: { onlyWhileSignedIn?: boolean } = {},
): Promise<boolean> {
  const db = await offlineDb();
  const tx = db.transaction(['files', 'meta'], 'readwrite');
  const kept = !onlyWhileSignedIn || (await tx.objectStore('meta').get(CURRENT_USER))?.value === file.userId;
  if (kept) await tx.objectStore('files').put(file);
  await tx.done;
  return kept;
}

export async function savedFile(userId: string, url: string): Promise<SavedFile | null> {
  const db = await offlineDb();
  return (await db.get('files', [userId, url])) ?? null;
}

export async function deleteSavedFile(userId: string, url: string): Promise<void> {
  const db = await offlineDb();
  await db.delete('files', [userId, url]);
}

/** The paths of the user's saved files. */
export async function savedFileUrls(userId: string): Promise<string[]> {
  const db = await offlineDb();
  return (await db.getAllKeys('files', userRange(userId))).map(([, url]) => url);
}

/**
 * Fetches `url` (an API path under /v1, as the page calls it) with the user's token and keeps its
 * bytes. Goes around the service worker's saved copy on purpose (`Cache-Control: no-store` is not
 * needed: the worker only answers paths it has saved, and this one is not saved yet).
 */
export async function downloadForOffline(
  userId: string,
  url: string,
  token: string,
  details: { title: string; fileName: string },
  fetcher: typeof fetch = fetch,
): Promise<SavedFile> {
  const response = await fetcher(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`Request failed with status ${response.status}`);
  const bytes = await response.arrayBuffer();
  const file: SavedFile = {
    userId,
    url: savedFileKey(url),
    title: details.title,
    fileName: details.fileName,
    contentType: response.headers.get('Content-Type') ?? 'application/octet-stream',
    bytes,
    size: bytes.byteLength,
    savedAt: new Date().toISOString(),
  };
  // On a slow link the download can outlast the session: nothing is kept for a user who signed out.
  if (!(await saveFile(file, { onlyWhileSignedIn: true }))) throw new Error('Signed out before the file was saved');
  return file;
}

/** The key a file's path is saved under: path and sorted query, as the worker computes it. */
export function savedFileKey(url: string): string {
  const parsed = new URL(url, 'http://device.invalid');
  const params: [string, string][] = [];
  parsed.searchParams.forEach((value, name) => params.push([name, value]));
  params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const search = new URLSearchParams(params).toString();
  return search ? `${parsed.pathname}?${search}` : parsed.pathname;
}
