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

/**
 * Whether a write was refused because the lawyer's time is already held (the `lawyer_time_guard`
 * trigger of migration 0017 raises exclusion_violation, 23P01; decision 0015).
 */
export function lawyerTimeTaken(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as DriverError;
    if (candidate.code === '23P01') return true;
    current = candidate.cause;
  }
  return false;
}
