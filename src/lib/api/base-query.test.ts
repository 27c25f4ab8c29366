import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { networkStatus, recordRoundTrip, resetNetworkMeasurements } from '../offline/network-status';
import { setSessionExpiredHandler } from '../session/session-end';
import { readStoredSession, writeStoredSession, type SessionUser } from '../session/storage';
import { api } from './api';
import type { ApiMeta } from './base-query';
import { clearStoredAt, queryKeyOf, storedAtOf } from './stored-at';

const user: SessionUser = {
  id: '0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11',
  firstName: 'Rahim',
  lastName: 'Uddin',
  email: 'rahim@example.com',
  role: 'USER',
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00+06:00',
  updatedAt: '2025-01-01T00:00:00+06:00',
};

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (url) => url }),
    probeLogin: build.mutation<unknown, void>({ query: () => ({ url: '/auth/login', method: 'POST', body: {} }) }),
    probeStored: build.query<{ data: unknown; storedAt: string | null }, { url: string; page: number }>({
      query: ({ url, page }) => ({ url, params: { page } }),
      transformResponse: (data: unknown, meta: ApiMeta | undefined) => ({ data, storedAt: meta?.storedAt ?? null }),
    }),
  }),
});

function envelope(status: number, payload: { data?: unknown; error?: unknown; metadata?: unknown; message?: string }) {
  return new Response(JSON.stringify({ version: 'v1', status, timestamp: 'now', path: '/x', ...payload }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const unauthorized = () => envelope(401, { error: { code: 401, message: 'Invalid or expired token' } });
const authResponse = (token: string) => envelope(200, { data: { ...user, token, refreshToken: `refresh-${token}` } });

interface Call {
  url: string;
  auth: string | null;
}

/** A fake network: `route(url, auth)` answers each call; every call is recorded. */
function fakeFetch(route: (url: string, auth: string | null) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url).pathname;
    const auth = request.headers.get('Authorization');
    calls.push({ url, auth });
    return route(url, auth);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

function signedInStore() {
  writeStoredSession({ token: 'old', refreshToken: 'refresh-old', user });
  return createAppStore();
}

function run(store: ReturnType<typeof createAppStore>, url: string) {
  return store.dispatch(probeApi.endpoints.probe.initiate(url, { subscribe: false, forceRefetch: true }));
}

const expired = vi.fn();

beforeEach(() => {
  expired.mockReset();
  setSessionExpiredHandler(expired);
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetNetworkMeasurements();
  clearStoredAt();
});

describe('base query: envelope', () => {
  it('unwraps data and sends the bearer token', async () => {
    const calls = fakeFetch(() => envelope(200, { data: { hello: 'world' }, message: 'ok' }));
    const store = signedInStore();
    const result = await run(store, '/thing');
    expect(result.data).toEqual({ hello: 'world' });
    expect(calls).toEqual([{ url: '/v1/thing', auth: 'Bearer old' }]);
  });

  it('maps an error envelope and carries the field errors', async () => {
    fakeFetch(() =>
      envelope(400, {
        error: { code: 400, message: 'Email is required', fields: [{ field: 'email', message: 'Email is required' }] },
      }),
    );
    const result = await run(signedInStore(), '/thing');
    expect(result.error).toEqual({
      status: 400,
      message: 'Email is required',
      serverMessage: 'Email is required',
      fields: [{ field: 'email', message: 'Email is required' }],
    });
  });

  it('reports a network failure with the docs/product.md §8 network message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const result = await run(signedInStore(), '/thing');
    expect(result.error).toEqual({
      status: null,
      message: 'Network error. Please check your connection and try again.',
    });
  });
});

describe('base query: 401 handling', () => {
  it('refreshes once, retries with the new token and keeps the session', async () => {
    const calls = fakeFetch((url, auth) => {
      if (url === '/v1/auth/refresh') return authResponse('new');
      return auth === 'Bearer new' ? envelope(200, { data: 'fine' }) : unauthorized();
    });
    const store = signedInStore();
    const result = await run(store, '/thing');
    expect(result.data).toBe('fine');
    expect(calls.map((c) => c.url)).toEqual(['/v1/thing', '/v1/auth/refresh', '/v1/thing']);
    expect(readStoredSession()?.token).toBe('new');
    expect(readStoredSession()?.refreshToken).toBe('refresh-new');
    expect(expired).not.toHaveBeenCalled();
  });

  it('makes a single refresh for concurrent 401s', async () => {
    // The refresh answers only once all three calls have been refused, so all three wait on it.
    let refused = 0;
    let allRefused!: () => void;
    const gate = new Promise<void>((resolve) => (allRefused = resolve));
    const calls = fakeFetch(async (url, auth) => {
      if (url === '/v1/auth/refresh') {
        await gate;
        return authResponse('new');
      }
      if (auth === 'Bearer new') return envelope(200, { data: url });
      refused += 1;
      if (refused === 3) allRefused();
      return unauthorized();
    });
    const store = signedInStore();
    const [a, b, c] = await Promise.all([run(store, '/a'), run(store, '/b'), run(store, '/c')]);
    expect([a.data, b.data, c.data]).toEqual(['/v1/a', '/v1/b', '/v1/c']);
    expect(calls.filter((call) => call.url === '/v1/auth/refresh')).toHaveLength(1);
  });

  it('ends the session and goes to /login when the refresh is refused', async () => {
    fakeFetch((url) =>
      url === '/v1/auth/refresh' ? envelope(401, { error: { code: 401, message: 'no' } }) : unauthorized(),
    );
    const store = signedInStore();
    // unwrap(): the thunk's own outcome, since ending the session also resets the API cache.
    await expect(run(store, '/thing').unwrap()).rejects.toMatchObject({
      status: 401,
      message: 'You are not authorized. Please log in again.',
    });
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().session.endedBy).toBe('expired');
    expect(readStoredSession()).toBeNull();
    for (const key of ['auth_token', 'auth_isLoggedIn', 'auth_userType', 'auth_userInfo', 'auth_refreshToken']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the retried call is still refused, without a second refresh', async () => {
    const calls = fakeFetch((url) => (url === '/v1/auth/refresh' ? authResponse('new') : unauthorized()));
    const store = signedInStore();
    await run(store, '/thing');
    expect(calls.map((c) => c.url)).toEqual(['/v1/thing', '/v1/auth/refresh', '/v1/thing']);
    expect(store.getState().session.token).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    fakeFetch((url) => {
      if (url === '/v1/auth/refresh') throw new TypeError('Failed to fetch');
      return unauthorized();
    });
    const store = signedInStore();
    const result = await run(store, '/thing');
    expect(result.error).toMatchObject({ status: null });
    expect(store.getState().session.token).toBe('old');
    expect(expired).not.toHaveBeenCalled();
  });

  it('never refreshes or signs out for an auth call', async () => {
    const calls = fakeFetch(() => envelope(401, { error: { code: 401, message: 'Invalid credentials' } }));
    const store = signedInStore();
    const result = await store.dispatch(probeApi.endpoints.probeLogin.initiate());
    expect(result.error).toMatchObject({ status: 401, serverMessage: 'Invalid credentials' });
    expect(calls).toHaveLength(1);
    expect(store.getState().session.token).toBe('old');
    expect(expired).not.toHaveBeenCalled();
  });

  it('never refreshes or redirects when no token was stored', async () => {
    const calls = fakeFetch(() => unauthorized());
    const store = createAppStore();
    const result = await run(store, '/thing');
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.auth).toBeNull();
    expect(expired).not.toHaveBeenCalled();
  });
});

describe('base query: answers from the device copy (sw/api-cache.ts)', () => {
  const STORED_AT = '2026-03-01T10:00:00.000Z';
  /** What the service worker answers from its copy, or its 503 when it has none. */
  const fromDevice = (copy: boolean) => {
    const response = copy ? envelope(200, { data: { cases: ['custody'] } }) : envelope(503, { error: { code: 503 } });
    response.headers.set('X-LC-From-Device', '1');
    response.headers.set('X-LC-Fallback', 'error');
    if (copy) response.headers.set('X-LC-Stored-At', STORED_AT);
    return response;
  };
  const args = { url: '/case', page: 0 };
  const stored = (store: ReturnType<typeof createAppStore>) =>
    store.dispatch(probeApi.endpoints.probeStored.initiate(args, { subscribe: false, forceRefetch: true }));

  it('gives meta.storedAt and records it for the screen; a network answer clears it', async () => {
    let copy = true;
    fakeFetch(() => (copy ? fromDevice(true) : envelope(200, { data: { cases: ['fresh'] } })));
    const store = signedInStore();
    const key = queryKeyOf('probeStored', args);

    const first = await stored(store);
    expect(first.data).toEqual({ data: { cases: ['custody'] }, storedAt: STORED_AT });
    expect(storedAtOf(user.id, key)).toBe(STORED_AT);
    // Another user on the same phone is told nothing about it.
    expect(storedAtOf('someone-else', key)).toBeNull();

    copy = false;
    const second = await stored(store);
    expect(second.data).toEqual({ data: { cases: ['fresh'] }, storedAt: null });
    expect(storedAtOf(user.id, key)).toBeNull();
  });

  it('leaves the record alone when a call fails (the screen still shows the copy)', async () => {
    let fail = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (fail ? Promise.reject(new TypeError('Failed to fetch')) : fromDevice(true))),
    );
    const store = signedInStore();
    await stored(store);
    fail = true;
    await stored(store);
    expect(storedAtOf(user.id, queryKeyOf('probeStored', args))).toBe(STORED_AT);
  });

  it('treats the worker’s own 503 (no network, no copy) as no answer', async () => {
    fakeFetch(() => fromDevice(false));
    const result = await run(signedInStore(), '/thing');
    expect(result.error).toEqual({
      status: null,
      message: 'Network error. Please check your connection and try again.',
    });
  });

  it('measures the link: calls without an answer make it offline, slow answers make it slow', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const store = signedInStore();
    for (let i = 0; i < 3; i += 1) await run(store, '/thing');
    expect(networkStatus()).toBe('offline');

    fakeFetch(() => envelope(200, { data: 'ok' }));
    await run(store, '/thing');
    expect(networkStatus()).toBe('online');
  });

  it('tells the worker when the link is slow, so it waits longer for the network', async () => {
    const links: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        links.push((input as Request).headers.get('X-LC-Link'));
        return envelope(200, { data: 'ok' });
      }),
    );
    const store = signedInStore();
    await run(store, '/thing');
    for (let i = 0; i < 3; i += 1) recordRoundTrip(5000);
    await run(store, '/thing');
    expect(links).toEqual([null, 'slow']);
  });
});
