/**
 * Gap filling by seq (docs/api.md §4 Chat `afterSeq`, §5–7): a fill follows the server's pages while it
 * says more follow — at most GAP_FILL_MAX_PAGES a fill, the rest at the next trigger — and the live
 * layer fills a cached thread after a reconnect and when a push shows that the socket missed some.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../contract/chat';
import { createAppStore } from '../../app/store';
import { envelope, fakeServer, signInForTest, testUser, type FakeRequest } from '../../app/testing';
import { chatApi, CHAT_MESSAGES_KEPT, fillGap, GAP_FILL_MAX_PAGES, GAP_PAGE_SIZE } from './api/chat-api';
import { fillCachedThreads, receivePushed } from './chat-live';

const ME = testUser().id;
const OTHER = '22222222-2222-4222-8222-222222222222';
const A = '33333333-3333-4333-8333-333333333333';
const B = '44444444-4444-4444-8444-444444444444';

const message = (conversationId: string, seq: number): Message => ({
  id: `${conversationId.slice(0, 8)}-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  conversationId,
  senderId: OTHER,
  receiverId: ME,
  content: `m${seq}`,
  read: false,
  createdAt: new Date(Date.UTC(2026, 10, 24, 6, 0, 0, seq)).toISOString(),
  seq,
  clientMessageId: null,
});

/** A server holding `last[conversationId]` messages per conversation, answering afterSeq pages as ours does. */
function server(last: Record<string, number>) {
  const calls = fakeServer((call: FakeRequest) => {
    const match = /^\/v1\/chat\/conversations\/([^/]+)\/messages$/.exec(call.path);
    if (!match || call.query.afterSeq === undefined) return envelope(200, { data: { conversations: [] } });
    const conversationId = decodeURIComponent(match[1] ?? '');
    const afterSeq = Number(call.query.afterSeq);
    const size = Number(call.query.size);
    const total = last[conversationId] ?? 0;
    const to = Math.min(total, afterSeq + size);
    const messages = Array.from({ length: Math.max(0, to - afterSeq) }, (_, i) =>
      message(conversationId, afterSeq + i + 1),
    );
    return envelope(200, {
      data: { messages },
      metadata: { totalCount: Math.max(0, total - afterSeq), hasNext: total - afterSeq > size, pageSize: size },
    });
  });
  const fills = (conversationId?: string) =>
    calls
      .filter((c) => c.query.afterSeq !== undefined && (!conversationId || c.path.includes(conversationId)))
      .map((c) => Number(c.query.afterSeq));
  return { calls, fills };
}

async function storeWithThreads(threads: Record<string, number>) {
  signInForTest();
  const store = createAppStore();
  for (const [conversationId, held] of Object.entries(threads)) {
    const messages = Array.from({ length: held }, (_, i) => message(conversationId, i + 1));
    await store.dispatch(
      chatApi.util.upsertQueryData('thread', { conversationId, page: 0 }, { messages, page: 0, hasOlder: false }),
    );
  }
  return store;
}

const threadSeqs = (store: ReturnType<typeof createAppStore>, conversationId: string) =>
  (chatApi.endpoints.thread.select({ conversationId, page: 0 })(store.getState()).data?.messages ?? []).map(
    (m) => m.seq,
  );

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fillGap', () => {
  it('follows the pages while the server says more follow', async () => {
    const { fills } = server({ [A]: 250 });
    const store = await storeWithThreads({ [A]: 0 });
    expect(await fillGap(store.dispatch, A, 0, ME)).toEqual({ lastSeq: 250, caughtUp: true });
    expect(fills()).toEqual([0, 100, 200]);
    const seqs = threadSeqs(store, A);
    expect(seqs).toHaveLength(CHAT_MESSAGES_KEPT);
    expect(seqs.at(-1)).toBe(250);
  });

  it(`stops after ${GAP_FILL_MAX_PAGES} pages, and the next fill goes on from there`, async () => {
    const total = (GAP_FILL_MAX_PAGES + 4) * GAP_PAGE_SIZE + 1;
    const { fills } = server({ [A]: total });
    const store = await storeWithThreads({ [A]: 1 });
    const first = await fillGap(store.dispatch, A, 1, ME);
    expect(first).toEqual({ lastSeq: 1 + GAP_FILL_MAX_PAGES * GAP_PAGE_SIZE, caughtUp: false });
    expect(fills()).toHaveLength(GAP_FILL_MAX_PAGES);
    expect(await fillGap(store.dispatch, A, first.lastSeq, ME)).toEqual({ lastSeq: total, caughtUp: true });
    expect(fills()).toHaveLength(GAP_FILL_MAX_PAGES + 4);
    expect(threadSeqs(store, A).at(-1)).toBe(total);
  });

  it('one fill per conversation at a time: a second call joins the running one', async () => {
    const { fills } = server({ [A]: 150 });
    const store = await storeWithThreads({ [A]: 0 });
    const [one, two] = await Promise.all([fillGap(store.dispatch, A, 0, ME), fillGap(store.dispatch, A, 0, ME)]);
    expect(one).toEqual(two);
    expect(fills()).toEqual([0, 100]);
  });

  it('reports a failed page as not caught up', async () => {
    fakeServer(() => envelope(404, { error: { message: 'Conversation not found' } }));
    const store = await storeWithThreads({ [A]: 3 });
    expect(await fillGap(store.dispatch, A, 3, ME)).toEqual({ lastSeq: 3, caughtUp: false });
  });
});

describe('the live layer', () => {
  it('fills a cached thread when a push skips past what it holds, and only then', async () => {
    const held = { [A]: 140 };
    const { fills } = server(held);
    const store = await storeWithThreads({ [A]: 3 });
    receivePushed(store.dispatch, message(A, 140), ME);
    await vi.waitFor(() => expect(threadSeqs(store, A)).toEqual(Array.from({ length: 140 }, (_, i) => i + 1)));
    expect(fills()).toEqual([3, 103]);

    receivePushed(store.dispatch, message(A, 141), ME);
    // A conversation whose thread is not cached: the inbox's list is refetched instead.
    receivePushed(store.dispatch, message(B, 9), ME);
    expect(threadSeqs(store, A).at(-1)).toBe(141);
    // The next gap's fill starts from 141: had 141 (or B's 9) started a fill, it would show up before
    // it, or this one would have joined it and started from 140.
    held[A] = 143;
    receivePushed(store.dispatch, message(A, 143), ME);
    await vi.waitFor(() => expect(threadSeqs(store, A).slice(-3)).toEqual([141, 142, 143]));
    expect(fills()).toEqual([3, 103, 141]);
  });

  it('after a (re)connect fills every cached thread from its own last seq, page after page', async () => {
    const { fills } = server({ [A]: 130, [B]: 5 });
    const store = await storeWithThreads({ [A]: 20, [B]: 5 });
    fillCachedThreads(store.dispatch, ME);
    await vi.waitFor(() => expect(threadSeqs(store, A).at(-1)).toBe(130));
    await vi.waitFor(() => expect(fills(B)).toEqual([5]));
    expect(fills(A)).toEqual([20, 120]);
  });
});
