/**
 * The embedded database on a worker thread (docs/decisions/0018-pglite-worker-thread.md). PGlite is
 * PostgreSQL compiled to WebAssembly; run in this thread, its work (parsing, planning, executing,
 * reading the wire format) shares one core with HTTP and JSON. ThreadedPGlite keeps one PGlite in a
 * worker (server/db/pglite-worker.mjs) and offers the part of PGlite's interface drizzle's pglite
 * driver calls — query, exec, transaction — so `drizzle-orm/pglite` runs on it unchanged.
 *
 * Order and transactions: outside a transaction the worker runs one statement at a time, the one
 * serving the oldest work first (server/db/work-order.ts, decision 0026), so a request's later
 * statements do not queue behind everything asked since it began. A transaction holds PGlite's
 * transaction lock from its BEGIN until its end, so everything else waits outside it, as on an
 * in-thread PGlite; its statements carry its id and go straight on.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { workOrder } from './work-order';

/** Where the worker's database lives: a data dir on disk, a dump loaded into memory, or memory. */
export type ThreadedPGliteSource = { dataDir: string } | { dump: Uint8Array } | Record<string, never>;

export interface ThreadedPGliteOptions {
  /**
   * Each distinct SQL text parsed and planned once as a named statement, then only bound and
   * executed (default true; docs/decisions/0019-pglite-named-statements.md).
   */
  prepared?: boolean;
  /** How many named statements the thread keeps; past it the least recently used is closed (500). */
  statementLimit?: number;
}

interface WorkerError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: WorkerError;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; rawTypes?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression: 'gzip' | 'none' }
  | { op: 'close' };

/**
 * drizzle passes parser functions per type oid; functions cannot cross threads. Its parsers all read
 * the value as the text PostgreSQL sent (dates, timestamps, intervals, their arrays), so the worker
 * is told which oids to leave raw; the rest it parses as PGlite does by default.
 */
const rawTypesOf = new WeakMap<object, number[]>();
function rawTypes(options: QueryOptions | undefined): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  let oids = rawTypesOf.get(parsers);
  if (!oids) {
    oids = Object.keys(parsers).map(Number);
    rawTypesOf.set(parsers, oids);
  }
  return oids;
}

/** A database error rebuilt in this thread, with the driver's fields (code, constraint…) kept. */
function rebuild(error: WorkerError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  rebuilt.name = error.name;
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}

export class ThreadedPGlite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  #failure: Error | null = null;
  readonly #onFailure: ((error: Error) => void) | undefined;

  private constructor(worker: Worker, onFailure: ((error: Error) => void) | undefined) {
    this.#worker = worker;
    this.#onFailure = onFailure;
  }

  /**
   * Starts the worker and waits until its PGlite is open. `onFailure` hears of a thread that died
   * while open (every request after it is refused with that error).
   */
  static async create(
    source: ThreadedPGliteSource = {},
    onFailure?: (error: Error) => void,
    options: ThreadedPGliteOptions = {},
  ): Promise<ThreadedPGlite> {
    const worker = new Worker(findWorkerFile(), {
      workerData: { ...source, prepared: options.prepared !== false, statementLimit: options.statementLimit },
      name: 'pglite',
    });
    const db = new ThreadedPGlite(worker, onFailure);
    // Request 0 is the worker's "ready" (its PGlite opened).
    const ready = new Promise<unknown>((resolve, reject) => db.#pending.set(0, { resolve, reject }));
    worker.on('message', (reply: Reply) => db.#settle(reply));
    worker.on('error', (error) => db.#fail(error));
    worker.on('exit', (code) => db.#fail(new Error(`the database thread exited (code ${code})`)));
    db.#hold();
    try {
      await ready;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return db;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#request({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /**
   * BEGIN … the callback's statements … COMMIT, or ROLLBACK when the callback throws (its error is
   * what the caller sees). A COMMIT that finds the transaction aborted rejects, as in PGlite.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextId;
    await this.#request({ op: 'begin' });
    let closed = false;
    const check = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.#query<R>(sql, params ?? [], options, id);
      },
      sql: () => Promise.reject(new Error('tx.sql is not offered on the database thread; use tx.query')),
      exec: (sql: string) => {
        check();
        return this.#request({ op: 'exec', sql, tx: id }) as Promise<Results[]>;
      },
      rollback: async () => {
        check();
        closed = true;
        await this.#request({ op: 'end', tx: id, commit: false });
      },
      listen: () => Promise.reject(new Error('LISTEN is not offered on the database thread')),
      get closed() {
        return closed;
      },
    };
    let value: T;
    try {
      value = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#request({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#request({ op: 'end', tx: id, commit: true });
    }
    return value;
  }

  /** The data dir as a tarball (tests move a database across a "restart" with it). */
  async dumpDataDir(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    const bytes = (await this.#request({ op: 'dump', compression })) as Uint8Array<ArrayBuffer>;
    return new Blob([bytes]);
  }

  /** Closes PGlite (its files written), then ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      if (!this.#failure) await this.#request({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  #query<T>(sql: string, params: unknown[], options: QueryOptions | undefined, tx: number | undefined) {
    const rawOids = rawTypes(options);
    return this.#request({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode ?? 'object',
      ...(rawOids ? { rawTypes: rawOids } : {}),
      ...(tx ? { tx } : {}),
    }) as Promise<Results<T>>;
  }

  #request(request: Request): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#hold();
      this.#worker.postMessage({ ...request, id, order: workOrder() });
    });
  }

  #settle(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    this.#release();
    if (reply.error) pending.reject(rebuild(reply.error));
    else pending.resolve(reply.result);
  }

  #fail(error: Error): void {
    if (this.#closed) return;
    if (!this.#failure) this.#onFailure?.(error);
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(this.#failure);
    this.#pending.clear();
    this.#release();
  }

  /**
   * The thread keeps the process alive only while an answer is awaited: an idle database does not
   * hold a process open (an in-thread PGlite does not either), a query in flight does.
   */
  #hold(): void {
    this.#worker.ref();
  }

  #release(): void {
    if (this.#pending.size === 0) this.#worker.unref();
  }
}

/** Beside this file under tsx and Vitest (server/db), beside the bundle once built (dist/server). */
function findWorkerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'pglite-worker.mjs'), path.join(here, 'db', 'pglite-worker.mjs')];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`pglite-worker.mjs not found (looked in ${candidates.join(', ')})`);
  return found;
}
