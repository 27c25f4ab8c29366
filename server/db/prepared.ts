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
