/**
 * Input the database or the router cannot take is refused in the contract's shape, never a 500:
 * NUL and lone surrogates anywhere in a body, query or path; a multipart body that is not one; a
 * broken %-encoding or an overlong path parameter (the router's own errors) — the envelope under
 * /v1 and `{detail}` under /ai/v1. Found by the contract fuzzer (tests/security/).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '../../contract/envelope';
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

  it('answers a 1 MB query string in the envelope (431), and {detail} under /ai/v1, over a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (path: string) =>
      new Promise<{ head: string; body: string }>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const split = text.indexOf('\r\n\r\n');
          resolve({ head: text.slice(0, split), body: text.slice(split + 4) });
        });
        // The request line alone is past Node's 16 KB header limit.
        socket.end(`GET ${path}?q=${'a'.repeat(1024 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      });
    const api = await raw('/v1/lawyers');
    expect(api.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(api.head).toMatch(/content-type: application\/json/i);
    const envelope = ErrorEnvelopeSchema.parse(JSON.parse(api.body));
    expect(envelope).toMatchObject({ status: 431, error: { code: 431, message: ServerMessages.headersTooLarge } });
    const ai = await raw('/ai/v1/search');
    expect(ai.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(ai.body)).toEqual({ detail: ServerMessages.headersTooLarge });
  });

  it('keeps {detail} under /ai/v1 when the unmatched-path limiter answers 429', async () => {
    const answers: { status: number; body: unknown }[] = [];
    for (let i = 0; i < 62; i += 1) {
      const res = await call(t.app, 'GET', `/ai/v1/no-such-route-${i}`);
      answers.push({ status: res.status, body: res.json });
    }
    expect(answers[0]).toEqual({ status: 404, body: { detail: 'Not Found' } });
    const limited = answers.at(-1);
    expect(limited?.status).toBe(429);
    expect(limited?.body).toEqual({ detail: ServerMessages.rateLimited });
    // And /v1 keeps its envelope under the same limiter.
    const v1 = await call(t.app, 'GET', '/v1/no-such-route');
    expect([v1.status, v1.json?.error?.message, v1.json?.version]).toEqual([429, ServerMessages.rateLimited, 'v1']);
  });
});
