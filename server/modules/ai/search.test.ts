/**
 * POST /ai/v1/search: one search over the law corpus and the caller's visible case documents.
 * Only clients and approved lawyers; `{detail}` errors; a document is found only by the parties of
 * its case, and a PRIVATE one only by its uploader; snippets are escaped with the matches marked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiMessages, AiSearchResponseSchema, type AiSearchResponse } from '../../../contract/ai';
import { ServerMessages } from '../../../contract/errors';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { caseParties, openTestCase, type CaseParties } from '../../../tests/helpers/server-cases';
import { call, multipart, verifiedUser, type CallResult } from '../../../tests/helpers/server-http';
import { lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  // The corpus load and index build happen once per process; doing it here keeps test timings honest.
  await t.app.services.ai.ready();
}, 120_000);
afterAll(async () => {
  await t.close();
});

const search = (token: string | undefined, body: unknown): Promise<CallResult> =>
  call(t.app, 'POST', '/ai/v1/search', { ...(token ? { token } : {}), body });

async function found(token: string, body: Record<string, unknown>): Promise<AiSearchResponse> {
  const res = await search(token, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return AiSearchResponseSchema.strict().parse(res.json);
}

async function uploadText(
  session: Session,
  caseId: string,
  title: string,
  text: string,
  privacy: 'SHARED' | 'PRIVATE',
) {
  const parts = [
    { name: 'caseId', content: caseId },
    { name: 'title', content: title },
    { name: 'description', content: '' },
    { name: 'privacy', content: privacy },
    { name: 'file', filename: 'note.txt', contentType: 'text/plain', content: Buffer.from(text, 'utf8') },
  ];
  const res = await call(t.app, 'POST', '/v1/case-assets/documents', { token: session.token, ...multipart(parts) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

describe('access', () => {
  beforeEach(async () => {
    await t.reset();
  });

  it('asks for a token and answers {detail}, without the /v1 envelope', async () => {
    const res = await search(undefined, { query: 'bail' });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ detail: ServerMessages.unauthorized });
  });

  it('lets clients and approved lawyers in, and no one else', async () => {
    const { client, lawyer, admin } = await caseParties(t);
    const pending = (await lawyerSession(t, { state: 'PENDING' })).session;
    await found(client.token, { query: 'bail', scope: 'laws' });
    await found(lawyer.token, { query: 'bail', scope: 'laws' });
    for (const session of [admin, pending]) {
      const res = await search(session.token, { query: 'bail' });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ detail: AiMessages.notAllowed });
    }
  });

  it('refuses a malformed search with 422 and what was wrong', async () => {
    const client = await verifiedUser(t.app, t.mailDir);
    const res = await search(client.token, { query: '   ', top_k: 8 });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ detail: AiMessages.queryRequired });
    expect((await search(client.token, { query: 'bail', scope: 'everything' })).status).toBe(422);
    expect((await search(client.token, { query: 'bail', top_k: 500 })).status).toBe(422);
  });
});

describe('laws', () => {
  let token: string;
  beforeAll(async () => {
    await t.reset();
    token = (await verifiedUser(t.app, t.mailDir)).token;
  });

  it('answers an English question from the Bangla-only Rent Act, with marked snippets and the official page', async () => {
    const res = await found(token, { query: 'Can my landlord increase the house rent?', scope: 'laws', top_k: 5 });
    expect(res.query).toBe('Can my landlord increase the house rent?');
    const rentAct = res.results.filter((r) => r.act_id === 748);
    expect(rentAct.length).toBeGreaterThan(0);
    const first = rentAct[0];
    expect(first?.language).toBe('bn');
    expect(first?.url).toBe('http://bdlaws.minlaw.gov.bd/act-details-748.html');
    expect(first?.status).toBe('in_force');
    expect(first?.snippet).toMatch(/<mark>ভাড়া[^<]*<\/mark>/);
    expect(res.results[0]?.score).toBe(1);
  });

  it('answers a Bangla question from the English Penal Code and from Bangla Acts', async () => {
    const res = await found(token, { query: 'চুরির শাস্তি কী?', scope: 'laws', top_k: 10 });
    const theft = res.results.find((r) => r.act_id === 11 && (r.section === '379' || r.section === '378'));
    expect(theft?.language).toBe('en');
    expect(theft?.snippet).toMatch(/<mark>[Tt]heft<\/mark>/);
  });

  it('filters by language and by Act', async () => {
    const english = await found(token, { query: 'dowry punishment', scope: 'laws', language: 'en' });
    expect(english.results.length).toBeGreaterThan(0);
    expect(english.results.every((r) => r.language === 'en')).toBe(true);
    const dowryAct = await found(token, { query: 'dowry punishment', act_id: 1256 });
    expect(dowryAct.results.length).toBeGreaterThan(0);
    expect(dowryAct.results.every((r) => r.act_id === 1256 && r.source === 'law')).toBe(true);
  });

  it('says when a law has been repealed and by what', async () => {
    const res = await found(token, { query: 'hacking punishment', act_id: 1261 });
    expect(res.results[0]).toMatchObject({ status: 'repealed', replaced_by: 1457 });
    expect(res.results[0]?.status_note).toContain('Cyber Security Act 2023');
  });

  it('drops results under the threshold and counts what it found', async () => {
    const all = await found(token, { query: 'cheque dishonour', scope: 'laws', top_k: 20 });
    const strict = await found(token, { query: 'cheque dishonour', scope: 'laws', top_k: 20, threshold: 0.9 });
    expect(strict.results.length).toBeLessThan(all.results.length);
    expect(strict.results.every((r) => r.score >= 0.9)).toBe(true);
    expect(strict.total_found).toBe(strict.results.length);
  });
});

describe('case documents', () => {
  let parties: CaseParties;
  beforeEach(async () => {
    await t.reset();
    parties = await caseParties(t);
    const { lawyer, client, otherLawyer, stranger } = parties;
    const opened = await openTestCase(t, lawyer, client);
    await uploadText(
      client,
      opened.caseId,
      'Tenancy agreement',
      'The landlord threatened eviction in March.',
      'SHARED',
    );
    await uploadText(client, opened.caseId, 'My diary', 'Eviction worries: client private thoughts.', 'PRIVATE');
    await uploadText(lawyer, opened.caseId, 'Strategy', 'Eviction defence: lawyer private strategy.', 'PRIVATE');
    const elsewhere = await openTestCase(t, otherLawyer, stranger, { title: 'Another case' });
    await uploadText(stranger, elsewhere.caseId, 'Their notice', 'Eviction notice of someone else.', 'SHARED');
  });

  const titles = async (session: Session) =>
    (await found(session.token, { query: 'eviction', scope: 'documents', top_k: 20 })).results
      .map((r) => r.title)
      .sort();

  it('finds only the documents of my cases that I may see', async () => {
    expect(await titles(parties.client)).toEqual(['My diary', 'Tenancy agreement']);
    expect(await titles(parties.lawyer)).toEqual(['Strategy', 'Tenancy agreement']);
    expect(await titles(parties.stranger)).toEqual(['Their notice']);
    const fresh = await verifiedUser(t.app, t.mailDir);
    expect(await titles(fresh)).toEqual([]);
  });

  it('returns document results with their case and escaped, marked snippets', async () => {
    const res = await found(parties.client.token, { query: 'landlord eviction', scope: 'documents' });
    const agreement = res.results.find((r) => r.title === 'Tenancy agreement');
    expect(agreement).toMatchObject({ source: 'document', act_id: null, url: null });
    expect(agreement?.case_id).toBeTruthy();
    expect(agreement?.snippet).toBe('The <mark>landlord</mark> threatened <mark>eviction</mark> in March.');
  });

  it('escapes markup in document text', async () => {
    const opened = await openTestCase(t, parties.lawyer, parties.client, { title: 'Markup' });
    await uploadText(
      parties.client,
      opened.caseId,
      'Hostile',
      '<script>alert(1)</script> eviction & "quotes"',
      'SHARED',
    );
    const res = await found(parties.client.token, { query: 'eviction', scope: 'documents', top_k: 20 });
    const hostile = res.results.find((r) => r.title === 'Hostile');
    expect(hostile?.snippet).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; <mark>eviction</mark> &amp; &quot;quotes&quot;',
    );
  });

  it('finds a Bangla document from an English question, and merges laws and documents', async () => {
    const opened = await openTestCase(t, parties.lawyer, parties.client, { title: 'Bangla' });
    await uploadText(parties.client, opened.caseId, 'নোটিশ', 'বাড়িওয়ালা ভাড়াটিয়াকে উচ্ছেদের নোটিশ দিয়েছেন।', 'SHARED');
    const res = await found(parties.client.token, { query: 'tenant eviction notice', scope: 'all', top_k: 10 });
    const bangla = res.results.find((r) => r.title === 'নোটিশ');
    expect(bangla?.snippet).toContain('<mark>ভাড়াটিয়াকে</mark>');
    expect(bangla?.snippet).toContain('<mark>উচ্ছেদের</mark>');
    expect(res.results.some((r) => r.source === 'law')).toBe(true);
  });
});
