/**
 * The search evaluation (issue 20): the queries of search-eval.json against the demo data, through
 * the API as a person searches (the lawyer directory, Law Insights) and through the AI document
 * search over the demo articles as documents. Recall@10 per query is the share of its expected hits
 * in the first ten results (of at most ten expected: a query with fifteen right answers is perfect
 * with ten of them on the page); a group's figure is the mean over its queries.
 */
import type { FastifyInstance } from 'fastify';
import type { BlogSearchResult } from '../../../contract/blogs';
import type { Specialization } from '../../../contract/enums';
import type { LawyerSearchResult } from '../../../contract/lawyers';
import { searchDocuments } from '../../ai/retrieval/document-search';
import { analyzeQuery } from '../../ai/retrieval/expand';
import { DEMO_BLOG_POSTS } from '../../demo/demo-data';
import { plainTextOf, sanitizeBlogHtml } from '../../modules/blogs/sanitize';
import EVAL_SET from './search-eval.json';

export type EvalGroup = 'bn' | 'en' | 'banglish';
export type EvalEngine = 'directory' | 'law-insights' | 'documents';

export interface EvalResult {
  engine: EvalEngine;
  group: EvalGroup;
  q: string;
  recall: number;
  /** Expected hits not in the first ten. */
  missed: string[];
}

const PAGE = 10;

function recallOf(expected: readonly string[], found: readonly string[]): { recall: number; missed: string[] } {
  if (expected.length === 0) return { recall: 1, missed: [] };
  const top = new Set(found.slice(0, PAGE));
  const hits = expected.filter((e) => top.has(e));
  return {
    recall: hits.length / Math.min(PAGE, expected.length),
    missed: hits.length >= PAGE ? [] : expected.filter((e) => !top.has(e)),
  };
}

async function api<T>(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: body as object });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
}

/** Every approved lawyer of the demo directory (the labels name specializations, not people). */
async function everyLawyer(app: FastifyInstance, token: string): Promise<LawyerSearchResult[]> {
  const all: LawyerSearchResult[] = [];
  for (let page = 0; page < 100; page += 1) {
    const rows = await api<LawyerSearchResult[]>(
      app,
      token,
      'POST',
      `/v1/lawyer-directory/find-lawyers?page=${page}&size=100`,
      {},
    );
    all.push(...rows);
    if (rows.length < 100) break;
  }
  return all;
}

/** Runs every query of the set; `token` is any signed-in user's (the searches need one). */
export async function runSearchEval(app: FastifyInstance, token: string): Promise<EvalResult[]> {
  const results: EvalResult[] = [];
  const lawyers = await everyLawyer(app, token);
  for (const query of EVAL_SET.directory) {
    const wanted = new Set(query.specializations as Specialization[]);
    const expected = lawyers.filter((l) => l.specializations.some((s) => wanted.has(s))).map((l) => l.userId);
    const found = await api<LawyerSearchResult[]>(app, token, 'POST', '/v1/lawyer-directory/find-lawyers?size=10', {
      q: query.q,
    });
    results.push({
      engine: 'directory',
      group: query.group as EvalGroup,
      q: query.q,
      ...recallOf(
        expected,
        found.map((l) => l.userId),
      ),
    });
  }

  const documents = DEMO_BLOG_POSTS.map(([, title, html], i) => ({
    id: String(i),
    caseId: 'demo',
    title,
    text: plainTextOf(sanitizeBlogHtml(html)),
  }));
  for (const query of EVAL_SET.articles) {
    const group = query.group as EvalGroup;
    const posts = await api<{ results: BlogSearchResult[] }>(
      app,
      token,
      'GET',
      `/v1/blogs/search?size=10&q=${encodeURIComponent(query.q)}`,
    );
    results.push({
      engine: 'law-insights',
      group,
      q: query.q,
      ...recallOf(
        query.titles,
        posts.results.map((r) => r.blog.title),
      ),
    });
    const hits = searchDocuments(documents, analyzeQuery(query.q), PAGE);
    results.push({
      engine: 'documents',
      group,
      q: query.q,
      ...recallOf(
        query.titles,
        hits.map((h) => h.document.title),
      ),
    });
  }
  return results;
}

export interface EvalFigure {
  engine: EvalEngine | 'all';
  group: EvalGroup;
  queries: number;
  recallAt10: number;
}

/** Mean Recall@10 per language group, over all engines and per engine. */
export function figures(results: readonly EvalResult[]): EvalFigure[] {
  const out: EvalFigure[] = [];
  for (const engine of ['all', 'directory', 'law-insights', 'documents'] as const) {
    for (const group of ['bn', 'en', 'banglish'] as const) {
      const rows = results.filter((r) => r.group === group && (engine === 'all' || r.engine === engine));
      if (rows.length === 0) continue;
      const recallAt10 = rows.reduce((sum, r) => sum + r.recall, 0) / rows.length;
      out.push({ engine, group, queries: rows.length, recallAt10 });
    }
  }
  return out;
}

export function formatFigures(results: readonly EvalResult[]): string {
  const lines = figures(results).map(
    (f) =>
      `${f.engine.padEnd(13)} ${f.group.padEnd(9)} n=${String(f.queries).padStart(3)}  Recall@10 ${f.recallAt10.toFixed(3)}`,
  );
  const misses = results
    .filter((r) => r.recall < 1)
    .map((r) => `  ${r.engine} [${r.group}] "${r.q}": ${r.recall.toFixed(2)} (missed ${r.missed.length})`);
  return [...lines, ...(misses.length > 0 ? ['queries below 1.0:', ...misses] : [])].join('\n');
}
