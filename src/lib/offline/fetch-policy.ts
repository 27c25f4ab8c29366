/**
 * How much to fetch for the link we have (issue 7: "on a slow link the app fetches less — smaller
 * pages, no prefetch, images deferred"). On 2G or a slow 3G in Bangladesh every kilobyte is a
 * wait, and a list of 10 lawyers with their photos can take longer than the user's patience.
 *
 * - Page size: halved on a slow link (never below SLOW_MIN_PAGE_SIZE, never above the normal size).
 *   Offline, the normal size: the copy on the device was most likely stored online, and a copy is
 *   found by its exact URL, size included. A list keeps the size it started with
 *   (`useListPageSize`), so page 2 never shifts under the user when the link changes.
 * - Prefetch: none on a slow link (nothing speculative competes with what the user asked for).
 * - Images: deferred on a slow link (`DeferredImage`: a photo loads when tapped); otherwise lazy and
 *   decoded off the main thread.
 */
import { useState } from 'react';
import { networkStatus, useNetworkStatus, type NetworkStatus } from './network-status';

export const SLOW_MIN_PAGE_SIZE = 5;

export interface FetchPolicy {
  /** Speculative fetches (next page, the screen behind a link) are worth making. */
  prefetch: boolean;
  /** Images wait for the user (a tap) instead of loading with the page. */
  deferImages: boolean;
}

export function fetchPolicy(status: NetworkStatus): FetchPolicy {
  const slow = status === 'slow';
  return { prefetch: !slow, deferImages: slow };
}

/** The page size to ask for instead of `normal` on this link. */
export function pageSizeFor(status: NetworkStatus, normal: number): number {
  if (status !== 'slow') return normal;
  return Math.min(normal, Math.max(SLOW_MIN_PAGE_SIZE, Math.ceil(normal / 2)));
}

/** The page size for a list, chosen once when the list appears (see the module comment). */
export function useListPageSize(normal: number): number {
  const [size] = useState(() => pageSizeFor(networkStatus(), normal));
  return size;
}

/** The policy for the link now, kept current. */
export function useFetchPolicy(): FetchPolicy {
  return fetchPolicy(useNetworkStatus());
}
