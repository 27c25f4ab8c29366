/**
 * Network status (docs/product.md §4: online, slow, offline), for the header's indicator, the "saved …" notes
 * and — later — for fetching less on a slow link (smaller pages, no prefetch, images deferred).
 *
 * - offline: the browser says there is no connection (`navigator.onLine`), or the last
 *   NO_ANSWERS_OFFLINE API calls all got no answer at all (a "connected" phone whose link is dead).
 * - slow: the Network Information API (where the browser has it) reports `slow-2g` or `2g`, or the
 *   user asked to save data; or, on any browser, the median of the last ROUND_TRIPS_KEPT measured
 *   API round trips is over SLOW_ROUND_TRIP_MS. `3g` alone is not slow: Chrome's 3g band starts
 *   near 270 ms, where a small JSON page comes well within our timeouts — a 3g link that is slow in
 *   practice shows in the measured round trips.
 * - online: anything else.
 *
 * The API's base query feeds the measurements (`recordRoundTrip`, `recordNoAnswer`) and sends
 * `X-LC-Link: slow` while the link is slow, so the service worker waits longer before it falls back
 * to the device copy (sw/api-cache.ts). Kept free of DOM-only globals: it compiles for the worker too.
 */
import { useSyncExternalStore } from 'react';

export type NetworkStatus = 'online' | 'slow' | 'offline';

export const SLOW_EFFECTIVE_TYPES: ReadonlySet<string> = new Set(['slow-2g', '2g']);
export const SLOW_ROUND_TRIP_MS = 1500;
export const ROUND_TRIPS_KEPT = 7;
/** Fewer measurements than this say nothing yet (one slow call is not a slow link). */
export const MIN_ROUND_TRIPS = 3;
export const NO_ANSWERS_OFFLINE = 3;

export interface LinkFacts {
  onLine: boolean;
  /** NetworkInformation.effectiveType, where the browser has it. */
  effectiveType?: string;
  /** NetworkInformation.saveData: the user asked for less data. */
  saveData?: boolean;
  /** Recent API round trips in ms, oldest first. */
  roundTripsMs: readonly number[];
  /** API calls in a row that got no answer at all. */
  noAnswers: number;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function classifyNetwork(facts: LinkFacts): NetworkStatus {
  if (!facts.onLine || facts.noAnswers >= NO_ANSWERS_OFFLINE) return 'offline';
  if (facts.saveData || (facts.effectiveType !== undefined && SLOW_EFFECTIVE_TYPES.has(facts.effectiveType))) {
    return 'slow';
  }
  const typical = facts.roundTripsMs.length >= MIN_ROUND_TRIPS ? median(facts.roundTripsMs) : null;
  return typical !== null && typical > SLOW_ROUND_TRIP_MS ? 'slow' : 'online';
}

/** The parts of NetworkInformation we read (not in TypeScript's DOM or worker libraries). */
interface ConnectionLike {
  effectiveType?: string;
  saveData?: boolean;
  addEventListener?: (type: 'change', listener: () => void) => void;
  removeEventListener?: (type: 'change', listener: () => void) => void;
}

function connection(): ConnectionLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as typeof navigator & { connection?: ConnectionLike }).connection;
}

/** `navigator.onLine`, read so that it can never break a request (a stand-in navigator may refuse it). */
function browserOnLine(): boolean {
  try {
    return typeof navigator === 'undefined' || navigator.onLine !== false;
  } catch {
    return true;
  }
}

const roundTrips: number[] = [];
let noAnswers = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The status now. */
export function networkStatus(): NetworkStatus {
  const info = connection();
  return classifyNetwork({
    onLine: browserOnLine(),
    effectiveType: info?.effectiveType,
    saveData: info?.saveData,
    roundTripsMs: roundTrips,
    noAnswers,
  });
}

/** One API call answered by the network after `ms` (or a device copy shown after waiting `ms`). */
export function recordRoundTrip(ms: number): void {
  roundTrips.push(ms);
  if (roundTrips.length > ROUND_TRIPS_KEPT) roundTrips.splice(0, roundTrips.length - ROUND_TRIPS_KEPT);
  noAnswers = 0;
  notify();
}

/** One API call that got no answer from the network at all. */
export function recordNoAnswer(): void {
  noAnswers += 1;
  notify();
}

/** Forgets the measurements (tests; a fresh start). */
export function resetNetworkMeasurements(): void {
  roundTrips.length = 0;
  noAnswers = 0;
  notify();
}

function onConnectionBack(): void {
  // The browser says the connection is back: old failures say nothing about the new link.
  noAnswers = 0;
  notify();
}

export function subscribeNetworkStatus(listener: () => void): () => void {
  if (listeners.size === 0) {
    addEventListener('online', onConnectionBack);
    addEventListener('offline', notify);
    connection()?.addEventListener?.('change', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    removeEventListener('online', onConnectionBack);
    removeEventListener('offline', notify);
    connection()?.removeEventListener?.('change', notify);
  };
}

/** `online`, `slow` or `offline`, kept current. */
export function useNetworkStatus(): NetworkStatus {
  return useSyncExternalStore(subscribeNetworkStatus, networkStatus, () => 'online');
}
