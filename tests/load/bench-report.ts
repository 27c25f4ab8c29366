/**
 * Where every benchmark of `npm run bench` leaves its figures: reports/bench/<name>.json, one row per
 * measured scenario, read back by bench/summary.ts into the one summary table the run ends with.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_REPORT_DIR = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'reports', 'bench');

/** One measured scenario; latencies in ms, memory in MB; absent figures print as "–". */
export interface BenchRow {
  scenario: string;
  /** What it ran on, e.g. "PGlite ×1" or "PostgreSQL+Redis ×2". */
  setup: string;
  requests?: number;
  rps?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  errors?: number;
  rssMb?: number;
  /** Anything else worth a glance: lost/duplicated messages, 429s, a target met or not. */
  note?: string;
}

export interface BenchReport {
  bench: string;
  date: string;
  machine: { cpus: number; node: string; platform: string; loadAverage: number[] };
  rows: BenchRow[];
}

/** p50/p95/p99 and the maximum of a set of latencies (nearest rank), and how many there were. */
export function percentiles(values: ArrayLike<number>) {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}

/** What a timed run of requests measured (each bench's load loop reports at least this). */
export interface RequestFigures {
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
}

/** A row of the summary table from a timed run of requests. */
export function requestRow(scenario: string, setup: string, f: RequestFigures): BenchRow {
  const { requests, errors, p50, p95, p99 } = f;
  return { scenario, setup, requests, rps: requests / f.seconds, p50, p95, p99, errors };
}

const round = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 10) / 10);

/** Writes reports/bench/<bench>.json and returns its path (nothing with BENCH_REPORT=off: a smoke run). */
export function writeBenchReport(bench: string, rows: readonly BenchRow[]): string {
  if (process.env.BENCH_REPORT === 'off') return '(not written: BENCH_REPORT=off)';
  mkdirSync(BENCH_REPORT_DIR, { recursive: true });
  const report: BenchReport = {
    bench,
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    },
    rows: rows.map((row) => ({
      ...row,
      rps: round(row.rps),
      p50: round(row.p50),
      p95: round(row.p95),
      p99: round(row.p99),
      rssMb: round(row.rssMb),
    })),
  };
  const file = path.join(BENCH_REPORT_DIR, `${bench}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
