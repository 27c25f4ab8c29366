/**
 * Recent directory answers, per instance. Searches are read-heavy and repeat (the same filters,
 * shared links, paging back), while PGlite spends several milliseconds counting thousands of
 * matches. Every write that changes what a search shows (a profile, a decision, a charge, a review,
 * a name or picture) calls invalidate() after it commits, which retires all entries at once. An
 * entry also expires after `ttlMs`, which bounds how stale another instance's write can look when
 * several instances share PostgreSQL; with the embedded database there is only one process, so
 * invalidation alone keeps it exact.
 */

import { Lru } from '../../lru';

interface Entry<T> {
  version: number;
  expiresAt: number;
  value: T;
}

export interface DirectoryCacheOptions {
  /** 0 turns the cache off. */
  maxEntries: number;
  ttlMs: number;
}

export const DEFAULT_DIRECTORY_CACHE: DirectoryCacheOptions = { maxEntries: 500, ttlMs: 15_000 };

export class DirectoryCache<T = unknown> {
  private generation = 0;
  private readonly entries: Lru<string, Entry<T>>;

  constructor(private readonly options: DirectoryCacheOptions = DEFAULT_DIRECTORY_CACHE) {
    this.entries = new Lru(options.maxEntries);
  }

  /** The generation a computation starts from; pass it to set() so a result older than a write is dropped. */
  get version(): number {
    return this.generation;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.generation || entry.expiresAt <= performance.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, version: number): void {
    if (this.options.maxEntries <= 0 || version !== this.generation) return;
    this.entries.set(key, { version, expiresAt: performance.now() + this.options.ttlMs, value });
  }

  /** After a write that changes search results has committed. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
