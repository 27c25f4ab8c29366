/**
 * The outbox's promises: a write and its local change are stored together or not at all; entries
 * go oldest first and leave only with the server's acknowledgement (settled in the same
 * transaction); transient failures retry 3 times a round with 1 s, 2 s … backoff (Retry-After
 * honoured) and end the round so nothing overtakes; refusals become 'failed' until Retry.
 */
import 'fake-indexeddb/auto';
import { ServerMessages } from '../../../contract/errors';
import { describe, expect, it } from 'vitest';
import { offlineDb } from './db';
import {
  deleteEntry,
  enqueue,
  flush,
  outboxDelay,
  outboxEntries,
  outcomeOfStatus,
  retryEntry,
  type OutboxSender,
  type SendOutcome,
} from './outbox';

let clock = Date.UTC(2026, 10, 24, 6, 0, 0);
const at = () => new Date((clock += 1000)).toISOString();

function queue(userId: string, id: string, payload: unknown = { text: id }) {
  return enqueue({ userId, id, kind: 'test.send', payload, createdAt: at() });
}

function scripted(outcomes: Record<string, SendOutcome[]>) {
  const sent: string[] = [];
  const sender: OutboxSender = {
    async send(entry) {
      sent.push(entry.id);
      const next = outcomes[entry.id]?.shift();
      return next ?? { ok: true, result: { stored: entry.id } };
    },
  };
  return { sent, sender };
}

const sleeps: number[] = [];
const sleep = async (ms: number) => {
  sleeps.push(ms);
};

describe('outbox', () => {
  it('stores the entry and its local change together, or neither', async () => {
    await expect(
      enqueue(
        { userId: 'u-atomic', id: 'a1', kind: 'test.send', payload: {} },
        {
          stores: ['notifications'],
          async write() {
            throw new Error('local write failed');
          },
        },
      ),
    ).rejects.toThrow('local write failed');
    expect(await outboxEntries('u-atomic')).toEqual([]);
  });

  it('sends oldest first and removes each entry only in the transaction that settles it', async () => {
    await queue('u1', 'm1');
    await queue('u1', 'm2');
    const { sent, sender } = scripted({});
    const settled: unknown[] = [];
    const report = await flush('u1', {
      sleep,
      senders: {
        'test.send': {
          ...sender,
          stores: ['meta'],
          async settle(tx, entry, result) {
            // Inside the same transaction: the entry is already gone from the outbox.
            expect(await tx.objectStore('outbox').get(['u1', entry.id])).toBeUndefined();
            await tx.objectStore('meta').put({ key: `settled:${entry.id}`, value: 'yes' });
            settled.push(result);
          },
        },
      },
    });
    expect(report).toEqual({ sent: 2, failed: 0, waiting: 0, busy: false });
    expect(sent).toEqual(['m1', 'm2']);
    expect(settled).toEqual([{ stored: 'm1' }, { stored: 'm2' }]);
    expect(await outboxEntries('u1')).toEqual([]);
    expect((await (await offlineDb()).get('meta', 'settled:m2'))?.value).toBe('yes');
  });

  it('retries a transient failure 3 times with backoff, then ends the round so nothing overtakes', async () => {
    sleeps.length = 0;
    await queue('u2', 'first');
    await queue('u2', 'second');
    const down: SendOutcome = { ok: false, permanent: false, error: 'Network error' };
    const { sent, sender } = scripted({ first: [down, down, down] });
    const report = await flush('u2', { sleep, senders: { 'test.send': sender } });
    expect(sent).toEqual(['first', 'first', 'first']);
    expect(sleeps).toEqual([1000, 2000]);
    expect(report).toMatchObject({ sent: 0, failed: 0, waiting: 2 });
    const entries = await outboxEntries('u2');
    expect(entries.map((e) => [e.id, e.state, e.attempts])).toEqual([
      ['first', 'pending', 3],
      ['second', 'pending', 0],
    ]);

    // The next round (online again) delivers both, in order.
    const again = await flush('u2', { sleep, senders: { 'test.send': sender } });
    expect(again.sent).toBe(2);
    expect(sent.slice(3)).toEqual(['first', 'second']);
  });

  it("waits as long as a 429's Retry-After asks", async () => {
    sleeps.length = 0;
    await queue('u3', 'x');
    const { sender } = scripted({ x: [outcomeOfStatus(429, 'Too many requests', 7)] });
    await flush('u3', { sleep, senders: { 'test.send': sender } });
    expect(sleeps).toEqual([7000]);
  });

  it('marks a refused entry failed, goes on with the next, and sends it again after Retry', async () => {
    await queue('u4', 'bad');
    await queue('u4', 'good');
    const { sent, sender } = scripted({ bad: [outcomeOfStatus(400, 'Invalid message recipient.')] });
    const changes: string[] = [];
    const report = await flush('u4', {
      sleep,
      senders: { 'test.send': sender },
      onChange: (entry, change) => changes.push(`${entry.id}:${change}`),
    });
    expect(report).toMatchObject({ sent: 1, failed: 1, waiting: 0 });
    expect(sent).toEqual(['bad', 'good']);
    expect(changes).toEqual(['bad:failed', 'good:sent']);
    const [failed] = await outboxEntries('u4');
    expect(failed).toMatchObject({ id: 'bad', state: 'failed', error: 'Invalid message recipient.' });

    // A failed entry is not retried by itself…
    expect((await flush('u4', { sleep, senders: { 'test.send': sender } })).sent).toBe(0);
    // …but is after the user's Retry; Delete removes it for good.
    await retryEntry('u4', 'bad');
    expect((await flush('u4', { sleep, senders: { 'test.send': sender } })).sent).toBe(1);
    await queue('u4', 'gone');
    await deleteEntry('u4', 'gone');
    expect(await outboxEntries('u4')).toEqual([]);
  });

  it('treats a thrown error as transient and keeps entries of other users apart', async () => {
    await queue('u5', 'a');
    await queue('u6', 'b');
    const report = await flush('u5', {
      sleep,
      senders: {
        'test.send': {
          send: async () => {
            throw new Error('socket closed');
          },
        },
      },
    });
    expect(report).toMatchObject({ sent: 0, waiting: 1 });
    expect((await outboxEntries('u6')).map((e) => e.id)).toEqual(['b']);
  });

  it('classifies HTTP outcomes and backs off from 1 s to at most 10 s', () => {
    expect(outcomeOfStatus(201, '', undefined, { id: 1 })).toEqual({ ok: true, result: { id: 1 } });
    expect(outcomeOfStatus(503, 'Server error')).toMatchObject({ ok: false, permanent: false });
    // An earlier attempt with the same Idempotency-Key is still running: wait, do not give up.
    expect(outcomeOfStatus(409, ServerMessages.idempotencyInProgress)).toMatchObject({ ok: false, permanent: false });
    expect(outcomeOfStatus(409, 'Some other conflict')).toMatchObject({ ok: false, permanent: true });
    expect(outcomeOfStatus(null, 'Network error')).toMatchObject({ ok: false, permanent: false });
    expect(outcomeOfStatus(403, 'Access denied')).toMatchObject({ ok: false, permanent: true });
    expect([1, 2, 3, 4, 5, 6].map(outboxDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});
