/**
 * Which query results on screen came from the device copy, and when that copy was stored.
 *
 * RTK Query keeps a base query's `meta` only in the request's own promise, not in the cache a screen
 * reads, so the base query records it here instead: per signed-in user and query cache key (the
 * endpoint's name and arguments, as RTK Query serializes them), the `X-LC-Stored-At` of the last
 * answer — set by a device answer, cleared by a network answer, left alone by a failure (the data on
 * screen is then still the last answer's). A screen asks with the endpoint and the same arguments it
 * gave its query hook: `useStoredAt(casesApi.endpoints.myCases, address)`.
 */
import { defaultSerializeQueryArgs } from '@reduxjs/toolkit/query';
import { useCallback, useSyncExternalStore } from 'react';
import { selectUser } from '../session/session-slice';
import { useSessionSelector } from '../store-hooks';

const storedAtByKey = new Map<string, string>();
const listeners = new Set<() => void>();

const entryKey = (userId: string, queryCacheKey: string) => `${userId} ${queryCacheKey}`;

/**
 * RTK Query's default serializer reads only the name and the arguments; its signature still asks
 * for a definition, which a screen does not have (endpoints expose hooks, not definitions).
 */
const ANY_QUERY = {} as Parameters<typeof defaultSerializeQueryArgs>[0]['endpointDefinition'];

/** The cache key RTK Query gives `endpointName(args)` (endpoints without their own serializer). */
export function queryKeyOf(endpointName: string, args: unknown): string {
  return defaultSerializeQueryArgs({ endpointName, queryArgs: args, endpointDefinition: ANY_QUERY });
}

/** `storedAt` null: the answer came from the network. */
export function recordStoredAt(userId: string, queryCacheKey: string, storedAt: string | null): void {
  const key = entryKey(userId, queryCacheKey);
  if ((storedAtByKey.get(key) ?? null) === storedAt) return;
  if (storedAt) storedAtByKey.set(key, storedAt);
  else storedAtByKey.delete(key);
  for (const listener of listeners) listener();
}

export function storedAtOf(userId: string, queryCacheKey: string): string | null {
  return storedAtByKey.get(entryKey(userId, queryCacheKey)) ?? null;
}

/** Forgets everything (tests). */
export function clearStoredAt(): void {
  storedAtByKey.clear();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the data a query shows was stored on the device (ISO), or null when it came from the network. */
export function useStoredAt(endpoint: { name: string }, args: unknown): string | null {
  const userId = useSessionSelector(selectUser)?.id ?? null;
  const key = queryKeyOf(endpoint.name, args);
  const read = useCallback(() => (userId ? storedAtOf(userId, key) : null), [userId, key]);
  return useSyncExternalStore(subscribe, read, () => null);
}
