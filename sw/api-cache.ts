/**
 * The offline data layer (docs/architecture.md "Read (online or not)"): every API read the page makes goes
 * to the network first; a 2xx JSON answer is kept in IndexedDB under (signed-in user, URL); when the
 * network cannot answer — no connection, an error, or too slow — the worker answers from that copy,
 * saying so in headers (`X-LC-From-Device: 1`, `X-LC-Stored-At: <ISO>`), and the page shows
 * "Offline — showing what was saved 5m ago". With no copy either, it answers a 503 in the contract's
 * error envelope with docs/product.md §8's offline message, marked as made on the device, which the page treats
 * exactly like "no answer" (src/lib/api/base-query.ts).
 *
 * How long the network gets: NETWORK_TIMEOUT_MS normally. On a slow link (the page says so with
 * `X-LC-Link: slow`, from its network status) a fresh answer routinely takes longer than that, and
 * giving up early would show a stale copy while the network works, so the worker waits
 * SLOW_LINK_TIMEOUT_MS — still under the page's own 10 s timeout (docs/product.md §9), so the copy arrives
 * before the page gives up. The timeout only matters when there is a copy to show: without one the
 * worker keeps waiting for the network (a late answer beats an error). A late answer that arrives
 * after the copy was shown is still stored, so the next read is fresh.
 *
 * "Use Offline Mode" (src/lib/offline/offline-mode.ts): a read marked `X-LC-Mode: offline` is
 * answered from the copy at once, without trying the network (`X-LC-Fallback: chosen`); only a
 * screen with no copy at all still goes to the network — the user asked to read what is saved, not
 * to be refused a screen they have never opened.
 *
 * Whose copy: the user in the `meta` store's currentUser (device-data.ts keeps it); nothing is stored
 * or answered when nobody is signed in, or when the request carries no bearer token, or one whose
 * (unverified) `userId` claim names someone else — the server checks tokens, the worker only refuses
 * to mix users on a shared phone when the page and the store disagree for a moment (account switch).
 * Sign-out deletes the user's copies (wipeUser). With "Keep offline copies" turned off on this
 * device (src/lib/offline/device-storage.ts) nothing is stored; reads still go network first.
 */
import { registerRoute } from 'workbox-routing';
import type { ErrorEnvelope } from '../contract/envelope';
import { StatusMessages } from '../contract/errors';
import { GENERIC_REASONS } from '../contract/error-reasons';
import { currentUser } from '../src/lib/offline/db';
import {
  FALLBACK_HEADER,
  FROM_DEVICE_HEADER,
  LINK_HEADER,
  MODE_HEADER,
  STORED_AT_HEADER,
  type FallbackReason,
} from '../src/lib/offline/answer-headers';
import { keepOfflineCopies } from '../src/lib/offline/device-storage';
import { saveResponse, storedResponse } from '../src/lib/offline/responses-store';

export const NETWORK_TIMEOUT_MS = 4000;
export const SLOW_LINK_TIMEOUT_MS = 8000;

/**
 * API paths the worker leaves alone, each for a reason:
 * - auth and logout: tokens, never to be replayed from a copy;
 * - /v1/ws: the SockJS transport of the live connection;
 * - /v1/push: this device's subscription, which must reflect the server now;
 * - file bytes (…/view, …/ics, *.ics, profile pictures, credentials): not JSON, and large;
 * - the Google OAuth steps: one-time redirects;
 * - chat and the notification list/count: they have structured stores of their own
 *   (chat-store.ts, notifications-store.ts) that also hold what came by socket and push, and they
 *   read those when the network does not answer — a raw copy would hide that;
 * - health and the API docs: not the user's data.
 */
export const NOT_STORED: readonly RegExp[] = [
  /^\/v1\/auth\//,
  /^\/v1\/user\/logout$/,
  /^\/v1\/ws(?:\/|$)/,
  /^\/v1\/push(?:\/|$)/,
  /\/(?:view|ics)$/,
  /\.ics$/,
  /^\/v1\/user\/profile-picture\//,
  /^\/v1\/lawyer\/view-credentials$/,
  /^\/v1\/schedule\/oauth\//,
  /^\/v1\/chat\//,
  // A call's room token and the checkout's hold state are only ever right at this moment.
  /^\/v1\/videocalls\/[^/]+\/token$/,
  /^\/v1\/payments\/sandbox\//,
  /^\/v1\/notifications\/(?:unread-count)?$/,
  /^\/v1\/(?:health|docs)(?:\/|$)/,
];

/** Query parameters that only defeat HTTP caches; a copy is the same answer without them. */
export const VOLATILE_PARAMS: ReadonlySet<string> = new Set(['_', '_t', 'ts', 'cacheBust']);

/**
 * The APIs whose reads are kept: the core API, and the AI API (docs/api.md §9), whose GETs are a user's
 * chat sessions and their history, readable offline like any other screen's data (issue 10).
 */
const STORED_API_PREFIXES = ['/v1/', '/ai/v1/'];

/** A same-origin GET under /v1 or /ai/v1 (not a navigation) that the worker answers network-first. */
export function isStoredApiRead(
  request: Pick<Request, 'method' | 'mode' | 'url' | 'headers'>,
  origin: string,
): boolean {
  if (request.method !== 'GET' || request.mode === 'navigate') return false;
  const url = new URL(request.url);
  if (url.origin !== origin || !STORED_API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return false;
  if (NOT_STORED.some((pattern) => pattern.test(url.pathname))) return false;
  return !/no-store/i.test(request.headers.get('Cache-Control') ?? '');
}

/** The copy's key: path and sorted query, volatile parameters dropped (`/v1/case?page=0&size=10`). */
export function storageKey(url: URL): string {
  const params: [string, string][] = [];
  url.searchParams.forEach((value, name) => {
    if (!VOLATILE_PARAMS.has(name)) params.push([name, value]);
  });
  params.sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)));
  const search = new URLSearchParams(params).toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The `userId` claim of a JWT, read without verifying (only the server can); null if there is none. */
function tokenUserId(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const userId = (JSON.parse(json) as { userId?: unknown }).userId;
    return typeof userId === 'string' ? userId : null;
  } catch {
    return null;
  }
}

/** Whose copy this request may read and write: the signed-in user, if the request is theirs. */
export function requestOwner(request: Request, signedIn: string | null): string | null {
  if (!signedIn) return null;
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  if (!token) return null;
  const claimed = tokenUserId(token);
  return claimed === null || claimed === signedIn ? signedIn : null;
}

const isJson = (contentType: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);

/** Only a 2xx JSON answer that does not forbid storing it is kept. */
function storable(response: Response): boolean {
  return (
    response.status >= 200 &&
    response.status < 300 &&
    isJson(response.headers.get('Content-Type') ?? '') &&
    !/no-store/i.test(response.headers.get('Cache-Control') ?? '')
  );
}

export interface ApiCacheDeps {
  fetch: (request: Request) => Promise<Response>;
  currentUser: () => Promise<string | null>;
  now: () => Date;
  /** The worker's `navigator.onLine`, to tell "offline" from "the network failed" (X-LC-Fallback). */
  online: () => boolean;
  /** Keeps the worker alive for work that may outlive the answer (storing a late network answer). */
  waitUntil: (work: Promise<unknown>) => void;
  /** Whether this device keeps copies at all ("Keep offline copies"); yes when not given. */
  keepCopies?: () => Promise<boolean>;
}

/** Answers one API read (see the module comment). */
export async function answerApiRead(request: Request, deps: ApiCacheDeps): Promise<Response> {
  const owner = requestOwner(request, await deps.currentUser().catch(() => null));
  if (!owner) return deps.fetch(request);
  const key = storageKey(new URL(request.url));
  if (request.headers.get(MODE_HEADER) === 'offline') {
    const chosen = await fromDevice(owner, key, 'chosen');
    if (chosen) return chosen;
  }

  const network = deps.fetch(request);
  // Attached first, so the copy is taken before the page starts reading the body.
  deps.waitUntil(
    network
      .then((response) => (storable(response) ? keep(owner, key, response.clone(), deps) : undefined))
      .catch(() => undefined),
  );

  const timeoutMs = request.headers.get(LINK_HEADER) === 'slow' ? SLOW_LINK_TIMEOUT_MS : NETWORK_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = await Promise.race([
    network.then(
      (response) => ({ kind: 'answered' as const, response }),
      () => ({ kind: 'failed' as const }),
    ),
    new Promise<{ kind: 'timeout' }>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
    }),
  ]);
  clearTimeout(timer);

  if (outcome.kind === 'answered') return outcome.response;
  const reason: FallbackReason = outcome.kind === 'timeout' ? 'timeout' : deps.online() ? 'error' : 'offline';
  const copy = await fromDevice(owner, key, reason);
  if (copy) return copy;
  // No copy to fall back on: a late answer is better than none (the page's own timeout ends the wait).
  return outcome.kind === 'timeout'
    ? network.catch(() => noNetwork(request, deps, 'error'))
    : noNetwork(request, deps, reason);
}

async function keep(owner: string, url: string, response: Response, deps: ApiCacheDeps): Promise<void> {
  const body = await response.text();
  // The account may have changed while the answer was on its way: never file it under the next user.
  if ((await deps.currentUser()) !== owner) return;
  // The user turned copies off ("Storage & offline"): nothing is kept.
  if (deps.keepCopies && !(await deps.keepCopies().catch(() => true))) return;
  // Checked again where it is written: a sign-out between here and the write must not be outlived.
  await saveResponse(
    {
      userId: owner,
      url,
      body,
      status: response.status,
      contentType: response.headers.get('Content-Type') ?? 'application/json',
      storedAt: deps.now().toISOString(),
    },
    { onlyWhileSignedIn: true },
  );
}

async function fromDevice(owner: string, url: string, reason: FallbackReason): Promise<Response | null> {
  const stored = await storedResponse(owner, url).catch(() => null);
  if (!stored) return null;
  return new Response(stored.body, {
    status: 200,
    headers: {
      'Content-Type': stored.contentType,
      'Cache-Control': 'no-store',
      [STORED_AT_HEADER]: stored.storedAt,
      [FROM_DEVICE_HEADER]: '1',
      [FALLBACK_HEADER]: reason,
    },
  });
}

function noNetwork(request: Request, deps: ApiCacheDeps, reason: FallbackReason): Response {
  const envelope: ErrorEnvelope = {
    version: 'v1',
    status: 503,
    timestamp: deps.now().toISOString(),
    path: new URL(request.url).pathname,
    // The generic 503 reason: the client reads "offline" from the network, not from this answer.
    error: { code: 503, reason: GENERIC_REASONS[503], message: StatusMessages.offline },
  };
  return new Response(JSON.stringify(envelope), {
    status: 503,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      [FROM_DEVICE_HEADER]: '1',
      [FALLBACK_HEADER]: reason,
    },
  });
}

export function installApiCache(scope: ServiceWorkerGlobalScope): void {
  registerRoute(
    ({ request }) => isStoredApiRead(request, scope.location.origin),
    ({ request, event }) =>
      answerApiRead(request, {
        fetch: (r) => fetch(r),
        currentUser,
        now: () => new Date(),
        online: () => scope.navigator.onLine,
        waitUntil: (work) => event.waitUntil(work),
        keepCopies: keepOfflineCopies,
      }),
  );
}
