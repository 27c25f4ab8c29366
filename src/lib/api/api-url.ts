/**
 * Where the core API lives (docs/api.md §1: `/v1` on the same origin). Absolute, because `Request`
 * needs a base URL outside a document (tests, workers) and the origin is all the browser would add.
 */
export const API_PREFIX = '/v1';

export function apiUrl(path: string): string {
  return `${window.location.origin}${API_PREFIX}${path}`;
}
