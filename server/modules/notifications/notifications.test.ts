/**
 * /v1/notifications/* and notify(): newest first with true paging, unread counts, marking read
 * (another user's notification is "not found"), the recipient's language, mail for the types mailed
 * by default (sent by a job, so the tests run the job runner before reading it), and the
 * `notificationCreated` event and the mail only once the transaction commits.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotificationMessages, NotificationSchema, type Notification } from '../../../contract/notifications';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser } from '../../../tests/helpers/server-http';
import { latestMail, mailFiles } from '../../../tests/helpers/server-mail';
import { directLawyer, type Session } from '../../../tests/helpers/server-lawyers';

let t: TestApp;
let me: Session;
let other: Session;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  me = await verifiedUser(t.app, t.mailDir);
  other = await verifiedUser(t.app, t.mailDir);
});

const listOf = (res: { json: { data?: unknown } | null }) =>
  (res.json?.data as { notifications: Notification[] }).notifications;

async function notify(userId: string, content: string, type: Notification['type'] = 'CASE_CREATE') {
  const created = await t.app.services.marketplace.notifications.notifyNow({
    userId,
    type,
    content,
    link: `/case/${content}`,
  });
  t.clock.advance(1000);
  return created;
}

describe('GET /v1/notifications/', () => {
  it('lists mine newest first with paging metadata, or only the unread', async () => {
    for (const n of ['one', 'two', 'three']) await notify(me.id, n);
    await notify(other.id, 'not mine');
    const res = await call(t.app, 'GET', '/v1/notifications/?size=2', { token: me.token });
    expect(res.status).toBe(200);
    const page = listOf(res);
    expect(page.map((n) => n.content)).toEqual(['three', 'two']);
    for (const n of page) NotificationSchema.strict().parse(n);
    expect(page[0]).toMatchObject({ type: 'CASE_CREATE', link: '/case/three', read: false });
    expect(res.json?.metadata).toMatchObject({
      totalCount: 3,
      pageNumber: 0,
      pageSize: 2,
      totalPages: 2,
      hasNext: true,
      sortField: 'createdAt',
      sortDirection: 'DESC',
    });

    const read = await call(t.app, 'PUT', `/v1/notifications/${page[1]?.id}/read`, { token: me.token });
    expect(read.status).toBe(200);
    expect(read.json?.data).toMatchObject({ id: page[1]?.id, read: true });
    const unread = await call(t.app, 'GET', '/v1/notifications/?unreadOnly=true', { token: me.token });
    expect(listOf(unread).map((n) => n.content)).toEqual(['three', 'one']);
    expect(unread.json?.metadata).toMatchObject({ totalCount: 2, appliedFilters: { unreadOnly: true } });
    expect((await call(t.app, 'GET', '/v1/notifications/?unreadOnly=maybe', { token: me.token })).status).toBe(400);
  });
});

describe('unread count and marking read', () => {
  it('counts unread, marks one (mine only: another user’s is 404) and all', async () => {
    const mine = await notify(me.id, 'a');
    await notify(me.id, 'b');
    const theirs = await notify(other.id, 'c');
    const count = async (token: string) =>
      (await call(t.app, 'GET', '/v1/notifications/unread-count', { token })).json?.data;
    expect(await count(me.token)).toEqual({ unreadCount: 2 });

    const foreign = await call(t.app, 'PUT', `/v1/notifications/${theirs.id}/read`, { token: me.token });
    expect(foreign.status).toBe(404);
    expect(foreign.json?.error?.message).toBe(NotificationMessages.notFound);
    const unknown = await call(t.app, 'PUT', '/v1/notifications/00000000-0000-4000-8000-000000000000/read', {
      token: me.token,
    });
    expect(unknown.status).toBe(404);
    expect(await count(other.token)).toEqual({ unreadCount: 1 });

    await call(t.app, 'PUT', `/v1/notifications/${mine.id}/read`, { token: me.token });
    expect(await count(me.token)).toEqual({ unreadCount: 1 });
    const all = await call(t.app, 'PUT', '/v1/notifications/mark-all-read', { token: me.token });
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ data: { unreadCount: 0 }, message: NotificationMessages.allRead });
    expect(await count(me.token)).toEqual({ unreadCount: 0 });
    expect(await count(other.token)).toEqual({ unreadCount: 1 });
  });
});

describe('notify()', () => {
  it('stores the text in the recipient’s language and mails important types in it only', async () => {
    const bangla = await directLawyer(t, { language: 'bn', state: 'PENDING' });
    const content = { en: 'Your account was updated.', bn: 'আপনার অ্যাকাউন্ট হালনাগাদ হয়েছে।' };
    const { notifications } = t.app.services.marketplace;
    const stored = await notifications.notifyNow({
      userId: bangla.user.id,
      type: 'ACCOUNT',
      content,
      link: '/profile',
    });
    expect(stored.content).toBe(content.bn);
    await t.app.services.jobRunner.runDue();
    const mail = (await latestMail(t.mailDir, bangla.user.email)) ?? '';
    expect(mail.indexOf(content.bn)).toBeGreaterThan(-1);
    expect(mail).not.toContain(content.en);
    expect(mail).toContain(`${t.config.publicUrl}/profile`);

    const before = (await mailFiles(t.mailDir, me.email)).length;
    await notifications.notifyNow({ userId: me.id, type: 'CASE_CREATE', content });
    await t.app.services.jobRunner.runDue();
    expect(await mailFiles(t.mailDir, me.email)).toHaveLength(before);
    await notifications.notifyNow({ userId: me.id, type: 'ACCOUNT', content, mail: false });
    await t.app.services.jobRunner.runDue();
    expect(await mailFiles(t.mailDir, me.email)).toHaveLength(before);
  });

  it('announces notificationCreated only after the transaction commits, and mails nothing rolled back', async () => {
    const { notifications } = t.app.services.marketplace;
    const heard: [string, string][] = [];
    const stop = t.app.services.notificationEvents.onNotificationCreated((userId, n) =>
      heard.push([userId, n.content]),
    );
    try {
      const mailsBefore = (await mailFiles(t.mailDir, me.email)).length;
      await expect(
        t.database.db.transaction(async (tx) => {
          // ACCOUNT is mailed by default: its mail job is part of this transaction and goes with it.
          await notifications.notify(tx, { userId: me.id, type: 'ACCOUNT', content: 'rolled back' });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect((await call(t.app, 'GET', '/v1/notifications/unread-count', { token: me.token })).json?.data).toEqual({
        unreadCount: 0,
      });
      expect(await t.app.services.jobRunner.runDue()).toBe(0);
      expect(await mailFiles(t.mailDir, me.email)).toHaveLength(mailsBefore);
      const created = await t.database.db.transaction((tx) =>
        notifications.notify(tx, { userId: me.id, type: 'EVENT_ADD', content: 'kept' }),
      );
      expect(heard).toEqual([]);
      notifications.deliver(created);
      expect(heard).toEqual([[me.id, 'kept']]);
    } finally {
      stop();
    }
  });
});
