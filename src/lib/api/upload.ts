/**
 * File uploads with progress. fetch() cannot report upload progress, and on a 2G link a 5 MB photo
 * takes minutes, so people need to see it move: this sends multipart bodies with XMLHttpRequest.
 * Same rules as the base query: bearer token, one refresh on 401, the envelope, docs/product.md §8 errors.
 * No 10 s timeout here on purpose — it would fail every upload on a slow link; callers can abort.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import { refreshSession } from '../session/refresh';
import { sessionEnded, type SessionRootState } from '../session/session-slice';
import { toAppError, type Outcome } from './app-error';
import { apiUrl } from './api-url';

interface StoreLike {
  getState: () => unknown;
  dispatch: Dispatch;
}

export interface UploadOptions {
  /** 0…1 as bytes leave the device. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function send(path: string, body: FormData, token: string | null, options: UploadOptions): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // An absolute URL is another API of this origin (the AI API at /ai/v1); anything else is under /v1.
    xhr.open('POST', /^https?:\/\//.test(path) ? path : apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // Not our envelope; the status decides.
      }
      resolve({ kind: 'response', status: xhr.status, body: parsed, retryAfter: xhr.getResponseHeader('Retry-After') });
    };
    xhr.onerror = () => resolve({ kind: 'no-response', online: navigator.onLine });
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * POSTs `body` to `path` (under /v1, or an absolute URL of this origin); resolves with the envelope's
 * `data` (or an unenveloped answer itself), rejects with an AppError.
 */
export async function uploadFile<T>(
  store: StoreLike,
  path: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const tokenUsed = (store.getState() as SessionRootState).session.token;
  let outcome = await send(path, body, tokenUsed, options);
  if (outcome.kind === 'response' && outcome.status === 401 && tokenUsed) {
    const refreshed = await refreshSession(store);
    if (refreshed.kind === 'unreachable') throw refreshed.error;
    if (refreshed.kind === 'refreshed') {
      options.onProgress?.(0);
      outcome = await send(path, body, (store.getState() as SessionRootState).session.token, options);
    }
    const stillRefused = refreshed.kind === 'rejected' || (outcome.kind === 'response' && outcome.status === 401);
    if (stillRefused && (store.getState() as SessionRootState).session.token) store.dispatch(sessionEnded('expired'));
  }
  if (outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300) {
    const answer = outcome.body as { version?: unknown; data?: T } | null;
    // The /v1 envelope carries `data`; the AI API answers the object itself (docs/api.md §9).
    if (answer !== null && typeof answer === 'object' && !('version' in answer)) return answer as T;
    return (answer?.data ?? null) as T;
  }
  throw toAppError(outcome);
}
