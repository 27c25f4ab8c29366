/**
 * The headers by which the service worker's offline data layer (sw/api-cache.ts) and the page's
 * base query (src/lib/api/base-query.ts) talk about an answer. Kept apart from the IndexedDB code so
 * the base query does not depend on it.
 */

/** ISO time the answer was stored; present only on answers made from the device copy. */
export const STORED_AT_HEADER = 'X-LC-Stored-At';
/** "1" on every answer the service worker made itself (a stored copy, or its "no network" 503). */
export const FROM_DEVICE_HEADER = 'X-LC-From-Device';
/** Why the network was not used: `offline` (no connection), `timeout` or `error`. */
export const FALLBACK_HEADER = 'X-LC-Fallback';
export type FallbackReason = 'offline' | 'timeout' | 'error';
/** Sent by the page while its link is slow, so the worker waits longer for the network. */
export const LINK_HEADER = 'X-LC-Link';
