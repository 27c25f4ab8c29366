/**
 * Going online refreshes without a reload: a query on screen that was answered from the device copy
 * is fetched again when the network status leaves "offline" (even when the browser never said it
 * was offline), and when "Use Offline Mode" is turned on or off; its "saved …" mark then clears.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { signInForTest, testUser } from '../../app/testing';
import {
  NO_ANSWERS_OFFLINE,
  recordNoAnswer,
  recordRoundTrip,
  resetNetworkMeasurements,
} from '../offline/network-status';
import { setOfflineMode } from '../offline/offline-mode';
import { api } from './api';
import { clearStoredAt, queryKeyOf, storedAtOf } from './stored-at';
import { installReconnectRefetch } from './reconnect';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ reconnectProbe: build.query<{ n: number }, void>({ query: () => '/reconnect-probe' }) }),
});

const STORED_AT = '2026-03-01T10:00:00.000Z';

/** The worker's answers: from the device copy while `device` is true, else from the network. */
function network() {
  const state = { device: true, calls: [] as Headers[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      state.calls.push(request.headers);
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (state.device) Object.assign(headers, { 'X-LC-From-Device': '1', 'X-LC-Stored-At': STORED_AT });
      const body = { version: 'v1', status: 200, timestamp: 'now', path: '/v1/x', data: { n: state.calls.length } };
      return new Response(JSON.stringify(body), { status: 200, headers });
    }),
  );
  return state;
}

beforeEach(() => signInForTest('USER'));
afterEach(() => {
  vi.unstubAllGlobals();
  resetNetworkMeasurements();
  clearStoredAt();
  localStorage.clear();
});

/**
 * A screen showing the probe. `refetches` counts the reconnect signals the listener gave RTK Query:
 * it decides synchronously, so a change that is not a return from offline is seen to give none at
 * once, with no wait for a fetch that should not come.
 */
/** RTK Query's reconnect action (what `setupListeners` hands us as `onOnline`; the creator is not exported). */
const RTK_ONLINE = '__rtkq/online';

async function setUp() {
  const store = createAppStore();
  let refetches = 0;
  const recording = ((action: Parameters<typeof store.dispatch>[0]) => {
    if (typeof action === 'object' && action.type === RTK_ONLINE) refetches += 1;
    return store.dispatch(action);
  }) as typeof store.dispatch;
  const stop = installReconnectRefetch(recording);
  const subscription = store.dispatch(probeApi.endpoints.reconnectProbe.initiate());
  await subscription;
  return {
    store,
    refetches: () => refetches,
    data: () => probeApi.endpoints.reconnectProbe.select()(store.getState()).data,
    stop: () => {
      subscription.unsubscribe();
      stop();
    },
  };
}

describe('going online', () => {
  it('fetches what is on screen again when the status leaves offline, and the saved mark clears', async () => {
    const net = network();
    const screen = await setUp();
    const key = queryKeyOf('reconnectProbe', undefined);
    expect(storedAtOf(testUser().id, key)).toBe(STORED_AT);

    for (let i = 0; i < NO_ANSWERS_OFFLINE; i += 1) recordNoAnswer();
    expect(screen.refetches()).toBe(0);
    expect(net.calls).toHaveLength(1);

    net.device = false;
    recordRoundTrip(200);
    expect(screen.refetches()).toBe(1);
    await vi.waitFor(() => expect(screen.data()).toEqual({ n: 2 }));
    expect(net.calls).toHaveLength(2);
    expect(storedAtOf(testUser().id, key)).toBeNull();
    screen.stop();
  });

  it('does not refetch on changes that are not a return from offline', async () => {
    const net = network();
    const screen = await setUp();
    recordRoundTrip(5000);
    recordRoundTrip(5000);
    recordRoundTrip(5000); // online → slow
    recordRoundTrip(100); // still measurements, no reconnection
    expect(screen.refetches()).toBe(0);
    expect(net.calls).toHaveLength(1);
    screen.stop();
  });

  it('fetches again when Use Offline Mode is turned on (device copy asked for) and off', async () => {
    const net = network();
    const screen = await setUp();
    expect(net.calls[0]?.get('X-LC-Mode')).toBeNull();

    setOfflineMode(true);
    await vi.waitFor(() => expect(screen.data()).toEqual({ n: 2 }));
    expect(net.calls).toHaveLength(2);
    expect(net.calls[1]?.get('X-LC-Mode')).toBe('offline');

    net.device = false;
    setOfflineMode(false);
    await vi.waitFor(() => expect(screen.data()).toEqual({ n: 3 }));
    expect(net.calls).toHaveLength(3);
    expect(net.calls[2]?.get('X-LC-Mode')).toBeNull();
    screen.stop();
  });

  it('stops listening when uninstalled', async () => {
    const net = network();
    const screen = await setUp();
    screen.stop();
    setOfflineMode(true);
    expect(screen.refetches()).toBe(0);
    expect(net.calls).toHaveLength(1);
  });
});
