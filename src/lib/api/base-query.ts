/**
 * The base query under every RTK Query endpoint: bearer token, 10 s timeout (docs/product.md §9), the /v1
 * envelope unwrapped into `data` (+ `message`, `metadata` in `meta`), every failure mapped once
 * (docs/product.md §8), and the session rule of docs/product.md §8 / docs/api.md §2: a 401 on a non-auth call made with a
 * stored token gets one refresh and one retry; if that does not cure it the session ends (the app
 * then clears storage and goes to /login).
 *
 * Offline (sw/api-cache.ts): an answer the service worker made from the device copy carries
 * `X-LC-Stored-At`; it is a success whose `meta.storedAt` says when it was stored, and a query's is
 * recorded for the screen (stored-at.ts). The worker's own 503 ("no network, no copy") is treated as
 * what it is — no answer. Each call also feeds the network status (round trips, calls without an
 * answer), and while the link is slow the worker is told so (`X-LC-Link: slow`) to wait longer.
 */
import type {
  BaseQueryApi,
  BaseQueryFn,
  FetchArgs,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { HTTP_TIMEOUT_MS } from '../../../contract/constants';
import type { PageMetadata } from '../../../contract/envelope';
import { StatusMessages } from '../../../contract/errors';
import { networkStatus, recordNoAnswer, recordRoundTrip } from '../offline/network-status';
import {
  FALLBACK_HEADER,
  FROM_DEVICE_HEADER,
  LINK_HEADER,
  MODE_HEADER,
  ON_PURPOSE,
  STORED_AT_HEADER,
} from '../offline/answer-headers';
import { offlineModeOn } from '../offline/offline-mode';
import { refreshSession } from '../session/refresh';
import { sessionEnded, type SessionRootState } from '../session/session-slice';
import { toAppError, type AppError } from './app-error';
import { apiUrl } from './api-url';
import { recordStoredAt } from './stored-at';

export interface ApiMeta extends Partial<FetchBaseQueryMeta> {
  /** The envelope's `message` (e.g. "Verification code sent to your email"). */
  message?: string;
  /** Paging metadata of list answers. */
  metadata?: PageMetadata;
  /** ISO time the answer was stored on this device, when it came from there instead of the network. */
  storedAt?: string;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiUrl(''),
  timeout: HTTP_TIMEOUT_MS,
  prepareHeaders(headers, { getState, type }) {
    const { token } = (getState() as SessionRootState).session;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    // Only reads go through the worker's data layer; writes need no hint.
    if (type === 'query' && networkStatus() === 'slow') headers.set(LINK_HEADER, 'slow');
    // "Use Offline Mode": the worker answers reads from the device copy without trying the network.
    if (type === 'query' && offlineModeOn()) headers.set(MODE_HEADER, 'offline');
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

type RawResult = Awaited<ReturnType<typeof rawBaseQuery>>;

/** Whose answer it was (the worker's device copy or the network), for the status and the screen. */
function observe(result: RawResult, startedAt: number, api: BaseQueryApi): RawResult {
  const headers = result.meta?.response?.headers;
  const fromDevice = headers?.get(FROM_DEVICE_HEADER) === '1';
  const storedAt = headers?.get(STORED_AT_HEADER) ?? null;
  // A call the app cancelled (the screen went away) says nothing about the link. A network answer
  // is a round trip; so is a copy shown after the worker waited in vain — that wait is what this
  // link costs; anything else got no answer at all.
  // A copy the user asked for ("Use Offline Mode", a saved document) says nothing about the link either.
  const chosen = fromDevice && ON_PURPOSE.has(headers?.get(FALLBACK_HEADER) ?? '');
  if (!api.signal.aborted && !chosen) {
    if (headers && (!fromDevice || headers.get(FALLBACK_HEADER) === 'timeout')) {
      recordRoundTrip(Date.now() - startedAt);
    } else recordNoAnswer();
  }

  const userId = (api.getState() as SessionRootState).session.user?.id;
  if (api.type === 'query' && api.queryCacheKey && userId && (storedAt || (!fromDevice && !result.error))) {
    recordStoredAt(userId, api.queryCacheKey, storedAt);
  }
  // The worker's "no network and no copy" is no answer, not the server's 503.
  if (fromDevice && !storedAt && result.error) return { error: { status: 'FETCH_ERROR', error: 'offline' } };
  return result;
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, AppError, object, ApiMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const tokenUsed = (api.getState() as SessionRootState).session.token;
  const call = async () => {
    const startedAt = Date.now();
    return observe(await rawBaseQuery(args, api, extraOptions), startedAt, api);
  };
  let result = await call();

  if (result.error?.status === 401 && tokenUsed && !isAuthCall(args)) {
    const current = (api.getState() as SessionRootState).session.token;
    // Another call already refreshed while this one was on the wire: just retry with the new token.
    const outcome = current && current !== tokenUsed ? { kind: 'refreshed' as const } : await refreshSession(api);
    if (outcome.kind === 'unreachable') return { error: outcome.error };
    if (outcome.kind === 'refreshed') result = await call();
    if (outcome.kind === 'rejected' || result.error?.status === 401) {
      if ((api.getState() as SessionRootState).session.token) api.dispatch(sessionEnded('expired'));
      return { error: toError(result.error ?? { status: 401, data: null }, result.meta) };
    }
  }

  if (result.error) return { error: toError(result.error, result.meta), meta: { ...result.meta } };
  const answer = unwrap(result.data, result.meta);
  const storedAt = result.meta?.response?.headers.get(STORED_AT_HEADER);
  return storedAt ? { ...answer, meta: { ...answer.meta, storedAt } } : answer;
};
