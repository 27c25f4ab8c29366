/**
 * /ai/v1/chat without a language model (the default, offline-capable setup): the composed answer
 * leads with the answer, cites the answering section first with its most relevant sentence marked,
 * answers Bangla and Banglish in Bangla with Bengali digits, and hands off to one kind of lawyer as a
 * structured field — never an address in the text. The history keeps the same metadata.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiChatResponseSchema, AiHistorySchema, type AiChatResponse } from '../../../contract/ai';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser } from '../../../tests/helpers/server-http';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.services.ai.ready();
  token = (await verifiedUser(t.app, t.mailDir)).token;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const ADDRESS = /\/find-lawyer|https?:\/\/|\bwww\./;

async function ask(message: string): Promise<AiChatResponse> {
  const res = await call(t.app, 'POST', '/ai/v1/chat', { token, body: { message } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return AiChatResponseSchema.parse(res.json);
}

function expectHighlightsInText(answer: AiChatResponse) {
  for (const source of answer.sources) {
    const start = source.highlight_start ?? -1;
    expect(source.text.slice(start, start + (source.highlight ?? '').length)).toBe(source.highlight);
  }
}

describe('answers that answer the question first', () => {
  it('"What is the punishment for theft?": Penal Code s.379 first, "three years" in the lead, a criminal lawyer', async () => {
    const answer = await ask('What is the punishment for theft?');
    expect(answer.metadata.generator).toBe('extractive');
    expect([answer.sources[0]?.act_id, answer.sources[0]?.section]).toEqual([11, '379']);
    expect(answer.metadata.lead).toContain('three years');
    expect(answer.response.startsWith(answer.metadata.lead ?? '-')).toBe(true);
    expect(answer.metadata.intent).toBe('punishment');
    expect(answer.sources.length).toBeLessThanOrEqual(3);
    expect(answer.sources[0]?.highlight).toContain('three years');
    expectHighlightsInText(answer);
    expect(answer.response).not.toMatch(ADDRESS);
    expect(answer.metadata.lawyer).toEqual({ specialization: 'CRIMINAL_LAW', label: 'Find a Criminal Law lawyer' });
    expect(answer.metadata.specializations).toEqual(['CRIMINAL_LAW']);

    const history = AiHistorySchema.parse(
      (await call(t.app, 'GET', `/ai/v1/sessions/${answer.session_id}/history`, { token })).json,
    );
    expect(history.messages[1]?.metadata.answer?.lead).toBe(answer.metadata.lead);
    expect(history.messages[1]?.metadata.answer?.lawyer?.specialization).toBe('CRIMINAL_LAW');
    expect(history.messages[1]?.metadata.sources?.[0]?.highlight).toBe(answer.sources[0]?.highlight);
  });

  it('"জামিন কিভাবে পাওয়া যায়?": how bail is granted (CrPC ss.496–498) first, answered in Bangla', async () => {
    const answer = await ask('জামিন কিভাবে পাওয়া যায়?');
    expect(answer.metadata.language).toBe('bn');
    expect(answer.sources[0]?.act_id).toBe(75);
    expect(['496', '497', '498']).toContain(answer.sources[0]?.section);
    expect(answer.metadata.lead).toMatch(/ধারা ৪৯[৬-৮]/);
    expectHighlightsInText(answer);
    expect(answer.response).not.toMatch(ADDRESS);
    expect(answer.metadata.lawyer?.specialization).toBe('CRIMINAL_LAW');
  });

  it('a Banglish question is answered in Bangla, the penalty first, in Bengali digits', async () => {
    const answer = await ask('churir shasti ki?');
    expect(answer.metadata.language).toBe('bn');
    expect([answer.sources[0]?.act_id, answer.sources[0]?.section]).toEqual([11, '379']);
    expect(answer.metadata.lead).toContain('৩ বছর পর্যন্ত কারাদণ্ড');
    expect(answer.response).toContain('ধারা ৩৭৯');
    expect(answer.response).not.toMatch(ADDRESS);
  });
});
