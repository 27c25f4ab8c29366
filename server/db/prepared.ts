/**
 * Hot reads are built once: drizzle composes a query's SQL on every call (a measurable share of a
 * request on PostgreSQL), while a prepared query (`.prepare(name)` with `sql.placeholder`) keeps
 * the SQL and its row mapping, and on PostgreSQL lets each connection keep the parsed statement.
 * Built on first use, so a repository made over a transaction (the demo seed) prepares on it only
 * if it asks; repositories pass any other executor (a transaction) to the unprepared query.
 */
export function lazy<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/** `lazy` per key: one prepared query per variant a caller can ask for (an order, an optional filter). */
export function lazyByKey<K extends string, T>(build: (key: K) => T): (key: K) => T {
  const built = new Map<K, T>();
  return (key) => {
    let query = built.get(key);
    if (query === undefined) {
      query = build(key);
      built.set(key, query);
    }
    return query;
  };
}
