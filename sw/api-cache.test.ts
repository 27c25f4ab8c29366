/**
 * The service worker's offline data layer (its fetch events cannot be driven from a unit test, so
 * the handler is called directly with a fake network, on fake-indexeddb): network first and the
 * answer kept; the copy served when the network fails or is too slow, saying when it was stored;
 * nothing kept that is not a 2xx JSON answer; and never one user's copy for another.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusMessages } from '../contract/errors';
import { setCurrentUser } from '../src/lib/offline/db';
import { storedResponse, storedResponseUrls } from '../src/lib/offline/responses-store';
import {
  answerApiRead,
  isStoredApiRead,
  NETWORK_TIMEOUT_MS,
  requestOwner,
  SLOW_LINK_TIMEOUT_MS,
  storageKey,
  type ApiCacheDeps,
} from './api-cache';

const ORIGIN = 'https://legalconnect.example';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An access token as the server signs it (the worker reads the claims, never the signature). */
const tokenFor = (userId: string) => `${base64url({ alg: 'HS256' })}.${base64url({ userId, sub: 'x' })}.signature`;

function read(path: string, userId: string | null, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    headers: { ...(userId ? { Authorization: `Bearer ${tokenFor(userId)}` } : {}), ...headers },
  });
}

const json = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ version: 'v1', status, timestamp: 'now', path: '/v1/x', data }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

/** Deps around a fake network; `settle()` waits for the work the worker would keep alive. */
function worker(network: (request: Request) => Promise<Response>, { online = true } = {}) {
  const pending: Promise<unknown>[] = [];
  let signedIn: string | null = null;
  const deps: ApiCacheDeps = {
    fetch: network,
    currentUser: async () => signedIn,
    now: () => new Date('2026-03-01T10:00:00.000Z'),
    online: () => online,
    waitUntil: (work) => pending.push(work),
  };
  return {
    deps,
    signIn: async (userId: string | null) => {
      signedIn = userId;
      await setCurrentUser(userId);
    },
    settle: () => Promise.all(pending),
  };
}

let users = 0;
/** A fresh user id per test: the database lives for the whole file. */
const newUser = (name: string) => `${name}-${(users += 1)}`;

afterEach(() => {
  vi.useRealTimers();
});

describe('which requests the data layer answers', () => {
  const get = (path: string, init: { method?: string; mode?: RequestMode; headers?: HeadersInit } = {}) => ({
    method: init.method ?? 'GET',
    mode: init.mode ?? 'cors',
    url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
    headers: new Headers(init.headers),
  });

  it('takes same-origin GETs under /v1', () => {
    for (const path of ['/v1/case?page=0', '/v1/case/1', '/v1/user/user-info', '/v1/case-assets/cases/1/notes']) {
      expect(isStoredApiRead(get(path), ORIGIN), path).toBe(true);
    }
  });

  it("takes the AI API's reads too: a user's chat sessions and their history (issue 10)", () => {
    for (const path of ['/ai/v1/users/u1/sessions?limit=100', '/ai/v1/sessions/s1/history', '/ai/v1/sessions/s1']) {
      expect(isStoredApiRead(get(path), ORIGIN), path).toBe(true);
    }
    expect(isStoredApiRead(get('/ai/v1/chat', { method: 'POST' }), ORIGIN)).toBe(false);
  });

  it('leaves writes, navigations, other origins and paths outside /v1 alone', () => {
    expect(isStoredApiRead(get('/v1/case', { method: 'POST' }), ORIGIN)).toBe(false);
    expect(isStoredApiRead(get('/v1/case', { mode: 'navigate' }), ORIGIN)).toBe(false);
    expect(isStoredApiRead(get('https://evil.example/v1/case'), ORIGIN)).toBe(false);
    expect(isStoredApiRead(get('/ai/v2/sessions'), ORIGIN)).toBe(false);
    expect(isStoredApiRead(get('/assets/app.js'), ORIGIN)).toBe(false);
  });

  it('leaves tokens, the socket, push, file bytes, chat and notifications to the network', () => {
    for (const path of [
      '/v1/auth/refresh',
      '/v1/user/logout',
      '/v1/ws/info',
      '/v1/push/vapid-public-key',
      '/v1/case-assets/documents/1/view',
      '/v1/schedule/1/ics',
      '/v1/calendar/feed/abc.ics',
      '/v1/user/profile-picture/a.png',
      '/v1/lawyer/view-credentials',
      '/v1/schedule/oauth/authorize',
      '/v1/chat/conversations',
      '/v1/notifications/',
      '/v1/notifications/unread-count',
      '/v1/health',
    ]) {
      expect(isStoredApiRead(get(path), ORIGIN), path).toBe(false);
    }
    expect(isStoredApiRead(get('/v1/notifications/preferences'), ORIGIN)).toBe(true);
  });

  it('honours Cache-Control: no-store on the request', () => {
    expect(isStoredApiRead(get('/v1/case', { headers: { 'Cache-Control': 'no-store' } }), ORIGIN)).toBe(false);
  });

  it('keys a copy by path and sorted query, without cache-busting parameters', () => {
    expect(storageKey(new URL(`${ORIGIN}/v1/case?size=10&page=0&_=1700000000`))).toBe('/v1/case?page=0&size=10');
    expect(storageKey(new URL(`${ORIGIN}/v1/case/1`))).toBe('/v1/case/1');
  });

  it('files a request under the signed-in user only when its token does not name someone else', () => {
    expect(requestOwner(read('/v1/case', 'alice'), 'alice')).toBe('alice');
    expect(requestOwner(read('/v1/case', 'alice'), 'bob')).toBeNull();
    expect(requestOwner(read('/v1/case', 'alice'), null)).toBeNull();
    expect(requestOwner(read('/v1/case', null), 'alice')).toBeNull();
    expect(requestOwner(read('/v1/case', null, { Authorization: 'Bearer opaque' }), 'alice')).toBe('alice');
  });
});

/** A network that answers only when told to; `asked()` resolves once the request went out. */
function heldNetwork() {
  let answer: (response: Response) => void = () => undefined;
  let called = false;
  return {
    fetch: () =>
      new Promise<Response>((resolve) => {
        called = true;
        answer = resolve;
      }),
    answer: (response: Response) => answer(response),
    async asked() {
      for (let i = 0; i < 100 && !called; i += 1) await Promise.resolve();
      expect(called).toBe(true);
    },
  };
}

describe('network first, the copy when the network cannot answer', () => {
  it('answers from the network and keeps the JSON; offline, answers the copy with when it was stored', async () => {
    const user = newUser('alice');
    const online = worker(async () => json({ cases: ['custody'] }));
    await online.signIn(user);
    const fresh = await answerApiRead(read('/v1/case?size=10&page=0', user), online.deps);
    expect(fresh.headers.get('X-LC-From-Device')).toBeNull();
    expect(await fresh.json()).toMatchObject({ data: { cases: ['custody'] } });
    await online.settle();
    expect(await storedResponse(user, '/v1/case?page=0&size=10')).toMatchObject({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      storedAt: '2026-03-01T10:00:00.000Z',
    });

    const away = worker(offline);
    await away.signIn(user);
    const copy = await answerApiRead(read('/v1/case?page=0&size=10', user), away.deps);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('X-LC-Stored-At')).toBe('2026-03-01T10:00:00.000Z');
    expect(copy.headers.get('X-LC-From-Device')).toBe('1');
    expect(copy.headers.get('X-LC-Fallback')).toBe('error');
    expect(await copy.json()).toMatchObject({ data: { cases: ['custody'] } });
  });

  it('says the fallback was for being offline when the worker knows the phone is offline', async () => {
    const user = newUser('asha');
    const first = worker(async () => json({ id: 1 }));
    await first.signIn(user);
    await answerApiRead(read('/v1/case/1', user), first.deps);
    await first.settle();

    const away = worker(offline, { online: false });
    await away.signIn(user);
    const copy = await answerApiRead(read('/v1/case/1', user), away.deps);
    expect(copy.headers.get('X-LC-Fallback')).toBe('offline');
    expect(copy.headers.get('X-LC-Stored-At')).toBe('2026-03-01T10:00:00.000Z');
  });

  it('answers the copy after NETWORK_TIMEOUT_MS and still keeps the late answer', async () => {
    const user = newUser('babul');
    const first = worker(async () => json({ version: 1 }));
    await first.signIn(user);
    await answerApiRead(read('/v1/case/2', user), first.deps);
    await first.settle();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const network = heldNetwork();
    const slow = worker(network.fetch);
    await slow.signIn(user);
    const pending = answerApiRead(read('/v1/case/2', user), slow.deps);
    await network.asked();
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const copy = await pending;
    expect(copy.headers.get('X-LC-Fallback')).toBe('timeout');
    expect(await copy.json()).toMatchObject({ data: { version: 1 } });

    network.answer(json({ version: 2 }));
    await slow.settle();
    expect(JSON.parse((await storedResponse(user, '/v1/case/2'))?.body ?? '{}')).toMatchObject({
      data: { version: 2 },
    });
  });

  it('waits SLOW_LINK_TIMEOUT_MS when the page says the link is slow', async () => {
    const user = newUser('chanda');
    const first = worker(async () => json({ version: 1 }));
    await first.signIn(user);
    await answerApiRead(read('/v1/case/3', user), first.deps);
    await first.settle();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const network = heldNetwork();
    const slow = worker(network.fetch);
    await slow.signIn(user);
    const pending = answerApiRead(read('/v1/case/3', user, { 'X-LC-Link': 'slow' }), slow.deps);
    await network.asked();
    await vi.advanceTimersByTimeAsync(SLOW_LINK_TIMEOUT_MS - 1);
    network.answer(json({ version: 2 }));
    const fresh = await pending;
    expect(fresh.headers.get('X-LC-From-Device')).toBeNull();
    expect(await fresh.json()).toMatchObject({ data: { version: 2 } });
    expect(SLOW_LINK_TIMEOUT_MS).toBeGreaterThan(NETWORK_TIMEOUT_MS);
  });

  it('with no copy, keeps waiting for a slow network instead of failing', async () => {
    const user = newUser('dipu');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const network = heldNetwork();
    const slow = worker(network.fetch);
    await slow.signIn(user);
    const pending = answerApiRead(read('/v1/case/4', user), slow.deps);
    await network.asked();
    await vi.advanceTimersByTimeAsync(NETWORK_TIMEOUT_MS * 2);
    network.answer(json({ late: true }));
    expect(await (await pending).json()).toMatchObject({ data: { late: true } });
  });

  it('with no copy and no network, answers the contract’s 503 envelope with the offline message', async () => {
    const user = newUser('eva');
    const away = worker(offline);
    await away.signIn(user);
    const response = await answerApiRead(read('/v1/case/5', user), away.deps);
    expect(response.status).toBe(503);
    expect(response.headers.get('X-LC-From-Device')).toBe('1');
    expect(response.headers.get('X-LC-Stored-At')).toBeNull();
    expect(await response.json()).toEqual({
      version: 'v1',
      status: 503,
      timestamp: '2026-03-01T10:00:00.000Z',
      path: '/v1/case/5',
      error: { code: 503, reason: 'SERVICE_UNAVAILABLE', message: StatusMessages.offline },
    });
  });
});

describe('"Use Offline Mode"', () => {
  it('answers the copy without trying the network, saying it was chosen', async () => {
    const user = newUser('mina');
    const first = worker(async () => json({ id: 3 }));
    await first.signIn(user);
    await answerApiRead(read('/v1/case/3', user), first.deps);
    await first.settle();

    const network = vi.fn(async () => json({ id: 3, fresh: true }));
    const chosen = worker(network);
    await chosen.signIn(user);
    const copy = await answerApiRead(read('/v1/case/3', user, { 'X-LC-Mode': 'offline' }), chosen.deps);
    expect(network).not.toHaveBeenCalled();
    expect(copy.headers.get('X-LC-Fallback')).toBe('chosen');
    expect(copy.headers.get('X-LC-Stored-At')).toBe('2026-03-01T10:00:00.000Z');
    expect(await copy.json()).toMatchObject({ data: { id: 3 } });
  });

  it('still goes to the network for a screen that has no copy, and keeps its answer', async () => {
    const user = newUser('nila');
    const net = worker(async () => json({ id: 4 }));
    await net.signIn(user);
    const response = await answerApiRead(read('/v1/case/4', user, { 'X-LC-Mode': 'offline' }), net.deps);
    expect(response.headers.get('X-LC-From-Device')).toBeNull();
    await net.settle();
    expect(await storedResponseUrls(user)).toEqual(['/v1/case/4']);
  });
});

describe('what is kept', () => {
  it('keeps nothing but 2xx JSON, and nothing the server marks no-store', async () => {
    const user = newUser('farid');
    const answers: Record<string, () => Response> = {
      '/v1/a': () => new Response('<html>portal</html>', { headers: { 'Content-Type': 'text/html' } }),
      '/v1/b': () => json(null, 404),
      '/v1/c': () => json(null, 500),
      '/v1/d': () => json({ secret: true }, 200, { 'Cache-Control': 'private, no-store' }),
      '/v1/e': () => json({ fine: true }),
    };
    const net = worker(async (request) => (answers[new URL(request.url).pathname] ?? (() => json(null, 404)))());
    await net.signIn(user);
    for (const path of Object.keys(answers)) {
      const response = await answerApiRead(read(path, user), net.deps);
      expect(response.status, path).toBe(answers[path]?.().status);
    }
    await net.settle();
    expect(await storedResponseUrls(user)).toEqual(['/v1/e']);
  });

  it('keeps nothing while "Keep offline copies" is off on this device', async () => {
    const user = newUser('jui');
    const net = worker(async () => json({ id: 5 }));
    net.deps.keepCopies = async () => false;
    await net.signIn(user);
    const response = await answerApiRead(read('/v1/case/5', user), net.deps);
    expect(response.status).toBe(200);
    await net.settle();
    expect(await storedResponseUrls(user)).toEqual([]);
  });

  it('passes a failing answer through untouched rather than showing the copy (4xx/5xx are answers)', async () => {
    const user = newUser('gita');
    const first = worker(async () => json({ id: 6 }));
    await first.signIn(user);
    await answerApiRead(read('/v1/case/6', user), first.deps);
    await first.settle();
    const gone = worker(async () => json(null, 404));
    await gone.signIn(user);
    const response = await answerApiRead(read('/v1/case/6', user), gone.deps);
    expect(response.status).toBe(404);
    expect(response.headers.get('X-LC-From-Device')).toBeNull();
  });
});

describe('one user’s copy is never another’s', () => {
  it('never serves user A’s copy to user B', async () => {
    const a = newUser('rahim');
    const b = newUser('karim');
    const online = worker(async () => json({ owner: a }));
    await online.signIn(a);
    await answerApiRead(read('/v1/case/7', a), online.deps);
    await online.settle();

    const away = worker(offline);
    await away.signIn(b);
    const response = await answerApiRead(read('/v1/case/7', b), away.deps);
    expect(response.status).toBe(503);
    expect(await storedResponse(b, '/v1/case/7')).toBeNull();
  });

  it('answers a request whose token names another user from the network alone', async () => {
    const a = newUser('rahim');
    const b = newUser('karim');
    const online = worker(async () => json({ owner: a }));
    await online.signIn(a);
    await answerApiRead(read('/v1/case/8', a), online.deps);
    await online.settle();

    // The store says B, the page still sends A's token (the moment of an account switch).
    const away = worker(offline);
    await away.signIn(b);
    await expect(answerApiRead(read('/v1/case/8', a), away.deps)).rejects.toThrow('Failed to fetch');
  });

  it('keeps nothing when nobody is signed in on the device', async () => {
    const user = newUser('nobody');
    const net = worker(async () => json({ public: true }));
    await net.signIn(null);
    const response = await answerApiRead(read('/v1/lawyer-directory/lawyers', user), net.deps);
    expect(response.status).toBe(200);
    await net.settle();
    expect(await storedResponseUrls(user)).toEqual([]);
  });

  it('does not file an answer under a user who signed out while it was on its way', async () => {
    const a = newUser('rahim');
    const b = newUser('karim');
    const network = heldNetwork();
    const net = worker(network.fetch);
    await net.signIn(a);
    const pending = answerApiRead(read('/v1/case/9', a), net.deps);
    await network.asked();
    await net.signIn(b);
    network.answer(json({ owner: a }));
    await pending;
    await net.settle();
    expect(await storedResponseUrls(a)).toEqual([]);
    expect(await storedResponseUrls(b)).toEqual([]);
  });
});
