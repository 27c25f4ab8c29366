/**
 * Chat over STOMP (docs/api.md §5–7) with the real `@stomp/stompjs` client over `sockjs-client`, as the
 * PWA uses them: a SEND with a receipt is answered after the message is stored and reaches the
 * receiver's topic once (a repeat of it is stored and announced no more); a refused SEND answers
 * on /user/queue/errors without a RECEIPT; nobody hears another user's chat topics; marking read
 * (STOMP or REST) tells the sender which messages were read and the reader their new counts.
 * Nothing here sleeps: absence is shown by a later frame on the same connection arriving first.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChatMessages,
  ChatUnreadEventSchema,
  MessageSchema,
  ReadStatusSchema,
  type Message,
} from '../../../contract/chat';
import { ServerMessages } from '../../../contract/errors';
import { messages } from '../../db/schema';
import { call, verifiedUser } from '../../../tests/helpers/server-http';
import { lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';
import { startRealtimeApp, TestStompClient, type RealtimeTestApp } from '../../../tests/helpers/server-realtime';
import { ChatReplies } from '../../realtime/chat-handlers';
import { AppDestinations, Topics, UserQueues } from '../../realtime/destinations';

let t: RealtimeTestApp;
let client: Session;
let lawyer: Session;
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await startRealtimeApp();
});
beforeEach(async () => {
  await t.reset();
  client = await verifiedUser(t.app, t.mailDir);
  lawyer = (await lawyerSession(t)).session;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  t.clock.reset();
});
afterAll(async () => {
  await t?.close();
});

async function connect(who: Session): Promise<TestStompClient> {
  const stomp = new TestStompClient(t.url, { token: who.token });
  clients.push(stomp);
  await stomp.connect();
  return stomp;
}

/** SENDs with a receipt and resolves when the RECEIPT arrives. */
function sendConfirmed(stomp: TestStompClient, destination: string, body: string) {
  const receipt = `r-${randomUUID()}`;
  const confirmed = stomp.receipt(receipt);
  stomp.send(destination, body, { receipt, 'content-type': 'application/json' });
  return confirmed;
}

const parseMessage = (body: string): Message => MessageSchema.strict().parse(JSON.parse(body));

async function restSend(from: Session, to: Session, content: string): Promise<Message> {
  const res = await call(t.app, 'POST', '/v1/chat/send', { token: from.token, body: { receiverId: to.id, content } });
  expect(res.status).toBe(201);
  return res.json?.data as Message;
}

describe('/app/chat/send', () => {
  it('answers the RECEIPT once the message is stored, and delivers it once to both participants', async () => {
    const lawyerSocket = await connect(lawyer);
    const incoming = await lawyerSocket.subscribeConfirmed(Topics.chat(lawyer.id));
    const lawyerUnread = await lawyerSocket.subscribeConfirmed(Topics.chatUnread(lawyer.id));
    const clientSocket = await connect(client);
    const mine = await clientSocket.subscribeConfirmed(Topics.chat(client.id));
    const errors = await clientSocket.subscribeConfirmed(UserQueues.errors);

    const clientMessageId = randomUUID();
    const body = JSON.stringify({ receiverId: lawyer.id, content: 'Is the hearing still on Sunday?', clientMessageId });
    await sendConfirmed(clientSocket, AppDestinations.chatSend, body);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.clientMessageId, clientMessageId));
    expect(row).toMatchObject({ seq: 1, senderId: client.id, receiverId: lawyer.id });

    const delivered = parseMessage((await incoming.next()).body);
    expect(delivered).toMatchObject({ id: row?.id, seq: 1, clientMessageId, read: false });
    expect(parseMessage((await mine.next()).body)).toEqual(delivered);
    expect(ChatUnreadEventSchema.strict().parse(JSON.parse((await lawyerUnread.next()).body))).toEqual({
      totalUnreadCount: 1,
      conversationUnreadCounts: { [delivered.conversationId]: 1 },
    });

    // The outbox sending it again (a lost RECEIPT): acknowledged, neither stored nor delivered again.
    await sendConfirmed(clientSocket, AppDestinations.chatSend, body);
    const next = JSON.stringify({ receiverId: lawyer.id, content: 'And the papers?', clientMessageId: randomUUID() });
    await sendConfirmed(clientSocket, AppDestinations.chatSend, next);
    expect(parseMessage((await incoming.next()).body)).toMatchObject({ seq: 2, content: 'And the papers?' });
    expect(incoming.messages).toHaveLength(2);
    expect(await t.database.db.select().from(messages)).toHaveLength(2);
    expect(errors.messages).toEqual([]);
  });

  it('refuses a recipient the policy refuses, and bad frames, on /user/queue/errors without a RECEIPT', async () => {
    const stranger = await verifiedUser(t.app, t.mailDir);
    const strangerSocket = await connect(stranger);
    const strangerInbox = await strangerSocket.subscribeConfirmed(Topics.chat(stranger.id));
    const clientSocket = await connect(client);
    const errors = await clientSocket.subscribeConfirmed(UserQueues.errors);

    const refusedReceipts: string[] = [];
    const refused = [
      [
        JSON.stringify({ receiverId: stranger.id, content: 'hi', clientMessageId: randomUUID() }),
        ServerMessages.accessDenied,
      ],
      [JSON.stringify({ receiverId: client.id, content: 'me' }), ChatMessages.invalidRecipient],
      [JSON.stringify({ receiverId: lawyer.id, content: '   ' }), 'Too small: expected string to have >=1 characters'],
      ['{"receiverId":', ServerMessages.malformedJson],
    ] as const;
    for (const [body] of refused) {
      const receipt = `bad-${randomUUID()}`;
      clientSocket.client.watchForReceipt(receipt, () => refusedReceipts.push(receipt));
      clientSocket.send(AppDestinations.chatSend, body, { receipt });
    }
    for (const [, message] of refused) {
      const error = await errors.next();
      expect(error.body).toBe(message);
      expect(error.headers['receipt-id']).toMatch(/^bad-/);
    }
    // Frames are handled in order: a RECEIPT for a refused frame would have come before this one.
    await sendConfirmed(
      clientSocket,
      AppDestinations.chatSend,
      JSON.stringify({ receiverId: lawyer.id, content: 'ok' }),
    );
    expect(refusedReceipts).toEqual([]);
    expect(await t.database.db.select().from(messages)).toHaveLength(1);
    expect(strangerInbox.messages).toEqual([]);
    expect(clientSocket.closes).toBe(0);
  });

  it("refuses a SUBSCRIBE to another user's chat topics with ERROR, and hears none of them", async () => {
    const clientSocket = await connect(client);
    const topics = [Topics.chat, Topics.chatUnread, Topics.chatReadStatus].map((topic) => topic(lawyer.id));
    const overheard = topics.map((topic) => clientSocket.subscribe(topic));
    await restSend(client, lawyer, 'Did you get the papers?');
    // Handled in order: by this RECEIPT every refusal has been answered.
    await clientSocket.subscribeConfirmed(UserQueues.status);
    expect(clientSocket.stompErrors.map((f) => [f.headers.message, f.headers.destination])).toEqual(
      topics.map((topic) => [ServerMessages.accessDenied, topic]),
    );
    expect(overheard.flatMap((inbox) => inbox.messages)).toEqual([]);
    expect(clientSocket.closes).toBe(0);
  });
});

describe('the reference web client', () => {
  it('gets answers to /app/chat/subscribe and /app/chat/ping, and chat refusals on /user/queue/chat-errors', async () => {
    const socket = await connect(client);
    const chatStatus = await socket.subscribeConfirmed(UserQueues.chatStatus);
    const chatErrors = await socket.subscribeConfirmed(UserQueues.chatErrors);
    await socket.subscribeConfirmed(UserQueues.chat);
    socket.send(AppDestinations.chatSubscribe);
    expect((await chatStatus.next()).body).toBe(ChatReplies.subscribed);
    socket.send(AppDestinations.chatPing);
    expect((await chatStatus.next()).body).toBe('pong');
    socket.send(AppDestinations.chatSend, JSON.stringify({ receiverId: client.id, content: 'me' }));
    expect((await chatErrors.next()).body).toBe(ChatMessages.invalidRecipient);
    expect(socket.stompErrors).toEqual([]);
    expect(socket.closes).toBe(0);
  });

  it('sends each message over STOMP and over REST without clientMessageId: stored once, delivered once', async () => {
    const lawyerSocket = await connect(lawyer);
    const incoming = await lawyerSocket.subscribeConfirmed(Topics.chat(lawyer.id));
    const clientSocket = await connect(client);
    const content = 'The hearing moved to Monday.';
    const body = JSON.stringify({ receiverId: lawyer.id, content });

    await sendConfirmed(clientSocket, AppDestinations.chatSend, body);
    const overRest = await restSend(client, lawyer, content);
    const stored = await t.database.db.select().from(messages);
    expect(stored).toHaveLength(1);
    expect(overRest).toMatchObject({ id: stored[0]?.id, seq: 1, content });

    // Another message after it arrives next: the REST repeat was not announced in between.
    await restSend(client, lawyer, 'Bring the deed.');
    expect(parseMessage((await incoming.next()).body)).toMatchObject({ id: overRest.id, content });
    expect(parseMessage((await incoming.next()).body)).toMatchObject({ seq: 2, content: 'Bring the deed.' });

    // The same words 30 s later are a new message (the window is CHAT_DEDUPE_WINDOW_MS).
    t.clock.advance(30_000);
    await sendConfirmed(clientSocket, AppDestinations.chatSend, body);
    expect(parseMessage((await incoming.next()).body)).toMatchObject({ seq: 3, content });
    expect(await t.database.db.select().from(messages)).toHaveLength(3);
  });
});

describe('two senders with the same clientMessageId', () => {
  it('each get their own message stored and delivered, and neither hears the other', async () => {
    const other = await verifiedUser(t.app, t.mailDir);
    const lawyerSocket = await connect(lawyer);
    const incoming = await lawyerSocket.subscribeConfirmed(Topics.chat(lawyer.id));
    const aSocket = await connect(client);
    const aTopic = await aSocket.subscribeConfirmed(Topics.chat(client.id));
    const bSocket = await connect(other);
    const bTopic = await bSocket.subscribeConfirmed(Topics.chat(other.id));
    const clientMessageId = randomUUID();

    const send = (to: Session, content: string) => JSON.stringify({ receiverId: to.id, content, clientMessageId });
    await sendConfirmed(aSocket, AppDestinations.chatSend, send(lawyer, 'From A'));
    await sendConfirmed(bSocket, AppDestinations.chatSend, send(lawyer, 'From B'));
    const overRest = await call(t.app, 'POST', '/v1/chat/send', {
      token: other.token,
      body: { receiverId: lawyer.id, content: 'From B', clientMessageId },
    });
    expect(overRest.json?.data).toMatchObject({ senderId: other.id, content: 'From B', clientMessageId });

    const rows = await t.database.db.select().from(messages).where(eq(messages.clientMessageId, clientMessageId));
    expect(rows.map((r) => [r.senderId, r.content]).sort()).toEqual(
      [
        [client.id, 'From A'],
        [other.id, 'From B'],
      ].sort(),
    );
    const toLawyer = [parseMessage((await incoming.next()).body), parseMessage((await incoming.next()).body)];
    expect(toLawyer.map((m) => [m.senderId, m.content])).toEqual([
      [client.id, 'From A'],
      [other.id, 'From B'],
    ]);
    expect(parseMessage((await aTopic.next()).body)).toMatchObject({ senderId: client.id, content: 'From A' });
    expect(parseMessage((await bTopic.next()).body)).toMatchObject({ senderId: other.id, content: 'From B' });
    // One more on each topic after them: had the other's message been pushed, it would come first.
    await restSend(client, lawyer, 'A again');
    await restSend(other, lawyer, 'B again');
    expect(parseMessage((await aTopic.next()).body).content).toBe('A again');
    expect(parseMessage((await bTopic.next()).body).content).toBe('B again');
  });
});

describe('reading over STOMP and REST', () => {
  it('mark-conversation-read tells the sender what was read and the reader their counts', async () => {
    const first = await restSend(lawyer, client, 'Please bring the school records.');
    const second = await restSend(lawyer, client, 'And your national ID card.');
    const lawyerSocket = await connect(lawyer);
    const readStatus = await lawyerSocket.subscribeConfirmed(Topics.chatReadStatus(lawyer.id));
    const clientSocket = await connect(client);
    const counts = await clientSocket.subscribeConfirmed(Topics.chatUnread(client.id));

    await sendConfirmed(
      clientSocket,
      AppDestinations.chatMarkConversationRead,
      JSON.stringify({ conversationId: first.conversationId }),
    );
    expect(ReadStatusSchema.strict().parse(JSON.parse((await readStatus.next()).body))).toEqual({
      conversationId: first.conversationId,
      messageIds: [first.id, second.id],
      upToSeq: 2,
      isRead: true,
    });
    expect(JSON.parse((await counts.next()).body)).toEqual({ totalUnreadCount: 0, conversationUnreadCounts: {} });

    // A conversation that is not the reader's: refused on the errors queue, nothing announced.
    const errors = await clientSocket.subscribeConfirmed(UserQueues.errors);
    clientSocket.send(AppDestinations.chatMarkConversationRead, JSON.stringify({ conversationId: randomUUID() }));
    expect((await errors.next()).body).toBe(ChatMessages.conversationNotFound);
  });

  it('mark-read with a message id reads it and what came before, and is persisted', async () => {
    const sent = [];
    for (const text of ['one', 'two', 'three']) sent.push(await restSend(lawyer, client, text));
    const [m1, m2, m3] = sent as [Message, Message, Message];
    const lawyerSocket = await connect(lawyer);
    const readStatus = await lawyerSocket.subscribeConfirmed(Topics.chatReadStatus(lawyer.id));
    const clientSocket = await connect(client);
    const counts = await clientSocket.subscribeConfirmed(Topics.chatUnread(client.id));
    const errors = await clientSocket.subscribeConfirmed(UserQueues.errors);

    await sendConfirmed(clientSocket, AppDestinations.chatMarkRead, m2.id);
    expect(JSON.parse((await readStatus.next()).body)).toEqual({
      conversationId: m1.conversationId,
      messageIds: [m1.id, m2.id],
      upToSeq: 2,
      isRead: true,
    });
    expect(JSON.parse((await counts.next()).body)).toEqual({
      totalUnreadCount: 1,
      conversationUnreadCounts: { [m1.conversationId]: 1 },
    });
    const thread = await call(t.app, 'GET', `/v1/chat/conversations/${m1.conversationId}/messages`, {
      token: client.token,
    });
    expect((thread.json?.data as { messages: Message[] }).messages.map((m) => [m.id, m.read])).toEqual([
      [m3.id, false],
      [m2.id, true],
      [m1.id, true],
    ]);

    // Someone else's message and garbage are "not found".
    const stranger = await verifiedUser(t.app, t.mailDir);
    const strangerSocket = await connect(stranger);
    const strangerErrors = await strangerSocket.subscribeConfirmed(UserQueues.errors);
    strangerSocket.send(AppDestinations.chatMarkRead, m3.id);
    expect((await strangerErrors.next()).body).toBe(ChatMessages.messageNotFound);
    clientSocket.send(AppDestinations.chatMarkRead, 'garbage');
    expect((await errors.next()).body).toBe(ChatMessages.messageNotFound);
  });

  it('PUT …/read announces the same events as the STOMP destination', async () => {
    const message = await restSend(client, lawyer, 'Can we meet on Sunday?');
    const clientSocket = await connect(client);
    const readStatus = await clientSocket.subscribeConfirmed(Topics.chatReadStatus(client.id));
    const lawyerSocket = await connect(lawyer);
    const counts = await lawyerSocket.subscribeConfirmed(Topics.chatUnread(lawyer.id));

    const res = await call(t.app, 'PUT', `/v1/chat/conversations/${message.conversationId}/read`, {
      token: lawyer.token,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse((await readStatus.next()).body)).toEqual(res.json?.data);
    expect(JSON.parse((await counts.next()).body)).toEqual({ totalUnreadCount: 0, conversationUnreadCounts: {} });
  });
});

describe('/app/chat/send beyond the rate limit', () => {
  it('answers every refused SEND that asked for a receipt with its receipt-id, even right after subscribing', async () => {
    const clientSocket = await connect(client);
    // As the app's connection does on CONNECTED: subscribe, and send at once without waiting. A burst
    // of 30 (well past the 10 a second, well below the 100 that closes) in one tick: however the
    // broker's 1 s windows fall on a loaded machine, some are refused, and every one is answered.
    const errors = clientSocket.subscribe(UserQueues.errors);
    const BURST = 30;
    const outcomes = new Map<string, string>();
    let allTold = () => {};
    const settled = new Promise<void>((resolve) => {
      allTold = resolve;
    });
    const record = (receipt: string, outcome: 'stored' | 'refused') => {
      outcomes.set(receipt, outcomes.has(receipt) ? 'twice' : outcome);
      if (outcomes.size === BURST) allTold();
    };
    for (let i = 0; i < BURST; i += 1) {
      const receipt = `burst-${i}`;
      clientSocket.client.watchForReceipt(receipt, () => record(receipt, 'stored'));
      clientSocket.send(
        AppDestinations.chatSend,
        JSON.stringify({ receiverId: lawyer.id, content: `burst ${i}`, clientMessageId: randomUUID() }),
        { receipt },
      );
    }
    // Every SEND ends as a RECEIPT or as a refusal naming it (read off the errors queue meanwhile).
    void (async () => {
      while (outcomes.size < BURST) {
        const refusal = await errors.next(20_000).catch(() => null);
        if (!refusal) return;
        expect(refusal.body).toBe(ServerMessages.rateLimited);
        record(String(refusal.headers['receipt-id']), 'refused');
      }
    })();
    await settled;
    const told = [...outcomes.entries()];
    expect(told.filter(([, outcome]) => outcome === 'twice')).toEqual([]);
    expect(new Set(told.map(([receipt]) => receipt))).toEqual(
      new Set(Array.from({ length: BURST }, (_, i) => `burst-${i}`)),
    );
    const refused = told.filter(([, outcome]) => outcome === 'refused').length;
    expect(refused).toBeGreaterThan(0);
    expect(await t.database.db.select().from(messages)).toHaveLength(BURST - refused);
    expect(clientSocket.closes).toBe(0);
  });
});
