/**
 * What a job handler throws to steer the runner. Any other error is a transient failure: the job
 * runs again after an exponential backoff until it runs out of attempts. These two say more: the
 * other side named a time to come back (HTTP 429/503 with Retry-After), or trying again cannot help.
 */

/** Try again no sooner than `retryAfterMs` from now (the other side's Retry-After, not our backoff). */
export class RetryAfterError extends Error {
  override name = 'RetryAfterError';

  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** Give up now: the job is kept, dead, with this message (a malformed payload, a refused request). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * An HTTP Retry-After value (delay in seconds, or an HTTP date) as milliseconds from `now`; null when
 * absent or unreadable, so the caller falls back to its backoff.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: Date): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
