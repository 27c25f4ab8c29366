/**
 * Scale-out (docs/api.md §5–7, docs/scaling.md): two app instances on one PostgreSQL and one Redis.
 * A notification created on instance A reaches a tab connected to instance B, and a logout on A
 * closes that session's socket on B. Needs DATABASE_URL and REDIS_URL (CI sets both); skipped
 * without them, since two embedded databases cannot share sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../contract/errors';
import { call, verifiedUser } from '../../tests/helpers/server-http';
import { startRealtimeCluster, TestStompClient, type RealtimeCluster } from '../../tests/helpers/server-realtime';
import { Topics } from './destinations';

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!enabled)('two instances on one PostgreSQL and one Redis', () => {
  let cluster: RealtimeCluster;
  const clients: TestStompClient[] = [];

  beforeAll(async () => {
    cluster = await startRealtimeCluster(2);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await cluster?.close();
  });

  function instance(index: number) {
    const found = cluster.instances[index];
    if (!found) throw new Error(`no instance ${index}`);
    return found;
  }

  it('delivers a notification created on A to a client connected to B, then closes it on logout at A', async () => {
    const a = instance(0);
    const b = instance(1);
    const user = await verifiedUser(a.app, a.mailDir);
    const client = new TestStompClient(b.url, { token: user.token });
    clients.push(client);
    await client.connect();
    const inbox = await client.subscribeConfirmed(Topics.user(user.id));

    const created = await a.app.services.marketplace.notifications.notifyNow({
      userId: user.id,
      type: 'CASE_CREATE',
      content: 'Created on instance A',
    });
    const received = await inbox.next();
    expect(JSON.parse(received.body)).toEqual(created);

    a.realtime.broker.publishToUser(user.id, Topics.user(user.id), 'published on A');
    expect((await inbox.next()).body).toBe('published on A');
    expect(inbox.messages).toHaveLength(2);

    const closed = client.waitForClose();
    expect((await call(a.app, 'POST', '/v1/user/logout', { token: user.token })).status).toBe(200);
    await closed;
    expect(client.closeCodes).toEqual([1008]);
    expect(client.stompErrors.at(-1)?.headers.message).toBe(ServerMessages.invalidToken);
  });

  it('shows a rename and a new language made on A in the account B remembers, within a second', async () => {
    const a = instance(0);
    const b = instance(1);
    const user = await verifiedUser(a.app, a.mailDir, { firstName: 'Rahima', lastName: 'Khatun' });
    const readOnB = async () => (await call(b.app, 'GET', '/v1/user/user-info', { token: user.token })).json?.data;
    expect(await readOnB()).toMatchObject({ firstName: 'Rahima', language: 'en' });

    const renamed = await call(a.app, 'PUT', '/v1/user/user-info', {
      token: user.token,
      body: { firstName: 'Nadia', lastName: 'Islam' },
    });
    expect(renamed.status).toBe(200);
    await expect.poll(readOnB, { timeout: 1_000, interval: 20 }).toMatchObject({ firstName: 'Nadia' });

    const language = await call(a.app, 'PUT', '/v1/user/language', { token: user.token, body: { language: 'bn' } });
    expect(language.status).toBe(200);
    await expect.poll(readOnB, { timeout: 1_000, interval: 20 }).toMatchObject({ language: 'bn' });
  });
});
