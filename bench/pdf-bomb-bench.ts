/**
 * `npm run bench` (issue 23, "PDF decompression bomb"): 20 uploads in a row of a 3 MB PDF whose
 * content stream inflates to 1.1 GB, to a real server process on the embedded PGlite, each as an AI
 * session document (whose text is read for search like a case document's). Measures the server
 * process's resident memory (VmRSS after each answer, VmHWM at the end, from /proc), not time.
 *
 * Target: every upload gets its answer (200, text FAILED) and the server's RSS, sampled every 50 ms
 * while the uploads run, stays under 1 GB.
 * Before the text was read in a child process of its own, the RSS climbed from 0.6 to 3.4 GB over
 * eight such uploads and stayed there. Exits non-zero when the target is missed.
 *
 *   npx tsx bench/pdf-bomb-bench.ts            (BOMBS=20, BOMB_MB=1100 to change the run)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pdfBomb } from '../tests/helpers/server-documents';
import { multipart } from '../tests/helpers/server-http';
import { waitForVerificationCode } from '../tests/helpers/server-mail';
import { writeBenchReport } from '../tests/load/bench-report';
import { defaultServerEntry, startInstance } from '../tests/load/load-kit';

const BOMBS = Number(process.env.BOMBS ?? 20);
const BOMB_MB = Number(process.env.BOMB_MB ?? 1100);
const RSS_TARGET_MB = 1024;
const CLIENT = { email: 'bomb-client@bench.legalconnect.test', password: 'Bench@2026x' };

function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'legalconnect-bomb-bench-'));
const server = await startInstance(
  'bomb bench',
  defaultServerEntry(),
  { DATA_DIR: dataDir },
  { startTimeoutMs: 300_000 },
);
let failed = false;
let sampler: NodeJS.Timeout | undefined;
try {
  // A client, signed up and verified through the API with the code from DATA_DIR/mail.
  const post = (url: string, body: unknown) =>
    fetch(`${server.baseURL}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/v1/auth/register', { ...CLIENT, firstName: 'Bomb', lastName: 'Bench', role: 'USER' });
  const otp = await waitForVerificationCode(path.join(dataDir, 'mail'), CLIENT.email);
  const verified = await json(await post('/v1/auth/verify-email', { email: CLIENT.email, otp }));
  const token = (verified.data as { token: string }).token;
  const auth = { authorization: `Bearer ${token}` };
  // A chat holds at most 10 documents: a new one for each upload.
  const newSession = async () => {
    const session = await json(
      await fetch(`${server.baseURL}/ai/v1/sessions`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Bomb bench' }),
      }),
    );
    return String(session.session_id);
  };
  const bomb = pdfBomb(BOMB_MB);
  const start = memoryOf(server.pid);
  console.log(
    `PDF bomb bench: ${BOMBS} × ${(bomb.length / 1e6).toFixed(1)} MB PDF inflating to ${BOMB_MB} MB; ` +
      `server RSS at start ${start.rssMb.toFixed(0)} MB`,
  );
  const statuses = new Map<string, number>();
  // RSS sampled all along the uploads (VmHWM also counts the start-up, e.g. tsx compiling the source).
  let maxRss = start.rssMb;
  sampler = setInterval(() => (maxRss = Math.max(maxRss, memoryOf(server.pid).rssMb)), 50);
  for (let i = 1; i <= BOMBS; i += 1) {
    const body = multipart([
      { name: 'file', filename: `bomb-${i}.pdf`, contentType: 'application/pdf', content: bomb },
    ]);
    const response = await fetch(`${server.baseURL}/ai/v1/sessions/${await newSession()}/documents`, {
      method: 'POST',
      headers: { ...auth, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    const answer = await json(response);
    const outcome = `${response.status} ${String(answer.text_status ?? answer.detail ?? '?')}`;
    statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
    const now = memoryOf(server.pid);
    maxRss = Math.max(maxRss, now.rssMb);
    console.log(`  upload ${String(i).padStart(2)}: ${outcome}, server RSS ${now.rssMb.toFixed(0)} MB`);
  }
  clearInterval(sampler);
  const end = memoryOf(server.pid);
  const answered = statuses.get('200 FAILED') ?? 0;
  const met = answered === BOMBS && maxRss < RSS_TARGET_MB;
  failed = !met;
  console.log(
    `  answers: ${[...statuses].map(([k, n]) => `${n}× ${k}`).join(', ')}; RSS at end ${end.rssMb.toFixed(0)} MB, ` +
      `highest while uploading ${maxRss.toFixed(0)} MB (VmHWM since start-up ${end.hwmMb.toFixed(0)} MB) → ` +
      `target (all answered, RSS < ${RSS_TARGET_MB} MB) ${met ? 'met' : 'MISSED'}`,
  );
  const file = writeBenchReport('pdf-bomb', [
    {
      scenario: `${BOMBS} PDF bombs in a row (${BOMB_MB} MB inflated each)`,
      setup: 'PGlite ×1',
      requests: BOMBS,
      errors: BOMBS - answered,
      rssMb: maxRss,
      note: `RSS start ${start.rssMb.toFixed(0)} MB, end ${end.rssMb.toFixed(0)} MB, highest ${maxRss.toFixed(0)} MB; target < ${RSS_TARGET_MB} MB ${met ? 'met' : 'MISSED'}`,
    },
  ]);
  console.log(`  figures: ${file}`);
} finally {
  clearInterval(sampler);
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
