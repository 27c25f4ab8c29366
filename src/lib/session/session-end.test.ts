import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { envelope, signInForTest } from '../../app/testing';
import {
  onBeforeSignOut,
  onLogout,
  onSignOutWarning,
  setSessionExpiredHandler,
  SIGN_OUT_WARNING_BUDGET_MS,
  signOutWarnings,
} from './session-end';
import { signOut } from './session-api';
import { sessionEnded } from './session-slice';

afterEach(() => vi.unstubAllGlobals());

describe('session end hooks', () => {
  it('runs every registered hook on sign-out, even when one fails', async () => {
    signInForTest();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(200, { data: 'Logout successful' })),
    );
    const calls: string[] = [];
    const offA = onLogout(() => {
      throw new Error('socket already closed');
    });
    const offB = onLogout((reason) => {
      calls.push(reason);
    });
    const store = createAppStore();
    await store.dispatch(signOut());
    await vi.waitFor(() => expect(calls).toEqual(['logout']));
    expect(store.getState().session.endedBy).toBe('logout');
    offA();
    offB();
  });

  it('tells the hooks and the app when a session expired', async () => {
    signInForTest();
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    const reasons: string[] = [];
    const off = onLogout((reason) => {
      reasons.push(reason);
    });
    const store = createAppStore();
    store.dispatch(sessionEnded('expired'));
    await vi.waitFor(() => expect(reasons).toEqual(['expired']));
    expect(expired).toHaveBeenCalledTimes(1);
    off();
  });

  it('does nothing when no one was signed in', async () => {
    const hook = vi.fn();
    const off = onLogout(hook);
    createAppStore().dispatch(sessionEnded('logout'));
    // Hooks run in order; a session that then really ends is the marker that the first had its turn.
    signInForTest();
    createAppStore().dispatch(sessionEnded('expired'));
    await vi.waitFor(() => expect(hook).toHaveBeenCalled());
    expect(hook.mock.calls.map(([reason]) => reason)).toEqual(['expired']);
    off();
  });

  it('runs pre-sign-out work with the session still alive, then hands the hooks whose session ended', async () => {
    signInForTest();
    const order: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        order.push(`fetch ${new URL(input instanceof Request ? input.url : String(input)).pathname}`);
        return envelope(200, { data: 'Logout successful' });
      }),
    );
    const store = createAppStore();
    const offBefore = onBeforeSignOut(async () => {
      order.push(`before, signed in: ${Boolean(store.getState().session.token)}`);
    });
    const ended: (string | null)[] = [];
    const offAfter = onLogout((_reason, userId) => {
      ended.push(userId);
    });
    await store.dispatch(signOut());
    await vi.waitFor(() => expect(ended).toEqual(['0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11']));
    expect(order).toEqual(['before, signed in: true', 'fetch /v1/user/logout']);
    offBefore();
    offAfter();
  });

  it('signs out even when pre-sign-out work hangs (a dead network)', async () => {
    vi.useFakeTimers();
    signInForTest();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(200, { data: 'Logout successful' })),
    );
    const off = onBeforeSignOut(() => new Promise<void>(() => undefined));
    const store = createAppStore();
    const done = store.dispatch(signOut());
    await vi.advanceTimersByTimeAsync(3000);
    await done;
    expect(store.getState().session.token).toBeNull();
    off();
    vi.useRealTimers();
  });
});

describe('sign-out warnings', () => {
  it("collects each source's text in the asked language; a failing or silent source says nothing", async () => {
    const offs = [
      onSignOutWarning(async (lang) => (lang === 'bn' ? 'বার্তা' : 'messages')),
      onSignOutWarning(async () => null),
      onSignOutWarning(async () => {
        throw new Error('IndexedDB is gone');
      }),
    ];
    try {
      expect(await signOutWarnings('en')).toEqual(['messages']);
      expect(await signOutWarnings('bn')).toEqual(['বার্তা']);
    } finally {
      offs.forEach((off) => off());
    }
    expect(await signOutWarnings('en')).toEqual([]);
  });

  it('does not hold up a sign-out: a source that does not answer in time is left out', async () => {
    vi.useFakeTimers();
    const offs = [onSignOutWarning(() => new Promise<string>(() => undefined)), onSignOutWarning(async () => 'quick')];
    try {
      const asked = signOutWarnings('en');
      await vi.advanceTimersByTimeAsync(SIGN_OUT_WARNING_BUDGET_MS);
      expect(await asked).toEqual(['quick']);
    } finally {
      offs.forEach((off) => off());
      vi.useRealTimers();
    }
  });
});
