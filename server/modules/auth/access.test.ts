/**
 * The bearer → session → access chain on every protected route: missing, garbage, forged, expired,
 * wrong-audience and revoked tokens are 401; an unverified user is 403 outside /auth and logout.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../../contract/errors';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, registerUser, verifiedUser } from '../../../tests/helpers/server-http';
import { accessDenial, type Actor } from './policy';

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

async function forge(
  claims: Record<string, unknown>,
  options: { secret?: string; audience?: string; expiresIn?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.email ?? 'x@example.test'))
    .setIssuer('LegalConnect')
    .setAudience(options.audience ?? 'LegalConnect-API')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .sign(new TextEncoder().encode(options.secret ?? t.config.jwtSecret));
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}

describe('protected routes', () => {
  it('answer 401 without a token', async () => {
    const res = await call(t.app, 'GET', '/v1/user/user-info');
    expect(res.status).toBe(401);
    expect(res.json?.error).toEqual({
      code: 401,
      reason: 'AUTHENTICATION_REQUIRED',
      message: ServerMessages.unauthorized,
    });
  });

  it('answer 401 to garbage and to non-bearer schemes', async () => {
    for (const authorization of ['Bearer garbage', 'Bearer a.b.c', 'Basic dXNlcjpwYXNz', 'Bearer', 'bearer  ']) {
      const res = await call(t.app, 'GET', '/v1/user/user-info', { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
    }
  });

  it('answer 401 to a token signed with another secret, for another audience, or unsigned', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const claims = claimsOf(user.token);
    const { aud: _aud, iss: _iss, sub: _sub, iat: _iat, exp: _exp, ...custom } = claims;
    const otherSecret = await forge(custom, { secret: 'another-secret-that-is-long-enough-0123' });
    const otherAudience = await forge(custom, { audience: 'Someone-Else' });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const unsigned = `${header}.${user.token.split('.')[1]}.`;
    for (const token of [otherSecret, otherAudience, unsigned]) {
      const res = await call(t.app, 'GET', '/v1/user/user-info', { token });
      expect(res.status).toBe(401);
      expect(res.json?.error?.message).toBe(ServerMessages.invalidToken);
    }
    // The same claims, correctly signed, are accepted: the refusals above are about the token alone.
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: await forge(custom) })).status).toBe(200);
  });

  it('answer 401 to a well-signed token whose session does not exist or whose sid is not a uuid', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const { aud: _a, iss: _i, sub: _s, iat: _t, exp: _e, ...custom } = claimsOf(user.token);
    for (const sid of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "'; drop table users; --"]) {
      const res = await call(t.app, 'GET', '/v1/user/user-info', { token: await forge({ ...custom, sid }) });
      expect(res.status).toBe(401);
    }
  });

  it('answer 401 once the access token has expired (1 h)', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    t.clock.advance(59 * 60_000);
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: user.token })).status).toBe(200);
    t.clock.advance(2 * 60_000);
    const res = await call(t.app, 'GET', '/v1/user/user-info', { token: user.token });
    expect(res.status).toBe(401);
    expect(res.json?.error?.message).toBe(ServerMessages.invalidToken);
  });

  it('answer 401 after logout, at once', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    expect((await call(t.app, 'POST', '/v1/user/logout', { token: user.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: user.token })).status).toBe(401);
  });

  it('answer 403 with the contract text to an unverified user, who may still log out', async () => {
    const user = await registerUser(t.app);
    for (const [method, url, body] of [
      ['GET', '/v1/user/user-info', undefined],
      ['PUT', '/v1/user/user-info', { firstName: 'Abc', lastName: 'Def' }],
      ['PUT', '/v1/user/change-password', { oldPassword: user.password, password: 'N3w!Password' }],
    ] as const) {
      const res = await call(t.app, method, url, { token: user.token, body });
      expect(res.status, url).toBe(403);
      expect(res.json?.error).toEqual({
        code: 403,
        reason: 'EMAIL_NOT_VERIFIED',
        message: ServerMessages.emailNotVerified,
      });
    }
    expect((await call(t.app, 'POST', '/v1/user/logout', { token: user.token })).status).toBe(200);
  });

  it('check authentication before the body, so a bad body does not reveal anything to strangers', async () => {
    const res = await call(t.app, 'PUT', '/v1/user/user-info', { body: { firstName: 1 } });
    expect(res.status).toBe(401);
  });
});

describe('accessDenial', () => {
  const actor: Actor = {
    userId: '00000000-0000-4000-8000-000000000001',
    sid: '00000000-0000-4000-8000-000000000002',
    email: 'a@example.test',
    role: 'USER',
    firstName: 'A',
    lastName: 'B',
    emailVerified: true,
  };

  it('lets verified users through verified routes and enforces role lists', () => {
    expect(accessDenial(actor, 'verified')).toBeNull();
    expect(accessDenial(actor, { roles: ['USER', 'ADMIN'] })).toBeNull();
    const denied = accessDenial(actor, { roles: ['ADMIN'] });
    expect(denied?.statusCode).toBe(403);
    expect(denied?.message).toBe(ServerMessages.accessDenied);
  });

  it('checks verification before roles', () => {
    const unverified = { ...actor, emailVerified: false };
    expect(accessDenial(unverified, 'signedIn')).toBeNull();
    expect(accessDenial(unverified, { roles: ['ADMIN'] })?.message).toBe(ServerMessages.emailNotVerified);
  });
});
