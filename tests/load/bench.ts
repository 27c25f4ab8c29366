/**
 * `npm run bench`: latency and throughput of the hot auth paths against the BUILT server with its
 * embedded database, measured from a second process over loopback. It prints figures and never
 * fails on timing (CI machines vary); targets are read by people, recorded in the README.
 */
import { startServer } from '../helpers/e2e-server';
import { percentiles, requestRow, writeBenchReport, type BenchRow } from './bench-report';

interface Figures {
  name: string;
  requests: number;
  concurrency: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function measure(
  name: string,
  requests: number,
  concurrency: number,
  call: (i: number) => Promise<Response>,
): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      const t0 = performance.now();
      const res = await call(i);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!res.ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const { p50, p95, p99 } = percentiles(latencies);
  return { name, requests, concurrency, seconds, p50, p95, p99, errors };
}

/** Rows for reports/bench/auth.json (bench/summary.ts). */
const rows: BenchRow[] = [];

function print(f: Figures): void {
  rows.push(requestRow(`${f.name} c=${f.concurrency}`, 'PGlite ×1 (built)', f));
  const rps = (f.requests / f.seconds).toFixed(0);
  console.log(
    `${f.name.padEnd(28)} ${String(f.requests).padStart(5)} req  c=${String(f.concurrency).padEnd(3)} ` +
      `${rps.padStart(6)} req/s  p50 ${f.p50.toFixed(1)} ms  p95 ${f.p95.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  errors ${f.errors}`,
  );
}

const server = await startServer({
  env: { ADMIN_EMAIL: 'bench-admin@legalconnect.test', ADMIN_PASSWORD: 'Bench@2026x' },
});
try {
  const json = (body: unknown, token?: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const login = await fetch(
    `${server.baseURL}/v1/auth/login`,
    json({ email: 'bench-admin@legalconnect.test', password: 'Bench@2026x' }),
  );
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  console.log('LegalConnect benchmark (built server, embedded PGlite, loopback)');
  print(await measure('GET /v1/health', 2000, 16, () => fetch(`${server.baseURL}/v1/health`)));
  print(
    await measure('GET /v1/user/user-info', 2000, 16, () =>
      fetch(`${server.baseURL}/v1/user/user-info`, { headers: { authorization: `Bearer ${token}` } }),
    ),
  );
  print(
    await measure('POST /v1/auth/login (argon2)', 200, 4, () =>
      fetch(
        `${server.baseURL}/v1/auth/login`,
        json({ email: 'bench-admin@legalconnect.test', password: 'Bench@2026x' }),
      ),
    ),
  );
  print(
    await measure('POST /v1/auth/register', 200, 4, (i) =>
      fetch(
        `${server.baseURL}/v1/auth/register`,
        json({
          firstName: 'Bench',
          lastName: 'User',
          email: `bench-${i}@example.com`,
          password: 'Bench@2026x',
          role: 'USER',
        }),
      ),
    ),
  );
  console.log(`figures: ${writeBenchReport('auth', rows)}`);
} finally {
  await server.stop();
}
