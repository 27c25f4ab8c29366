/**
 * Regression floor for retrieval quality: every third question of tests/ai/eval-set.json against
 * the shipped corpus. `npm run bench:ai` reports the full figures and the latency (p95 ≤ 300 ms);
 * this only notices a drop in quality, never timing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readEvalSet, runEval, score } from '../../../tests/ai/eval';
import { readPackedCorpus } from '../corpus/corpus';
import { LawRetriever } from './law-retriever';

let retriever: LawRetriever;

beforeAll(() => {
  retriever = LawRetriever.build(readPackedCorpus());
}, 60_000);

describe('retrieval on a slice of the evaluation set', () => {
  it('keeps hit@1 and hit@5 above the floor, English → Bangla-only Acts included', () => {
    const questions = readEvalSet().filter((_, i) => i % 3 === 0);
    const results = runEval(retriever, questions);
    const overall = score(results);
    expect(overall.n).toBeGreaterThanOrEqual(25);
    expect(overall.hit1, JSON.stringify(overall)).toBeGreaterThanOrEqual(0.65);
    expect(overall.hit5, JSON.stringify(overall)).toBeGreaterThanOrEqual(0.85);
    const crossLingual = score(results.filter((r) => r.pair === 'en→bn'));
    expect(crossLingual.hit5, JSON.stringify(crossLingual)).toBeGreaterThanOrEqual(0.8);
  });
});
