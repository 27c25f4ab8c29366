import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { envelope, signInForTest } from '../../app/testing';
import { onLogout, setSessionExpiredHandler } from './session-end';
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
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(hook).not.toHaveBeenCalled();
    off();
  });
});
