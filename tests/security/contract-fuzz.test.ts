/**
 * Contract fuzzing (issue 11, first suite): every route of the route table (contract/routes.ts) and
 * every route of the AI API (found in the app's OpenAPI document) gets at least 300 hostile inputs
 * and 50 valid ones, drawn by fast-check with a fixed seed (tests/security/fuzz-cases.ts), sent
 * through inject() to one real app, signed in as the route's `access` asks, and also without a
 * token and with a token of the wrong role. Pass: no 5xx, and every answer parses against what the
 * route declares — success: the envelope with `data` of the route's schema (AI: the object itself);
 * failure: the error envelope (AI: `{detail}`) with a status the route declares or a generic refusal.
 * A route added to the table is enrolled automatically; an AI route without a declared answer, or a
 * /v1 route served outside the table, fails the suite.
 *
 * Not fuzzed here, on purpose: the STOMP/SockJS endpoint /v1/ws is not a route-table entry (it is
 * attached to the HTTP server, which inject() does not reach); its frames belong to the authorization
 * matrix and sessions suites. Multipart routes get malformed multipart bodies, hostile parts and
 * files, oversized files and JSON instead of multipart (their valid inputs are small real PNG, PDF
 * and TXT files). Raw routes (files, .ics, the OAuth redirect) are judged by their status on success
 * and by the error envelope on failure; the calendar feed gets hostile token strings as its path.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/auth';
import type { Access } from '../../contract/routes';
import { GoogleStandIn } from '../helpers/google-stand-in';
import { newSessionToken, startTestApp, type TestApp } from '../helpers/server-app';
import { openTestCase } from '../helpers/server-cases';
import { textPdf } from '../helpers/server-documents';
import { call, registerUser, verifiedUser } from '../helpers/server-http';
import { adminSession, lawyerSession, tinyPng, type Session } from '../helpers/server-lawyers';
import { encodeSegment, type KnownIds } from './fuzz-arbitraries';
import {
  buildCases,
  INVALID_PER_ROUTE,
  multipartBody,
  VALID_PER_ROUTE,
  type FileFixtures,
  type FuzzCase,
} from './fuzz-cases';
import { aiTargets, tableTargets, undeclaredV1, type FuzzTarget } from './fuzz-targets';

/** Requests in flight per route (PGlite serialises queries; a little overlap hides inject()'s own cost). */
const CONCURRENCY = 4;

interface Cast {
  client: Session;
  lawyer: Session;
  /** A second approved lawyer for the /lawyer/* routes (a profile update may send it back to review). */
  profileLawyer: Session;
  admin: Session;
  unverified: Session;
  logoutUser: Session;
  /**
   * Owner of the push subscriptions the fuzzer saves (their endpoints, under push.example.test, never
   * answer). Nobody notifies this user: were they the client's, every case, note and schedule
   * notification below would become push jobs retried against a dead host, and the job queue, not
   * the routes, would set this suite's pace.
   */
  pushUser: Session;
}

interface Finding {
  route: string;
  problem: string;
  label: string;
  request: string;
  status: number;
  answer: string;
}

interface RouteFigures {
  route: string;
  valid: number;
  invalid: number;
  unauth: number;
  wrongRole: number;
  ms: number;
  statuses: Map<number, number>;
}

let t: TestApp;
let cast: Cast;
let targets: FuzzTarget[] = [];
let undeclared: string[] = [];
let files: FileFixtures;
const known = new Map<string, string[]>();
const figures: RouteFigures[] = [];
const histogram = new Map<number, number>();
const startedAt = Date.now();
let ipCounter = 0;

function remember(kind: string, id: unknown): void {
  if (typeof id !== 'string' || id.length === 0) {
    console.log(`fixture ${kind} not made: its valid inputs use random ids only`);
    return;
  }
  known.set(kind, [...(known.get(kind) ?? []), id]);
}

/** Real objects, made through the API, so part of the valid inputs reach the success paths. */
async function makeFixtures(): Promise<void> {
  const { client, lawyer, admin } = cast;
  remember('lawyerUser', lawyer.id);
  remember('clientUser', client.id);
  const attempt = async (what: string, run: () => Promise<void>): Promise<void> => {
    try {
      await run();
    } catch (error) {
      console.log(`fixture ${what} not made: ${(error as Error).message.slice(0, 200)}`);
    }
  };
  await attempt('case', async () => {
    const opened = await openTestCase(t, lawyer, client);
    remember('case', opened.caseId);
  });
  const caseId = known.get('case')?.[0];
  await attempt('note', async () => {
    const res = await call(t.app, 'POST', '/v1/case-assets/notes', {
      token: lawyer.token,
      body: { caseId, title: 'First hearing', content: 'Bring the deed', privacy: 'SHARED' },
    });
    const data = res.json?.data as { noteId?: string } | undefined;
    remember('note', data?.noteId);
  });
  await attempt('schedule', async () => {
    const res = await call(t.app, 'POST', '/v1/schedule', {
      token: lawyer.token,
      body: {
        caseId,
        title: 'Hearing at Savar',
        type: 'COURT_HEARING',
        date: '2030-01-15',
        startTime: '10:00',
        endTime: '11:00',
      },
    });
    remember('schedule', (res.json?.data as { id?: string } | undefined)?.id);
  });
  await attempt('blog', async () => {
    const res = await call(t.app, 'POST', '/v1/blogs', {
      token: lawyer.token,
      body: { title: 'Land law in brief', content: 'Mutation, khatian and deeds.', status: 'PUBLISHED' },
    });
    remember('blog', (res.json?.data as { blogId?: string } | undefined)?.blogId);
  });
  await attempt('meeting', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    const res = await call(t.app, 'POST', '/v1/videocalls', {
      token: lawyer.token,
      body: {
        email: client.email,
        title: 'First consultation',
        startDateTime: start.toISOString(),
        endDateTime: new Date(start.getTime() + 3_600_000).toISOString(),
      },
    });
    remember('meeting', (res.json?.data as { id?: string } | undefined)?.id);
  });
  await attempt('document', async () => {
    const form = multipartBody([
      { name: 'caseId', content: caseId ?? '' },
      { name: 'title', content: 'Deed of the Savar plot' },
      { name: 'privacy', content: 'SHARED' },
      { name: 'file', filename: 'deed.txt', contentType: 'text/plain', content: files.txt },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/case-assets/documents',
      headers: { authorization: `Bearer ${lawyer.token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    remember('document', (res.json() as { data?: { documentId?: string } }).data?.documentId);
  });
  await attempt('chat', async () => {
    const res = await call(t.app, 'POST', '/v1/chat/send', {
      token: client.token,
      body: { receiverId: lawyer.id, content: 'Assalamu alaikum' },
    });
    remember('conversation', (res.json?.data as { conversationId?: string } | undefined)?.conversationId);
  });
  await attempt('notification', async () => {
    const res = await call(t.app, 'GET', '/v1/notifications/', { token: client.token });
    const list = (res.json?.data as { notifications?: { id: string }[] } | undefined)?.notifications ?? [];
    for (const n of list.slice(0, 3)) remember('notification', n.id);
  });
  await attempt('feedback', async () => {
    const res = await call(t.app, 'POST', '/v1/feedback', {
      token: client.token,
      body: { category: 'GENERAL', message: 'The case list is clear.' },
    });
    remember('feedback', (res.json?.data as { id?: string } | undefined)?.id);
  });
  await attempt('complaint', async () => {
    const res = await call(t.app, 'POST', '/v1/complaints', {
      token: client.token,
      body: { lawyerId: lawyer.id, caseId, category: 'DELAY', description: 'No answer for two weeks.' },
    });
    remember('complaint', (res.json?.data as { id?: string } | undefined)?.id);
  });
  await attempt('payment', async () => {
    const res = await call(t.app, 'POST', '/v1/payments', {
      token: admin.token,
      body: { payerId: client.id, payeeId: lawyer.id, meetingId: known.get('meeting')?.[0], amount: 1500 },
    });
    remember('payment', (res.json?.data as { id?: string } | undefined)?.id);
  });
  await attempt('pending lawyer', async () => {
    const pending = await lawyerSession(t, { state: 'PENDING' });
    remember('pendingLawyer', pending.info?.lawyerId ?? undefined);
  });
  await attempt('ai session', async () => {
    const res = await call(t.app, 'POST', '/ai/v1/sessions', { token: client.token, body: { title: 'Land' } });
    remember('aiSession', (res.json as { session_id?: string } | null)?.session_id);
  });
}

/** Real ids for one route's fields, by what its path is about. Deletes get random ids only. */
function knownFor(target: FuzzTarget): KnownIds {
  if (target.method === 'DELETE') return {};
  const ids = (kind: string): string[] => known.get(kind) ?? [];
  const p = target.path;
  const byPath: [RegExp, string][] = [
    [/^\/v1\/case\/:id/, 'case'],
    [/^\/v1\/case-assets\/notes\/:id/, 'note'],
    [/^\/v1\/case-assets\/documents\/:id/, 'document'],
    [/^\/v1\/schedule\/:id/, 'schedule'],
    [/^\/v1\/blogs\/:id/, 'blog'],
    [/^\/v1\/videocalls\/:id/, 'meeting'],
    [/^\/v1\/chat\/conversations\/:id/, 'conversation'],
    [/^\/v1\/notifications\/:id/, 'notification'],
    [/^\/v1\/feedback\/:id/, 'feedback'],
    [/^\/v1\/complaints\/:id/, 'complaint'],
    [/^\/v1\/payments\/:id/, 'payment'],
    [/^\/ai\/v1\/sessions\/:id/, 'aiSession'],
  ];
  const out: Record<string, string[]> = {
    caseId: ids('case'),
    authorId: ids('lawyerUser'),
    receiverId: [...ids('lawyerUser'), ...ids('clientUser')],
    lawyerId: p.startsWith('/v1/admin/') ? ids('pendingLawyer') : ids('lawyerUser'),
    meetingId: ids('meeting'),
    payerId: ids('clientUser'),
    payeeId: ids('lawyerUser'),
    clientEmail: [cast.client.email],
  };
  if (p.startsWith('/v1/lawyer-directory/lawyers/')) out.userId = ids('lawyerUser');
  if (p.startsWith('/ai/v1/users/')) out.userId = ids('clientUser');
  if (p === '/v1/videocalls') out.email = [cast.client.email];
  for (const [pattern, kind] of byPath) if (pattern.test(p)) out.id = ids(kind);
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v.length > 0));
}

function roleSession(role: Role): Session {
  if (role === 'ADMIN') return cast.admin;
  if (role === 'LAWYER') return cast.lawyer;
  return cast.client;
}

/** `verified` routes whose success needs the case's lawyer (the client may read but not change these). */
const LAWYER_SIDE = new Set([
  'caseUpdate',
  'caseStatus',
  'noteCreate',
  'noteUpdate',
  'documentUpload',
  'documentUpdate',
  'scheduleCreate',
  'scheduleUpdate',
]);

function sessionFor(target: FuzzTarget): Session {
  if (target.name === 'logout') return cast.logoutUser;
  if (target.name === 'pushSubscribe' || target.name === 'pushUnsubscribe') return cast.pushUser;
  if (LAWYER_SIDE.has(target.name)) return cast.lawyer;
  if (target.path.startsWith('/v1/lawyer/') && target.kind === 'v1') {
    const access = target.access;
    if (typeof access === 'object' && access.roles.includes('LAWYER')) return cast.profileLawyer;
  }
  const access: Access = target.access;
  if (typeof access === 'object') return roleSession(access.roles[0] ?? 'USER');
  return cast.client;
}

function wrongRoleSession(target: FuzzTarget): Session | null {
  const access = target.access;
  if (access === 'verified') return cast.unverified;
  if (typeof access !== 'object') return null;
  const other = (['ADMIN', 'LAWYER', 'USER'] as Role[]).find((r) => !access.roles.includes(r));
  return other ? roleSession(other) : cast.unverified;
}

function authorization(target: FuzzTarget, c: FuzzCase): string | undefined {
  const token = sessionFor(target).token;
  switch (c.auth.kind) {
    case 'right':
      return target.access === 'public' ? undefined : `Bearer ${token}`;
    case 'none':
      return undefined;
    case 'wrongRole':
      return `Bearer ${wrongRoleSession(target)?.token ?? 'none'}`;
    case 'header':
      return c.auth.value;
    case 'mangle':
      switch (c.auth.how) {
        case 'suffix':
          return `Bearer ${token}x`;
        case 'truncate':
          return `Bearer ${token.slice(0, -2)}`;
        case 'double':
          return `Bearer ${token} ${token}`;
        case 'scheme':
          return `bearer ${token}`;
        case 'padded':
          return `Bearer  ${token} `;
      }
  }
  return undefined;
}

function urlOf(target: FuzzTarget, c: FuzzCase): string {
  const path = target.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = c.params[name] ?? randomUUID();
    return c.rawSegments ? value : encodeSegment(value);
  });
  return c.query ? `${path}?${c.query}` : path;
}

function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

interface Answer {
  status: number;
  contentType: string;
  location: string | undefined;
  body: string;
}

async function send(target: FuzzTarget, c: FuzzCase): Promise<Answer> {
  const headers: Record<string, string> = {};
  const auth = authorization(target, c);
  if (auth !== undefined) headers.authorization = auth;
  if (c.body?.contentType !== undefined) headers['content-type'] = c.body.contentType;
  const options: InjectOptions = {
    method: target.method as InjectOptions['method'],
    url: urlOf(target, c),
    headers,
    remoteAddress: nextIp(),
    ...(c.body ? { payload: c.body.payload } : {}),
  };
  const response = await t.app.inject(options);
  return {
    status: response.statusCode,
    contentType: String(response.headers['content-type'] ?? ''),
    location: response.headers.location as string | undefined,
    body: response.body,
  };
}

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}

/** What is wrong with this answer, or null. */
function judge(target: FuzzTarget, c: FuzzCase, answer: Answer): string | null {
  const { status } = answer;
  if (status >= 500) return `server error ${status}`;
  const accepted = status >= 200 && status < 400;
  // Access: without a proper token, or with the wrong role, nothing but a refusal.
  if (accepted && target.access !== 'public') {
    if (c.group === 'unauth') return `accepted without a token (${status})`;
    if (c.group === 'wrongRole') return `accepted a token of the wrong role or an unverified one (${status})`;
    if (c.label === 'broken-auth' && !(c.auth.kind === 'mangle' && ['scheme', 'padded'].includes(c.auth.how))) {
      return `accepted a broken Authorization header (${status})`;
    }
  }
  if (accepted) {
    if (target.raw) {
      if (status === target.successStatus || status === 304) return null;
      if (status >= 300 && answer.location) return null; // the OAuth callback redirects
      return `unexpected success status ${status} (declared ${target.successStatus})`;
    }
    if (status !== target.successStatus)
      return `unexpected success status ${status} (declared ${target.successStatus})`;
    const parsed = parseJson(answer.body);
    if (!parsed.ok || !answer.contentType.includes('json')) return `success answer is not JSON (${answer.contentType})`;
    const result = target.success?.safeParse(parsed.value);
    if (result && !result.success)
      return `success answer does not match the declared schema: ${summarise(result.error.issues)}`;
    if (target.kind === 'v1' && (parsed.value as { status?: number }).status !== status)
      return 'envelope status differs';
    return null;
  }
  if (!target.errorStatuses.has(status)) return `undeclared error status ${status}`;
  const parsed = parseJson(answer.body);
  if (!parsed.ok || !answer.contentType.includes('json')) return `error answer is not JSON (${answer.contentType})`;
  const result = target.error.safeParse(parsed.value);
  if (!result.success)
    return `error answer is not the ${target.kind === 'ai' ? '{detail}' : 'error envelope'}: ${summarise(result.error.issues)}`;
  if (target.kind === 'v1') {
    const envelope = parsed.value as { status: number; error: { code: number } };
    if (envelope.status !== status || envelope.error.code !== status)
      return 'error envelope status/code differ from HTTP status';
  }
  return null;
}

function summarise(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

function describeRequest(target: FuzzTarget, c: FuzzCase): string {
  const payload = c.body
    ? typeof c.body.payload === 'string'
      ? c.body.payload
      : `<${c.body.payload.length} bytes>`
    : '';
  const text = `${target.method} ${urlOf(target, c)} [${c.auth.kind}${c.body?.contentType ? ` ${c.body.contentType}` : ''}] ${payload}`;
  return text.length > 300 ? `${text.slice(0, 300)}…(${text.length} chars)` : text;
}

/**
 * A fresh session for `session`'s user, made as login makes one but without the password hash
 * (logout ends the session it is called with; signing in through the API each time would spend
 * most of this suite's time in argon2).
 */
async function freshSession(session: Session): Promise<void> {
  session.token = await newSessionToken(t, session, 'contract-fuzz');
}

async function fuzzRoute(target: FuzzTarget): Promise<Finding[]> {
  const began = Date.now();
  await t.app.services.counters.clear();
  const cases = buildCases(target, knownFor(target), files);
  const statuses = new Map<number, number>();
  const findings: Finding[] = [];
  const record = (c: FuzzCase, answer: Answer): void => {
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    histogram.set(answer.status, (histogram.get(answer.status) ?? 0) + 1);
    const problem = judge(target, c, answer);
    if (problem) {
      findings.push({
        route: target.name,
        problem,
        label: c.label,
        request: describeRequest(target, c),
        status: answer.status,
        answer: answer.body.slice(0, 300),
      });
    }
  };
  // Logout ends the session it is called with: one at a time, signing in again after each success.
  const concurrency = target.name === 'logout' ? 1 : CONCURRENCY;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const c = cases[next];
      next += 1;
      if (!c) continue;
      const answer = await send(target, c);
      record(c, answer);
      if (target.name === 'logout' && answer.status === 200 && c.auth.kind !== 'none')
        await freshSession(cast.logoutUser);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const count = (group: FuzzCase['group']): number => cases.filter((c) => c.group === group).length;
  figures.push({
    route: target.name,
    valid: count('valid'),
    invalid: count('invalid'),
    unauth: count('unauth'),
    wrongRole: count('wrongRole'),
    ms: Date.now() - began,
    statuses,
  });
  return findings;
}

/** A readable account of the findings: each problem once per request label, with one example. */
function report(findings: Finding[]): string {
  const seen = new Map<string, { finding: Finding; count: number }>();
  for (const f of findings) {
    const key = `${f.problem} | ${f.label}`;
    const entry = seen.get(key);
    if (entry) entry.count += 1;
    else seen.set(key, { finding: f, count: 1 });
  }
  return [...seen.values()]
    .map(
      ({ finding: f, count }) => `×${count} ${f.problem} [${f.label}]\n    ${f.request}\n    → ${f.status} ${f.answer}`,
    )
    .join('\n');
}

beforeAll(async () => {
  t = await startTestApp({
    // FUZZ_LOG_LEVEL=error prints the stack of every 5xx the fuzzer provokes.
    env: {
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
      // Google Calendar configured (with a stand-in token endpoint), so its routes answer rather than 503.
      GOOGLE_CLIENT_ID: 'legalconnect-fuzz.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'fuzz-client-secret',
    },
    build: { googleOAuth: new GoogleStandIn() },
  });
  const client = await verifiedUser(t.app, t.mailDir, { firstName: 'Nusrat', lastName: 'Jahan' });
  const lawyer = (await lawyerSession(t, { firstName: 'Karim', lastName: 'Uddin' })).session;
  const profileLawyer = (await lawyerSession(t)).session;
  const admin = await adminSession(t);
  const unverified = await registerUser(t.app);
  const logoutUser = await verifiedUser(t.app, t.mailDir);
  const pushUser = await verifiedUser(t.app, t.mailDir);
  cast = { client, lawyer, profileLawyer, admin, unverified, logoutUser, pushUser };
  files = {
    png: await tinyPng(),
    pdf: textPdf(['Deed of the Savar plot', 'Khatian 1234']),
    txt: Buffer.from('Boundary of the family plot, দাগ নং ১২৩৪\n'),
  };
  await makeFixtures();
  const table = tableTargets();
  const ai = aiTargets(t.app);
  targets = [...table, ...ai.targets];
  undeclared = [
    ...ai.undeclared.map((k) => `AI route without a declared answer: ${k}`),
    ...undeclaredV1(t.app, table).map((k) => `/v1 route outside the route table: ${k}`),
  ];
}, 120_000);

afterAll(async () => {
  const total = figures.reduce((sum, f) => sum + f.valid + f.invalid + f.unauth + f.wrongRole, 0);
  const lines = figures.map(
    (f) =>
      `${f.route.padEnd(48)} valid ${String(f.valid).padStart(3)}  invalid ${String(f.invalid).padStart(3)}  no-token ${String(f.unauth).padStart(2)}  wrong-role ${String(f.wrongRole).padStart(2)}  ${String(f.ms).padStart(6)} ms  ${[
        ...f.statuses.entries(),
      ]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}:${n}`)
        .join(' ')}`,
  );
  const statusLine = [...histogram.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  console.log(
    [
      'Contract fuzzing — per route:',
      ...lines,
      `routes: ${figures.length}, requests: ${total}, time: ${((Date.now() - startedAt) / 1000).toFixed(1)} s (seeded, CONCURRENCY ${CONCURRENCY})`,
      `status histogram: ${statusLine}`,
    ].join('\n'),
  );
  await t?.close();
});

describe('contract fuzzing', () => {
  it('knows every route the app serves (the table, and a declared answer for each AI route)', () => {
    expect(undeclared).toEqual([]);
    expect(targets.filter((x) => x.kind === 'ai').length).toBeGreaterThan(0);
  });

  // One test per route, enrolled from the table (and the AI API) when the file is collected.
  const names = [...tableTargets().map((x) => x.name), 'ai routes'];
  it.each(names)(
    '%s: hostile and valid inputs get clean, declared answers',
    async (name) => {
      const chosen =
        name === 'ai routes' ? targets.filter((x) => x.kind === 'ai') : targets.filter((x) => x.name === name);
      expect(chosen.length).toBeGreaterThan(0);
      const findings: Finding[] = [];
      for (const target of chosen) findings.push(...(await fuzzRoute(target)));
      for (const target of chosen) {
        const f = figures.find((x) => x.route === target.name);
        expect(f?.valid).toBeGreaterThanOrEqual(VALID_PER_ROUTE);
        expect(f?.invalid).toBeGreaterThanOrEqual(INVALID_PER_ROUTE);
      }
      expect(findings.length, `${findings.length} findings:\n${report(findings)}`).toBe(0);
    },
    120_000,
  );
});
