/**
 * The account's language (issue 20): set at sign-up from the interface language, read back in the
 * AuthResponse and user-info, changed with PUT /v1/user/language.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, registerUser, verifiedUser } from '../../../tests/helpers/server-http';

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

describe('account language', () => {
  it('starts in the interface language sent at sign-up, else the browser’s', async () => {
    const bangla = await registerUser(t.app, { language: 'bn' });
    expect(bangla.language).toBe('bn');
    const fromBrowser = await call(t.app, 'POST', '/v1/auth/register', {
      headers: { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' },
      body: { firstName: 'Rahim', lastName: 'Mia', email: 'rahim@example.test', password: 'Str0ng!Pass', role: 'USER' },
    });
    expect((fromBrowser.json?.data as { language?: string }).language).toBe('bn');
    const english = await registerUser(t.app);
    expect(english.language).toBe('en');
  });

  it('is changed with PUT /v1/user/language and read back in user-info and the next sign-in', async () => {
    const user = await verifiedUser(t.app, t.mailDir, { language: 'en' });
    const changed = await call(t.app, 'PUT', '/v1/user/language', { token: user.token, body: { language: 'bn' } });
    expect(changed.status).toBe(200);
    expect((changed.json?.data as { language: string }).language).toBe('bn');
    const info = await call(t.app, 'GET', '/v1/user/user-info', { token: user.token });
    expect((info.json?.data as { language: string }).language).toBe('bn');
    const login = await call(t.app, 'POST', '/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect((login.json?.data as { language: string }).language).toBe('bn');
  });

  it('refuses a language it does not write in, and a caller without a session', async () => {
    const user = await registerUser(t.app);
    const wrong = await call(t.app, 'PUT', '/v1/user/language', { token: user.token, body: { language: 'fr' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json?.error?.reason).toBe('VALIDATION_FAILED');
    expect(wrong.json?.error?.fields?.[0]?.field).toBe('language');
    // An unverified account may choose too: its verification mail is written in it.
    const unverified = await call(t.app, 'PUT', '/v1/user/language', { token: user.token, body: { language: 'bn' } });
    expect(unverified.status).toBe(200);
    const anonymous = await call(t.app, 'PUT', '/v1/user/language', { body: { language: 'bn' } });
    expect(anonymous.status).toBe(401);
  });
});
