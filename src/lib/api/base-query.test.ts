import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { setSessionExpiredHandler } from '../session/session-end';
import { readStoredSession, writeStoredSession, type SessionUser } from '../session/storage';
import { api } from './api';

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

  it('reports a network failure with the SPEC §8 network message', async () => {
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
    const calls = fakeFetch(async (url, auth) => {
      if (url === '/v1/auth/refresh') {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return authResponse('new');
      }
      return auth === 'Bearer new' ? envelope(200, { data: url }) : unauthorized();
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
