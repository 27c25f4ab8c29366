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
