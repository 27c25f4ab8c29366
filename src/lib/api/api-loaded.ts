/**
 * Where the store learns that the RTK Query API has arrived. The API (api.ts, with base-query.ts
 * and every feature's endpoints) is not part of the first load: a visitor's home page and login
 * screen draw without it, so it comes with the first screen chunk that imports it. When api.ts is
 * evaluated it announces itself here, synchronously, before any component of that chunk can
 * render; src/app/store.ts then adds its reducer and middleware to every store (and a store made
 * after that gets them at once). Only the type of the API is imported, so this module stays tiny.
 */
import type { api as Api } from './api';

export type AppApi = typeof Api;

let loaded: AppApi | null = null;
const waiting = new Set<(api: AppApi) => void>();

/** Called once by api.ts. */
export function apiLoaded(api: AppApi): void {
  loaded = api;
  for (const attach of [...waiting]) attach(api);
  waiting.clear();
}

/** The API if some screen has loaded it; null while nothing has (then nothing is cached either). */
export function loadedApi(): AppApi | null {
  return loaded;
}

/** Run `attach` with the API: now if it is here, else when it arrives. Returns a cancel function. */
export function whenApiLoaded(attach: (api: AppApi) => void): () => void {
  if (loaded) {
    attach(loaded);
    return () => undefined;
  }
  waiting.add(attach);
  return () => waiting.delete(attach);
}
