/**
 * Hot reads are built once: drizzle composes a query's SQL on every call (a measurable share of a
 * request on PostgreSQL), while a prepared query (`.prepare(name)` with `sql.placeholder`) keeps
 * the SQL and its row mapping, and on PostgreSQL lets each connection keep the parsed statement.
 * Built on first use, so a repository made over a transaction (the demo seed) prepares on it only
 * if it asks; repositories pass any other executor (a transaction) to the unprepared query.
 */
import { Column, SQL, Table, fillPlaceholders, getTableColumns, is } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';
export function lazy<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/**
 * `lazy` per key: one prepared query per variant a caller can ask for (an order, an optional filter).
 * With `limit`, at most `max` keys are built and kept; any other key gets `beyond(key)`, not kept
 * (a caller whose variants combine freely, such as the directory's filters, bounds the named
 * statements each PostgreSQL connection holds).
 */
export function lazyByKey<K extends string, T>(
  build: (key: K) => T,
  limit?: { max: number; beyond: (key: K) => T },
): (key: K) => T {
  const built = new Map<K, T>();
  return (key) => {
    let query = built.get(key);
    if (query === undefined) {
      if (limit && built.size >= limit.max) return limit.beyond(key);
      query = build(key);
      built.set(key, query);
    }
    return query;
  };
}

/** How one selected value leaves a row: where it goes in the result and how the column decodes it. */
interface Slot {
  path: readonly string[];
  decode: (value: unknown) => unknown;
}

/** A selection in drizzle's order (object keys in order, a table's columns in its own order). */
function slotsOf(selection: Record<string, unknown>, path: readonly string[] = []): Slot[] {
  const slots: Slot[] = [];
  for (const [key, field] of Object.entries(selection)) {
    const at = [...path, key];
    if (is(field, Column)) {
      slots.push({ path: at, decode: (value) => field.mapFromDriverValue(value) });
    } else if (is(field, SQL)) {
      // What `.mapWith` set (drizzle keeps it on the SQL; its typings leave it out).
      const { decoder } = field as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } };
      slots.push({ path: at, decode: (value) => decoder.mapFromDriverValue(value) });
    } else if (is(field, Table)) {
      slots.push(...slotsOf(getTableColumns(field), at));
    } else if (typeof field === 'object' && field !== null && !is(field, SQL.Aliased)) {
      slots.push(...slotsOf(field as Record<string, unknown>, at));
    } else {
      throw new Error(`rowReader: unsupported field ${at.join('.')}`);
    }
  }
  return slots;
}

/** drizzle's parsers for node-postgres: date and time types as text (their columns map them), the rest pg's own. */
const DRIZZLE_TEXT_TYPES: ReadonlySet<number> = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const drizzleTypes = {
  getTypeParser: (oid: number, format?: string) =>
    DRIZZLE_TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text'),
};

export type RowReader<R> = (values: Record<string, unknown>) => Promise<R[]>;

/**
 * A hot read on PostgreSQL without drizzle's generic row mapping (which tests every cell's field kind
 * on every row: 11–12 % of a list request's thread in the profiles of docs/benchmarks.md, "Compiled responses").
 * The same SQL drizzle builds for `query`, run as the named statement `name` (null: unnamed, so
 * PostgreSQL parses and plans it for each call's values, see below) with rows as arrays and
 * drizzle's own type parsers; each value is decoded by its column as drizzle would (`selection` must
 * be the object given to `select`). Null on PGlite, whose driver keeps drizzle's prepared query.
 */
export function rowReader<R>(
  db: Database,
  name: string | null,
  query: { toSQL(): { sql: string; params: unknown[] }; execute?(): Promise<R[]> },
  selection: Record<string, unknown>,
): RowReader<R> | null {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  const pool = client;
  const { sql: text, params } = query.toSQL();
  const slots = slotsOf(selection);
  const config = { ...(name === null ? {} : { name }), text, rowMode: 'array' as const, types: drizzleTypes };
  const mapRow = (values: unknown[]): R => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < slots.length; i++) {
      const { path, decode } = slots[i] as Slot;
      const raw = values[i];
      const value = raw === null || raw === undefined ? null : decode(raw);
      let node = row;
      for (let depth = 0; depth < path.length - 1; depth++) {
        const key = path[depth] as string;
        node = (node[key] ??= {}) as Record<string, unknown>;
      }
      node[path[path.length - 1] as string] = value;
    }
    return row as R;
  };
  return async (values) => {
    const result = await pool.query<unknown[]>(config, fillPlaceholders(params, values));
    return result.rows.map(mapRow);
  };
}

/**
 * A hot read built once (inside `lazy`/`lazyByKey`): through `rowReader` on PostgreSQL, drizzle's
 * prepared query `name` elsewhere (PGlite).
 */
export function preparedRead<R>(
  db: Database,
  name: string,
  query: {
    toSQL(): { sql: string; params: unknown[] };
    execute(): Promise<R[]>;
    prepare(name: string): { execute(values: Record<string, unknown>): Promise<R[]> };
  },
  selection: Record<string, unknown>,
): RowReader<R> {
  const read = rowReader<R>(db, name, query, selection);
  if (read) return read;
  const prepared = query.prepare(name);
  return (values) => prepared.execute(values);
}
