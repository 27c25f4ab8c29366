/**
 * /v1/user/*: my account, renaming, logout, password change, the profile picture (checked by
 * content, re-encoded, served with nosniff), and Idempotency-Key on a PUT.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserInfoSchema } from '../../../contract/auth';
import { ServerMessages } from '../../../contract/errors';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { authData, call, multipart, verifiedUser } from '../../../tests/helpers/server-http';
import { LEASE_MS } from '../../plugins/idempotency';
import { IdempotencyRepository } from '../../plugins/idempotency-repository';
import { build } from '../../app';

const leaseFrom = (now: Date) => new Date(now.getTime() + LEASE_MS);

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

async function login(email: string, password: string) {
  return authData(await call(t.app, 'POST', '/v1/auth/login', { body: { email, password } }));
}

describe('GET/PUT /v1/user/user-info', () => {
  it('returns my account and nothing more', async () => {
    const user = await verifiedUser(t.app, t.mailDir, { firstName: 'Rahima', lastName: 'Khatun', role: 'LAWYER' });
    const res = await call(t.app, 'GET', '/v1/user/user-info', { token: user.token });
    expect(res.status).toBe(200);
    const info = UserInfoSchema.strict().parse(res.json?.data);
    expect(info).toMatchObject({
      id: user.id,
      firstName: 'Rahima',
      lastName: 'Khatun',
      role: 'LAWYER',
      emailVerified: true,
    });
    expect(res.json).toMatchObject({ version: 'v1', status: 200, path: '/v1/user/user-info' });
  });

  it('renames me, trimming the names', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const res = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: user.token,
      body: { firstName: '  Nadia ', lastName: 'Islam' },
    });
    expect(res.status).toBe(200);
    expect(res.json?.data).toMatchObject({ firstName: 'Nadia', lastName: 'Islam' });
    const bad = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: user.token,
      body: { firstName: 'N', lastName: 'x'.repeat(60) },
    });
    expect(bad.status).toBe(400);
    expect(bad.json?.error?.fields?.map((f) => f.field)).toEqual(['firstName', 'lastName']);
  });

  it('shows each change of my account at once, though it remembers the account between reads', async () => {
    const user = await verifiedUser(t.app, t.mailDir, { firstName: 'Rahima', lastName: 'Khatun' });
    const read = async () => {
      const res = await call(t.app, 'GET', '/v1/user/user-info', { token: user.token });
      expect(res.status).toBe(200);
      return UserInfoSchema.parse(res.json?.data);
    };
    const first = await read();
    expect(await read()).toEqual(first);

    await call(t.app, 'PUT', '/v1/user/user-info', {
      token: user.token,
      body: { firstName: 'Nadia', lastName: 'Islam' },
    });
    expect(await read()).toMatchObject({ firstName: 'Nadia', lastName: 'Islam' });

    const language = await call(t.app, 'PUT', '/v1/user/language', { token: user.token, body: { language: 'bn' } });
    expect(language.status).toBe(200);
    expect(await read()).toMatchObject({ language: 'bn' });

    const beforePassword = (await read()).updatedAt;
    t.clock.advance(1_000);
    const changed = await call(t.app, 'PUT', '/v1/user/change-password', {
      token: user.token,
      body: { oldPassword: user.password, password: 'N3w!Password' },
    });
    expect(changed.status).toBe(200);
    expect((await read()).updatedAt).not.toBe(beforePassword);
  });
});

describe('POST /v1/user/logout', () => {
  it('ends this session (access and refresh) everywhere, announces it, and leaves other sessions alone', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const other = await login(user.email, user.password);
    const revoked: string[] = [];
    const stop = t.app.services.sessionEvents.onSessionRevoked((sid) => revoked.push(sid));
    try {
      const res = await call(t.app, 'POST', '/v1/user/logout', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ data: ServerMessages.logoutSuccessful });
    } finally {
      stop();
    }
    const sid = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
    expect(revoked).toEqual([sid.sid]);
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: user.token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(
      401,
    );
    expect((await call(t.app, 'POST', '/v1/user/logout', { token: user.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: other.token })).status).toBe(200);
  });
});

describe('PUT /v1/user/change-password', () => {
  it('refuses a wrong old password and an unchanged one with the contract texts', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const wrong = await call(t.app, 'PUT', '/v1/user/change-password', {
      token: user.token,
      body: { oldPassword: 'Wr0ng!Pass', password: 'N3w!Password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json?.error?.message).toBe(ServerMessages.oldPasswordIncorrect);
    const same = await call(t.app, 'PUT', '/v1/user/change-password', {
      token: user.token,
      body: { oldPassword: user.password, password: user.password },
    });
    expect(same.status).toBe(400);
    expect(same.json?.error?.message).toBe(ServerMessages.passwordSame);
    const weak = await call(t.app, 'PUT', '/v1/user/change-password', {
      token: user.token,
      body: { oldPassword: user.password, password: 'password' },
    });
    expect(weak.status).toBe(400);
    expect(weak.json?.error?.message).toMatch(/^Password must contain: /);
  });

  it('changes the password and ends my other sessions, keeping this one', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const other = await login(user.email, user.password);
    const res = await call(t.app, 'PUT', '/v1/user/change-password', {
      token: user.token,
      body: { oldPassword: user.password, password: 'N3w!Password' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ data: true, message: ServerMessages.passwordChanged });
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: user.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: other.token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: other.refreshToken } })).status).toBe(
      401,
    );
    expect((await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(
      200,
    );
    expect(
      (await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: 'N3w!Password' } })).status,
    ).toBe(200);
  });

  it('counts wrong old passwords like failed logins', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    for (let i = 0; i < 5; i += 1) {
      await call(t.app, 'PUT', '/v1/user/change-password', {
        token: user.token,
        body: { oldPassword: `Wr0ng!Pass${i}`, password: 'N3w!Password' },
      });
    }
    const sixth = await call(t.app, 'PUT', '/v1/user/change-password', {
      token: user.token,
      body: { oldPassword: user.password, password: 'N3w!Password' },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
  });
});

describe('POST /v1/user/profile-picture', () => {
  const png = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#0693e3' } })
      .png()
      .toBuffer();

  async function upload(token: string, part: { filename: string; contentType: string; content: Buffer | string }) {
    const body = multipart([{ name: 'file', ...part }]);
    return call(t.app, 'POST', '/v1/user/profile-picture', { token, payload: body.payload, headers: body.headers });
  }

  it('stores a 512 px picture and a 128 px thumbnail as WebP and serves them with nosniff', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const res = await upload(user.token, { filename: 'me.png', contentType: 'image/png', content: await png() });
    expect(res.status).toBe(200);
    const data = res.json?.data as { fullPictureUrl: string; thumbnailPictureUrl: string };
    expect(data.fullPictureUrl).toMatch(/^\/v1\/user\/profile-picture\/[0-9a-f-]{36}\.webp$/);
    expect(data.thumbnailPictureUrl).toMatch(/^\/v1\/user\/profile-picture\/[0-9a-f-]{36}-thumb\.webp$/);

    const full = await call(t.app, 'GET', data.fullPictureUrl);
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['cache-control']).toContain('immutable');
    expect(await sharp(full.raw).metadata()).toMatchObject({ format: 'webp', width: 512, height: 384 });
    const thumb = await call(t.app, 'GET', data.thumbnailPictureUrl);
    expect(await sharp(thumb.raw).metadata()).toMatchObject({ format: 'webp', width: 128, height: 128 });

    const info = await call(t.app, 'GET', '/v1/user/user-info', { token: user.token });
    expect(info.json?.data).toMatchObject({ profilePicture: data.fullPictureUrl });
    const relogin = await login(user.email, user.password);
    expect(relogin.profilePicture).toBe(data.fullPictureUrl);
  });

  it('judges by content: a PNG named .jpg passes, text named .png is refused with 415', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const disguised = await upload(user.token, {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      content: await png(),
    });
    expect(disguised.status).toBe(200);
    const text = await upload(user.token, {
      filename: 'evil.png',
      contentType: 'image/png',
      content: '<script>alert(1)</script>',
    });
    expect(text.status).toBe(415);
    expect(text.json?.error?.message).toBe(ServerMessages.invalidImage);
    const forged = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
    const broken = await upload(user.token, { filename: 'broken.png', contentType: 'image/png', content: forged });
    expect(broken.status).toBe(415);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await upload(user.token, { filename: 'a.gif', contentType: 'image/gif', content: gif })).status).toBe(415);
  });

  it('refuses files over 5 MB with 413', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const res = await upload(user.token, { filename: 'big.png', contentType: 'image/png', content: big });
    expect(res.status).toBe(413);
    expect(res.json?.error?.message).toBe(ServerMessages.payloadTooLarge);
  });

  it('wants a multipart body with a part named file', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const wrongName = multipart([
      { name: 'picture', filename: 'a.png', contentType: 'image/png', content: await png() },
    ]);
    const res = await call(t.app, 'POST', '/v1/user/profile-picture', { token: user.token, ...wrongName });
    expect(res.status).toBe(400);
    expect(res.json?.error?.message).toBe(ServerMessages.fileRequired);
    const json = await call(t.app, 'POST', '/v1/user/profile-picture', { token: user.token, body: { file: 'x' } });
    expect(json.status).toBe(415);
  });

  it('replaces the previous picture and deletes its files', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const first = (await upload(user.token, { filename: 'a.png', contentType: 'image/png', content: await png() })).json
      ?.data as { fullPictureUrl: string; thumbnailPictureUrl: string };
    const second = await upload(user.token, { filename: 'b.png', contentType: 'image/png', content: await png() });
    expect(second.status).toBe(200);
    expect((await call(t.app, 'GET', first.fullPictureUrl)).status).toBe(404);
    expect((await call(t.app, 'GET', first.thumbnailPictureUrl)).status).toBe(404);
  });

  it('serves only generated names', async () => {
    const missing = await call(t.app, 'GET', '/v1/user/profile-picture/00000000-0000-4000-8000-000000000000.webp');
    expect(missing.status).toBe(404);
    expect(missing.json?.error?.code).toBe(404);
    for (const name of ['..%2F..%2Fsecrets.json', 'me.png', 'x.webp']) {
      const res = await call(t.app, 'GET', `/v1/user/profile-picture/${name}`);
      expect(res.status, name).toBe(400);
    }
  });
});

describe('Idempotency-Key', () => {
  const body = { firstName: 'Salma', lastName: 'Haque' };

  it('replays the first answer to a retry, with Idempotent-Replayed', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const headers = { 'idempotency-key': 'rename-1' };
    const first = await call(t.app, 'PUT', '/v1/user/user-info', { token: user.token, body, headers });
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await call(t.app, 'PUT', '/v1/user/user-info', { token: user.token, body, headers });
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.raw.toString()).toBe(first.raw.toString());
  });

  it('answers 422 to the same key with another body, and 400 to an over-long key', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const headers = { 'idempotency-key': 'rename-2' };
    await call(t.app, 'PUT', '/v1/user/user-info', { token: user.token, body, headers });
    const other = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: user.token,
      body: { ...body, lastName: 'Other' },
      headers,
    });
    expect(other.status).toBe(422);
    expect(other.json?.error?.message).toBe(ServerMessages.idempotencyMismatch);
    const long = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: user.token,
      body,
      headers: { 'idempotency-key': 'k'.repeat(256) },
    });
    expect(long.status).toBe(400);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const repository = new IdempotencyRepository(t.database.db);
    const now = t.clock.now();
    // A claim without an answer yet is exactly what an in-flight request leaves behind.
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256')
      .update(`PUT /v1/user/user-info\n{"firstName":"Salma","lastName":"Haque"}`)
      .digest('hex');
    expect(
      await repository.claim(
        { userId: user.id, key: 'busy', requestHash: hash, now, owner: 'another-instance', leaseUntil: leaseFrom(now) },
        new Date(0),
      ),
    ).toBeNull();
    const res = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: user.token,
      body,
      headers: { 'idempotency-key': 'busy' },
    });
    expect(res.status).toBe(409);
    expect(res.json?.error?.message).toBe(ServerMessages.idempotencyInProgress);
  });

  /** What an instance that claimed a key and then crashed (or still runs the request) leaves behind. */
  async function claimedElsewhere(userId: string, key: string, owner: string, leaseUntil: Date): Promise<void> {
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256')
      .update(`PUT /v1/user/user-info\n{"firstName":"Salma","lastName":"Haque"}`)
      .digest('hex');
    const repository = new IdempotencyRepository(t.database.db);
    const now = t.clock.now();
    expect(await repository.claim({ userId, key, requestHash: hash, now, owner, leaseUntil }, new Date(0))).toBeNull();
  }
  const rename = (token: string, key: string, app = t.app) =>
    call(app, 'PUT', '/v1/user/user-info', { token, body, headers: { 'idempotency-key': key } });

  it('keeps a running request’s key (409) for as long as its instance renews the lease, past 2 minutes', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    await claimedElsewhere(user.id, 'long-running', 'busy-instance', leaseFrom(t.clock.now()));
    const repository = new IdempotencyRepository(t.database.db);
    for (let minute = 0; minute < 3; minute += 1) {
      t.clock.advance(20_000);
      await repository.renewLeases('busy-instance', leaseFrom(t.clock.now()));
      t.clock.advance(20_000);
      await repository.renewLeases('busy-instance', leaseFrom(t.clock.now()));
      t.clock.advance(20_000);
      await repository.renewLeases('busy-instance', leaseFrom(t.clock.now()));
      expect((await rename(user.token, 'long-running')).status).toBe(409);
    }
  });

  it('lets the retry run once the lease of a crashed instance has run out (not 2 minutes later)', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    await claimedElsewhere(user.id, 'crashed', 'dead-instance', leaseFrom(t.clock.now()));
    expect((await rename(user.token, 'crashed')).status).toBe(409);
    t.clock.advance(LEASE_MS + 1000);
    const retry = await rename(user.token, 'crashed');
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await rename(user.token, 'crashed')).headers['idempotent-replayed']).toBe('true');
  });

  it('on a restart of the embedded database, releases what the previous process left in flight; PostgreSQL leaves it to the lease', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    // A lease far ahead: only the restart (embedded) can free this key before it ends.
    await claimedElsewhere(
      user.id,
      'before-restart',
      'previous-process',
      new Date(t.clock.now().getTime() + 3_600_000),
    );
    const restarted = await build(t.config, {
      database: t.database,
      clock: t.clock,
      redisKeyPrefix: `lc:test:${randomUUID()}:`,
    });
    try {
      await restarted.ready();
      const retry = await rename(user.token, 'before-restart', restarted);
      // Embedded: this is the only process there ever is, so the claim was a dead one's. PostgreSQL:
      // the owner may be another instance that is alive, so its claim stands until its lease ends.
      expect(retry.status).toBe(t.database.kind === 'pglite' ? 200 : 409);
    } finally {
      await restarted.close();
    }
  });

  it('scopes keys per user', async () => {
    const a = await verifiedUser(t.app, t.mailDir);
    const b = await verifiedUser(t.app, t.mailDir);
    const headers = { 'idempotency-key': 'shared-key' };
    await call(t.app, 'PUT', '/v1/user/user-info', { token: a.token, body, headers });
    const res = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: b.token,
      body: { ...body, lastName: 'Begum' },
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.json?.data).toMatchObject({ id: b.id, lastName: 'Begum' });
  });
});
