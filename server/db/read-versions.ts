/**
 * Lists answered from memory while the database says they have not changed (decision 0022). A user's
 * case list and notification list are read far more often than they change (every screen, every
 * refetch on focus, every tab), and each read joined and counted rows. Migration 0022 keeps a
 * version per user and list that triggers bump in the transaction of any write that changes what
 * the list shows; a read asks that one indexed row and answers from memory when it matches the
 * version the page was computed at. Because the version lives in the database, a write on any
 * instance is seen by every instance at its next read: no bus, no expiry, no window of staleness.
 */
import { and, eq, sql } from 'drizzle-orm';
import { Lru } from '../lru';
import type { Database } from './client';
import { lazyByKey } from './prepared';
import { readVersions, type ReadVersionList } from './schema';

export class ReadVersions {
  constructor(private readonly db: Database) {}

  /** The list's current version for the user; 0 while nothing has ever bumped it (the sequence starts at 1). */
  async of(userId: string, list: ReadVersionList): Promise<number> {
    const [row] = await this.query(list).execute({ userId });
    return row?.version ?? 0;
  }

  private readonly query = lazyByKey((list: ReadVersionList) =>
    this.db
      .select({ version: readVersions.version })
      .from(readVersions)
      .where(and(eq(readVersions.userId, sql.placeholder('userId')), eq(readVersions.list, list)))
      .prepare(`read_version_${list}`),
  );
}

interface Entry<T> {
  version: number;
  value: T;
}

/**
 * Pages of one list per (user, request key), least recently used dropped first. A page is stored
 * with the version read *before* it was computed: a write committed in between makes the stored
 * version already old, so the next read recomputes (never the reverse: a page older than its
 * version). Versions are unique values (migration 0022), so a page is current exactly when its
 * version equals the one the database holds now.
 */
export class VersionedListCache<T> {
  private readonly entries: Lru<string, Entry<T>>;

  constructor(
    private readonly versions: ReadVersions,
    private readonly list: ReadVersionList,
    /** 0 turns the cache off (every read computes). */
    private readonly maxEntries = 1000,
  ) {
    this.entries = new Lru(maxEntries);
  }

  async read(userId: string, key: string, compute: () => Promise<T>): Promise<T> {
    if (this.maxEntries <= 0) return compute();
    const version = await this.versions.of(userId, this.list);
    const id = `${userId}|${key}`;
    const entry = this.entries.get(id);
    if (entry !== undefined && entry.version === version) return entry.value;
    const value = await compute();
    this.entries.set(id, { version, value });
    return value;
  }
}
