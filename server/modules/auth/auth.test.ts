/**
 * Registration, sign-in, codes, verification, reset and refresh (docs/api.md §2, §4 Auth) against the
 * real app and database, with the .eml mail folder as the user's inbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../../contract/errors';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import {
  authData,
  call,
  registerUser,
  STRONG_PASSWORD,
  uniqueEmail,
  verifiedUser,
} from '../../../tests/helpers/server-http';
import { latestMail, latestVerificationCode, mailFiles } from '../../../tests/helpers/server-mail';

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

const MINUTE = 60_000;

function registerBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Karim',
    lastName: 'Uddin',
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    role: 'USER',
    ...overrides,
  };
}

describe('POST /v1/auth/register', () => {
  it('creates an unverified account, answers 201 with tokens, and mails the first code', async () => {
    const body = registerBody({ email: 'New.Person@Example.test', role: 'LAWYER' });
    const res = await call(t.app, 'POST', '/v1/auth/register', { body });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      version: 'v1',
      status: 201,
      path: '/v1/auth/register',
      message: ServerMessages.registered,
    });
    const data = authData(res);
    expect(data).toMatchObject({
      email: 'new.person@example.test',
      role: 'LAWYER',
      emailVerified: false,
      firstName: 'Karim',
    });
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.refreshToken.length).toBeGreaterThan(30);
    expect(res.json?.data).not.toHaveProperty('passwordHash');

    const mail = await latestMail(t.mailDir, 'new.person@example.test');
    expect(mail).toMatch(/^Your LegalConnect verification code is \d{6}$/m);
    // Written in the account's language only (issue 20).
    expect(mail).not.toContain('আপনার LegalConnect যাচাইকরণ কোড হলো');
  });

  it('writes the code mail in Bangla only for a browser that prefers Bangla (issue 20)', async () => {
    const body = registerBody();
    await call(t.app, 'POST', '/v1/auth/register', { body, headers: { 'accept-language': 'bn-BD,bn;q=0.9' } });
    const mail = (await latestMail(t.mailDir, body.email)) ?? '';
    expect(mail).toContain('আপনার LegalConnect');
    expect(mail).not.toContain('Your LegalConnect verification code');
  });

  it('refuses a second account for the same email, whatever its case (409)', async () => {
    const body = registerBody({ email: 'twice@example.test' });
    expect((await call(t.app, 'POST', '/v1/auth/register', { body })).status).toBe(201);
    const again = await call(t.app, 'POST', '/v1/auth/register', { body: { ...body, email: 'TWICE@example.test' } });
    expect(again.status).toBe(409);
    expect(again.json?.error).toEqual({ code: 409, reason: 'USER_EXISTS', message: ServerMessages.userExists });
    expect(again.json).not.toHaveProperty('data');
  });

  it('accepts only USER or LAWYER as role', async () => {
    for (const role of ['ADMIN', 'SUPERUSER', 3, null]) {
      const res = await call(t.app, 'POST', '/v1/auth/register', { body: registerBody({ role }) });
      expect(res.status).toBe(400);
      expect(res.json?.error?.fields?.map((f) => f.field)).toEqual(['role']);
    }
  });

  it('explains which password rules fail', async () => {
    const res = await call(t.app, 'POST', '/v1/auth/register', { body: registerBody({ password: 'short' }) });
    expect(res.status).toBe(400);
    expect(res.json?.error?.message).toBe(
      'Password must contain: 8 to 100 characters, one uppercase letter, one digit, one special character (@#$%^&+=!*()_-[]{}|;:,.<>?)',
    );
    expect(res.json?.error?.fields).toEqual([{ field: 'password', message: res.json?.error?.message }]);
  });

  it.each([
    ['missing fields', { email: 'a@b.test' }],
    ['wrong types', { firstName: 42, lastName: true, email: ['x'], password: {}, role: 'USER' }],
    ['over-long name', registerBody({ firstName: 'x'.repeat(51) })],
    ['too-short name', registerBody({ lastName: 'x' })],
    ['over-long email', registerBody({ email: `${'a'.repeat(250)}@example.test` })],
    ['invalid email', registerBody({ email: 'not-an-email' })],
    ['over-long password', registerBody({ password: `Aa1!${'x'.repeat(200)}` })],
    ['array body', [1, 2, 3]],
    ['null body', null],
  ])('answers 400 with field errors for %s', async (_label, body) => {
    const res = await call(t.app, 'POST', '/v1/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ version: 'v1', status: 400, path: '/v1/auth/register' });
    expect(res.json?.error?.code).toBe(400);
    expect(res.json?.error?.fields?.length).toBeGreaterThan(0);
    const messages = [...new Set(res.json?.error?.fields?.map((f) => f.message))];
    expect(res.json?.error?.message).toBe(messages.join(', '));
  });

  it('answers 400 (never 5xx) to malformed JSON, an empty body and a wrong content type', async () => {
    const cases: { payload: string | undefined; headers: Record<string, string> }[] = [
      { payload: '{"firstName": "Karim",', headers: { 'content-type': 'application/json' } },
      { payload: '', headers: { 'content-type': 'application/json' } },
      { payload: undefined, headers: {} },
      { payload: '<xml/>', headers: { 'content-type': 'application/xml' } },
      { payload: 'firstName=Karim', headers: { 'content-type': 'text/plain' } },
      { payload: '{"__proto__": {"x": 1}}', headers: { 'content-type': 'application/json' } },
    ];
    for (const c of cases) {
      const res = await call(t.app, 'POST', '/v1/auth/register', { payload: c.payload, headers: c.headers });
      expect(res.status, JSON.stringify(c)).toBe(400);
      expect(res.json?.error?.code).toBe(400);
      expect(typeof res.json?.timestamp).toBe('string');
    }
  });

  it('answers 413 to a body over 1 MiB', async () => {
    const res = await call(t.app, 'POST', '/v1/auth/register', {
      body: registerBody({ firstName: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.json?.error?.message).toBe(ServerMessages.payloadTooLarge);
  });
});

describe('POST /v1/auth/login', () => {
  it('signs in a verified user', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const res = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.json?.message).toBe(ServerMessages.loggedIn);
    expect(authData(res)).toMatchObject({ id: user.id, emailVerified: true });
  });

  it('signs in an unverified user, who learns emailVerified:false', async () => {
    const user = await registerUser(t.app);
    const res = await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect(res.status).toBe(200);
    expect(authData(res).emailVerified).toBe(false);
  });

  it('answers 401 "Invalid credentials" to a wrong password and to an unknown email alike', async () => {
    const user = await registerUser(t.app);
    const wrong = await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: 'Wrong!Pass1' } });
    const unknown = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: 'ghost@example.test', password: 'Wrong!Pass1' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json?.error).toEqual({
        code: 401,
        reason: 'INVALID_CREDENTIALS',
        message: ServerMessages.invalidCredentials,
      });
    }
  });

  it('refuses the 6th attempt after 5 failures per email and IP with 429 and Retry-After', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 5; i += 1) {
      const res = await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: 'Wrong!Pass1' } });
      expect(res.status).toBe(401);
    }
    const sixth = await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(sixth.json?.error?.message).toBe(ServerMessages.rateLimited);

    // Another IP is not locked out by someone else's failures.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress: '203.0.113.9',
      payload: { email: user.email, password: user.password },
    });
    expect(elsewhere.statusCode).toBe(200);

    t.clock.advance(MINUTE + 1000);
    const later = await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect(later.status).toBe(200);
  });

  it('does not count successful logins', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 8; i += 1) {
      const res = await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: user.password } });
      expect(res.status).toBe(200);
    }
  });

  it('validates its body', async () => {
    const res = await call(t.app, 'POST', '/v1/auth/login', { body: { email: 'x@y.test' } });
    expect(res.status).toBe(400);
    expect(res.json?.error?.message).toBe('Password is required');
  });
});

describe('POST /v1/auth/send-verification-code', () => {
  it('answers the same 200 for an unknown email and sends nothing', async () => {
    const res = await call(t.app, 'POST', '/v1/auth/send-verification-code', {
      body: { email: 'nobody@example.test' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ data: ServerMessages.verificationCodeSent });
    await t.app.services.jobRunner.runDue();
    expect(await mailFiles(t.mailDir, 'nobody@example.test')).toHaveLength(0);
  });

  it('enforces a 60 s cooldown (429), then replaces the live code with a new one', async () => {
    const user = await registerUser(t.app);
    const first = await latestVerificationCode(t.mailDir, user.email);
    const tooSoon = await call(t.app, 'POST', '/v1/auth/send-verification-code', { body: { email: user.email } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json?.error?.message).toBe(ServerMessages.otpCooldown);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(MINUTE + 1000);
    const again = await call(t.app, 'POST', '/v1/auth/send-verification-code', { body: { email: user.email } });
    expect(again.status).toBe(200);
    // The code is mailed by a job, after the answer (the same work for unknown addresses).
    await t.app.services.jobRunner.runDue();
    expect(await mailFiles(t.mailDir, user.email)).toHaveLength(2);
    const second = await latestVerificationCode(t.mailDir, user.email);
    expect(second).toMatch(/^\d{6}$/);

    if (first !== second) {
      const old = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: user.email, otp: first } });
      expect(old.status).toBe(400);
    }
    const ok = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: user.email, otp: second } });
    expect(ok.status).toBe(200);
  });

  it('allows 3 sends per 10 minutes per email (sign-up counts as one)', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(MINUTE + 1000);
      expect(
        (await call(t.app, 'POST', '/v1/auth/send-verification-code', { body: { email: user.email } })).status,
      ).toBe(200);
    }
    t.clock.advance(MINUTE + 1000);
    const fourth = await call(t.app, 'POST', '/v1/auth/send-verification-code', { body: { email: user.email } });
    expect(fourth.status).toBe(429);
    expect(fourth.json?.error?.message).toBe(ServerMessages.rateLimited);
    t.clock.advance(10 * MINUTE);
    expect((await call(t.app, 'POST', '/v1/auth/send-verification-code', { body: { email: user.email } })).status).toBe(
      200,
    );
  });

  it('limits unknown emails the same way (no probing through 429s)', async () => {
    const email = 'ghost@example.test';
    expect((await call(t.app, 'POST', '/v1/auth/send-verification-code', { body: { email } })).status).toBe(200);
    expect((await call(t.app, 'POST', '/v1/auth/send-verification-code', { body: { email } })).status).toBe(429);
  });

  it('mails a password-reset code to a verified account', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    t.clock.advance(MINUTE + 1000);
    expect((await call(t.app, 'POST', '/v1/auth/send-verification-code', { body: { email: user.email } })).status).toBe(
      200,
    );
    await t.app.services.jobRunner.runDue();
    expect(await latestMail(t.mailDir, user.email)).toContain('reset your password');
  });
});

describe('POST /v1/auth/verify-email', () => {
  it('verifies with the mailed code and answers a fresh AuthResponse with emailVerified true', async () => {
    const user = await registerUser(t.app);
    const blocked = await call(t.app, 'GET', '/v1/user/user-info', { token: user.token });
    expect(blocked.status).toBe(403);
    expect(blocked.json?.error?.message).toBe(ServerMessages.emailNotVerified);

    const otp = await latestVerificationCode(t.mailDir, user.email);
    const res = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: user.email, otp } });
    expect(res.status).toBe(200);
    expect(res.json?.message).toBe(ServerMessages.emailVerified);
    const fresh = authData(res);
    expect(fresh.emailVerified).toBe(true);
    const claims = JSON.parse(Buffer.from(fresh.token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      emailVerified: true,
      tokenType: 'ACCESS',
      iss: 'LegalConnect',
      aud: 'LegalConnect-API',
    });

    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: fresh.token })).status).toBe(200);
    // The old token's session reads verification from the database, so it is let in too.
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: user.token })).status).toBe(200);

    const again = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: user.email, otp } });
    expect(again.status).toBe(400);
    expect(again.json?.error?.message).toBe(ServerMessages.emailAlreadyVerified);
  });

  it('refuses a wrong code, an unknown email and a malformed code', async () => {
    const user = await registerUser(t.app);
    const otp = (await latestVerificationCode(t.mailDir, user.email)) ?? '';
    const wrongCode = otp === '000000' ? '111111' : '000000';
    const wrong = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: user.email, otp: wrongCode } });
    expect(wrong.status).toBe(400);
    expect(wrong.json?.error?.message).toBe(ServerMessages.invalidVerificationCode);
    const unknown = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: 'ghost@example.test', otp } });
    expect(unknown.status).toBe(400);
    expect(unknown.json?.error?.message).toBe(ServerMessages.invalidVerificationCode);
    for (const bad of ['12345', '1234567', 'abcdef', 123456]) {
      const res = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: user.email, otp: bad } });
      expect(res.status).toBe(400);
      expect(res.json?.error?.fields?.[0]?.field).toBe('otp');
    }
  });

  it('voids the code after 5 wrong tries', async () => {
    const user = await registerUser(t.app);
    const otp = (await latestVerificationCode(t.mailDir, user.email)) ?? '';
    const wrongCode = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: user.email, otp: wrongCode } })).status,
      ).toBe(400);
    }
    const right = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: user.email, otp } });
    expect(right.status).toBe(400);
    expect(right.json?.error?.message).toBe(ServerMessages.invalidVerificationCode);
  });

  it('expires the code after 10 minutes', async () => {
    const user = await registerUser(t.app);
    const otp = await latestVerificationCode(t.mailDir, user.email);
    t.clock.advance(10 * MINUTE + 1000);
    const res = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: user.email, otp } });
    expect(res.status).toBe(400);
    expect(res.json?.error?.message).toBe(ServerMessages.invalidVerificationCode);
  });

  it('allows 10 checks per 10 minutes per email, then 429', async () => {
    const email = 'ghost@example.test';
    for (let i = 0; i < 10; i += 1) {
      expect((await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email, otp: '123456' } })).status).toBe(400);
    }
    const eleventh = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email, otp: '123456' } });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /v1/auth/reset-password', () => {
  it('sets the new password with the mailed code and ends every session', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const other = authData(
      await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: user.password } }),
    );
    t.clock.advance(MINUTE + 1000);
    await call(t.app, 'POST', '/v1/auth/send-verification-code', { body: { email: user.email } });
    await t.app.services.jobRunner.runDue();
    const otp = await latestVerificationCode(t.mailDir, user.email);
    const newPassword = 'N3w!Password';
    const res = await call(t.app, 'POST', '/v1/auth/reset-password', {
      body: { email: user.email, password: newPassword, otp },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ data: true, message: ServerMessages.passwordReset });

    for (const session of [user, other]) {
      expect((await call(t.app, 'GET', '/v1/user/user-info', { token: session.token })).status).toBe(401);
      const refreshed = await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: session.refreshToken } });
      expect(refreshed.status).toBe(401);
    }
    expect(
      (await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: newPassword } })).status,
    ).toBe(200);
    // The code is spent.
    const reuse = await call(t.app, 'POST', '/v1/auth/reset-password', {
      body: { email: user.email, password: 'An0ther!Pass', otp },
    });
    expect(reuse.status).toBe(400);
  });

  it('answers 400 "Otp is Invalid or expired" to a wrong code or unknown email', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    for (const email of [user.email, 'ghost@example.test']) {
      const res = await call(t.app, 'POST', '/v1/auth/reset-password', {
        body: { email, password: 'N3w!Password', otp: '999999' },
      });
      expect(res.status).toBe(400);
      expect(res.json?.error?.message).toBe(ServerMessages.otpInvalid);
    }
  });

  it('checks the new password against the policy', async () => {
    const res = await call(t.app, 'POST', '/v1/auth/reset-password', {
      body: { email: 'x@example.test', password: 'weakpass', otp: '123456' },
    });
    expect(res.status).toBe(400);
    expect(res.json?.error?.message).toMatch(/^Password must contain: /);
  });

  it('lets an unverified account reset with its verification code, which also verifies it', async () => {
    const user = await registerUser(t.app);
    const otp = await latestVerificationCode(t.mailDir, user.email);
    const res = await call(t.app, 'POST', '/v1/auth/reset-password', {
      body: { email: user.email, password: 'N3w!Password', otp },
    });
    expect(res.status).toBe(200);
    const login = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: user.email, password: 'N3w!Password' },
    });
    expect(authData(login).emailVerified).toBe(true);
  });
});

describe('POST /v1/auth/refresh', () => {
  it('rotates: a new pair works, the old refresh token is spent', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const res = await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(res.status).toBe(200);
    const next = authData(res);
    expect(next.refreshToken).not.toBe(user.refreshToken);
    expect(next.id).toBe(user.id);
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: next.token })).status).toBe(200);
    const again = await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: next.refreshToken } });
    expect(again.status).toBe(200);
  });

  it('treats reuse of a rotated token as theft and ends the whole session', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const next = authData(await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: user.refreshToken } }));
    const reuse = await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(reuse.status).toBe(401);
    expect(reuse.json?.error?.message).toBe(ServerMessages.refreshInvalid);
    expect((await call(t.app, 'GET', '/v1/user/user-info', { token: next.token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: next.refreshToken } })).status).toBe(
      401,
    );
  });

  it('answers 401 to unknown or expired tokens and 400 to a missing one', async () => {
    expect((await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: 'garbage' } })).status).toBe(401);
    expect((await call(t.app, 'POST', '/v1/auth/refresh', { body: {} })).status).toBe(400);
    expect((await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: 'x'.repeat(600) } })).status).toBe(
      400,
    );
    const user = await verifiedUser(t.app, t.mailDir);
    t.clock.advance(31 * 24 * 60 * MINUTE);
    expect((await call(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(
      401,
    );
  });
});
