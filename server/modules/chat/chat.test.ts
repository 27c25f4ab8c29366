/**
 * /v1/chat/* over HTTP (docs/api.md §4 Chat): sending, the inbox, paging and gap filling by `seq`,
 * reading and unread counts, who may talk to whom, refusals of bad input (400, never 5xx), one row
 * per (sender, clientMessageId) under concurrent repeats, dense seqs under concurrent senders, and
 * the CHAT_MESSAGE notification that coalesces per conversation while its push goes out per message.
 * STOMP is in chat-realtime.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChatMessages,
  ChatUnreadCountSchema,
  ConversationSchema,
  MessageSchema,
  ReadStatusSchema,
  type Conversation,
  type Message,
} from '../../../contract/chat';
import { ServerMessages } from '../../../contract/errors';
import { jobs, messages, notifications } from '../../db/schema';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser, type CallResult } from '../../../tests/helpers/server-http';
import {
  actorOf,
  adminSession,
  caseBetween,
  directLawyer,
  lawyerSession,
  type Session,
} from '../../../tests/helpers/server-lawyers';
import { MAIL_JOB } from '../../mail/mail-job';
import { PUSH_JOB, type PushJob } from '../notifications/push';

let t: TestApp;
let client: Session;
let lawyer: Session;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  client = await verifiedUser(t.app, t.mailDir, { firstName: 'Tanvir', lastName: 'Hossain' });
  lawyer = (await lawyerSession(t, { firstName: 'Ayesha', lastName: 'Siddiqua' })).session;
});

interface SendOptions {
  clientMessageId?: string;
  headers?: Record<string, string>;
}

function send(from: Session, receiverId: string, content = 'Hello', options: SendOptions = {}): Promise<CallResult> {
  const body = {
    receiverId,
    content,
    ...(options.clientMessageId ? { clientMessageId: options.clientMessageId } : {}),
  };
  return call(t.app, 'POST', '/v1/chat/send', { token: from.token, body, headers: options.headers });
}

async function sent(from: Session, receiverId: string, content = 'Hello', options: SendOptions = {}): Promise<Message> {
  const res = await send(from, receiverId, content, options);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return MessageSchema.strict().parse(res.json?.data);
}

async function conversationsOf(who: Session): Promise<Conversation[]> {
  const res = await call(t.app, 'GET', '/v1/chat/conversations', { token: who.token });
  expect(res.status).toBe(200);
  return (res.json?.data as { conversations: Conversation[] }).conversations;
}

async function messagesOf(who: Session, conversationId: string, query = ''): Promise<CallResult> {
  return call(t.app, 'GET', `/v1/chat/conversations/${conversationId}/messages${query}`, { token: who.token });
}

const seqs = (res: CallResult) => (res.json?.data as { messages: Message[] }).messages.map((m) => m.seq);

async function unread(who: Session) {
  const res = await call(t.app, 'GET', '/v1/chat/unread-count', { token: who.token });
  expect(res.status).toBe(200);
  return ChatUnreadCountSchema.strict().parse(res.json?.data);
}

async function storedMessages(conversationId: string) {
  return t.database.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.seq));
}

describe('sending, listing and reading', () => {
  it('sends, lists the conversation for both, pages the thread, reads it and counts unread', async () => {
    const first = await sent(client, lawyer.id, "Hello! I'd like to discuss my legal needs with you.");
    expect(first).toMatchObject({ senderId: client.id, receiverId: lawyer.id, seq: 1, read: false });
    const reply = await sent(lawyer, client.id, '  Of course. When can you come?  ');
    expect(reply).toMatchObject({
      conversationId: first.conversationId,
      seq: 2,
      content: 'Of course. When can you come?',
    });

    const [mine, ...none] = await conversationsOf(client);
    expect(none).toEqual([]);
    expect(ConversationSchema.strict().parse(mine)).toEqual({
      id: first.conversationId,
      otherParticipantId: lawyer.id,
      otherParticipantName: 'Ayesha Siddiqua',
      otherParticipantProfilePicture: null,
      otherParticipantDeleted: false,
      latestMessage: reply,
      unreadCount: 1,
      updatedAt: reply.createdAt,
    });
    const [theirs] = await conversationsOf(lawyer);
    expect(theirs).toMatchObject({ id: first.conversationId, otherParticipantName: 'Tanvir Hossain', unreadCount: 1 });

    expect(await unread(client)).toEqual({
      unreadCount: 1,
      totalUnreadCount: 1,
      conversationUnreadCounts: { [first.conversationId]: 1 },
    });

    const thread = await messagesOf(client, first.conversationId);
    expect(thread.status).toBe(200);
    expect((thread.json?.data as { messages: Message[] }).messages).toEqual([reply, first]);
    expect(thread.json?.metadata).toMatchObject({
      totalCount: 2,
      pageSize: 20,
      sortField: 'seq',
      sortDirection: 'DESC',
    });

    const read = await call(t.app, 'PUT', `/v1/chat/conversations/${first.conversationId}/read`, {
      token: client.token,
    });
    expect(read.status).toBe(200);
    expect(ReadStatusSchema.strict().parse(read.json?.data)).toEqual({
      conversationId: first.conversationId,
      messageIds: [reply.id],
      upToSeq: 2,
      isRead: true,
    });
    expect(read.json?.message).toBe(ChatMessages.conversationRead);
    expect(await unread(client)).toEqual({ unreadCount: 0, totalUnreadCount: 0, conversationUnreadCounts: {} });
    expect(await unread(lawyer)).toMatchObject({ totalUnreadCount: 1 });
    const after = await messagesOf(client, first.conversationId);
    expect((after.json?.data as { messages: Message[] }).messages.map((m) => m.read)).toEqual([true, false]);

    // Reading again marks nothing and still answers.
    const again = await call(t.app, 'PUT', `/v1/chat/conversations/${first.conversationId}/read`, {
      token: client.token,
    });
    expect(again.json?.data).toEqual({
      conversationId: first.conversationId,
      messageIds: [],
      upToSeq: 2,
      isRead: true,
    });
  });

  it('pages newest first and fills gaps after a seq, oldest first', async () => {
    let conversationId = '';
    for (let i = 1; i <= 5; i += 1) conversationId = (await sent(client, lawyer.id, `m${i}`)).conversationId;

    expect(seqs(await messagesOf(client, conversationId, '?size=2'))).toEqual([5, 4]);
    expect(seqs(await messagesOf(client, conversationId, '?size=2&page=1'))).toEqual([3, 2]);
    const last = await messagesOf(client, conversationId, '?size=2&page=2');
    expect(seqs(last)).toEqual([1]);
    expect(last.json?.metadata).toMatchObject({ totalCount: 5, totalPages: 3, hasNext: false, isLast: true });
    expect(seqs(await messagesOf(client, conversationId, '?size=2&page=3'))).toEqual([]);

    const gap = await messagesOf(lawyer, conversationId, '?afterSeq=2&size=2');
    expect(seqs(gap)).toEqual([3, 4]);
    expect(gap.json?.metadata).toMatchObject({ totalCount: 3, hasNext: true, sortDirection: 'ASC' });
    expect(seqs(await messagesOf(lawyer, conversationId, '?afterSeq=4&page=7'))).toEqual([5]);
    expect(seqs(await messagesOf(lawyer, conversationId, '?afterSeq=5'))).toEqual([]);
    expect(seqs(await messagesOf(lawyer, conversationId, '?afterSeq=0'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('lists conversations most recently active first, each with its own unread count', async () => {
    const other = (await lawyerSession(t, { firstName: 'Kamrul', lastName: 'Islam' })).session;
    const a = await sent(lawyer, client.id, 'first');
    const b = await sent(other, client.id, 'second');
    await sent(other, client.id, 'third');
    t.clock.advance(1000);
    await sent(client, lawyer.id, 'newest');
    const list = await conversationsOf(client);
    expect(list.map((c) => [c.id, c.unreadCount])).toEqual([
      [a.conversationId, 1],
      [b.conversationId, 2],
    ]);
    expect((await unread(client)).totalUnreadCount).toBe(3);
    const page = await call(t.app, 'GET', '/v1/chat/conversations?size=1&page=1', { token: client.token });
    expect((page.json?.data as { conversations: Conversation[] }).conversations.map((c) => c.id)).toEqual([
      b.conversationId,
    ]);
    expect(page.json?.metadata).toMatchObject({ totalCount: 2, pageNumber: 1, pageSize: 1 });
  });
});

describe('who may talk', () => {
  it('lets a client and an approved lawyer talk, either starting', async () => {
    const started = await sent(lawyer, client.id, 'Your hearing is on Sunday.');
    expect(started.seq).toBe(1);
    expect((await sent(client, lawyer.id, 'Thank you')).conversationId).toBe(started.conversationId);
  });

  it('refuses a pending lawyer, two clients and two lawyers without a case (403)', async () => {
    const pending = (await lawyerSession(t, { state: 'PENDING' })).session;
    const otherClient = await verifiedUser(t.app, t.mailDir);
    const otherLawyer = (await lawyerSession(t)).session;
    for (const [from, to] of [
      [client, pending],
      [pending, client],
      [client, otherClient],
      [lawyer, otherLawyer],
    ] as const) {
      const res = await send(from, to.id);
      expect(res.status).toBe(403);
      expect(res.json?.error?.message).toBe(ServerMessages.accessDenied);
    }
    expect(await t.database.db.select().from(messages)).toEqual([]);
  });

  it('lets the parties of a shared case talk whatever the lawyer’s state, and an admin talk with anyone', async () => {
    const pending = await lawyerSession(t, { state: 'PENDING' });
    await caseBetween(t, pending.session.id, client.id, 'IN_PROGRESS');
    expect((await send(pending.session, client.id)).status).toBe(201);
    expect((await send(client, pending.session.id)).status).toBe(201);

    const admin = await adminSession(t);
    const otherClient = await verifiedUser(t.app, t.mailDir);
    expect((await send(admin, otherClient.id)).status).toBe(201);
    expect((await send(admin, pending.session.id)).status).toBe(201);
    expect((await send(otherClient, admin.id)).status).toBe(201);
  });

  it('answers self, unknown and missing recipients with 400 "Invalid message recipient."', async () => {
    for (const body of [
      { receiverId: client.id, content: 'me' },
      { receiverId: client.id.toUpperCase(), content: 'me' },
      { receiverId: randomUUID(), content: 'nobody' },
      { receiverId: 'not-a-uuid', content: 'x' },
      { content: 'no receiver' },
    ]) {
      const res = await call(t.app, 'POST', '/v1/chat/send', { token: client.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json?.error?.message).toBe(ChatMessages.invalidRecipient);
    }
  });

  it('hides a conversation from anyone but its participants (404)', async () => {
    const { conversationId } = await sent(client, lawyer.id);
    const stranger = await verifiedUser(t.app, t.mailDir);
    for (const [method, path] of [
      ['GET', `/v1/chat/conversations/${conversationId}/messages`],
      ['GET', `/v1/chat/conversations/${conversationId}/messages?afterSeq=0`],
      ['PUT', `/v1/chat/conversations/${conversationId}/read`],
      ['GET', `/v1/chat/conversations/${randomUUID()}/messages`],
      ['PUT', `/v1/chat/conversations/${randomUUID()}/read`],
    ] as const) {
      const res = await call(t.app, method, path, { token: stranger.token });
      expect(res.status, path).toBe(404);
      expect(res.json?.error?.message).toBe(ChatMessages.conversationNotFound);
    }
    expect(await conversationsOf(stranger)).toEqual([]);
    expect((await messagesOf(lawyer, conversationId)).status).toBe(200);
  });
});

describe('bad input', () => {
  it('answers 400 in the error envelope, never 5xx', async () => {
    const { conversationId } = await sent(client, lawyer.id);
    const bodies = [
      { receiverId: lawyer.id, content: '' },
      { receiverId: lawyer.id, content: '    ' },
      { receiverId: lawyer.id, content: 'x'.repeat(1001) },
      { receiverId: lawyer.id, content: 42 },
      { receiverId: lawyer.id, content: 'hi', clientMessageId: 'not-a-uuid' },
      { receiverId: lawyer.id, content: 'hi', clientMessageId: 7 },
      [],
      'text',
    ];
    for (const body of bodies) {
      const res = await call(t.app, 'POST', '/v1/chat/send', { token: client.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ version: 'v1', status: 400, error: { code: 400 } });
    }
    const malformed = await call(t.app, 'POST', '/v1/chat/send', {
      token: client.token,
      payload: '{"receiverId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json?.error?.message).toBe(ServerMessages.malformedJson);
    for (const query of ['?afterSeq=-1', '?afterSeq=x', '?size=0', '?size=101', '?page=-1', '?afterSeq=1.5']) {
      const res = await messagesOf(client, conversationId, query);
      expect(res.status, query).toBe(400);
      expect(res.json?.error?.code).toBe(400);
    }
    for (const path of ['/v1/chat/conversations/nope/messages', '/v1/chat/conversations?size=500']) {
      expect((await call(t.app, 'GET', path, { token: client.token })).status, path).toBe(400);
    }
    expect((await call(t.app, 'PUT', '/v1/chat/conversations/nope/read', { token: client.token })).status).toBe(400);
    expect((await send(client, lawyer.id, 'x'.repeat(1000))).status).toBe(201);
    expect((await call(t.app, 'GET', '/v1/chat/unread-count')).status).toBe(401);
  });
});

describe('exactly once', () => {
  it('stores 20 concurrent identical sends once and answers each with that message', async () => {
    const clientMessageId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(client, lawyer.id, 'Are the papers ready?', { clientMessageId })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => (a.json?.data as Message).id));
    expect(ids.size).toBe(1);
    const message = MessageSchema.strict().parse(answers[0]?.json?.data);
    expect(message).toMatchObject({ seq: 1, clientMessageId });
    const rows = await t.database.db.select().from(messages);
    expect(rows.map((r) => r.id)).toEqual([message.id]);

    // A repeat later, even to another recipient or with another text: the first write wins.
    const admin = await adminSession(t);
    const repeat = await send(client, admin.id, 'changed', { clientMessageId: clientMessageId.toUpperCase() });
    expect(repeat.json?.data).toEqual(message);
    expect(await t.database.db.select().from(messages)).toHaveLength(1);
  });

  it('replays a send repeated with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': `chat-${randomUUID()}` };
    const first = await send(client, lawyer.id, 'Once', { headers, clientMessageId: randomUUID() });
    const body = (first.json?.data as Message) ?? null;
    const replay = await call(t.app, 'POST', '/v1/chat/send', {
      token: client.token,
      headers,
      body: { receiverId: lawyer.id, content: 'Once', clientMessageId: body.clientMessageId },
    });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json?.data).toEqual(body);
    expect(await storedMessages(body.conversationId)).toHaveLength(1);
  });

  it('numbers 2 senders × 25 concurrent sends 1…50 without gaps, and afterSeq returns what was missed', async () => {
    const batch = (from: Session, to: Session) =>
      Array.from({ length: 25 }, (_, i) => send(from, to.id, `${from.id}:${i}`, { clientMessageId: randomUUID() }));
    const answers = await Promise.all([...batch(client, lawyer), ...batch(lawyer, client)]);
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const answered = answers.map((a) => a.json?.data as Message);
    const conversationId = answered[0]?.conversationId ?? '';
    expect(new Set(answered.map((m) => m.conversationId)).size).toBe(1);
    expect(answered.map((m) => m.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const rows = await storedMessages(conversationId);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows.filter((r) => r.senderId === client.id)).toHaveLength(25);

    const missed = await messagesOf(client, conversationId, '?afterSeq=40&size=100');
    expect((missed.json?.data as { messages: Message[] }).messages).toEqual(
      answered.filter((m) => m.seq > 40).sort((a, b) => a.seq - b.seq),
    );
  });
});

describe('notifications', () => {
  async function chatNotifications(userId: string) {
    return t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'CHAT_MESSAGE')));
  }

  async function pushJobs(): Promise<PushJob[]> {
    const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB)).orderBy(asc(jobs.createdAt));
    return rows.map((r) => r.payload as PushJob);
  }

  it('keeps one unread notification per conversation with the newest text, and pushes every message', async () => {
    // A subscription the jobs would push to (they are inspected here, not run).
    const { notifications: service } = t.app.services.marketplace;
    await service.subscribe(actorOf(lawyer), {
      endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/lawyer-phone',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    });
    const announced: string[] = [];
    const stop = t.app.services.notificationEvents.onNotificationCreated((userId, n) => announced.push(n.id));
    try {
      const long = `${'ক'.repeat(79)}😀 and more text after the first eighty characters`;
      const first = await sent(client, lawyer.id, 'Hello');
      t.clock.advance(1000);
      await sent(client, lawyer.id, 'Are you there?');
      t.clock.advance(1000);
      const third = await sent(client, lawyer.id, long);

      const [row, ...more] = await chatNotifications(lawyer.id);
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        read: false,
        link: `/chat/${first.conversationId}`,
        content: `New message from Tanvir Hossain: ${'ক'.repeat(79)}😀…`,
      });
      // It moved to the newest message's time (the top of the list).
      expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(Date.parse(third.createdAt));
      expect(announced).toEqual([row?.id]);

      const pushes = await pushJobs();
      expect(pushes.map((p) => [p.userId, p.message.id, p.message.type, p.message.link])).toEqual(
        Array(3).fill([lawyer.id, row?.id, 'CHAT_MESSAGE', `/chat/${first.conversationId}`]),
      );
      expect(pushes.map((p) => p.message.body)).toEqual([
        'New message from Tanvir Hossain: Hello',
        'New message from Tanvir Hossain: Are you there?',
        row?.content,
      ]);
      expect(pushes[0]?.message.title).toBe('New message');
      // CHAT_MESSAGE is not mailed by default.
      const mailed = await t.database.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
      expect(mailed.filter((j) => JSON.stringify(j.payload).includes('New message'))).toEqual([]);

      // Reading the conversation settles its notification: the next message is news again.
      await call(t.app, 'PUT', `/v1/chat/conversations/${first.conversationId}/read`, { token: lawyer.token });
      expect((await chatNotifications(lawyer.id)).map((n) => n.read)).toEqual([true]);
      await sent(client, lawyer.id, 'One more thing');
      const after = await chatNotifications(lawyer.id);
      expect(after.map((n) => [n.read, n.content]).sort()).toEqual([
        [false, 'New message from Tanvir Hossain: One more thing'],
        [true, row?.content],
      ]);
      expect(announced).toHaveLength(2);
      // The sender is not notified of their own messages.
      expect(await chatNotifications(client.id)).toEqual([]);
    } finally {
      stop();
    }
  });

  it('writes the notification in the recipient’s language', async () => {
    const bn = await directLawyer(t, { firstName: 'শিরিন', lastName: 'আক্তার', language: 'bn' });
    await sent(client, bn.user.id, 'আসসালামু আলাইকুম');
    const [row] = await chatNotifications(bn.user.id);
    expect(row?.content).toBe('Tanvir Hossain-এর নতুন বার্তা: আসসালামু আলাইকুম');
  });
});
