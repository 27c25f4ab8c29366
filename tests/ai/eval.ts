/**
 * The retrieval evaluation: the labelled questions of eval-set.json run through a LawRetriever,
 * scored as hit@1, hit@5 and MRR@10 (a question is a hit at k when any of its labelled sections is
 * among the first k results), overall and per language pair. Shared by `npm run bench:ai` and the
 * regression floor in server/ai/retrieval/eval-slice.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { LawRetriever } from '../../server/ai/retrieval/law-retriever';

const EvalSetSchema = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      lang: z.enum(['en', 'bn', 'banglish']),
      q: z.string(),
      /** `holdout`: written with the others but never looked at while tuning; reported on its own. */
      split: z.enum(['holdout']).optional(),
      relevant: z.array(z.object({ act: z.number().int(), section: z.string() })).min(1),
    }),
  ),
});
export type EvalQuestion = z.infer<typeof EvalSetSchema>['questions'][number];

export function readEvalSet(): EvalQuestion[] {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'eval-set.json');
  return EvalSetSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).questions;
}

export interface QuestionResult {
  question: EvalQuestion;
  /** 1-based rank of the first labelled section in the top 10, or null. */
  rank: number | null;
  /** The language pair, e.g. "en→bn" (question language → language of the labelled Acts). */
  pair: string;
  /** Wall-clock time of the search. */
  ms: number;
  /** CPU time the search took (user + system), the same on a quiet or a busy machine. */
  cpuMs: number;
}

export interface Scores {
  n: number;
  hit1: number;
  hit5: number;
  mrr10: number;
}

export function runEval(retriever: LawRetriever, questions: readonly EvalQuestion[]): QuestionResult[] {
  return questions.map((question) => {
    const wanted = new Set(question.relevant.map((r) => `${r.act}|${r.section}`));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const hits = retriever.search(question.q, { limit: 10 });
    const used = process.cpuUsage(cpu);
    const ms = performance.now() - started;
    const cpuMs = (used.user + used.system) / 1000;
    const index = hits.findIndex((hit) => wanted.has(`${hit.act.actId}|${hit.section.section ?? ''}`));
    const answerLanguages = [...new Set(question.relevant.map((r) => retriever.act(r.act)?.language ?? 'en'))].sort();
    const to = answerLanguages.length > 1 ? 'any' : (answerLanguages[0] ?? 'en');
    return { question, rank: index === -1 ? null : index + 1, pair: `${question.lang}→${to}`, ms, cpuMs };
  });
}

export function score(results: readonly QuestionResult[]): Scores {
  const n = results.length;
  if (n === 0) return { n, hit1: 0, hit5: 0, mrr10: 0 };
  const hitAt = (k: number) => results.filter((r) => r.rank !== null && r.rank <= k).length / n;
  const mrr10 = results.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / n;
  return { n, hit1: hitAt(1), hit5: hitAt(5), mrr10 };
}
