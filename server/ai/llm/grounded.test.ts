import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCLAIMER } from '../answer/compose';
import { bengaliDigits } from '../answer/lead';
import { readPackedCorpus } from '../corpus/corpus';
import { analyzeQuery } from '../retrieval/expand';
import { LawRetriever } from '../retrieval/law-retriever';
import { OpenAiCompatibleClient, type LlmMessage } from './client';
import { filterCitations, generateAnswer, renumber } from './grounded';

/**
 * A deterministic stand-in for an OpenAI-compatible server: it answers from the first source it is
 * given, cites it as [1], and also invents a citation — a source number it was not given, a made-up
 * section id, and a section of the Penal Code in prose that was not retrieved.
 */
interface StubCall {
  authorization: string | undefined;
  model: string;
  messages: LlmMessage[];
}

let server: Server;
let baseUrl: string;
const calls: StubCall[] = [];
let mode: 'invent' | 'fail' | 'uncited' | 'latin-digits' = 'invent';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { model: string; messages: LlmMessage[] };
      calls.push({ authorization: req.headers.authorization, model: parsed.model, messages: parsed.messages });
      if (req.url !== '/v1/chat/completions' || mode === 'fail') {
        res.writeHead(500).end('{}');
        return;
      }
      // A Bangla answer that writes the section of source [1] and a term in Latin digits.
      const section = /\[1\] .*?, section (\S+)/.exec(parsed.messages[1]?.content ?? '')?.[1] ?? '';
      const content =
        mode === 'latin-digits'
          ? `এই বিষয়ে বিধান ধারা ${section}-এ আছে [1]। শাস্তি 5 বছর পর্যন্ত কারাদণ্ড [1]।`
          : mode === 'uncited'
            ? 'Dowry is prohibited.'
            : 'Demanding dowry is an offence [1]. The punishment is severe [1, 9]. ' +
              'See also [act-11#9999]. Under section 999 of the Penal Code it is a capital crime.';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let retriever: LawRetriever;
beforeAll(() => {
  retriever = LawRetriever.build(readPackedCorpus());
}, 60_000);

function ask(question: string) {
  const query = analyzeQuery(question);
  const hits = retriever.search(query, { limit: 8 });
  const llm = new OpenAiCompatibleClient({ baseUrl, apiKey: 'test-key', model: 'stub-model' });
  return generateAnswer({ question, query, hits, llm });
}

describe('grounded answers from an OpenAI-compatible model', () => {
  it('sends only the retrieved sections, and keeps only citations of them', async () => {
    mode = 'invent';
    calls.length = 0;
    const result = await ask('What is the punishment for dowry demand?');
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.authorization).toBe('Bearer test-key');
    expect(call?.model).toBe('stub-model');
    expect(call?.messages[1]?.content).toContain('[1] ');

    expect(result.generator).toBe('llm');
    expect(result.found).toBe(true);
    expect(result.citations.map((c) => c.n)).toEqual([1]);
    expect(result.text).toContain('Demanding dowry is an offence [1].');
    expect(result.text).toContain('The punishment is severe [1].');
    expect(result.text).not.toContain('[9]');
    expect(result.text).not.toContain('act-11#9999');
    expect(result.text).not.toContain('section 999');
    expect(result.dropped_citations).toEqual(expect.arrayContaining(['9', 'act-11#9999', 'section 999']));
    expect(result.text.trimEnd().endsWith(DISCLAIMER.en)).toBe(true);
    expect(result.text).not.toContain('/find-lawyer');
    expect(result.lawyer.specialization).toBe(result.specializations[0]);
    expect(result.lead).toBe(result.text.split('\n\n')[0]);
    expect(result.find_lawyer_url).toMatch(/^\/find-lawyer\?spec=/);
  });

  it('feeds the model the same ranking and fixes the answer language, Banglish answered in Bangla', async () => {
    mode = 'invent';
    calls.length = 0;
    const question = 'jamin kivabe pabo?';
    const query = analyzeQuery(question);
    const first = retriever.search(query, { limit: 8 })[0];
    const result = await ask(question);
    expect(result.language).toBe('bn');
    const [system, user] = calls[0]?.messages ?? [];
    expect(system?.content).toContain('Write the whole answer in Bangla (Bengali script)');
    expect(system?.content).toContain('Banglish');
    expect(user?.content).toContain(`[1] ${first?.act.title}, section ${first?.section.section}`);
  });

  it('writes a Bangla answer with Bengali digits even when the model wrote Latin ones (issue 20)', async () => {
    mode = 'latin-digits';
    const result = await ask('joutuk chaile shasti ki?');
    expect(result.language).toBe('bn');
    expect(result.generator).toBe('llm');
    const section = result.citations[0]?.section ?? '';
    expect(section).toMatch(/^[0-9]+/);
    expect(result.text).toContain(`ধারা ${bengaliDigits(section)}-এ আছে [1]`);
    expect(result.text).toContain('শাস্তি ৫ বছর');
    expect(result.text).not.toMatch(/ধারা\s*[0-9]/);
  });

  it('falls back to the composed answer when the model fails or cites nothing', async () => {
    for (const m of ['fail', 'uncited'] as const) {
      mode = m;
      const result = await ask('What is the punishment for dowry demand?');
      expect(result.generator, m).toBe('extractive');
      expect(result.found).toBe(true);
      expect(result.citations.length).toBeGreaterThan(0);
    }
  });

  it('does not call the model when nothing relevant was found', async () => {
    mode = 'invent';
    calls.length = 0;
    const result = await ask('xyzzy quux frobnicate');
    expect(calls).toHaveLength(0);
    expect(result.found).toBe(false);
    expect(result.citations).toEqual([]);
  });
});

describe('filterCitations', () => {
  const source = {
    id: 'act-952#23',
    source: 'law' as const,
    n: 1,
    act_id: 952,
    act_title: 'বাংলাদেশ শ্রম আইন, ২০০৬',
    section: '২৩',
    heading: '',
    text: '',
    url: '',
    language: 'bn' as const,
    status: 'in_force' as const,
    replaced_by: null,
    status_note: null,
    highlight: '',
    highlight_start: 0,
  };

  it('accepts numbers and ids of sources, Bengali section digits included, and drops the rest', () => {
    const out = filterCitations('শ্রমিক বরখাস্ত [act-952#23] ধারা ২৩ অনুযায়ী। ধারা ৫০০ অনুযায়ী জরিমানা [2]।', [source]);
    expect(out.text).toBe('শ্রমিক বরখাস্ত [1] ধারা ২৩ অনুযায়ী।');
    expect([...out.cited]).toEqual([1]);
    expect(out.dropped).toEqual(expect.arrayContaining(['2', 'section 500']));
  });
});

describe('renumber', () => {
  it('numbers the cited sources 1…n in order and rewrites the markers to match', () => {
    const base = {
      source: 'law' as const,
      act_id: 1,
      act_title: 'Act',
      section: '1',
      heading: '',
      text: '',
      url: '',
      language: 'en' as const,
      status: 'in_force' as const,
      replaced_by: null,
      status_note: null,
      highlight: '',
      highlight_start: 0,
    };
    const out = renumber('A [1]. B [3]. Both [1][3].', [
      { ...base, id: 'act-1#1', n: 1 },
      { ...base, id: 'act-1#3', n: 3 },
    ]);
    expect(out.text).toBe('A [1]. B [2]. Both [1][2].');
    expect(out.citations.map((c) => [c.id, c.n])).toEqual([
      ['act-1#1', 1],
      ['act-1#3', 2],
    ]);
  });
});
