/**
 * Which navigations the service worker answers with the app shell. Kept free of Workbox imports so
 * the rule can be unit-tested and reused by later SW modules (the data layer must agree on it).
 */

/**
 * Paths that belong to the server, not to the client router. A navigation there must reach the
 * network even when a cached shell exists, or the user would see the SPA's 404 instead of
 * the server's answer:
 * - /v1 and /ai/v1 are the JSON APIs (someone opening /v1/docs expects the OpenAPI page);
 * - /pay is where the payment provider redirects the browser back to the server during checkout.
 * Anchored and segment-bounded so /payment/success (a client route) still gets the shell.
 */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [/^\/v1(?:\/|$)/, /^\/ai\/v1(?:\/|$)/, /^\/pay(?:\/|$)/];

/** Mirrors Workbox's NavigationRoute check, which tests `pathname + search` against each pattern. */
export function servesAppShell(url: URL): boolean {
  const target = url.pathname + url.search;
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(target));
}
