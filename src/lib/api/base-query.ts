/**
 * The base query under every RTK Query endpoint: bearer token, 10 s timeout (SPEC §9), the /v1
 * envelope unwrapped into `data` (+ `message`, `metadata` in `meta`), every failure mapped once
 * (SPEC §8), and the session rule of SPEC §8 / CONTRACT §2: a 401 on a non-auth call made with a
 * stored token gets one refresh and one retry; if that does not cure it the session ends (the app
 * then clears storage and goes to /login).
 */
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { HTTP_TIMEOUT_MS } from '../../../contract/constants';
import type { PageMetadata } from '../../../contract/envelope';
import { StatusMessages } from '../../../contract/errors';
import { refreshSession } from '../session/refresh';
import { sessionEnded, type SessionRootState } from '../session/session-slice';
import { toAppError, type AppError } from './app-error';
import { apiUrl } from './api-url';

export interface ApiMeta extends Partial<FetchBaseQueryMeta> {
  /** The envelope's `message` (e.g. "Verification code sent to your email"). */
  message?: string;
  /** Paging metadata of list answers. */
  metadata?: PageMetadata;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiUrl(''),
  timeout: HTTP_TIMEOUT_MS,
  prepareHeaders(headers, { getState }) {
    const { token } = (getState() as SessionRootState).session;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Calls whose 401 means "wrong credentials" or "already gone", never "session expired". */
function isAuthCall(args: string | FetchArgs): boolean {
  const url = typeof args === 'string' ? args : args.url;
  return url.startsWith('/auth/') || url === '/user/logout';
}

function toError(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined): AppError {
  if (typeof error.status === 'number') {
    return toAppError({
      kind: 'response',
      status: error.status,
      body: error.data,
      retryAfter: meta?.response?.headers.get('Retry-After'),
    });
  }
  if (error.status === 'PARSING_ERROR') {
    // A body that is not our JSON (a proxy's error page, say): judge by the status alone, and treat
    // a "successful" unreadable answer as the server's fault.
    const status = error.originalStatus;
    return status >= 400
      ? toAppError({ kind: 'response', status, body: null })
      : { status, message: StatusMessages.server };
  }
  // FETCH_ERROR, TIMEOUT_ERROR, CUSTOM_ERROR: no usable answer arrived.
  return toAppError({ kind: 'no-response', online: navigator.onLine });
}

function unwrap(body: unknown, meta: FetchBaseQueryMeta | undefined): { data: unknown; meta: ApiMeta } {
  if (typeof body === 'object' && body !== null && 'version' in body && 'status' in body) {
    const envelope = body as { data?: unknown; message?: string; metadata?: PageMetadata };
    return { data: envelope.data ?? null, meta: { ...meta, message: envelope.message, metadata: envelope.metadata } };
  }
  return { data: body ?? null, meta: { ...meta } };
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, AppError, object, ApiMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const tokenUsed = (api.getState() as SessionRootState).session.token;
  let result = await rawBaseQuery(args, api, extraOptions);

  if (result.error?.status === 401 && tokenUsed && !isAuthCall(args)) {
    const current = (api.getState() as SessionRootState).session.token;
    // Another call already refreshed while this one was on the wire: just retry with the new token.
    const outcome = current && current !== tokenUsed ? { kind: 'refreshed' as const } : await refreshSession(api);
    if (outcome.kind === 'unreachable') return { error: outcome.error };
    if (outcome.kind === 'refreshed') result = await rawBaseQuery(args, api, extraOptions);
    if (outcome.kind === 'rejected' || result.error?.status === 401) {
      if ((api.getState() as SessionRootState).session.token) api.dispatch(sessionEnded('expired'));
      return { error: toError(result.error ?? { status: 401, data: null }, result.meta) };
    }
  }

  if (result.error) return { error: toError(result.error, result.meta), meta: { ...result.meta } };
  return unwrap(result.data, result.meta);
};
