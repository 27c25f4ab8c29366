/**
 * Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane), behind a gate that
 * bounds how many hashes run at once. Each one takes a core for tens of milliseconds; without the
 * gate a login flood fills libuv's four threads on a 2-core machine and starves the event loop and
 * the embedded database, so every other request waits seconds. With it, at most one core less than
 * the machine has hashes (one at least), a bounded number of callers wait their turn, and past that
 * a caller is refused at once with 429 and a Retry-After (ServerMessages.passwordCheckBusy).
 * The hashes themselves run on low-priority threads (hasher.ts), so what the machine has to spare
 * goes to sign-ins and the rest of the app keeps its share of the cores.
 */
import { availableParallelism } from 'node:os';
import { ServerMessages } from '../../../contract/errors';
import { tooManyRequests } from '../../http/app-error';
import { HashPool } from './hasher';

/** `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A counting semaphore with a bounded queue; refuses with 429 + Retry-After when the queue is full. */
export class HashGate {
  private runningNow = 0;
  private readonly queue: (() => void)[] = [];
  /** Moving average of one hash's duration, for Retry-After. */
  private averageMs = 100;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get running(): number {
    return this.runningNow;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Throws the 429 AppError when a new caller would be refused. Callers check it before anything
   * else they do (a database lookup), so a flood is turned away for the price of parsing it.
   */
  refuseWhenFull(): void {
    if (this.runningNow >= this.concurrency && this.queue.length >= this.maxWaiting) {
      const backlog = this.runningNow + this.queue.length;
      throw tooManyRequests((backlog * this.averageMs) / this.concurrency / 1000, ServerMessages.passwordCheckBusy);
    }
  }

  /** Runs `work` when a slot is free; throws the 429 AppError at once when `maxWaiting` already wait. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.refuseWhenFull();
    if (this.runningNow >= this.concurrency) {
      // The slot is handed over by release(), so runningNow already counts this caller.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.runningNow += 1;
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      this.release();
    }
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.runningNow -= 1;
  }
}

/** At most one core less than the machine has, one at least; 32 callers may wait per slot. */
const CONCURRENCY = Math.max(1, availableParallelism() - 1);
export const passwordGate = new HashGate(CONCURRENCY, 32 * CONCURRENCY);
/** The hashing threads, at the lowest CPU priority (hasher.ts). */
const pool = new HashPool(CONCURRENCY);
const hash = (password: string, options: typeof OPTIONS) => pool.hash(password, options);
const verify = (passwordHash: string, password: string) => pool.verify(passwordHash, password);

/** Throws the 429 AppError (not a wrong-password answer) when the gate is full. */
export function hashPassword(password: string): Promise<string> {
  return passwordGate.run(() => hash(password, OPTIONS));
}

/**
 * False for a wrong password or an unreadable hash; throws the 429 AppError when the gate is full.
 * A hashing thread that cannot run is an error (a 500), never a wrong password that would count
 * towards a lockout.
 */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordGate.run(() => verify(passwordHash, password));
}

let dummyHash: Promise<string> | null = null;

/**
 * Spend the same time as a real check when the account does not exist, so response timing does
 * not tell an attacker which emails are registered. (The dummy hash is made once, outside the gate,
 * so a refusal cannot leave a failed promise behind.)
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('dummy-password-for-timing-Aa1!', OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}
