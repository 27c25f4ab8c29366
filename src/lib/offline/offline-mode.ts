/**
 * "Use Offline Mode" (docs/product.md §2, §8's "Try again / Use Offline Mode"): the user asks the app to read
 * from this phone's copy on purpose — on a bus with a signal that comes and goes, or to spend no
 * data — instead of waiting for a network that may or may not answer.
 *
 * The page says so on every API read with `X-LC-Mode: offline` (base-query.ts); the service worker
 * then answers from the device copy without trying the network, and only goes to the network for
 * a screen that has no copy (sw/api-cache.ts). It is a choice about this device, not the account,
 * so it lives in localStorage; other tabs follow it through the `storage` event.
 * Compiled with the worker's library too (this folder is shared), so localStorage is reached through
 * `globalThis`; the worker never calls it.
 */
import { useSyncExternalStore } from 'react';

/** The parts of the Web Storage API used here (not in the worker's library). */
interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const storage = () => (globalThis as { localStorage?: KeyValueStorage }).localStorage;

export const OFFLINE_MODE_KEY = 'offlineMode';

const listeners = new Set<() => void>();

export function offlineModeOn(): boolean {
  try {
    return storage()?.getItem(OFFLINE_MODE_KEY) === '1';
  } catch {
    return false;
  }
}

export function setOfflineMode(on: boolean): void {
  try {
    if (on) storage()?.setItem(OFFLINE_MODE_KEY, '1');
    else storage()?.removeItem(OFFLINE_MODE_KEY);
  } catch {
    // Private mode or storage full: nothing remembered, nothing changes.
    return;
  }
  for (const listener of listeners) listener();
}

/** Another tab changed it (a `storage` event; `key` null when storage was cleared). */
function onStorage(event: Event): void {
  const { key } = event as Event & { key?: string | null };
  if (key === OFFLINE_MODE_KEY || key === null) for (const listener of listeners) listener();
}

export function subscribeOfflineMode(listener: () => void): () => void {
  if (listeners.size === 0) addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) removeEventListener('storage', onStorage);
  };
}

export function useOfflineMode(): boolean {
  return useSyncExternalStore(subscribeOfflineMode, offlineModeOn, () => false);
}
