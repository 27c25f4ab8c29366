/**
 * The server's notion of "now". Injected everywhere time decides an outcome (token and code expiry,
 * rate-limit windows) so tests can move time forward instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
