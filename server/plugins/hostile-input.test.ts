/**
 * Input the database or the router cannot take is refused in the contract's shape, never a 500:
 * NUL and lone surrogates anywhere in a body, query or path; a multipart body that is not one; a
 * broken %-encoding or an overlong path parameter (the router's own errors) — the envelope under
 * /v1 and `{detail}` under /ai/v1. Found by the contract fuzzer (tests/security/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../contract/errors';
import { startTestApp, type TestApp } from '../../tests/helpers/server-app';
import { call, verifiedUser } from '../../tests/helpers/server-http';
import type { Session } from '../../tests/helpers/server-lawyers';

let t: TestApp;
let user: Session;

beforeAll(async () => {
  t = await startTestApp();
  user = await verifiedUser(t.app, t.mailDir);
});
afterAll(async () => {
  await t.close();
});

describe('hostile input', () => {
  it('refuses NUL and lone surrogates in bodies, queries and paths with a 400, storing nothing', async () => {
    for (const firstName of ['Ka\u0000rim', 'Karim\ud800', '\udc00Karim']) {
      const res = await call(t.app, 'PUT', '/v1/user/user-info', {
        token: user.token,
        body: { firstName, lastName: 'Uddin' },
      });
      expect([res.status, res.json?.error?.message]).toEqual([400, ServerMessages.invalidText]);
    }
    const me = await call(t.app, 'GET', '/v1/user/user-info', { token: user.token });
    expect(JSON.stringify(me.json?.data)).not.toContain('\\u0000');
    const path = await call(t.app, 'PUT', '/v1/payments/complete/a%00b', { token: user.token });
    expect([path.status, path.json?.error?.message]).toEqual([400, ServerMessages.invalidText]);
    const query = await call(t.app, 'GET', '/v1/case?status=%00', { token: user.token });
    expect(query.status).toBe(400);
    const ai = await call(t.app, 'POST', '/ai/v1/sessions', { token: user.token, body: { title: 'x\u0000' } });
    expect([ai.status, ai.json]).toEqual([400, { detail: ServerMessages.invalidText }]);
    // Bangla, emoji and a proper surrogate pair are text like any other.
    const fine = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: user.token,
      body: { firstName: 'করিম 🙂', lastName: 'Uddin' },
    });
    expect(fine.status).toBe(200);
  });

  it('answers a multipart body that is not one with 400, not 500', async () => {
    for (const url of ['/v1/user/profile-picture', '/v1/case-assets/documents']) {
      const res = await call(t.app, 'POST', url, {
        token: user.token,
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
        payload: 'not multipart at all',
      });
      expect(res.status, url).toBe(400);
      expect(res.json?.error?.message).toBe(ServerMessages.malformedMultipart);
    }
  });

  it('answers the router’s own refusals in the API’s shape', async () => {
    const bad = await call(t.app, 'GET', '/v1/case/%E0%A4%A', { token: user.token });
    expect([bad.status, bad.json?.error?.message, bad.json?.path]).toEqual([
      400,
      ServerMessages.malformedUrl,
      '/v1/case/%E0%A4%A',
    ]);
    const long = await call(t.app, 'GET', `/v1/case/${'a'.repeat(300)}`, { token: user.token });
    expect([long.status, long.json?.error?.message]).toEqual([414, ServerMessages.urlTooLong]);
    const ai = await call(t.app, 'GET', '/ai/v1/sessions/%', { token: user.token });
    expect([ai.status, ai.json]).toEqual([400, { detail: ServerMessages.malformedUrl }]);
  });
});
