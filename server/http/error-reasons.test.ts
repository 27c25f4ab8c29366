/**
 * `error.reason` (issue 20): every error envelope carries a stable machine code beside the English
 * message and the HTTP status, from the framework's refusals to a module's own errors.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_REASONS } from '../../contract/error-reasons';
import { ServerMessages } from '../../contract/errors';
import { startTestApp, type TestApp } from '../../tests/helpers/server-app';
import { call, verifiedUser } from '../../tests/helpers/server-http';

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

describe('error.reason', () => {
  it('names the framework refusals', async () => {
    const unknown = await call(t.app, 'GET', '/v1/no/such/route');
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error).toEqual({
      code: 404,
      reason: 'ROUTE_NOT_FOUND',
      message: ServerMessages.routeNotFound,
    });

    const broken = await call(t.app, 'POST', '/v1/auth/login', {
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.json?.error).toMatchObject({
      code: 400,
      reason: 'MALFORMED_JSON',
      message: ServerMessages.malformedJson,
    });

    const invalid = await call(t.app, 'POST', '/v1/auth/login', { body: { email: 'not-an-email', password: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json?.error?.reason).toBe('VALIDATION_FAILED');
    expect(invalid.json?.error?.fields?.length).toBeGreaterThan(0);
  });

  it("names a module's own errors, and is always one of the contract's reasons", async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const missing = await call(t.app, 'GET', '/v1/case/00000000-0000-4000-8000-000000000000', { token: user.token });
    expect(missing.status).toBe(404);
    expect(missing.json?.error?.reason).toBe('CASE_NOT_FOUND');

    const wrongPassword = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: user.email, password: 'Wrong-password-1!' },
    });
    expect(wrongPassword.json?.error).toEqual({
      code: 401,
      reason: 'INVALID_CREDENTIALS',
      message: ServerMessages.invalidCredentials,
    });
    for (const res of [missing, wrongPassword]) {
      expect(ERROR_REASONS).toContain(res.json?.error?.reason);
    }
  });
});
