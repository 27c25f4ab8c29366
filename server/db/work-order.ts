/**
 * Which statement the embedded database runs next when several wait
 * (docs/decisions/0026-oldest-work-first.md): the one serving the oldest work. "Work" is an HTTP
 * request, whose arrival the app records in `workStart` (server/app.ts); a statement asked outside
 * a request stands for itself, from the time it is asked. PGlite's thread orders its queue by it
 * (server/db/pglite-worker.mjs).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** When the work now running began (performance.now() of this thread). */
export const workStart = new AsyncLocalStorage<number>();

/** The order of a statement asked now: its work's start, or now. */
export function workOrder(): number {
  return workStart.getStore() ?? performance.now();
}
