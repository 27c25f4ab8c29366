/**
 * /v1/case and /v1/case-assets/notes: an APPROVED lawyer opens a case for a USER by email; only the
 * two parties see it (everyone else gets 404 and not a byte of it); the lawyer alone edits it and
 * moves its status; notes are PRIVATE to their author or SHARED with the other party, who is told;
 * list counts are the counts of what the caller sees.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CaseMessages, CaseSchema, NoteSchema, type Case, type Note } from '../../../contract/cases';
import { ServerMessages } from '../../../contract/errors';
import { notifications, users } from '../../db/schema';
import { LawyerMessages } from '../../../contract/lawyers';
import type { Notification } from '../../../contract/notifications';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser, type CallResult } from '../../../tests/helpers/server-http';
import { caseParties } from '../../../tests/helpers/server-cases';
import { lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';

let t: TestApp;
let lawyer: Session;
let client: Session;
let stranger: Session;
let otherLawyer: Session;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  ({ lawyer, client, otherLawyer, stranger, admin } = await caseParties(t));
});

const caseBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Land dispute in Savar',
  clientEmail: client.email,
  description: 'Boundary of a family plot',
  ...overrides,
});

async function openCase(overrides: Record<string, unknown> = {}, token = lawyer.token): Promise<Case> {
  const res = await call(t.app, 'POST', '/v1/case/', { token, body: caseBody(overrides) });
  expect(res.status).toBe(201);
  return CaseSchema.strict().parse(res.json?.data);
}

async function addNote(caseId: string, token: string, privacy: 'PRIVATE' | 'SHARED', title = 'A note'): Promise<Note> {
  const res = await call(t.app, 'POST', '/v1/case-assets/notes', {
    token,
    body: { caseId, title, content: `${title} content`, privacy },
  });
  expect(res.status).toBe(201);
  return NoteSchema.strict().parse(res.json?.data);
}

async function notificationsOf(session: Session): Promise<Notification[]> {
  const res = await call(t.app, 'GET', '/v1/notifications/', { token: session.token });
  return (res.json?.data as { notifications: Notification[] }).notifications;
}

/** A 404 envelope that carries nothing of the object. */
function expectHidden(res: CallResult, secret: string): void {
  expect(res.status).toBe(404);
  expect(res.json?.data).toBeUndefined();
  expect(res.raw.toString()).not.toContain(secret);
}

const casesOf = (res: CallResult) => (res.json?.data as { cases: Case[] }).cases;
const notesOf = (res: CallResult) => (res.json?.data as { notes: Note[] }).notes;

describe('cases', () => {
  it('an approved lawyer opens a case for a client by email; the client is notified with a link', async () => {
    const res = await call(t.app, 'POST', '/v1/case', { token: lawyer.token, body: caseBody() });
    expect(res.status).toBe(201);
    expect(res.json?.message).toBe(CaseMessages.caseCreated);
    const opened = CaseSchema.strict().parse(res.json?.data);
    expect(opened).toMatchObject({
      lawyer: {
        id: lawyer.id,
        firstName: 'Karim',
        lastName: 'Uddin',
        email: lawyer.email,
        firm: 'Hossain & Associates',
      },
      client: { id: client.id, firstName: 'Nusrat', lastName: 'Jahan', email: client.email },
      title: 'Land dispute in Savar',
      description: 'Boundary of a family plot',
      status: 'IN_PROGRESS',
    });
    const [notification] = await notificationsOf(client);
    expect(notification).toMatchObject({ type: 'CASE_CREATE', link: `/case/${opened.caseId}` });
    expect(notification?.content).toContain('Land dispute in Savar');
  });

  it('tells a client who reads Bangla in Bangla: the opening, an edit, a status change, a shared note', async () => {
    await t.database.db.update(users).set({ language: 'bn' }).where(eq(users.id, client.id));
    const opened = await openCase({ title: 'জমি' });
    t.clock.advance(1000);
    const edited = await call(t.app, 'PUT', `/v1/case/${opened.caseId}`, {
      token: lawyer.token,
      body: { title: 'জমি বিরোধ', description: 'সীমানা' },
    });
    expect(edited.status).toBe(200);
    t.clock.advance(1000);
    await call(t.app, 'PUT', `/v1/case/${opened.caseId}/status`, { token: lawyer.token, body: { status: 'RESOLVED' } });
    t.clock.advance(1000);
    await addNote(opened.caseId, lawyer.token, 'SHARED', 'শুনানির তারিখ');
    const told = (await notificationsOf(client)).map((n) => n.content);
    expect(told).toEqual([
      'Karim Uddin "জমি বিরোধ" মামলায় একটি নোট যোগ করেছেন: শুনানির তারিখ',
      'আপনার মামলা "জমি বিরোধ" এখন নিষ্পত্তি হয়েছে।',
      'Karim Uddin আপনার মামলা হালনাগাদ করেছেন: জমি বিরোধ',
      'Karim Uddin আপনার জন্য একটি মামলা খুলেছেন: জমি',
    ]);
  });

  it('re-renders old notifications in the language the client switches to; rows from before keep their text', async () => {
    await t.database.db.update(users).set({ language: 'bn' }).where(eq(users.id, client.id));
    await openCase({ title: 'জমি' });
    expect((await notificationsOf(client)).map((n) => n.content)).toEqual([
      'Karim Uddin আপনার জন্য একটি মামলা খুলেছেন: জমি',
    ]);
    await t.database.db
      .insert(notifications)
      .values({ userId: client.id, type: 'ACCOUNT', content: 'Written before 0019' });
    const switched = await call(t.app, 'PUT', '/v1/user/language', { token: client.token, body: { language: 'en' } });
    expect(switched.status).toBe(200);
    expect((await notificationsOf(client)).map((n) => n.content).sort()).toEqual([
      'Karim Uddin opened a case for you: জমি',
      'Written before 0019',
    ]);
  });

  it('refuses a client email that is not a USER with the contract message, and a pending lawyer with 403', async () => {
    for (const email of [otherLawyer.email, admin.email, 'nobody@example.test']) {
      const res = await call(t.app, 'POST', '/v1/case/', {
        token: lawyer.token,
        body: caseBody({ clientEmail: email }),
      });
      expect(res.status).toBe(404);
      expect(res.json?.error?.message).toBe(CaseMessages.clientNotFound);
    }
    const pending = (await lawyerSession(t, { state: 'PENDING' })).session;
    const byPending = await call(t.app, 'POST', '/v1/case/', { token: pending.token, body: caseBody() });
    expect(byPending.status).toBe(403);
    expect(byPending.json?.error?.message).toBe(LawyerMessages.notApproved);
    expect(byPending.json?.error?.reason).toBe('LAWYER_NOT_APPROVED');
    const byClient = await call(t.app, 'POST', '/v1/case/', { token: client.token, body: caseBody() });
    expect(byClient.status).toBe(403);
    expect(byClient.json?.error?.message).toBe(ServerMessages.accessDenied);
    expect((await call(t.app, 'POST', '/v1/case/', { body: caseBody() })).status).toBe(401);
    expect(await notificationsOf(client)).toHaveLength(0);
  });

  it('answers bad input with a 400 envelope, never a 5xx', async () => {
    const opened = await openCase();
    const bad: [string, string, unknown][] = [
      ['POST', '/v1/case/', caseBody({ title: 'x' })],
      ['POST', '/v1/case/', caseBody({ title: 'x'.repeat(256) })],
      ['POST', '/v1/case/', caseBody({ clientEmail: 'not-an-email' })],
      ['POST', '/v1/case/', caseBody({ description: 'x'.repeat(2001) })],
      ['POST', '/v1/case/', { title: 42 }],
      ['PUT', `/v1/case/${opened.caseId}`, { title: '' }],
      ['PUT', `/v1/case/${opened.caseId}/status`, { status: 'CLOSED' }],
      ['PUT', '/v1/case/not-a-uuid/status', { status: 'RESOLVED' }],
      ['GET', '/v1/case/not-a-uuid', undefined],
      ['GET', '/v1/case/?status=OPEN', undefined],
      ['GET', '/v1/case/?size=101', undefined],
      ['GET', '/v1/case/?page=-1', undefined],
      ['POST', '/v1/case-assets/notes', { caseId: opened.caseId, title: 'ok', content: '', privacy: 'SHARED' }],
      ['POST', '/v1/case-assets/notes', { caseId: opened.caseId, title: 'ok', content: 'x', privacy: 'PUBLIC' }],
      ['POST', '/v1/case-assets/notes', { caseId: 'nope', title: 'ok', content: 'x', privacy: 'SHARED' }],
      [
        'POST',
        '/v1/case-assets/notes',
        { caseId: opened.caseId, title: 'ok', content: 'x'.repeat(10_001), privacy: 'SHARED' },
      ],
      ['GET', '/v1/case-assets/notes/123', undefined],
      ['GET', `/v1/case-assets/cases/${opened.caseId}/notes?sortDirection=UP`, undefined],
    ];
    for (const [method, url, body] of bad) {
      const res = await call(t.app, method as 'GET', url, { token: lawyer.token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.json?.error?.code).toBe(400);
    }
    const malformed = await call(t.app, 'POST', '/v1/case/', {
      token: lawyer.token,
      payload: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it('lists my cases as client or lawyer, filtered by status before paging, with true counts', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await openCase({ title: `Case number ${i}` })).caseId);
      t.clock.advance(1000);
    }
    const elsewhere = await verifiedUser(t.app, t.mailDir);
    await openCase({ clientEmail: elsewhere.email, title: 'Another client' }, otherLawyer.token);
    for (const id of ids.slice(0, 3)) {
      const res = await call(t.app, 'PUT', `/v1/case/${id}/status`, {
        token: lawyer.token,
        body: { status: 'RESOLVED' },
      });
      expect(res.status).toBe(200);
    }

    const resolvedPage = await call(t.app, 'GET', '/v1/case?status=RESOLVED&size=2&page=1', { token: client.token });
    expect(resolvedPage.status).toBe(200);
    expect(casesOf(resolvedPage)).toHaveLength(1);
    expect(resolvedPage.json?.metadata).toMatchObject({
      totalCount: 3,
      totalPages: 2,
      pageNumber: 1,
      hasNext: false,
      hasPrevious: true,
      appliedFilters: { status: 'RESOLVED' },
    });
    const all = await call(t.app, 'GET', '/v1/case/?sortDirection=ASC', { token: lawyer.token });
    expect(casesOf(all).map((c) => c.caseId)).toEqual(ids);
    expect(all.json?.metadata).toMatchObject({ totalCount: 5, sortDirection: 'ASC' });
    const newest = await call(t.app, 'GET', '/v1/case/', { token: client.token });
    expect(casesOf(newest)[0]?.caseId).toBe(ids[4]);
    const open = await call(t.app, 'GET', '/v1/case/?status=IN_PROGRESS', { token: client.token });
    expect(open.json?.metadata).toMatchObject({ totalCount: 2 });

    const none = await call(t.app, 'GET', '/v1/case/', { token: stranger.token });
    expect(casesOf(none)).toEqual([]);
    expect(none.json?.metadata).toMatchObject({ totalCount: 0 });
    expect((await call(t.app, 'GET', '/v1/case/', { token: admin.token })).status).toBe(403);
  });

  it('the lawyer edits the case and moves its status; the client is told; the client may not', async () => {
    const opened = await openCase();
    const edited = await call(t.app, 'PUT', `/v1/case/${opened.caseId}`, {
      token: lawyer.token,
      body: { title: 'Land dispute, Savar upazila', description: 'Both plots' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json?.data).toMatchObject({ title: 'Land dispute, Savar upazila', description: 'Both plots' });

    const resolved = await call(t.app, 'PUT', `/v1/case/${opened.caseId}/status`, {
      token: lawyer.token,
      body: { status: 'RESOLVED' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.json?.message).toBe(CaseMessages.statusUpdated);
    expect(CaseSchema.strict().parse(resolved.json?.data).status).toBe('RESOLVED');
    const again = await call(t.app, 'PUT', `/v1/case/${opened.caseId}/status`, {
      token: lawyer.token,
      body: { status: 'RESOLVED' },
    });
    expect(again.status).toBe(409);
    const reopened = await call(t.app, 'PUT', `/v1/case/${opened.caseId}/status`, {
      token: lawyer.token,
      body: { status: 'IN_PROGRESS' },
    });
    expect(reopened.json?.data).toMatchObject({ status: 'IN_PROGRESS' });
    // Opened, edited, resolved, reopened: each time the client hears of it.
    const told = await notificationsOf(client);
    expect(told).toHaveLength(4);
    expect(told.every((n) => n.link === `/case/${opened.caseId}`)).toBe(true);
    expect(told.map((n) => n.content).join(' ')).toContain('updated your case: Land dispute, Savar upazila');
    expect(told.map((n) => n.content).join(' ')).toContain('resolved');

    for (const [url, body] of [
      [`/v1/case/${opened.caseId}`, { title: 'Mine now', description: '' }],
      [`/v1/case/${opened.caseId}/status`, { status: 'RESOLVED' }],
    ] as const) {
      const byClient = await call(t.app, 'PUT', url, { token: client.token, body });
      expect(byClient.status).toBe(403);
      expect(byClient.json?.error?.message).toBe(ServerMessages.accessDenied);
    }
    const get = await call(t.app, 'GET', `/v1/case/${opened.caseId}`, { token: client.token });
    expect(get.json?.data).toMatchObject({ title: 'Land dispute, Savar upazila', status: 'IN_PROGRESS' });
  });
});

describe('notes', () => {
  it('either party adds notes; the other party hears of SHARED ones only', async () => {
    const opened = await openCase();
    const before = (await notificationsOf(lawyer)).length;
    const shared = await addNote(opened.caseId, client.token, 'SHARED', 'Hearing date');
    expect(shared).toMatchObject({ caseId: opened.caseId, caseTitle: opened.title, ownerId: client.id });
    await addNote(opened.caseId, client.token, 'PRIVATE', 'My worries');
    const toLawyer = await notificationsOf(lawyer);
    expect(toLawyer).toHaveLength(before + 1);
    expect(toLawyer[0]).toMatchObject({ type: 'NOTE_CREATE', link: `/case/${opened.caseId}` });
    expect(toLawyer[0]?.content).toContain('Hearing date');

    await addNote(opened.caseId, lawyer.token, 'SHARED', 'Documents needed');
    const toClient = (await notificationsOf(client)).filter((n) => n.type === 'NOTE_CREATE');
    expect(toClient).toHaveLength(1);
  });

  it('a party sees another’s PRIVATE note as 404; lists count only what is visible, filtered before paging', async () => {
    const opened = await openCase();
    const secrets: Note[] = [];
    for (let i = 0; i < 3; i += 1) {
      secrets.push(await addNote(opened.caseId, lawyer.token, 'PRIVATE', `Lawyer secret ${i}`));
      t.clock.advance(1000);
    }
    const shared: Note[] = [];
    for (let i = 0; i < 3; i += 1) {
      shared.push(await addNote(opened.caseId, lawyer.token, 'SHARED', `Shared ${i}`));
      t.clock.advance(1000);
    }
    const own = await addNote(opened.caseId, client.token, 'PRIVATE', 'Client private');

    const secret = secrets[0] as Note;
    expectHidden(
      await call(t.app, 'GET', `/v1/case-assets/notes/${secret.noteId}`, { token: client.token }),
      secret.title,
    );
    const mine = await call(t.app, 'GET', `/v1/case-assets/notes/${secret.noteId}`, { token: lawyer.token });
    expect(NoteSchema.strict().parse(mine.json?.data)).toEqual(secret);

    const page = await call(t.app, 'GET', `/v1/case-assets/cases/${opened.caseId}/notes?size=2&page=1`, {
      token: client.token,
    });
    expect(page.status).toBe(200);
    expect(page.json?.metadata).toMatchObject({ totalCount: 4, totalPages: 2, hasNext: false });
    expect(notesOf(page)).toHaveLength(2);
    expect(page.raw.toString()).not.toContain('Lawyer secret');
    const clientAll = await call(t.app, 'GET', `/v1/case-assets/cases/${opened.caseId}/notes?sortDirection=ASC`, {
      token: client.token,
    });
    expect(notesOf(clientAll).map((n) => n.noteId)).toEqual([...shared.map((n) => n.noteId), own.noteId]);
    const lawyerAll = await call(t.app, 'GET', `/v1/case-assets/cases/${opened.caseId}/notes`, { token: lawyer.token });
    expect(lawyerAll.json?.metadata).toMatchObject({ totalCount: 6 });
    expect(notesOf(lawyerAll).map((n) => n.noteId)).not.toContain(own.noteId);
  });

  it('only the owner changes or deletes a note: the other party gets 403 for a SHARED one, 404 for a PRIVATE one', async () => {
    const opened = await openCase();
    const shared = await addNote(opened.caseId, lawyer.token, 'SHARED', 'Shared plan');
    const secret = await addNote(opened.caseId, lawyer.token, 'PRIVATE', 'Secret plan');
    const body = { title: 'Taken over', content: 'x', privacy: 'SHARED' };

    for (const method of ['PUT', 'DELETE'] as const) {
      const onShared = await call(t.app, method, `/v1/case-assets/notes/${shared.noteId}`, {
        token: client.token,
        ...(method === 'PUT' ? { body } : {}),
      });
      expect(onShared.status).toBe(403);
      expectHidden(
        await call(t.app, method, `/v1/case-assets/notes/${secret.noteId}`, {
          token: client.token,
          ...(method === 'PUT' ? { body } : {}),
        }),
        secret.title,
      );
    }

    const updated = await call(t.app, 'PUT', `/v1/case-assets/notes/${secret.noteId}`, {
      token: lawyer.token,
      body: { title: 'Plan for the client', content: 'Now shared', privacy: 'SHARED' },
    });
    expect(updated.status).toBe(200);
    expect(updated.json?.data).toMatchObject({ title: 'Plan for the client', privacy: 'SHARED', ownerId: lawyer.id });
    const seen = await call(t.app, 'GET', `/v1/case-assets/notes/${secret.noteId}`, { token: client.token });
    expect(seen.status).toBe(200);

    const deleted = await call(t.app, 'DELETE', `/v1/case-assets/notes/${shared.noteId}`, { token: lawyer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.json?.data).toBe(true);
    expect((await call(t.app, 'GET', `/v1/case-assets/notes/${shared.noteId}`, { token: lawyer.token })).status).toBe(
      404,
    );
  });
});

describe('authorization matrix: a non-party gets 404 and not a byte of the object', () => {
  it('covers every case and note route for a stranger client, another lawyer and the admin', async () => {
    const opened = await openCase({ title: 'Confidential inheritance matter' });
    const note = await addNote(opened.caseId, lawyer.token, 'SHARED', 'Confidential hearing note');
    const noteBody = { title: 'Intruder', content: 'x', privacy: 'SHARED' };
    for (const outsider of [stranger, otherLawyer, admin]) {
      const attempts: [string, string, unknown][] = [
        ['GET', `/v1/case/${opened.caseId}`, undefined],
        ['PUT', `/v1/case/${opened.caseId}`, { title: 'Intruder', description: '' }],
        ['PUT', `/v1/case/${opened.caseId}/status`, { status: 'RESOLVED' }],
        ['POST', '/v1/case-assets/notes', { caseId: opened.caseId, ...noteBody }],
        ['GET', `/v1/case-assets/cases/${opened.caseId}/notes`, undefined],
        ['GET', `/v1/case-assets/notes/${note.noteId}`, undefined],
        ['PUT', `/v1/case-assets/notes/${note.noteId}`, noteBody],
        ['DELETE', `/v1/case-assets/notes/${note.noteId}`, undefined],
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(t.app, method as 'GET', url, { token: outsider.token, ...(body ? { body } : {}) });
        expect(res.status, `${outsider.role} ${method} ${url}`).toBe(404);
        expect(res.json?.data).toBeUndefined();
        const raw = res.raw.toString();
        expect(raw).not.toContain('Confidential');
        expect(raw).not.toContain(client.email);
      }
      if (outsider.role !== 'ADMIN') {
        const listed = await call(t.app, 'GET', '/v1/case/', { token: outsider.token });
        expect(casesOf(listed)).toEqual([]);
        expect(listed.raw.toString()).not.toContain('Confidential');
      }
    }
    // Nothing changed and nobody was told of the attempts.
    const still = await call(t.app, 'GET', `/v1/case/${opened.caseId}`, { token: client.token });
    expect(still.json?.data).toMatchObject({ title: 'Confidential inheritance matter', status: 'IN_PROGRESS' });
    const notes = await call(t.app, 'GET', `/v1/case-assets/cases/${opened.caseId}/notes`, { token: client.token });
    expect(notesOf(notes).map((n) => n.title)).toEqual(['Confidential hearing note']);
    // An id that exists nowhere answers the same as one the caller may not see.
    const unknown = await call(t.app, 'GET', '/v1/case/00000000-0000-4000-8000-000000000000', { token: client.token });
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error?.message).toBe(CaseMessages.caseNotFound);
  });
});
