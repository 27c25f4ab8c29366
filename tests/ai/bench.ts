/**
 * `npm run bench:ai`: retrieval quality and latency on the labelled questions of eval-set.json
 * (hit@1, hit@5, MRR@10 overall and per language pair; p50/p95 per question). Targets: hit@5 ≥ 0.75
 * overall, > 0.5 for English questions answered only by Bangla Acts (en→bn), p95 ≤ 300 ms. It prints
 * figures and the misses, and never fails on them (the floor lives in eval-slice.test.ts).
 */
import { readPackedCorpus } from '../../server/ai/corpus/corpus';
import { LawRetriever } from '../../server/ai/retrieval/law-retriever';
import { readEvalSet, runEval, score, type QuestionResult } from './eval';

const started = performance.now();
const corpus = readPackedCorpus();
const retriever = LawRetriever.build(corpus);
const buildMs = performance.now() - started;
const questions = readEvalSet();
runEval(retriever, questions.slice(0, 5)); // warm the JIT before timing
const results = runEval(retriever, questions);

const line = (label: string, rows: readonly QuestionResult[]) => {
  const s = score(rows);
  console.log(
    `${label.padEnd(22)} n=${String(s.n).padStart(3)}  hit@1 ${s.hit1.toFixed(2)}  hit@5 ${s.hit5.toFixed(2)}  MRR@10 ${s.mrr10.toFixed(2)}`,
  );
};
console.log(
  `corpus ${corpus.sections.length} sections, index built in ${buildMs.toFixed(0)} ms (from the packed file)`,
);
line('overall', results);
line(
  '  development',
  results.filter((r) => r.question.split !== 'holdout'),
);
line(
  '  held out',
  results.filter((r) => r.question.split === 'holdout'),
);
for (const pair of [...new Set(results.map((r) => r.pair))].sort()) {
  line(
    pair,
    results.filter((r) => r.pair === pair),
  );
}
const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(
  `latency per question   p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms  max ${at(1).toFixed(1)} ms`,
);
// Held-out questions are scored but never listed: looking at their misses would tune to them.
const misses = results.filter((r) => r.question.split !== 'holdout' && (r.rank === null || r.rank > 5));
if (misses.length > 0) {
  console.log(`\nnot in the top 5 (${misses.length}):`);
  for (const miss of misses) {
    const top = retriever.search(miss.question.q, { limit: 3 });
    console.log(`  ${miss.question.id} rank ${miss.rank ?? '>10'}  ${miss.question.q}`);
    for (const hit of top)
      console.log(`      got ${hit.act.actId} §${hit.section.section ?? '-'} ${hit.section.heading.slice(0, 60)}`);
  }
}
