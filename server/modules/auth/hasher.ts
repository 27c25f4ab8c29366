/**
 * Where argon2 runs: a few worker threads that lower their own CPU priority (nice 19; on Linux the
 * nice value belongs to the thread that sets it). Hashing still uses every idle cycle, but the event
 * loop, the embedded database and PostgreSQL's own processes come first when the cores are busy, so
 * a sign-in flood slows sign-ins, not everybody's case list — also with two instances on one
 * machine, where each instance's hashing would otherwise take a whole core.
 * passwords.ts bounds how many hashes are asked for at once; this pool has that many threads.
 *
 * The worker's source is a string (the server ships as one bundle, see extract-text.ts); it loads
 * @node-rs/argon2 from node_modules relative to this module.
 */
import { Worker } from 'node:worker_threads';
import { z } from 'zod';

const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const os = require('node:os');
try { os.setPriority(19); } catch {}
const { hashSync, verifySync } = createRequire(workerData.anchor)('@node-rs/argon2');
// A hash argon2 cannot read (a tombstone's '!deleted', a damaged row) verifies as false here; only
// a failure of the thread itself reaches the caller as an error.
const check = (hash, password) => { try { return verifySync(hash, password); } catch { return false; } };
parentPort.on('message', ({ id, op, password, hash, options }) => {
  try {
    const value = op === 'hash' ? hashSync(password, options) : check(hash, password);
    parentPort.postMessage({ id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: String(error && error.message || error) });
  }
});
`;

const ReplySchema = z.union([
  z.object({ id: z.number(), ok: z.literal(true), value: z.union([z.string(), z.boolean()]) }),
  z.object({ id: z.number(), ok: z.literal(false), message: z.string() }),
]);

export interface HashOptions {
  algorithm: number;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

type Job = { op: 'hash'; password: string; options: HashOptions } | { op: 'verify'; password: string; hash: string };

interface Pending {
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/** One low-priority thread; restarted on the next job if it ever dies. */
class HashThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  run(job: Job): Promise<string | boolean> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, ...job });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { anchor: import.meta.url } });
    worker.unref();
    worker.on('message', (message: unknown) => {
      const reply = ReplySchema.safeParse(message);
      if (!reply.success) return;
      const waiting = this.pending.get(reply.data.id);
      if (!waiting) return;
      this.pending.delete(reply.data.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.data.ok) waiting.resolve(reply.data.value);
      else waiting.reject(new Error(reply.data.message));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password hashing thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** `size` threads; callers (the gate in passwords.ts) never ask for more than `size` at once. */
export class HashPool {
  private readonly idle: HashThread[];

  constructor(size: number) {
    this.idle = Array.from({ length: size }, () => new HashThread());
  }

  async hash(password: string, options: HashOptions): Promise<string> {
    const value = await this.onThread({ op: 'hash', password, options });
    if (typeof value !== 'string') throw new Error('password hashing thread answered without a hash');
    return value;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    return (await this.onThread({ op: 'verify', password, hash })) === true;
  }

  private async onThread(job: Job): Promise<string | boolean> {
    // More callers than threads (only a caller outside the gate): one more thread, kept for later.
    const thread = this.idle.pop() ?? new HashThread();
    try {
      return await thread.run(job);
    } finally {
      this.idle.push(thread);
    }
  }
}
