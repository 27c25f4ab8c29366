/**
 * The headers by which the service worker's offline data layer (sw/api-cache.ts) and the page's
 * base query (src/lib/api/base-query.ts) talk about an answer. Kept apart from the IndexedDB code so
 * the base query does not depend on it.
 */

/** ISO time the answer was stored; present only on answers made from the device copy. */
export const STORED_AT_HEADER = 'X-LC-Stored-At';
/** "1" on every answer the service worker made itself (a stored copy, or its "no network" 503). */
export const FROM_DEVICE_HEADER = 'X-LC-From-Device';
/**
 * Why the network was not used: `offline` (no connection), `timeout`, `error`; or, without trying
 * the network at all, `chosen` (the user turned on "Use Offline Mode") or `saved` (a document the
 * user saved for offline, whose bytes never change).
 */
export const FALLBACK_HEADER = 'X-LC-Fallback';
export type FallbackReason = 'offline' | 'timeout' | 'error' | 'chosen' | 'saved';
/** Answers made from the device on purpose: they say nothing about the link. */
export const ON_PURPOSE: ReadonlySet<string> = new Set<FallbackReason>(['chosen', 'saved']);
/** Sent by the page while "Use Offline Mode" is on (`offline`): answer from the device copy first. */
export const MODE_HEADER = 'X-LC-Mode';
/** Sent by the page while its link is slow, so the worker waits longer for the network. */
export const LINK_HEADER = 'X-LC-Link';
