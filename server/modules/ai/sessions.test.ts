/**
 * /ai/v1 chat and sessions: create, list, rename, delete, history; another user's session is 404;
 * answers come from the (stub) model with every invented citation removed; nothing found → said so.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AiChatMessages,
  AiChatResponseSchema,
  AiHistorySchema,
  AiSessionSchema,
  AiUserSessionsSchema,
} from '../../../contract/ai';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser } from '../../../tests/helpers/server-http';

let t: TestApp;
let stub: Server;

beforeAll(async () => {
  stub = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const content =
        'Demanding dowry is punishable [1]. It is also a crime under [7]. Section 999 of the Penal Code says so.';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const port = (stub.address() as AddressInfo).port;
  t = await startTestApp({
    env: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'stub', LLM_API_KEY: 'k' },
  });
  await t.app.services.ai.ready();
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
});

describe('chat sessions', () => {
  it('creates, lists, renames, answers with filtered citations, keeps history, deletes', async () => {
    const me = await verifiedUser(t.app, t.mailDir);
    const created = await call(t.app, 'POST', '/ai/v1/sessions', { token: me.token, body: { title: 'Dowry' } });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const sessionId = (created.json as { session_id: string }).session_id;

    const asked = await call(t.app, 'POST', '/ai/v1/chat', {
      token: me.token,
      body: { message: 'What is the punishment for dowry demand?', session_id: sessionId },
    });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    const answer = AiChatResponseSchema.parse(asked.json);
    expect(answer.session_id).toBe(sessionId);
    expect(answer.metadata.generator).toBe('llm');
    expect(answer.response).toContain('Demanding dowry is punishable [1].');
    expect(answer.response).not.toContain('[7]');
    expect(answer.response).not.toContain('999');
    expect(answer.sources).toHaveLength(1);
    expect(answer.sources[0]?.url).toMatch(/bdlaws\.minlaw\.gov\.bd/);
    expect(answer.sources[0]?.text.length).toBeGreaterThan(0);
    expect(answer.response).toContain('not legal advice');
    expect(answer.metadata.find_lawyer_url).toMatch(/^\/find-lawyer\?spec=/);
    expect(answer.response).not.toContain('/find-lawyer');
    expect(answer.metadata.lawyer?.specialization).toBe(answer.metadata.specializations[0]);
    expect(answer.metadata.lead).toContain('Demanding dowry is punishable [1].');

    const history = AiHistorySchema.parse(
      (await call(t.app, 'GET', `/ai/v1/sessions/${sessionId}/history`, { token: me.token })).json,
    );
    expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(history.messages[1]?.metadata.sources?.[0]?.id).toBe(answer.sources[0]?.id);

    const renamed = await call(t.app, 'PATCH', `/ai/v1/sessions/${sessionId}`, {
      token: me.token,
      body: { title: 'Dowry question' },
    });
    expect(AiSessionSchema.parse(renamed.json).title).toBe('Dowry question');

    const list = AiUserSessionsSchema.parse(
      (await call(t.app, 'GET', `/ai/v1/users/${me.id}/sessions`, { token: me.token })).json,
    );
    expect(list.sessions.map((s) => s.session_id)).toEqual([sessionId]);
    expect(list.sessions[0]?.message_count).toBe(2);

    const deleted = await call(t.app, 'DELETE', `/ai/v1/sessions/${sessionId}`, { token: me.token });
    expect(deleted.status).toBe(200);
    const gone = await call(t.app, 'GET', `/ai/v1/sessions/${sessionId}`, { token: me.token });
    expect(gone.status).toBe(404);
  });

  it("answers 404 for another user's session and 403 for their list", async () => {
    const owner = await verifiedUser(t.app, t.mailDir);
    const other = await verifiedUser(t.app, t.mailDir);
    const id = 'session_1700000000_abc123';
    const first = await call(t.app, 'POST', '/ai/v1/chat', {
      token: owner.token,
      body: { message: 'xyzzy quux frobnicate', session_id: id },
    });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    for (const [method, path] of [
      ['GET', `/ai/v1/sessions/${id}`],
      ['GET', `/ai/v1/sessions/${id}/history`],
      ['DELETE', `/ai/v1/sessions/${id}`],
    ] as const) {
      const res = await call(t.app, method, path, { token: other.token });
      expect(res.status, path).toBe(404);
      expect(res.json).toEqual({ detail: AiChatMessages.sessionNotFound });
    }
    const hijack = await call(t.app, 'POST', '/ai/v1/chat', {
      token: other.token,
      body: { message: 'dowry', session_id: id },
    });
    expect(hijack.status).toBe(404);
    const rename = await call(t.app, 'PATCH', `/ai/v1/sessions/${id}`, { token: other.token, body: { title: 'x' } });
    expect(rename.status).toBe(404);
    const list = await call(t.app, 'GET', `/ai/v1/users/${owner.id}/sessions`, { token: other.token });
    expect(list.status).toBe(403);
  });

  it('says nothing was found without calling a citation, and rejects malformed session ids', async () => {
    const me = await verifiedUser(t.app, t.mailDir);
    const res = await call(t.app, 'POST', '/ai/v1/chat', {
      token: me.token,
      body: { message: 'xyzzy quux frobnicate' },
    });
    const answer = AiChatResponseSchema.parse(res.json);
    expect(answer.metadata.found).toBe(false);
    expect(answer.sources).toEqual([]);
    expect(answer.response).toContain('could not find');
    const bad = await call(t.app, 'POST', '/ai/v1/chat', {
      token: me.token,
      body: { message: 'dowry', session_id: 'not-a-session' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json).toEqual({ detail: AiChatMessages.sessionIdInvalid });
    const badPath = await call(t.app, 'GET', '/ai/v1/sessions/not-a-session', { token: me.token });
    expect(badPath.status).toBe(404);
  });
});
