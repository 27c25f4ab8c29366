/**
 * One token refresh at a time (docs/api.md §2 [new]): when several calls meet a 401 together they all
 * wait for the same POST /auth/refresh, because the server rotates the refresh token and treats a
 * second use of the old one as theft (it would end the whole session).
 */
import type { Dispatch } from '@reduxjs/toolkit';
import { HTTP_TIMEOUT_MS } from '../../../contract/constants';
import { toAppError, type AppError } from '../api/app-error';
import { apiUrl } from '../api/api-url';
import { sessionStarted, type SessionRootState } from './session-slice';
import { validateAuthResponse } from './token';

export type RefreshOutcome =
  | { kind: 'refreshed' }
  /** The server refused the refresh token: the session is over. */
  | { kind: 'rejected' }
  /** No answer, or the server is struggling: keep the session and report the error. */
  | { kind: 'unreachable'; error: AppError };

interface StoreLike {
  getState: () => unknown;
  dispatch: Dispatch;
}

let inFlight: Promise<RefreshOutcome> | null = null;

export function refreshSession(store: StoreLike): Promise<RefreshOutcome> {
  inFlight ??= exchange(store).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function exchange(store: StoreLike): Promise<RefreshOutcome> {
  const { refreshToken, token } = (store.getState() as SessionRootState).session;
  if (!refreshToken) return { kind: 'rejected' };
  let response: Response;
  try {
    response = await fetch(apiUrl('/auth/refresh'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'unreachable', error: toAppError({ kind: 'no-response', online: navigator.onLine }) };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status >= 500 || response.status === 429) {
    return {
      kind: 'unreachable',
      error: toAppError({
        kind: 'response',
        status: response.status,
        body,
        retryAfter: response.headers.get('Retry-After'),
      }),
    };
  }
  if (!response.ok) return { kind: 'rejected' };
  try {
    const auth = validateAuthResponse((body as { data?: unknown } | null)?.data);
    // Signed out (or in as someone else) while the refresh was on its way: don't resurrect that session.
    if ((store.getState() as SessionRootState).session.token !== token) return { kind: 'rejected' };
    store.dispatch(sessionStarted(auth));
    return { kind: 'refreshed' };
  } catch {
    return { kind: 'rejected' };
  }
}
