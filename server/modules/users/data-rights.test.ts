/**
 * Data rights (docs/decisions/0012-data-rights.md), through the API on PGlite and PostgreSQL: the
 * export holds the user's objects, nobody else's and no secret; deletion asks for the password and
 * "DELETE", waits for open payments, ends every session, leaves nothing of theirs readable, and keeps
 * (anonymised) what the other party's records and the accounts need; the email can register again.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CaseSchema } from '../../../contract/cases';
import { ChatMessages, ConversationListSchema } from '../../../contract/chat';
import { DATA_EXPORT_FORMAT, DataExportSchema, DELETED_USER_NAME } from '../../../contract/data-rights';
import { ServerMessages } from '../../../contract/errors';
import { PaymentSchema } from '../../../contract/payments';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { mailFiles } from '../../../tests/helpers/server-mail';
import { caseParties, openTestCase } from '../../../tests/helpers/server-cases';
import { textPdf } from '../../../tests/helpers/server-documents';
import { call, multipart, registerUser, verifiedUser, type CallResult } from '../../../tests/helpers/server-http';
import type { Session } from '../../../tests/helpers/server-lawyers';
import {
  aiSessions,
  calendarFeeds,
  documents,
  notes,
  notifications,
  payments,
  pushSubscriptions,
  refreshTokens,
  sessions,
  users,
} from '../../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const PUSH_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/capability-part-of-the-url';
const PUSH_KEYS = {
  p256dh: `B${'x'.repeat(86)}`,
  auth: 'abcdefghijklmnopqrstuv',
};

function ok(res: CallResult, status = 200): NonNullable<CallResult['json']> {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  return res.json ?? {};
}

async function upload(token: string, caseId: string, title: string, privacy: 'PRIVATE' | 'SHARED') {
  const parts = [
    { name: 'caseId', content: caseId },
    { name: 'title', content: title },
    { name: 'description', content: '' },
    { name: 'privacy', content: privacy },
    { name: 'file', filename: 'deed.pdf', contentType: 'application/pdf', content: textPdf([title]) },
  ];
  const data = ok(await call(t.app, 'POST', '/v1/case-assets/documents', { token, ...multipart(parts) }), 201).data as {
    documentId: string;
  };
  return data.documentId;
}

/** The lawyer and client of a case with notes, documents, chat, an AI session, push and a calendar feed; and a stranger with a case of their own. */
async function world() {
  const { lawyer, client } = await caseParties(t, { outsiders: false });
  const stranger = await verifiedUser(t.app, t.mailDir, { firstName: 'Selim', lastName: 'Akhtar' });
  const kase = await openTestCase(t, lawyer, client);
  const strangerCase = await openTestCase(t, lawyer, stranger, { title: 'Stranger matter in Khulna' });
  const note = (token: string, caseId: string, title: string, privacy: string) =>
    call(t.app, 'POST', '/v1/case-assets/notes', { token, body: { caseId, title, content: `${title} body`, privacy } });
  ok(await note(client.token, kase.caseId, 'Client private note', 'PRIVATE'), 201);
  ok(await note(client.token, kase.caseId, 'Client shared note', 'SHARED'), 201);
  ok(await note(lawyer.token, kase.caseId, 'Lawyer private strategy', 'PRIVATE'), 201);
  ok(await note(stranger.token, strangerCase.caseId, 'Stranger private note', 'PRIVATE'), 201);
  const privateDoc = await upload(client.token, kase.caseId, 'Client private scan', 'PRIVATE');
  const sharedDoc = await upload(client.token, kase.caseId, 'Client shared deed', 'SHARED');
  ok(
    await call(t.app, 'POST', '/v1/chat/send', {
      token: client.token,
      body: { receiverId: lawyer.id, content: 'Hello from the client' },
    }),
    201,
  );
  ok(
    await call(t.app, 'POST', '/v1/chat/send', {
      token: lawyer.token,
      body: { receiverId: client.id, content: 'Reply from the lawyer' },
    }),
    201,
  );
  ok(await call(t.app, 'POST', '/ai/v1/sessions', { token: client.token, body: { title: 'Client dowry question' } }));
  ok(await call(t.app, 'POST', '/ai/v1/sessions', { token: stranger.token, body: { title: 'Stranger AI session' } }));
  ok(
    await call(t.app, 'POST', '/v1/push/subscriptions', {
      token: client.token,
      body: { endpoint: PUSH_ENDPOINT, keys: PUSH_KEYS },
    }),
    201,
  );
  const feed = ok(await call(t.app, 'GET', '/v1/schedule/calendar-feed', { token: client.token })).data as {
    url: string;
  };
  return { lawyer, client, stranger, kase, privateDoc, sharedDoc, feedUrl: feed.url };
}

async function exportOf(session: Session) {
  const res = await call(t.app, 'GET', '/v1/user/data-export', { token: session.token });
  expect(res.status, res.raw.toString()).toBe(200);
  return {
    res,
    text: res.raw.toString('utf8'),
    data: DataExportSchema.strict().parse(JSON.parse(res.raw.toString('utf8'))),
  };
}

function deleteAccount(
  session: Session,
  body: Record<string, unknown> = { password: session.password, confirm: 'DELETE' },
) {
  return call(t.app, 'POST', '/v1/user/delete-account', { token: session.token, body });
}

describe('GET /v1/user/data-export', () => {
  it('answers a JSON attachment with my objects, none of another user’s, and no secret', async () => {
    const w = await world();
    const { res, text, data } = await exportOf(w.client);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="legalconnect-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toBe('sandbox');

    expect(data.format).toBe(DATA_EXPORT_FORMAT);
    expect(data.account).toMatchObject({
      id: w.client.id,
      email: w.client.email,
      firstName: 'Nusrat',
      lastName: 'Jahan',
    });
    expect(data.cases.map((c) => c.title)).toEqual(['Land dispute in Savar']);
    expect(data.notes.map((n) => n.title).sort()).toEqual(['Client private note', 'Client shared note']);
    expect(data.documents.map((d) => d.title).sort()).toEqual(['Client private scan', 'Client shared deed']);
    const [conversation] = data.conversations;
    expect(data.conversations).toHaveLength(1);
    expect(conversation).toMatchObject({ otherUserId: w.lawyer.id });
    expect((conversation?.messages as { content: string }[]).map((m) => m.content)).toEqual([
      'Hello from the client',
      'Reply from the lawyer',
    ]);
    expect(data.aiSessions.map((s) => s.title)).toEqual(['Client dowry question']);
    expect(data.pushSubscriptions).toEqual([expect.objectContaining({ endpointOrigin: 'https://fcm.googleapis.com' })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.calendar).toEqual({ feedEnabled: true, googleLinked: false });
    expect(data.notifications.length).toBeGreaterThanOrEqual(1); // the lawyer's reply notified me

    // Nobody else's objects.
    for (const foreign of [
      'Stranger matter in Khulna',
      'Stranger private note',
      'Stranger AI session',
      'Lawyer private strategy',
      w.stranger.email,
    ]) {
      expect(text).not.toContain(foreign);
    }
    // No secret: password hash, tokens, the feed token, push keys, the endpoint's capability path.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, w.client.id));
    const [feed] = await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, w.client.id));
    const secrets = [
      row!.passwordHash,
      w.client.token,
      w.client.refreshToken,
      feed!.token,
      PUSH_KEYS.p256dh,
      PUSH_KEYS.auth,
      'capability-part-of-the-url',
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/passwordHash|refreshToken|tokenHash|codeHash|storageKey|providerSessionId|roomName/);
  });

  it('is open to a signed-in user whose email is not verified yet, and refused without a token', async () => {
    const unverified = await registerUser(t.app, { firstName: 'Mitu', lastName: 'Rani' });
    const { data } = await exportOf(unverified);
    expect(data.account).toMatchObject({ email: unverified.email, emailVerified: false });
    expect(data.cases).toEqual([]);
    expect((await call(t.app, 'GET', '/v1/user/data-export')).status).toBe(401);
  });
});

describe('POST /v1/user/delete-account', () => {
  it('refuses a wrong password, a missing confirmation and an open payment; the account stays', async () => {
    const { lawyer, client } = await caseParties(t, { outsiders: false });
    const wrong = await deleteAccount(client, { password: 'Wr0ng!Pass', confirm: 'DELETE' });
    expect(wrong.status).toBe(400);
    expect(wrong.json?.error?.message ?? wrong.json?.message).toBe(ServerMessages.passwordIncorrect);
    for (const body of [{ password: client.password }, { password: client.password, confirm: 'delete' }]) {
      const res = await deleteAccount(client, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(ServerMessages.deleteConfirmationRequired);
    }

    // A meeting opens a PENDING payment: neither side may leave until it is settled or cancelled.
    const start = new Date(t.clock.now().getTime() + 24 * 3_600_000);
    start.setUTCSeconds(0, 0);
    const meeting = ok(
      await call(t.app, 'POST', '/v1/videocalls/', {
        token: lawyer.token,
        body: {
          email: client.email,
          title: 'Consultation',
          startDateTime: start.toISOString(),
          endDateTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
        },
      }),
      201,
    ).data as { payment: { id: string } };
    for (const who of [client, lawyer]) {
      const refused = await deleteAccount(who);
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.json)).toContain(ServerMessages.accountDeletionPaymentsOpen);
    }
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: client.token })).status).toBe(200);

    // Once cancelled the client may leave; the payment record stays for the lawyer, anonymised.
    ok(await call(t.app, 'PUT', `/v1/payments/${meeting.payment.id}/cancel`, { token: client.token }));
    const deleted = await deleteAccount(client);
    expect(ok(deleted)).toMatchObject({ data: ServerMessages.accountDeleted });
    const payment = PaymentSchema.parse(
      ok(await call(t.app, 'GET', `/v1/payments/${meeting.payment.id}`, { token: lawyer.token })).data,
    );
    expect(payment).toMatchObject({
      status: 'CANCELED',
      payerId: client.id,
      payerName: `${DELETED_USER_NAME.firstName} ${DELETED_USER_NAME.lastName}`,
    });
    expect(payment.payerEmail).not.toBe(client.email);
    expect(JSON.stringify(payment)).not.toContain('Nusrat');
    const kept = await t.database.db.select().from(payments).where(eq(payments.payerId, client.id));
    expect(kept).toHaveLength(1);
  });

  it('ends every session and leaves nothing of theirs readable but what the other party’s records need', async () => {
    const w = await world();
    const revoked: string[] = [];
    const stop = t.app.services.sessionEvents.onSessionRevoked((sid) => revoked.push(sid));
    const [privateRow] = await t.database.db.select().from(documents).where(eq(documents.id, w.privateDoc));
    const refreshBefore = await t.database.db.select().from(refreshTokens);
    const clientRefresh = await t.database.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(sessions.userId, w.client.id));
    expect(clientRefresh.length).toBeGreaterThan(0);
    try {
      expect(ok(await deleteAccount(w.client))).toMatchObject({ data: ServerMessages.accountDeleted });
    } finally {
      stop();
    }
    expect(revoked.length).toBeGreaterThanOrEqual(1);

    // Old tokens and the password are refused.
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: w.client.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/v1/user/data-export', { token: w.client.token })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: w.client.refreshToken } })).status,
    ).toBe(401);
    const login = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: w.client.email, password: w.client.password },
    });
    expect(login.status).toBe(401);
    // The calendar feed URL is dead.
    expect((await call(t.app, 'GET', new URL(w.feedUrl).pathname)).status).toBe(404);

    // The lawyer keeps the case, the shared note and document, and the conversation; the name is anonymised.
    const deletedName = { firstName: DELETED_USER_NAME.firstName, lastName: DELETED_USER_NAME.lastName };
    const kase = CaseSchema.parse(
      ok(await call(t.app, 'GET', `/v1/case/${w.kase.caseId}`, { token: w.lawyer.token })).data,
    );
    expect(kase.client).toMatchObject({ id: w.client.id, ...deletedName });
    expect(kase.client.email).not.toBe(w.client.email);
    const caseNotes = ok(
      await call(t.app, 'GET', `/v1/case-assets/cases/${w.kase.caseId}/notes`, { token: w.lawyer.token }),
    );
    const noteText = JSON.stringify(caseNotes.data);
    expect(noteText).toContain('Client shared note');
    expect(noteText).toContain('Lawyer private strategy');
    expect(noteText).not.toContain('Nusrat');
    expect(
      (await call(t.app, 'GET', `/v1/case-assets/documents/${w.sharedDoc}/view`, { token: w.lawyer.token })).status,
    ).toBe(200);
    const conversations = ok(await call(t.app, 'GET', '/v1/chat/conversations', { token: w.lawyer.token }));
    expect(JSON.stringify(conversations.data)).toContain(DELETED_USER_NAME.firstName);
    expect(JSON.stringify(conversations.data)).not.toContain('Nusrat');
    const [withTombstone] = ConversationListSchema.parse(conversations.data).conversations;
    expect(withTombstone).toMatchObject({ otherParticipantId: w.client.id, otherParticipantDeleted: true });
    // A new message would be stored for nobody to read: refused with the reason, nothing stored.
    const toTombstone = await call(t.app, 'POST', '/v1/chat/send', {
      token: w.lawyer.token,
      body: { receiverId: w.client.id, content: 'Are you still there?' },
    });
    expect(toTombstone.status).toBe(409);
    expect(toTombstone.json?.error?.message).toBe(ChatMessages.recipientDeleted);
    const thread = ok(
      await call(t.app, 'GET', `/v1/chat/conversations/${withTombstone!.id}/messages`, { token: w.lawyer.token }),
    );
    expect(JSON.stringify(thread.data)).not.toContain('Are you still there?');

    // Their private note, private document (row and bytes), AI sessions, notifications, push and sessions are gone.
    const db = t.database.db;
    expect((await db.select().from(notes).where(eq(notes.ownerId, w.client.id))).map((n) => n.title)).toEqual([
      'Client shared note',
    ]);
    expect(await db.select().from(documents).where(eq(documents.id, w.privateDoc))).toEqual([]);
    expect(existsSync(path.join(t.dataDir, 'files', privateRow!.storageKey))).toBe(false);
    for (const table of [aiSessions, notifications, pushSubscriptions, sessions]) {
      expect(await db.select().from(table).where(eq(table.userId, w.client.id))).toEqual([]);
    }
    // The client's refresh tokens went with their sessions; the others' stay.
    expect(await db.select().from(refreshTokens)).toHaveLength(refreshBefore.length - clientRefresh.length);
    const [tombstone] = await db.select().from(users).where(eq(users.id, w.client.id));
    expect(tombstone).toMatchObject({ ...deletedName, profilePicture: null, emailVerified: false });
    expect(JSON.stringify(tombstone)).not.toContain(w.client.email);

    // A reminder of a hearing on the shared case still reaches the tombstone's row, but no mail job
    // is queued for its .invalid address (and the mailer would drop one: it could only bounce).
    const { notifications: notifier } = t.app.services.marketplace;
    const created = await t.database.db.transaction((tx) =>
      notifier.notify(tx, { userId: w.client.id, type: 'SCHEDULE_REMINDER', content: 'Hearing tomorrow' }),
    );
    expect(created.queuedJobs).toBe(false);
    notifier.deliver(created);
    await t.app.services.jobRunner.runDue();
    expect(await mailFiles(t.mailDir, tombstone!.email)).toEqual([]);

    // Deleting twice is impossible (the token is dead), and the email registers again as a new account.
    expect((await deleteAccount(w.client)).status).toBe(401);
    const again = await verifiedUser(t.app, t.mailDir, {
      email: w.client.email,
      firstName: 'Nusrat',
      lastName: 'Jahan',
    });
    expect(again.id).not.toBe(w.client.id);
    const fresh = await exportOf(again);
    expect(fresh.data.cases).toEqual([]);
    expect(fresh.data.notes).toEqual([]);
  });

  it('takes a deleted lawyer out of the directory and their profile; clients keep the case', async () => {
    const { lawyer, client } = await caseParties(t, { outsiders: false });
    const kase = await openTestCase(t, lawyer, client);
    const find = async () =>
      (
        ok(await call(t.app, 'POST', '/v1/lawyer-directory/find-lawyers', { token: client.token, body: {} })).data as {
          userId: string;
        }[]
      ).map((l) => l.userId);
    expect(await find()).toContain(lawyer.id);
    ok(await deleteAccount(lawyer));
    expect(await find()).not.toContain(lawyer.id);
    const profile = await call(t.app, 'GET', `/v1/lawyer/profile?email=${encodeURIComponent(lawyer.email)}`, {
      token: client.token,
    });
    expect(profile.status).toBe(404);
    const kept = CaseSchema.parse(
      ok(await call(t.app, 'GET', `/v1/case/${kase.caseId}`, { token: client.token })).data,
    );
    expect(kept.lawyer).toMatchObject({ id: lawyer.id, firstName: DELETED_USER_NAME.firstName, firm: null });
  });
});
