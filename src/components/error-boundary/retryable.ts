/**
 * How "Try Again" can really try again. Some failures are remembered by the code that threw them —
 * React.lazy keeps a failed chunk import for the life of the page — so rendering the screen again
 * would only throw the same error. Such code registers here how to start afresh
 * (app/router/lazy-named.ts), and the error screens run it before they render the screen again.
 */
const preparers = new WeakMap<object, () => void>();

/** Registers what to undo before the screen that threw `error` is rendered again. */
export function whenRetried(error: unknown, prepare: () => void): void {
  if (typeof error === 'object' && error !== null) preparers.set(error, prepare);
}

/** Runs what was registered for `error`, once; nothing when nothing was. */
export function prepareRetry(error: unknown): void {
  if (typeof error !== 'object' || error === null) return;
  const prepare = preparers.get(error);
  preparers.delete(error);
  prepare?.();
}
