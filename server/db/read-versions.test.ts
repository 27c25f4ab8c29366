/**
 * The case list, the notification list and the chat inbox are answered from memory while their version in the
 * database stands (server/db/read-versions.ts, migration 0022). What a user must never see is an
 * old list: after each kind of write that changes what a list shows, the next read has it — the
 * writes of the API, a write the server did not make itself (another instance, an operator's SQL),
 * and the cascades of an account deletion. The oracle for a case list is the case read on its own
 * (GET /v1/case/:id, which reads the database every time).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Case } from '../../contract/cases';
import type { Conversation } from '../../contract/chat';
import type { Notification } from '../../contract/notifications';
import { caseParties, openTestCase } from '../../tests/helpers/server-cases';
import { startTestApp, type TestApp } from '../../tests/helpers/server-app';
import { call } from '../../tests/helpers/server-http';
import { profileBody, type Session } from '../../tests/helpers/server-lawyers';
import { cases, notifications, users } from './schema';

let t: TestApp;
let lawyer: Session;
let client: Session;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  ({ lawyer, client } = await caseParties(t, { outsiders: false }));
});

async function caseList(session: Session, query = ''): Promise<{ cases: Case[]; total: number }> {
  const res = await call(t.app, 'GET', `/v1/case/${query}`, { token: session.token });
  expect(res.status).toBe(200);
  const metadata = res.json?.metadata as { totalCount: number };
  return { cases: (res.json?.data as { cases: Case[] }).cases, total: metadata.totalCount };
}

/** The list, checked against each case read on its own; returned for further checks. */
async function currentList(session: Session): Promise<Case[]> {
  const { cases: listed, total } = await caseList(session);
  expect(total).toBe(listed.length);
  for (const item of listed) {
    const res = await call(t.app, 'GET', `/v1/case/${item.caseId}`, { token: session.token });
    expect(res.status).toBe(200);
    expect(item).toEqual(res.json?.data);
  }
  return listed;
}

async function bell(session: Session, query = ''): Promise<Notification[]> {
  const res = await call(t.app, 'GET', `/v1/notifications/${query}`, { token: session.token });
  expect(res.status).toBe(200);
  return (res.json?.data as { notifications: Notification[] }).notifications;
}

describe('a case list read from memory', () => {
  it('shows at once a new case, an edit, a status change and a second page, for both parties', async () => {
    expect(await currentList(client)).toEqual([]);
    const first = await openTestCase(t, lawyer, client);
    expect((await currentList(client)).map((c) => c.caseId)).toEqual([first.caseId]);
    expect((await currentList(lawyer)).map((c) => c.caseId)).toEqual([first.caseId]);

    const edited = await call(t.app, 'PUT', `/v1/case/${first.caseId}`, {
      token: lawyer.token,
      body: { title: 'Land dispute in Savar, appeal', description: 'Now at the High Court' },
    });
    expect(edited.status).toBe(200);
    expect((await currentList(client))[0]?.title).toBe('Land dispute in Savar, appeal');

    const moved = await call(t.app, 'PUT', `/v1/case/${first.caseId}/status`, {
      token: lawyer.token,
      body: { status: 'RESOLVED' },
    });
    expect(moved.status).toBe(200);
    expect((await currentList(client))[0]?.status).toBe('RESOLVED');
    expect((await caseList(client, '?status=RESOLVED')).total).toBe(1);
    expect((await caseList(client, '?status=IN_PROGRESS')).total).toBe(0);

    const second = await openTestCase(t, lawyer, client, { title: 'Rent arrears' });
    expect((await currentList(lawyer)).map((c) => c.caseId)).toEqual([second.caseId, first.caseId]);
    const pageTwo = await caseList(client, '?page=1&size=1');
    expect(pageTwo.total).toBe(2);
    expect(pageTwo.cases.map((c) => c.caseId)).toEqual([first.caseId]);
    expect((await caseList(client, '?status=IN_PROGRESS')).total).toBe(1);
  });

  it("shows the other party's new name and the lawyer's new firm", async () => {
    await openTestCase(t, lawyer, client);
    expect((await currentList(client))[0]?.lawyer.firstName).toBe('Karim');

    const renamed = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: lawyer.token,
      body: { firstName: 'Rezaul', lastName: 'Karim' },
    });
    expect(renamed.status).toBe(200);
    expect((await currentList(client))[0]?.lawyer).toMatchObject({ firstName: 'Rezaul', lastName: 'Karim' });

    const refirmed = await call(t.app, 'PUT', '/v1/lawyer/profile', {
      token: lawyer.token,
      body: { ...profileBody({ firm: 'Karim Legal Chambers' }), barCertificateNumber: undefined },
    });
    expect(refirmed.status).toBe(200);
    expect((await currentList(client))[0]?.lawyer.firm).toBe('Karim Legal Chambers');

    const clientRenamed = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: client.token,
      body: { firstName: 'Nusrat', lastName: 'Karim' },
    });
    expect(clientRenamed.status).toBe(200);
    expect((await currentList(lawyer))[0]?.client.lastName).toBe('Karim');
  });

  it('shows a write this server did not make (another instance, an operator) at the next read', async () => {
    const opened = await openTestCase(t, lawyer, client);
    expect((await currentList(client))[0]?.title).toBe('Land dispute in Savar');
    await t.database.db.update(cases).set({ title: 'Written elsewhere' }).where(eq(cases.id, opened.caseId));
    expect((await currentList(client))[0]?.title).toBe('Written elsewhere');
    await t.database.db.delete(cases).where(eq(cases.id, opened.caseId));
    expect(await currentList(client)).toEqual([]);
    expect(await currentList(lawyer)).toEqual([]);
  });

  it('shows the other party anonymised once they delete their account', async () => {
    await openTestCase(t, lawyer, client);
    expect((await currentList(lawyer))[0]?.client.email).toBe(client.email);
    const deleted = await call(t.app, 'POST', '/v1/user/delete-account', {
      token: client.token,
      body: { password: client.password, confirm: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    const [kept] = await currentList(lawyer);
    expect(kept?.client.email).not.toBe(client.email);
    expect(kept?.client.firstName).not.toBe('Nusrat');
  });
});

describe('a notification list read from memory', () => {
  it('shows a new notification, one marked read, all marked read, and the texts in a new language', async () => {
    expect(await bell(client)).toEqual([]);
    await openTestCase(t, lawyer, client);
    const [created] = await bell(client);
    expect(created).toMatchObject({ type: 'CASE_CREATE', read: false });
    expect(await bell(client, '?unreadOnly=true')).toHaveLength(1);

    const read = await call(t.app, 'PUT', `/v1/notifications/${created?.id}/read`, { token: client.token });
    expect(read.status).toBe(200);
    expect((await bell(client))[0]?.read).toBe(true);
    expect(await bell(client, '?unreadOnly=true')).toEqual([]);

    await openTestCase(t, lawyer, client, { title: 'Rent arrears' });
    expect(await bell(client)).toHaveLength(2);
    const all = await call(t.app, 'PUT', '/v1/notifications/mark-all-read', { token: client.token });
    expect(all.status).toBe(200);
    expect((await bell(client)).every((n) => n.read)).toBe(true);

    const english = (await bell(client)).map((n) => n.content);
    expect(english.join(' ')).not.toMatch(/[\u0980-\u09FF]/);
    const language = await call(t.app, 'PUT', '/v1/user/language', { token: client.token, body: { language: 'bn' } });
    expect(language.status).toBe(200);
    const bangla = (await bell(client)).map((n) => n.content);
    expect(bangla).toHaveLength(2);
    for (const text of bangla) expect(text).toMatch(/[\u0980-\u09FF]/);
  });

  it('shows a notification written outside the API at the next read', async () => {
    expect(await bell(client)).toEqual([]);
    await t.database.db
      .insert(notifications)
      .values({ userId: client.id, type: 'ACCOUNT', content: 'Written elsewhere' });
    expect((await bell(client)).map((n) => n.content)).toEqual(['Written elsewhere']);
    await t.database.db.delete(notifications).where(eq(notifications.userId, client.id));
    expect(await bell(client)).toEqual([]);
  });
});

async function inbox(session: Session): Promise<Conversation[]> {
  const res = await call(t.app, 'GET', '/v1/chat/conversations', { token: session.token });
  expect(res.status).toBe(200);
  return (res.json?.data as { conversations: Conversation[] }).conversations;
}

async function send(from: Session, to: Session, content: string): Promise<void> {
  const res = await call(t.app, 'POST', '/v1/chat/send', { token: from.token, body: { receiverId: to.id, content } });
  expect(res.status).toBe(201);
}

describe('a chat inbox read from memory', () => {
  it('shows a new message, the unread count, a read conversation, and the other person renamed', async () => {
    await openTestCase(t, lawyer, client);
    expect(await inbox(client)).toEqual([]);
    await send(lawyer, client, 'Please bring the deed');
    const [first] = await inbox(client);
    expect(first).toMatchObject({ otherParticipantId: lawyer.id, unreadCount: 1 });
    expect(first?.latestMessage?.content).toBe('Please bring the deed');

    await send(lawyer, client, 'And the khatian');
    const [second] = await inbox(client);
    expect(second).toMatchObject({ unreadCount: 2 });
    expect(second?.latestMessage?.content).toBe('And the khatian');
    expect((await inbox(lawyer))[0]?.latestMessage?.content).toBe('And the khatian');

    const read = await call(t.app, 'PUT', `/v1/chat/conversations/${second?.id}/read`, {
      token: client.token,
      body: {},
    });
    expect(read.status).toBe(200);
    expect((await inbox(client))[0]?.unreadCount).toBe(0);

    const renamed = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: lawyer.token,
      body: { firstName: 'Rezaul', lastName: 'Karim' },
    });
    expect(renamed.status).toBe(200);
    expect((await inbox(client))[0]?.otherParticipantName).toBe('Rezaul Karim');

    await t.database.db.update(users).set({ profileThumbnail: 'thumb-elsewhere.webp' }).where(eq(users.id, lawyer.id));
    expect((await inbox(client))[0]?.otherParticipantProfilePicture).toContain('thumb-elsewhere.webp');
  });
});
