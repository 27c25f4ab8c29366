/**
 * The end of `npm run bench`: one table of every benchmark's figures, read from the JSON files each
 * one wrote into reports/bench/ (tests/load/bench-report.ts), oldest bench first. Prints only; the
 * figures worth keeping are copied by hand into docs/benchmarks.md with the machine they ran on.
 *
 *   npx tsx bench/summary.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_REPORT_DIR, type BenchReport, type BenchRow } from '../tests/load/bench-report';

const files = existsSync(BENCH_REPORT_DIR)
  ? readdirSync(BENCH_REPORT_DIR).filter((name) => name.endsWith('.json'))
  : [];
const reports = files
  .map((name) => JSON.parse(readFileSync(path.join(BENCH_REPORT_DIR, name), 'utf8')) as BenchReport)
  .sort((a, b) => a.date.localeCompare(b.date));

if (!reports.length) {
  console.log(`No benchmark figures in ${BENCH_REPORT_DIR}: run the benchmarks first (npm run bench).`);
  process.exit(0);
}

const dash = (value: number | undefined, digits = 1) => (value === undefined ? '–' : value.toFixed(digits));
const columns: { title: string; width: number; value: (bench: string, row: BenchRow) => string; left?: boolean }[] = [
  { title: 'bench', width: 12, value: (bench) => bench, left: true },
  { title: 'scenario', width: 46, value: (_, row) => row.scenario, left: true },
  { title: 'setup', width: 20, value: (_, row) => row.setup, left: true },
  { title: 'req/s', width: 7, value: (_, row) => dash(row.rps, 0) },
  { title: 'p50 ms', width: 8, value: (_, row) => dash(row.p50) },
  { title: 'p95 ms', width: 8, value: (_, row) => dash(row.p95) },
  { title: 'p99 ms', width: 8, value: (_, row) => dash(row.p99) },
  { title: 'errors', width: 6, value: (_, row) => (row.errors === undefined ? '–' : String(row.errors)) },
  { title: 'RSS MB', width: 7, value: (_, row) => dash(row.rssMb, 0) },
  { title: 'note', width: 0, value: (_, row) => row.note ?? '', left: true },
];
const cell = (text: string, width: number, left = false) =>
  width === 0 ? text : left ? text.slice(0, width).padEnd(width) : text.padStart(width);

const first = reports[0];
console.log(
  `\nLegalConnect benchmarks — ${first?.machine.cpus} cores, node ${first?.machine.node}, ${first?.machine.platform}` +
    ` (load average at each bench's end: ${reports.map((r) => `${r.bench} ${r.machine.loadAverage[0]}`).join(', ')})`,
);
console.log(columns.map((c) => cell(c.title, c.width, c.left)).join('  '));
console.log(columns.map((c) => '─'.repeat(c.width || 4)).join('  '));
for (const report of reports) {
  for (const row of report.rows) {
    console.log(
      columns
        .map((c) => cell(c.value(report.bench, row), c.width, c.left))
        .join('  ')
        .trimEnd(),
    );
  }
}
console.log(`\n(${reports.length} benchmark files in ${BENCH_REPORT_DIR}; oldest ${first?.date})`);
