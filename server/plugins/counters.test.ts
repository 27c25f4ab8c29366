/** The rate-limit counters: fixed windows in memory, and the same behaviour in Redis when REDIS_URL is set. */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './counters';

class ManualClock {
  ms = Date.now();
  now = () => new Date(this.ms);
}

describe('MemoryCounterStore', () => {
  it('counts within a window and starts over after it', async () => {
    const clock = new ManualClock();
    const store = new MemoryCounterStore(clock);
    expect(await store.peek('k')).toBeNull();
    expect((await store.hit('k', 60)).count).toBe(1);
    clock.ms += 30_000;
    const second = await store.hit('k', 60);
    expect(second).toEqual({ count: 2, resetInMs: 30_000 });
    expect(await store.peek('k')).toEqual({ count: 2, resetInMs: 30_000 });
    clock.ms += 30_000;
    expect(await store.peek('k')).toBeNull();
    expect((await store.hit('k', 60)).count).toBe(1);
    expect((await store.hit('other', 60)).count).toBe(1);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('RedisCounterStore (REDIS_URL)', () => {
  const redis = redisUrl ? new Redis(redisUrl) : null;
  afterAll(async () => {
    await redis?.quit();
  });

  it('counts within a window shared by every instance', async () => {
    if (!redis) return;
    const prefix = `lc:test:${Date.now()}:`;
    const clock = new ManualClock();
    const a: CounterStore = new RedisCounterStore(redis, prefix, clock);
    const b: CounterStore = new RedisCounterStore(redis, prefix, clock);
    expect(await a.peek('k')).toBeNull();
    expect((await a.hit('k', 60)).count).toBe(1);
    const second = await b.hit('k', 60);
    expect(second).toEqual({ count: 2, resetInMs: 60_000 });
    expect((await b.peek('k'))?.count).toBe(2);
    clock.ms += 61_000;
    expect(await b.peek('k')).toBeNull();
    expect((await a.hit('k', 60)).count).toBe(1);
    await a.clear();
    expect(await b.peek('k')).toBeNull();
  });
});
