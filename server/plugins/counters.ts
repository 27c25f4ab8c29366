/**
 * Fixed-window counters behind the auth rate limits of docs/api.md §2 (failed logins, code sends,
 * code checks). In memory for one process; in Redis when REDIS_URL is set, so several instances
 * share one count and a restart does not reset an attacker's budget.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../clock';

export interface CounterState {
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface CounterStore {
  /** Counts one event; the window starts at the first event of a key. */
  hit(key: string, windowSeconds: number): Promise<CounterState>;
  /** The current state without counting, or null when the key has no live window. */
  peek(key: string): Promise<CounterState | null>;
  /** Forgets every key (tests). */
  clear(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: Clock) {}

  async hit(key: string, windowSeconds: number): Promise<CounterState> {
    const now = this.clock.now().getTime();
    this.pruneIfLarge(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async peek(key: string): Promise<CounterState | null> {
    const now = this.clock.now().getTime();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return null;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async clear(): Promise<void> {
    this.windows.clear();
  }

  /** Keeps memory bounded under a flood of distinct keys. */
  private pruneIfLarge(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Count and window end live in one hash, updated by one script, so concurrent instances never lose
 * a hit. The window is judged by the app's clock (like the memory store); the key's TTL only
 * cleans up.
 */
const HIT_SCRIPT = `
local v = redis.call('HMGET', KEYS[1], 'count', 'resetAt')
local now = tonumber(ARGV[1])
local count = tonumber(v[1])
local resetAt = tonumber(v[2])
if (not count) or (not resetAt) or resetAt <= now then
  count = 0
  resetAt = now + tonumber(ARGV[2])
end
count = count + 1
redis.call('HSET', KEYS[1], 'count', count, 'resetAt', resetAt)
redis.call('PEXPIRE', KEYS[1], resetAt - now + 1000)
return {count, resetAt - now}
`;

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowSeconds: number): Promise<CounterState> {
    const now = this.clock.now().getTime();
    const result = await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, now, windowSeconds * 1000);
    const [count, resetInMs] = Array.isArray(result) ? result.map(Number) : [];
    return { count: count ?? 1, resetInMs: resetInMs ?? windowSeconds * 1000 };
  }

  async peek(key: string): Promise<CounterState | null> {
    const [count, resetAt] = await this.redis.hmget(this.prefix + key, 'count', 'resetAt');
    const now = this.clock.now().getTime();
    if (count === null || resetAt === null || Number(resetAt) <= now) return null;
    return { count: Number(count), resetInMs: Number(resetAt) - now };
  }

  async clear(): Promise<void> {
    const keys = await this.redis.keys(`${this.prefix}*`);
    if (keys.length > 0) await this.redis.del(...keys);
  }
}
