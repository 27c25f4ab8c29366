/**
 * The worker's own outbox flush, for a sync that comes while no window of the app is open: chat
 * entries go out by REST with the token the app left, in order, once each (Idempotency-Key); an
 * expired token leaves them waiting for the app; without a token nothing is sent; sign-out's wipe
 * removes the token with the rest.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_SEND } from '../src/lib/offline/chat-outbox';
import { deviceToken, offlineDb, setCurrentUser, setDeviceToken, wipeUser } from '../src/lib/offline/db';
import { enqueue, outboxEntries } from '../src/lib/offline/outbox';
import { flushFromWorker } from './outbox-sync';

const ORIGIN = 'https://legalconnect.example';
const USER = '0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11';
const LAWYER = '5a1c3a5e-8b7e-4d6a-9e0f-2f7d1a1b2c3d';
const noSleep = { sleep: () => Promise.resolve() };

async function queue(id: string, content: string, createdAt: string) {
  await enqueue({
    userId: USER,
    id,
    kind: CHAT_SEND,
    payload: { receiverId: LAWYER, content, clientMessageId: id, conversationId: null },
    createdAt,
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  const db = await offlineDb();
  await db.clear('outbox');
  await db.clear('meta');
  await setCurrentUser(USER);
});

describe('the worker flushes the outbox when no window is open', () => {
  it('sends the chat entries in order by REST, each with its Idempotency-Key, and empties the outbox', async () => {
    await setDeviceToken(USER, 'access-1');
    await queue('9b6f0c52-0000-4000-8000-000000000001', 'first', '2026-11-24T10:00:00.000Z');
    await queue('9b6f0c52-0000-4000-8000-000000000002', 'second', '2026-11-24T10:00:01.000Z');
    const fetcher = vi.fn(async (_url: string | URL | Request, init?: RequestInit) =>
      json(201, { data: { id: 'm', content: JSON.parse(String(init?.body)).content } }),
    );
    const report = await flushFromWorker(ORIGIN, fetcher as typeof fetch, noSleep);
    expect(report).toMatchObject({ sent: 2, failed: 0, waiting: 0 });
    expect(fetcher.mock.calls.map(([url, init]) => [String(url), JSON.parse(String(init?.body)).content])).toEqual([
      [`${ORIGIN}/v1/chat/send`, 'first'],
      [`${ORIGIN}/v1/chat/send`, 'second'],
    ]);
    const headers = new Headers(fetcher.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('Idempotency-Key')).toBe('9b6f0c52-0000-4000-8000-000000000001');
    expect(await outboxEntries(USER)).toEqual([]);
  });

  it('leaves the entries pending (not failed) when the token has expired, for the app to send', async () => {
    await setDeviceToken(USER, 'expired');
    await queue('9b6f0c52-0000-4000-8000-000000000003', 'later', '2026-11-24T10:00:00.000Z');
    const fetcher = vi.fn(async () => json(401, { error: { message: 'Token expired' } }));
    const report = await flushFromWorker(ORIGIN, fetcher as typeof fetch, noSleep);
    expect(report).toMatchObject({ sent: 0, failed: 0, waiting: 1 });
    expect((await outboxEntries(USER)).map((e) => e.state)).toEqual(['pending']);
  });

  it('marks a refused message failed (4xx), as the app would', async () => {
    await setDeviceToken(USER, 'access-1');
    await queue('9b6f0c52-0000-4000-8000-000000000004', 'to nobody', '2026-11-24T10:00:00.000Z');
    const fetcher = vi.fn(async () => json(400, { error: { message: 'Invalid message recipient.' } }));
    await flushFromWorker(ORIGIN, fetcher as typeof fetch, noSleep);
    expect(await outboxEntries(USER)).toMatchObject([{ state: 'failed', error: 'Invalid message recipient.' }]);
  });

  it('sends nothing without a token, and sign-out wipes the token', async () => {
    await queue('9b6f0c52-0000-4000-8000-000000000005', 'kept', '2026-11-24T10:00:00.000Z');
    const fetcher = vi.fn();
    expect(await flushFromWorker(ORIGIN, fetcher as typeof fetch, noSleep)).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();

    await setDeviceToken(USER, 'access-1');
    expect(await deviceToken(USER)).toBe('access-1');
    await wipeUser(USER);
    expect(await deviceToken(USER)).toBeNull();
    expect(await flushFromWorker(ORIGIN, fetcher as typeof fetch, noSleep)).toBeNull();
  });
});
