/**
 * Protected files (bar certificates, case documents) for in-app viewers. The file is fetched with
 * the bearer token like every call — never with a token in the URL (docs/architecture.md, House style) — and handed to the
 * page as a blob: URL, revoked when the last viewer lets go of it.
 *
 * A blob: URL runs with this app's origin, so what may be shown inline is decided here by the
 * file's first bytes (PDF, PNG, JPEG), not by a header; anything else is offered as a download only.
 */
import type { FetchArgs, QueryReturnValue } from '@reduxjs/toolkit/query';
import { api } from './api';
import type { AppError } from './app-error';
import type { ApiMeta } from './base-query';

export type FileKind = 'pdf' | 'image' | 'other';

export interface ProtectedFile {
  /** blob: URL of the bytes, typed by what they are. */
  url: string;
  kind: FileKind;
  contentType: string;
  fileName: string | null;
  size: number;
}

const SIGNATURES: readonly { kind: FileKind; type: string; bytes: readonly number[] }[] = [
  { kind: 'pdf', type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { kind: 'image', type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'image', type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** What the first bytes say the file is. */
export function sniffFile(head: Uint8Array): { kind: FileKind; type: string } {
  const match = SIGNATURES.find((s) => s.bytes.every((byte, i) => head[i] === byte));
  return match ? { kind: match.kind, type: match.type } : { kind: 'other', type: 'application/octet-stream' };
}

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function dispositionFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  return (plain?.[2] ?? plain?.[1])?.trim() || null;
}

/**
 * The bytes behind each live viewer blob: URL, for the PDF viewer (pdf.js reads bytes; fetching the
 * blob: URL back would need `connect-src blob:` in the CSP). Entries leave when their URL is revoked.
 */
const viewerBlobs = new Map<string, Blob>();

/** The bytes of a protected file that a viewer holds as `url` (ProtectedFile.url), while it is alive. */
export function protectedFileBlob(url: string): Blob | undefined {
  return viewerBlobs.get(url);
}

/** How long a download's blob: URL stays alive: some browsers read it after click() has returned. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Hands bytes fetched with the bearer token to the browser as a download (a link to the API itself
 * would not carry the token, and a token in the URL is not allowed): saved from a blob: URL.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** The baseQuery a `queryFn` is handed (see downloadFile). */
type QueryFnBaseQuery = (args: FetchArgs) => QueryReturnValue | PromiseLike<QueryReturnValue>;

/**
 * GET `url` with the bearer token and save the answer as a download (saveBlob), named by the
 * server's Content-Disposition or else `fallbackName`: the body of a download mutation's queryFn.
 */
export async function downloadFile(
  baseQuery: QueryFnBaseQuery,
  url: string,
  fallbackName: string,
): Promise<{ data: { fileName: string } } | { error: AppError }> {
  const result = await baseQuery({
    url,
    responseHandler: (response) => (response.ok ? response.blob() : response.json().catch(() => null)),
  });
  if (result.error) return { error: result.error as AppError };
  const headers = (result.meta as ApiMeta | undefined)?.response?.headers;
  const fileName = dispositionFileName(headers?.get('Content-Disposition')) ?? fallbackName;
  saveBlob(result.data as Blob, fileName);
  return { data: { fileName } };
}

export const fileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET `path` (under /v1) as a file. */
    protectedFile: build.query<ProtectedFile, string>({
      async queryFn(path, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: path,
          responseHandler: (response) => (response.ok ? response.blob() : response.json().catch(() => null)),
        });
        if (result.error) return { error: result.error as AppError };
        const blob = result.data as Blob;
        const head = new Uint8Array(await blob.slice(0, 8).arrayBuffer());
        const { kind, type } = sniffFile(head);
        const headers = (result.meta as ApiMeta | undefined)?.response?.headers;
        const typed = new Blob([blob], { type });
        const url = URL.createObjectURL(typed);
        viewerBlobs.set(url, typed);
        return {
          data: {
            url,
            kind,
            contentType: type,
            fileName: dispositionFileName(headers?.get('Content-Disposition')),
            size: blob.size,
          },
        };
      },
      providesTags: (_result, _error, path) => [{ type: 'ProtectedFile', id: path }],
      keepUnusedDataFor: 30,
      async onCacheEntryAdded(_path, { cacheDataLoaded, cacheEntryRemoved }) {
        try {
          const { data } = await cacheDataLoaded;
          await cacheEntryRemoved;
          URL.revokeObjectURL(data.url);
          viewerBlobs.delete(data.url);
        } catch {
          // The entry went away before the file arrived: there is no URL to revoke.
        }
      },
    }),
  }),
});

export const { useProtectedFileQuery } = fileApi;
