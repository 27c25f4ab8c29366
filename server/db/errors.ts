/**
 * Recognising database errors the services turn into contract answers (a taken bar number → 409).
 * Both drivers report SQLSTATE and constraint name; drizzle may wrap the driver's error in `cause`.
 */

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The name of the unique index or constraint a write violated, or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as DriverError;
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}
