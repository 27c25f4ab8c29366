/**
 * /ai/v1/sessions/{id}/documents: a PDF, DOCX or TXT attached to a chat joins the answers of that
 * chat only, cited as the document; a Bijoy PDF is flagged UNSEARCHABLE_ENCODING; hostile or other
 * files are refused with `{detail}`; someone else's session is 404 whatever the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AiChatMessages,
  AiChatResponseSchema,
  AiDocumentMessages,
  AiHealthSchema,
  AiSearchDocumentsSchema,
  AiSessionDocumentSchema,
  AiSessionDocumentsSchema,
} from '../../../contract/ai';
import { DocumentMessages } from '../../../contract/documents';
import { ServerMessages } from '../../../contract/errors';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { BIJOY_ORDER, docx, elf, png, textPdf, windowsExe } from '../../../tests/helpers/server-documents';
import { call, multipart, verifiedUser, type CallResult } from '../../../tests/helpers/server-http';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.services.ai.ready();
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function newSession(token: string): Promise<string> {
  const res = await call(t.app, 'POST', '/ai/v1/sessions', { token, body: { title: 'Tenancy' } });
  expect(res.status).toBe(200);
  return (res.json as { session_id: string }).session_id;
}

function attach(token: string, sessionId: string, name: string, content: Buffer, type = 'application/octet-stream') {
  return call(t.app, 'POST', `/ai/v1/sessions/${sessionId}/documents`, {
    token,
    ...multipart([{ name: 'file', filename: name, contentType: type, content }]),
  });
}

const ask = (token: string, sessionId: string, message: string): Promise<CallResult> =>
  call(t.app, 'POST', '/ai/v1/chat', { token, body: { message, session_id: sessionId } });

const AGREEMENT = [
  'Tenancy agreement between landlord Karimuddin Chowdhury and tenant Rahima Begum.',
  'The tenant Rahima Begum shall pay a monthly rent of fifteen thousand taka to Karimuddin Chowdhury before the tenth day of each month.',
  'The security deposit of thirty thousand taka is refundable when the flat is handed back.',
].join('\n\n');

describe('session documents', () => {
  it('cites an attached TXT in the answer of its own session, and in no other', async () => {
    const me = await verifiedUser(t.app, t.mailDir);
    const sessionId = await newSession(me.token);
    const res = await attach(me.token, sessionId, 'agreement.txt', Buffer.from(AGREEMENT, 'utf8'), 'text/plain');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const doc = AiSessionDocumentSchema.strict().parse(res.json);
    expect(doc).toMatchObject({ session_id: sessionId, filename: 'agreement.txt', text_status: 'EXTRACTED' });

    const listed = AiSessionDocumentsSchema.parse(
      (await call(t.app, 'GET', `/ai/v1/sessions/${sessionId}/documents`, { token: me.token })).json,
    );
    expect(listed.documents.map((d) => d.document_id)).toEqual([doc.document_id]);

    const question = 'What monthly rent must Rahima Begum pay to Karimuddin Chowdhury?';
    const answer = AiChatResponseSchema.parse((await ask(me.token, sessionId, question)).json);
    const cited = answer.sources.find((s) => s.filename === 'agreement.txt');
    expect(cited, JSON.stringify(answer.sources)).toMatchObject({ act_id: null, url: null, status: null });
    expect(cited?.text).toContain('fifteen thousand taka');
    expect(answer.response).toContain('agreement.txt, part 1');
    expect(answer.response).toContain('not legal advice');

    // Another chat of the same user does not see it.
    const other = await newSession(me.token);
    const elsewhere = AiChatResponseSchema.parse((await ask(me.token, other, question)).json);
    expect(elsewhere.sources.some((s) => s.filename !== null)).toBe(false);

    // Removed: no longer cited.
    const removed = await call(t.app, 'DELETE', `/ai/v1/sessions/${sessionId}/documents/${doc.document_id}`, {
      token: me.token,
    });
    expect(removed.status).toBe(200);
    const after = AiChatResponseSchema.parse((await ask(me.token, sessionId, question)).json);
    expect(after.sources.some((s) => s.filename !== null)).toBe(false);
  });

  it('reads PDF and DOCX, and flags a Bijoy (SutonnyMJ) PDF', async () => {
    const me = await verifiedUser(t.app, t.mailDir);
    const sessionId = await newSession(me.token);
    const pdf = await attach(me.token, sessionId, 'notice.pdf', textPdf(['Notice to quit the flat']));
    expect(AiSessionDocumentSchema.parse(pdf.json)).toMatchObject({
      text_status: 'EXTRACTED',
      content_type: 'application/pdf',
    });
    const word = await attach(me.token, sessionId, 'reply.docx', docx(['Reply to the notice']));
    expect(AiSessionDocumentSchema.parse(word.json).text_status).toBe('EXTRACTED');
    const bijoy = await attach(me.token, sessionId, 'order.pdf', textPdf([BIJOY_ORDER], 'ABCDEF+SutonnyMJ'));
    expect(bijoy.status).toBe(200);
    expect(AiSessionDocumentSchema.parse(bijoy.json).text_status).toBe('UNSEARCHABLE_ENCODING');
  }, 60_000);

  it('refuses hostile and other files with {detail}', async () => {
    const me = await verifiedUser(t.app, t.mailDir);
    const sessionId = await newSession(me.token);
    const cases: [string, Buffer, string][] = [
      ['order.pdf', elf(), AiDocumentMessages.typeNotAllowed],
      ['order.pdf', windowsExe(), AiDocumentMessages.typeNotAllowed],
      ['photo.png', await png(), AiDocumentMessages.typeNotAllowed],
      ['notes.pdf', Buffer.from('plain words, not a PDF', 'utf8'), DocumentMessages.nameMismatch],
      ['empty.txt', Buffer.alloc(0), DocumentMessages.fileEmpty],
      ['big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), DocumentMessages.fileTooLarge],
    ];
    for (const [name, content, detail] of cases) {
      const res = await attach(me.token, sessionId, name, content);
      expect(res.status, name).toBe(400);
      expect(res.json, name).toEqual({ detail });
    }
    const noFile = await call(t.app, 'POST', `/ai/v1/sessions/${sessionId}/documents`, {
      token: me.token,
      ...multipart([{ name: 'title', content: 'x' }]),
    });
    expect(noFile.status).toBe(400);
    expect(noFile.json).toEqual({ detail: ServerMessages.fileRequired });
    const listed = AiSessionDocumentsSchema.parse(
      (await call(t.app, 'GET', `/ai/v1/sessions/${sessionId}/documents`, { token: me.token })).json,
    );
    expect(listed.documents).toEqual([]);
  }, 60_000);

  it("answers 404 for another user's session, before looking at the file", async () => {
    const owner = await verifiedUser(t.app, t.mailDir);
    const other = await verifiedUser(t.app, t.mailDir);
    const sessionId = await newSession(owner.token);
    const doc = AiSessionDocumentSchema.parse(
      (await attach(owner.token, sessionId, 'agreement.txt', Buffer.from(AGREEMENT), 'text/plain')).json,
    );
    for (const res of [
      await attach(other.token, sessionId, 'a.txt', Buffer.from('hello')),
      await attach(other.token, sessionId, 'x.pdf', elf()),
      await call(t.app, 'GET', `/ai/v1/sessions/${sessionId}/documents`, { token: other.token }),
      await call(t.app, 'DELETE', `/ai/v1/sessions/${sessionId}/documents/${doc.document_id}`, {
        token: other.token,
      }),
      await attach(owner.token, 'session_1_nope', 'a.txt', Buffer.from('hello')),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ detail: AiChatMessages.sessionNotFound });
    }
    // The other user's own session with the same question never sees the owner's document.
    const theirs = await newSession(other.token);
    const answer = AiChatResponseSchema.parse(
      (await ask(other.token, theirs, 'What monthly rent must Rahima Begum pay to Karimuddin Chowdhury?')).json,
    );
    expect(answer.sources.some((s) => s.filename !== null)).toBe(false);
    const missing = await call(
      t.app,
      'DELETE',
      `/ai/v1/sessions/${sessionId}/documents/00000000-0000-4000-8000-000000000000`,
      { token: owner.token },
    );
    expect(missing.json).toEqual({ detail: AiDocumentMessages.documentNotFound });
  });
});

describe("the reference API's names", () => {
  const LEASE = [
    'The landlord shall repaint the flat every two years at his own cost.',
    'The tenant Rahima Begum shall pay a monthly rent of fifteen thousand taka before the tenth day of each month.',
  ].join('\n\n');

  it('upload-document attaches like …/documents, and search-documents finds its passage, best first', async () => {
    const me = await verifiedUser(t.app, t.mailDir);
    const sessionId = await newSession(me.token);
    const uploaded = await call(t.app, 'POST', `/ai/v1/sessions/${sessionId}/upload-document`, {
      token: me.token,
      ...multipart([{ name: 'file', filename: 'lease.txt', contentType: 'text/plain', content: Buffer.from(LEASE) }]),
    });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    const doc = AiSessionDocumentSchema.strict().parse(uploaded.json);
    expect(doc).toMatchObject({ session_id: sessionId, filename: 'lease.txt', text_status: 'EXTRACTED' });

    const search = (body: unknown, token = me.token, id = sessionId) =>
      call(t.app, 'POST', `/ai/v1/sessions/${id}/search-documents`, { token, body });
    const res = await search({ query: 'monthly rent', top_k: 3 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const found = AiSearchDocumentsSchema.strict().parse(res.json);
    expect(found).toMatchObject({ session_id: sessionId, query: 'monthly rent' });
    expect(found.total_found).toBe(found.results.length);
    expect(found.results[0]).toMatchObject({ document_id: doc.document_id, filename: 'lease.txt', score: 1 });
    expect(found.results[0]?.page_number).toBeGreaterThanOrEqual(1);
    expect(found.results[0]?.text).toContain('fifteen thousand taka');

    // Nothing matches: an empty list, not an error.
    const none = AiSearchDocumentsSchema.parse((await search({ query: 'helicopter' })).json);
    expect(none).toMatchObject({ results: [], total_found: 0 });

    // Bad input is a 422 with {detail}, as the AI API answers it; someone else's session is 404 and shows nothing.
    const empty = await search({ query: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.json).toHaveProperty('detail');
    const stranger = await verifiedUser(t.app, t.mailDir);
    const foreign = await search({ query: 'monthly rent' }, stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ detail: AiChatMessages.sessionNotFound });
  });

  it('GET /ai/v1/health answers without a sign-in', async () => {
    const res = await call(t.app, 'GET', '/ai/v1/health');
    expect(res.status).toBe(200);
    expect(AiHealthSchema.strict().parse(res.json)).toEqual({ status: 'healthy', service: 'LegalConnect AI' });
  });
});
