/**
 * The outbox (docs/architecture.md "Write (chat, offline-safe)"; docs/architecture.md, House style: hydrogen-web's SendQueue): writes
 * that must reach the server exactly once even when the phone is offline, restarted, or on a link
 * that drops every few seconds. A write is queued in the same IndexedDB transaction as the local
 * change it belongs to (the pending chat message), and leaves the outbox only in the transaction
 * that records the server's acknowledgement — so nothing is lost and nothing is shown twice.
 *
 * flush() sends the user's pending entries oldest first, one flusher at a time across tabs and the
 * service worker (Web Locks). Each entry gets up to 3 attempts a round, waiting 1 s, doubling to
 * 10 s, when the failure is transient (no answer, 5xx, 429 — whose Retry-After is honoured); a
 * transient failure ends the round so later entries never overtake an earlier one. A refusal (4xx)
 * is permanent: the entry is marked failed for the user to Retry or Delete, and the round goes on.
 * Entries carry their own client id, which the senders pass on as clientMessageId / Idempotency-Key,
 * so a send that reached the server but whose answer was lost is stored once when repeated.
 *
 * Why not Workbox Background Sync: it replays raw requests without our ordering, our failed state,
 * or our atomic "replace the pending copy" step (docs/decisions/0006).
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import { ServerMessages } from '../../../contract/errors';
import { offlineDb, type OfflineSchema, type OutboxEntry } from './db';

export type { OutboxEntry };

export const OUTBOX_LOCK = 'legalconnect-outbox';
export const OUTBOX_ATTEMPTS_PER_ROUND = 3;
export const OUTBOX_BASE_DELAY_MS = 1000;
export const OUTBOX_MAX_DELAY_MS = 10_000;

/** What a sender reports about one attempt. */
export type SendOutcome =
  | { ok: true; result?: unknown }
  /** permanent: the server refused (4xx other than 429); transient otherwise. */
  | { ok: false; permanent: boolean; error: string; retryAfterMs?: number };

type Stores = StoreNames<OfflineSchema>[];
export type OutboxTx = IDBPTransaction<OfflineSchema, Stores, 'readwrite'>;

export interface OutboxSender {
  send(entry: OutboxEntry): Promise<SendOutcome>;
  /** Stores its local state touches when the entry settles (besides the outbox). */
  stores?: Stores;
  /** In the transaction that deletes the entry: e.g. replace the pending copy with the server's. */
  settle?(tx: OutboxTx, entry: OutboxEntry, result: unknown): Promise<void>;
}

export interface FlushOptions {
  senders: Readonly<Record<string, OutboxSender>>;
  /** Waits between attempts (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /** Told after each entry changes (sent, failed), so screens can refresh. */
  onChange?: (entry: OutboxEntry, change: 'sent' | 'failed') => void;
}

export interface FlushReport {
  sent: number;
  failed: number;
  /** Entries still waiting (a transient failure ended the round, or another flusher holds the lock). */
  waiting: number;
  /** Another flusher was already at work; this call did nothing. */
  busy: boolean;
}

const range = (userId: string) => IDBKeyRange.bound([userId, ''], [userId, '\uffff']);

/** The wait before attempt `attempt` (1-based) of an entry's round: 1 s, 2 s, 4 s … at most 10 s. */
export function outboxDelay(attempt: number): number {
  return Math.min(OUTBOX_BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1), OUTBOX_MAX_DELAY_MS);
}

/**
 * Queues a write. `local` runs in the same transaction (with `stores` open) to record the local
 * change that belongs with it; if either fails, neither is stored.
 */
export async function enqueue(
  entry: Omit<OutboxEntry, 'attempts' | 'state' | 'error' | 'createdAt'> & { createdAt?: string },
  local?: { stores: Stores; write(tx: OutboxTx): Promise<void> },
): Promise<OutboxEntry> {
  const db = await offlineDb();
  const stored: OutboxEntry = {
    ...entry,
    createdAt: entry.createdAt ?? new Date().toISOString(),
    attempts: 0,
    state: 'pending',
    error: null,
  };
  const names = [...new Set<StoreNames<OfflineSchema>>(['outbox', ...(local?.stores ?? [])])];
  const tx = db.transaction(names, 'readwrite') as OutboxTx;
  try {
    await tx.objectStore('outbox').put(stored);
    await local?.write(tx);
  } catch (error) {
    // A failed step of our own is not an IndexedDB error, so the transaction would commit the
    // rest: abort it, so the entry and its local change are stored together or not at all.
    tx.abort();
    await tx.done.catch(() => undefined);
    throw error;
  }
  await tx.done;
  return stored;
}

/** The user's entries, oldest first (pending and failed). */
export async function outboxEntries(userId: string): Promise<OutboxEntry[]> {
  const db = await offlineDb();
  return db.getAllFromIndex('outbox', 'byUser', range(userId));
}

/** The user's Retry on a failed entry: back in line, counting afresh. */
export async function retryEntry(userId: string, id: string): Promise<void> {
  const db = await offlineDb();
  const entry = await db.get('outbox', [userId, id]);
  if (entry) await db.put('outbox', { ...entry, state: 'pending', attempts: 0, error: null });
}

/** The user's Delete on an entry that will not go (its local copy is the caller's to remove). */
export async function deleteEntry(userId: string, id: string): Promise<void> {
  const db = await offlineDb();
  await db.delete('outbox', [userId, id]);
}

/** Sends what is pending, under the cross-tab lock; see the module comment for the rules. */
export async function flush(userId: string, options: FlushOptions): Promise<FlushReport> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return flushNow(userId, options);
  const report = await locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) =>
    lock ? flushNow(userId, options) : null,
  );
  return report ?? { sent: 0, failed: 0, waiting: await pendingCount(userId), busy: true };
}

async function pendingCount(userId: string): Promise<number> {
  return (await outboxEntries(userId)).filter((e) => e.state === 'pending').length;
}

async function flushNow(userId: string, options: FlushOptions): Promise<FlushReport> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const report: FlushReport = { sent: 0, failed: 0, waiting: 0, busy: false };
  const entries = (await outboxEntries(userId)).filter((e) => e.state === 'pending');
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index] as OutboxEntry;
    const sender = options.senders[entry.kind];
    if (!sender) {
      report.waiting += 1;
      continue;
    }
    const outcome = await attemptRound(entry, sender, sleep);
    if (outcome.ok) {
      await settle(entry, sender, outcome.result);
      report.sent += 1;
      options.onChange?.(entry, 'sent');
    } else if (outcome.permanent) {
      await markFailed(entry, outcome.error);
      report.failed += 1;
      options.onChange?.({ ...entry, state: 'failed', error: outcome.error }, 'failed');
    } else {
      // Order matters (a chat thread): nothing after this entry may overtake it.
      report.waiting += entries.length - index;
      break;
    }
  }
  return report;
}

async function attemptRound(
  entry: OutboxEntry,
  sender: OutboxSender,
  sleep: (ms: number) => Promise<void>,
): Promise<SendOutcome> {
  let last: SendOutcome = { ok: false, permanent: false, error: '' };
  for (let attempt = 1; attempt <= OUTBOX_ATTEMPTS_PER_ROUND; attempt += 1) {
    if (attempt > 1) {
      const retryAfter = !last.ok ? (last.retryAfterMs ?? 0) : 0;
      await sleep(Math.max(outboxDelay(attempt - 1), retryAfter));
    }
    await countAttempt(entry);
    try {
      last = await sender.send(entry);
    } catch (error) {
      last = { ok: false, permanent: false, error: error instanceof Error ? error.message : String(error) };
    }
    if (last.ok || last.permanent) return last;
  }
  return last;
}

async function countAttempt(entry: OutboxEntry): Promise<void> {
  const db = await offlineDb();
  const current = await db.get('outbox', [entry.userId, entry.id]);
  if (current) await db.put('outbox', { ...current, attempts: current.attempts + 1 });
}

async function markFailed(entry: OutboxEntry, error: string): Promise<void> {
  const db = await offlineDb();
  const current = await db.get('outbox', [entry.userId, entry.id]);
  if (current) await db.put('outbox', { ...current, state: 'failed', error });
}

async function settle(entry: OutboxEntry, sender: OutboxSender, result: unknown): Promise<void> {
  const db = await offlineDb();
  const names = [...new Set<StoreNames<OfflineSchema>>(['outbox', ...(sender.stores ?? [])])];
  const tx = db.transaction(names, 'readwrite') as OutboxTx;
  try {
    await tx.objectStore('outbox').delete([entry.userId, entry.id]);
    await sender.settle?.(tx, entry, result);
  } catch (error) {
    // Keep the entry: sending it again is harmless (the server dedupes by its id); losing it is not.
    tx.abort();
    await tx.done.catch(() => undefined);
    throw error;
  }
  await tx.done;
}

/**
 * An HTTP outcome as the outbox sees it: 2xx sent; 429, 5xx, no answer and a 409 "still being
 * processed" (Idempotency-Key) worth retrying (429's Retry-After honoured); any other 4xx a refusal
 * that repeating cannot change.
 */
export function outcomeOfStatus(
  status: number | null,
  error: string,
  retryAfterSeconds?: number,
  result?: unknown,
): SendOutcome {
  if (status !== null && status >= 200 && status < 300) return { ok: true, result };
  if (status === 429) {
    return {
      ok: false,
      permanent: false,
      error,
      ...(retryAfterSeconds ? { retryAfterMs: retryAfterSeconds * 1000 } : {}),
    };
  }
  // The same Idempotency-Key still running on the server (an earlier attempt whose answer was lost):
  // its outcome is not known yet, so this is a wait, not a refusal.
  if (status === 409 && error === ServerMessages.idempotencyInProgress) return { ok: false, permanent: false, error };
  return { ok: false, permanent: status !== null && status >= 400 && status < 500, error };
}
