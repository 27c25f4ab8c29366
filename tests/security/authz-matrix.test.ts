/**
 * The authorization matrix (issue 11, second suite): eight roles — the visitor, an unverified user,
 * client A, client B, a pending lawyer, lawyer A, lawyer B, an admin — against every route of the
 * route table (contract/routes.ts) and of the AI API, each tried on objects client A and lawyer A own
 * or share (a case with SHARED and PRIVATE notes of each party, documents and their bytes, schedules,
 * a conversation, meetings and payments, lawyer A's blog drafts, client A's notifications and AI
 * sessions). What each role may do is stated in tests/security/authz-policy.ts; a route without a
 * policy there fails the suite, so a new route is enrolled as soon as it is served.
 *
 * Pass: every refused cell answers exactly as docs/api.md §1 says (401 without a token, 403 for the
 * unverified and the wrong role, 404 for an object that exists but is not the caller's), every
 * authorised cell succeeds, and no id of A's private objects appears anywhere in an answer to an
 * outsider (client B, the pending lawyer, lawyer B; the admin for what is not theirs to see).
 * Over STOMP: a SUBSCRIBE to another user's topics or to a call one is not part of gets an ERROR
 * frame, and a SEND into a conversation or call one is not part of is refused and delivers nothing.
 * The per-module suites test each rule in depth; this one proves the whole table at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../contract/errors';
import { GoogleStandIn } from '../helpers/google-stand-in';
import { isAppError } from '../../server/http/app-error';
import { Topics, UserQueues } from '../../server/realtime/destinations';
import { openTestCase } from '../helpers/server-cases';
import { textPdf } from '../helpers/server-documents';
import {
  call,
  multipart,
  registerUser,
  verifiedUser,
  type CallResult,
  type MultipartPart,
} from '../helpers/server-http';
import { adminSession, decide, directLawyer, lawyerSession, tinyPng, type Session } from '../helpers/server-lawyers';
import { startRealtimeApp, TestStompClient, type RealtimeTestApp } from '../helpers/server-realtime';
import { newSessionToken } from '../helpers/server-app';
import {
  expectedRefusal,
  MATRIX_ROLES,
  OUTSIDERS,
  POLICY,
  type CellContext,
  type CellRequest,
  type Fixtures,
  type MatrixRole,
  type PolicyCell,
} from './authz-policy';
import { aiTargets, tableTargets, type FuzzTarget } from './fuzz-targets';

type Actor = Exclude<MatrixRole, 'visitor'>;

interface Outcome {
  route: string;
  target: string;
  resource: string;
  action: string;
  role: MatrixRole;
  /** A status for a refusal; 'ok' or 'reached' for an authorised call. */
  expected: number | 'ok' | 'reached';
  status: number;
  problem: string | null;
}

let t: RealtimeTestApp;
let sessions: Record<Actor, Session>;
/** Profile ids of the approved lawyers (re-approved after a call that sends them back to review). */
let approvedProfiles: string[] = [];
let fx: Fixtures;
let files: CellContext['files'];
let targets: FuzzTarget[] = [];
let undeclaredAi: string[] = [];
const outcomes: Outcome[] = [];
/** A's private ids seen in answers to client A or lawyer A: proof that the outsiders' scan looks for real ids. */
const seenByOwners = new Set<string>();
const stompOutcomes: { what: string; role: MatrixRole; refused: boolean; ok: boolean }[] = [];
const sockets: TestStompClient[] = [];
const startedAt = Date.now();

/** `data` of a successful call (the AI API answers with the object itself); throws otherwise. */
function dataOf<T>(what: string, res: CallResult, status = res.status): T {
  if (res.status !== status || res.status >= 300) {
    throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
  }
  const json = res.json as Record<string, unknown> | null;
  return ('data' in (json ?? {}) ? json?.data : json) as T;
}

async function upload(session: Session, url: string, parts: MultipartPart[]): Promise<CallResult> {
  const body = multipart(parts);
  return call(t.app, 'POST', url, { token: session.token, payload: body.payload, headers: body.headers });
}

async function makeFixtures(): Promise<Fixtures> {
  const { clientA, lawyerA } = sessions;
  const as = (s: Session) => ({ token: s.token });
  const post = async <T>(what: string, s: Session, url: string, body: unknown): Promise<T> =>
    dataOf<T>(what, await call(t.app, 'POST', url, { ...as(s), body }));

  const theCase = await openTestCase(t, lawyerA, clientA);
  const resolved: string[] = [];
  const reviews: string[] = [];
  for (const title of ['Inheritance of the Savar plot', 'Mutation of the Savar plot']) {
    const c = await openTestCase(t, lawyerA, clientA, { title });
    dataOf(
      'resolve',
      await call(t.app, 'PUT', `/v1/case/${c.caseId}/status`, { ...as(lawyerA), body: { status: 'RESOLVED' } }),
    );
    resolved.push(c.caseId);
    const review = await post<{ id: string }>('review', clientA, '/v1/lawyer-directory/reviews', {
      caseId: c.caseId,
      rating: 4,
      review: 'Explained every step.',
    });
    reviews.push(review.id);
  }

  const note = async (s: Session, title: string, privacy: 'SHARED' | 'PRIVATE') =>
    (
      await post<{ noteId: string }>('note', s, '/v1/case-assets/notes', {
        caseId: theCase.caseId,
        title,
        content: 'Bring the original deed and the mutation khatian.',
        privacy,
      })
    ).noteId;
  const document = async (s: Session, title: string, privacy: 'SHARED' | 'PRIVATE') =>
    dataOf<{ documentId: string }>(
      'document',
      await upload(s, '/v1/case-assets/documents', [
        { name: 'caseId', content: theCase.caseId },
        { name: 'title', content: title },
        { name: 'privacy', content: privacy },
        { name: 'file', filename: 'deed.pdf', contentType: 'application/pdf', content: files.pdf },
      ]),
    ).documentId;
  const schedule = async (title: string) =>
    (
      await post<{ id: string }>('schedule', lawyerA, '/v1/schedule/', {
        caseId: theCase.caseId,
        title,
        type: 'COURT_HEARING',
        date: '2030-01-15',
        startTime: '10:00',
        endTime: '11:00',
      })
    ).id;

  const day = 86_400_000;
  const base = new Date(Math.ceil((t.clock.now().getTime() + 3 * day) / day) * day + 4 * 3_600_000);
  const meeting = async (offsetDays: number) => {
    const start = new Date(base.getTime() + offsetDays * day);
    const end = new Date(start.getTime() + 3_600_000);
    const made = await post<{ id: string; payment?: { id: string } | null }>('meeting', lawyerA, '/v1/videocalls', {
      email: clientA.email,
      title: 'First consultation',
      startDateTime: start.toISOString(),
      endDateTime: end.toISOString(),
    });
    return { id: made.id, paymentId: made.payment?.id ?? '', start: start.toISOString(), end: end.toISOString() };
  };
  const kept = await meeting(0);
  const trashMeeting = await meeting(1);
  const cancelMeeting = await meeting(2);
  const paidMeeting = await meeting(3);
  const checkout = await post<{ sessionId: string }>(
    'checkout',
    clientA,
    `/v1/payments/${paidMeeting.paymentId}/stripe-session`,
    undefined,
  );
  await post('card', clientA, `/v1/payments/sandbox/checkout/${checkout.sessionId}`, {
    cardNumber: '4242424242424242',
    expiry: '12/39',
    cvc: '123',
  });
  dataOf('complete', await call(t.app, 'PUT', `/v1/payments/complete/${checkout.sessionId}`, as(clientA)));

  const chat = await post<{ id: string; conversationId: string }>('chat', clientA, '/v1/chat/send', {
    receiverId: lawyerA.id,
    content: 'Assalamu alaikum, about the Savar plot',
  });
  const blog = async (title: string) =>
    (
      await post<{ blogId: string }>('blog', lawyerA, '/v1/blogs', {
        title,
        content: 'Savar plot boundary notes.',
        status: 'DRAFT',
      })
    ).blogId;
  await post('follow', clientA, `/v1/blogs/authors/${lawyerA.id}/subscribe`, undefined);

  const aiSession = async () =>
    (await post<{ session_id: string }>('ai session', clientA, '/ai/v1/sessions', { title: 'Savar' })).session_id;
  const aiSessionId = await aiSession();
  const aiDocument = async () =>
    dataOf<{ document_id: string }>(
      'ai document',
      await upload(clientA, `/ai/v1/sessions/${aiSessionId}/documents`, [
        { name: 'file', filename: 'notes.txt', contentType: 'text/plain', content: files.txt },
      ]),
    ).document_id;

  const slot = async (day: string) =>
    (
      await post<{ id: string }>('slot', lawyerA, '/v1/lawyer/availability-slots', {
        day,
        startTime: '09:00',
        endTime: '10:00',
      })
    ).id;
  dataOf(
    'picture',
    await upload(clientA, '/v1/user/profile-picture', [
      { name: 'file', filename: 'me.png', contentType: 'image/png', content: files.png },
    ]),
  );
  dataOf(
    'credentials',
    await upload(lawyerA, '/v1/lawyer/upload-credentials', [
      { name: 'file', filename: 'certificate.pdf', contentType: 'application/pdf', content: files.pdf },
    ]),
  );
  await reapprove();
  const feedback = await post<{ id: string }>('feedback', clientA, '/v1/feedback', {
    category: 'GENERAL',
    message: 'Clear case list.',
  });
  const complaint = await post<{ id: string }>('complaint', clientA, '/v1/complaints', {
    lawyerId: lawyerA.id,
    caseId: theCase.caseId,
    category: 'DELAY',
    description: 'The hearing date was never confirmed.',
  });
  // Bookings (issue 19): lawyer A is free 14:00–18:00 every day; client A holds three requests.
  for (const day of ['SAT', 'SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI']) {
    await post('slot', lawyerA, '/v1/lawyer/availability-slots', { day, startTime: '14:00', endTime: '18:00' });
  }
  const free = dataOf<{ freeTimes: { start: string; end: string }[] }>(
    'free times',
    await call(
      t.app,
      'GET',
      `/v1/bookings/free-times?lawyerEmail=${encodeURIComponent(lawyerA.email)}&days=28`,
      as(clientA),
    ),
  ).freeTimes;
  const starts = free.flatMap((f) => {
    const list: string[] = [];
    for (let at = Date.parse(f.start); at + 1_800_000 <= Date.parse(f.end); at += 1_800_000) {
      list.push(new Date(at).toISOString());
    }
    return list;
  });
  if (starts.length < 5) throw new Error('fixture: lawyer A has too few free times');
  const booking = async (start: string) =>
    (
      await post<{ bookingId: string }>('booking', clientA, '/v1/bookings', {
        lawyerEmail: lawyerA.email,
        start,
        minutes: 30,
        topic: 'Boundary dispute over the Savar plot',
      })
    ).bookingId;
  const approve = await directLawyer(t, { state: 'PENDING' });
  const reject = await directLawyer(t, { state: 'PENDING' });

  const built: Fixtures = {
    users: Object.fromEntries(
      Object.entries(sessions).map(([role, s]) => [
        role,
        { id: s.id, email: s.email, firstName: s.firstName, lastName: s.lastName },
      ]),
    ) as Fixtures['users'],
    caseId: theCase.caseId,
    caseTitle: theCase.title,
    resolvedCaseId: resolved[0] ?? '',
    statusCaseId: resolved[1] ?? '',
    sharedNoteId: await note(lawyerA, 'First hearing', 'SHARED'),
    lawyerPrivateNoteId: await note(lawyerA, 'Strategy', 'PRIVATE'),
    clientPrivateNoteId: await note(clientA, 'My questions', 'PRIVATE'),
    trashNoteId: await note(lawyerA, 'To delete', 'SHARED'),
    sharedDocumentId: await document(lawyerA, 'Deed of the Savar plot', 'SHARED'),
    clientPrivateDocumentId: await document(clientA, 'My copy', 'PRIVATE'),
    trashDocumentId: await document(lawyerA, 'Old scan', 'SHARED'),
    scheduleId: await schedule('Hearing at Savar'),
    trashScheduleId: await schedule('Cancelled hearing'),
    conversationId: chat.conversationId,
    messageId: chat.id,
    meetingId: kept.id,
    meetingStart: kept.start,
    meetingEnd: kept.end,
    trashMeetingId: trashMeeting.id,
    acceptBookingId: await booking(starts[0] ?? ''),
    declineBookingId: await booking(starts[1] ?? ''),
    cancelBookingId: await booking(starts[2] ?? ''),
    bookingStarts: { clientA: starts[3] ?? '', clientB: starts[4] ?? '' },
    pendingPaymentId: kept.paymentId,
    paidPaymentId: paidMeeting.paymentId,
    paidSessionId: checkout.sessionId,
    cancelPaymentId: cancelMeeting.paymentId,
    blogDraftId: await blog('Savar plot boundary (draft)'),
    trashBlogId: await blog('Savar notes to delete'),
    notificationIds: [],
    aiSessionId,
    trashAiSessionId: await aiSession(),
    aiDocumentId: await aiDocument(),
    trashAiDocumentId: await aiDocument(),
    slotId: await slot('SAT'),
    trashSlotId: await slot('SUN'),
    reviewId: reviews[0] ?? '',
    trashReviewId: reviews[1] ?? '',
    feedbackId: feedback.id,
    complaintId: complaint.id,
    approveLawyerId: approve.info.lawyerId ?? '',
    rejectLawyerId: reject.info.lawyerId ?? '',
  };
  const listed = dataOf<{ notifications: { id: string }[] }>(
    'notifications',
    await call(t.app, 'GET', '/v1/notifications/?size=100', as(clientA)),
  );
  built.notificationIds = listed.notifications.map((n) => n.id);
  if (built.notificationIds.length === 0) throw new Error('fixture: client A has no notifications');
  return built;
}

/** Every id of A's objects an outsider must never see (the admin: all but payments and what they name). */
function privateIds(role: MatrixRole): string[] {
  const common = [
    fx.sharedNoteId,
    fx.lawyerPrivateNoteId,
    fx.clientPrivateNoteId,
    fx.sharedDocumentId,
    fx.clientPrivateDocumentId,
    fx.scheduleId,
    fx.conversationId,
    fx.messageId,
    fx.blogDraftId,
    fx.aiSessionId,
    fx.aiDocumentId,
    fx.acceptBookingId,
    fx.declineBookingId,
    fx.cancelBookingId,
    ...fx.notificationIds,
  ];
  if (role === 'admin') return common;
  return [
    ...common,
    fx.caseId,
    fx.meetingId,
    fx.pendingPaymentId,
    fx.paidPaymentId,
    fx.paidSessionId,
    fx.cancelPaymentId,
    fx.feedbackId,
    fx.complaintId,
  ];
}

/** The admin's decision again for lawyers A and B (a new certificate sends a profile back to review). */
async function reapprove(): Promise<void> {
  for (const lawyerId of approvedProfiles) {
    try {
      await decide(t, lawyerId, 'APPROVED');
    } catch (error) {
      // Still approved (a lawyer whose call was refused): nothing to do.
      if (!(isAppError(error) && error.statusCode === 409)) throw error;
    }
  }
}

/** A fresh session of `role`'s user, made as login makes one (for calls that end their session). */
function spareToken(role: Actor): Promise<string> {
  return newSessionToken(t, sessions[role], 'authz-matrix');
}

function cellContext(role: MatrixRole): CellContext {
  return {
    fx,
    role,
    files,
    async read(as, url) {
      const token = as === 'visitor' ? undefined : sessions[as].token;
      const res = await call(t.app, 'GET', url, token ? { token } : {});
      return dataOf(`read ${url}`, res);
    },
  };
}

async function send(method: string, request: CellRequest, token: string | undefined): Promise<CallResult> {
  const verb = method as Parameters<typeof call>[1];
  if (request.parts) {
    const body = multipart(request.parts);
    return call(t.app, verb, request.url, {
      ...(token ? { token } : {}),
      payload: body.payload,
      headers: body.headers,
    });
  }
  return call(t.app, verb, request.url, {
    ...(token ? { token } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
}

function errorText(res: CallResult): string | undefined {
  const json = res.json;
  if (!json) return undefined;
  if (typeof json.detail === 'string') return json.detail;
  return json.error?.message;
}

/** What is wrong with the answer to one cell, or null. */
function judge(cellDef: PolicyCell, role: MatrixRole, expected: Outcome['expected'], res: CallResult): string | null {
  const { status } = res;
  if (status >= 500) return `server error ${status}`;
  if (typeof expected === 'number') {
    if (status !== expected) return `expected ${expected}, got ${status}: ${errorText(res) ?? ''}`;
    // The gate's own refusals carry the contract's texts (a route's own 401, e.g. a bad refresh token, has its own).
    if (
      role === 'visitor' &&
      expected === 401 &&
      cellDef.deny?.visitor === undefined &&
      errorText(res) !== ServerMessages.unauthorized
    )
      return `401 with "${errorText(res) ?? ''}" instead of "${ServerMessages.unauthorized}"`;
    if (role === 'unverified' && expected === 403 && errorText(res) !== ServerMessages.emailNotVerified)
      return `403 with "${errorText(res) ?? ''}" instead of "${ServerMessages.emailNotVerified}"`;
    return null;
  }
  if (expected === 'ok' && (status < 200 || status >= 400))
    return `authorised call refused: ${status} ${errorText(res) ?? ''}`;
  if (expected === 'reached' && [401, 403, 404].includes(status))
    return `authorised call refused: ${status} ${errorText(res) ?? ''}`;
  if (status >= 200 && status < 400) {
    const text = res.raw.toString('utf8');
    if (role === 'clientA' || role === 'lawyerA')
      for (const id of privateIds('clientB')) if (text.includes(id)) seenByOwners.add(id);
    const scanned = cellDef.scan !== false && (OUTSIDERS.includes(role) || role === 'admin') ? privateIds(role) : [];
    const hidden = [...scanned, ...(cellDef.hidden?.[role]?.(fx) ?? [])];
    const leaked = hidden.filter((id) => id && text.includes(id));
    if (leaked.length > 0) return `answer names ${leaked.length} of A's private ids: ${leaked.join(', ')}`;
  }
  return null;
}

async function runCell(route: FuzzTarget, cellDef: PolicyCell, role: MatrixRole): Promise<Outcome> {
  const allowed = cellDef.allow.includes(role);
  const expected: Outcome['expected'] = allowed
    ? (cellDef.success ?? 'ok')
    : expectedRefusal(cellDef, route.access, role);
  let token: string | undefined;
  if (role !== 'visitor') token = allowed && cellDef.spareSession ? await spareToken(role) : sessions[role].token;
  const request = await cellDef.request(cellContext(role));
  const res = await send(route.method, request, token);
  let problem = judge(cellDef, role, expected, res);
  if (!problem && expected === 404 && cellDef.sameAsAbsent !== false)
    problem = await sameAsAbsent(route, request, token, res);
  return {
    route: route.name,
    target: cellDef.target,
    resource: cellDef.resource,
    action: cellDef.action,
    role,
    expected,
    status: res.status,
    problem,
  };
}

/** Every object id of the fixtures (not the users': those are not secrets). */
function objectIds(): string[] {
  const ids = Object.entries(fx)
    .filter(([key, value]) => key.endsWith('Id') && typeof value === 'string' && value.length > 0)
    .map(([, value]) => value as string);
  return [...ids, ...fx.notificationIds];
}

/**
 * A 404 for an object that exists must read exactly like the answer for one that does not: the same
 * request with every fixture id swapped for a fresh UUID gets the same status and text.
 */
async function sameAsAbsent(
  route: FuzzTarget,
  request: CellRequest,
  token: string | undefined,
  real: CallResult,
): Promise<string | null> {
  let url = request.url;
  let body = request.body === undefined ? undefined : JSON.stringify(request.body);
  let swapped = false;
  for (const id of objectIds()) {
    if (!url.includes(id) && !body?.includes(id)) continue;
    const ghost = randomUUID();
    url = url.replaceAll(id, ghost);
    body = body?.replaceAll(id, ghost);
    swapped = true;
  }
  if (!swapped || request.parts) return null;
  const ghostRequest: CellRequest = { url, ...(body === undefined ? {} : { body: JSON.parse(body) as unknown }) };
  const absent = await send(route.method, ghostRequest, token);
  if (absent.status !== real.status || errorText(absent) !== errorText(real)) {
    return `existence shows: ${real.status} "${errorText(real) ?? ''}" for A's object, ${absent.status} "${errorText(absent) ?? ''}" for none`;
  }
  return null;
}

/** All cells of one route: the refused ones first (so an authorised delete cannot hide them), then the rest. */
async function runRoute(route: FuzzTarget): Promise<Outcome[]> {
  await t.app.services.counters.clear();
  const entry = POLICY[route.name] ?? [];
  const results: Outcome[] = [];
  for (const cellDef of entry) {
    const refused = MATRIX_ROLES.filter((r) => !cellDef.allow.includes(r));
    const allowed = MATRIX_ROLES.filter((r) => cellDef.allow.includes(r));
    for (const role of [...refused, ...allowed]) results.push(await runCell(route, cellDef, role));
    if (cellDef.resubmits) await reapprove();
  }
  outcomes.push(...results);
  return results;
}

beforeAll(async () => {
  t = await startRealtimeApp({
    env: {
      GOOGLE_CLIENT_ID: 'legalconnect-authz.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'authz-client-secret',
    },
    build: { googleOAuth: new GoogleStandIn() },
  });
  files = {
    png: await tinyPng(),
    pdf: textPdf(['Deed of the Savar plot', 'Khatian 1234']),
    txt: Buffer.from('Boundary of the family plot at Savar, দাগ নং ১২৩৪\n'),
  };
  const [clientA, clientB, unverified, pending, lawyerA, lawyerB, admin] = await Promise.all([
    verifiedUser(t.app, t.mailDir, { firstName: 'Nusrat', lastName: 'Jahan' }),
    verifiedUser(t.app, t.mailDir, { firstName: 'Rafiq', lastName: 'Islam' }),
    registerUser(t.app, { firstName: 'Sumon', lastName: 'Ahmed' }),
    lawyerSession(t, { state: 'PENDING', firstName: 'Jamal', lastName: 'Hossain' }),
    lawyerSession(t, { firstName: 'Karim', lastName: 'Uddin' }),
    lawyerSession(t, { firstName: 'Salma', lastName: 'Begum' }),
    adminSession(t),
  ]);
  sessions = {
    clientA,
    clientB,
    unverified,
    pendingLawyer: pending.session,
    lawyerA: lawyerA.session,
    lawyerB: lawyerB.session,
    admin,
  };
  approvedProfiles = [lawyerA.info?.lawyerId ?? '', lawyerB.info?.lawyerId ?? ''];
  fx = await makeFixtures();
  const ai = aiTargets(t.app);
  targets = [...tableTargets(), ...ai.targets];
  undeclaredAi = ai.undeclared;
}, 120_000);

afterAll(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
  printSummary();
  await t?.close();
});

function printSummary(): void {
  const rows = new Map<string, { checked: number; refused: number; allowed: number; wrong: number }>();
  for (const o of outcomes) {
    const row = rows.get(o.resource) ?? { checked: 0, refused: 0, allowed: 0, wrong: 0 };
    row.checked += 1;
    if (typeof o.expected === 'number') row.refused += 1;
    else row.allowed += 1;
    if (o.problem) row.wrong += 1;
    rows.set(o.resource, row);
  }
  const stomp = { checked: stompOutcomes.length, refused: 0, allowed: 0, wrong: 0 };
  for (const s of stompOutcomes) {
    if (s.refused) stomp.refused += 1;
    else stomp.allowed += 1;
    if (!s.ok) stomp.wrong += 1;
  }
  if (stomp.checked > 0) rows.set('STOMP SUBSCRIBE/SEND', stomp);
  const total = [...rows.values()].reduce(
    (sum, r) => ({
      checked: sum.checked + r.checked,
      refused: sum.refused + r.refused,
      allowed: sum.allowed + r.allowed,
      wrong: sum.wrong + r.wrong,
    }),
    { checked: 0, refused: 0, allowed: 0, wrong: 0 },
  );
  const line = (name: string, r: typeof total) =>
    `${name.padEnd(24)} ${String(r.checked).padStart(7)} ${String(r.refused).padStart(7)} ${String(r.allowed).padStart(7)} ${String(r.wrong).padStart(7)}`;
  console.log(
    [
      'Authorization matrix — cells by resource:',
      `${'resource'.padEnd(24)} ${'checked'.padStart(7)} ${'refused'.padStart(7)} ${'allowed'.padStart(7)} ${'wrong'.padStart(7)}`,
      ...[...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, r]) => line(name, r)),
      line('total', total),
      `routes: ${new Set(outcomes.map((o) => o.route)).size}, roles: ${MATRIX_ROLES.length}, time: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    ].join('\n'),
  );
}

describe('authorization matrix over HTTP', () => {
  it('has a policy for every route the app serves, and none for a route that is gone', () => {
    const served = targets.map((x) => x.name);
    expect(undeclaredAi, 'AI routes the fuzz targets do not know').toEqual([]);
    expect(
      served.filter((name) => !POLICY[name]),
      'routes without a policy entry in authz-policy.ts',
    ).toEqual([]);
    expect(
      Object.keys(POLICY).filter((name) => !served.includes(name)),
      'policy entries for routes nobody serves',
    ).toEqual([]);
    expect(served.filter((name) => name.startsWith('ai:')).length).toBeGreaterThan(0);
  });

  const names = [...tableTargets().map((x) => x.name), 'ai routes'];
  it.each(names)('%s: each role gets exactly what the policy grants', async (name) => {
    const chosen =
      name === 'ai routes' ? targets.filter((x) => x.kind === 'ai') : targets.filter((x) => x.name === name);
    expect(chosen.length).toBeGreaterThan(0);
    const wrong: Outcome[] = [];
    for (const route of chosen) {
      expect(POLICY[route.name], `no policy for ${route.name}`).toBeDefined();
      wrong.push(...(await runRoute(route)).filter((o) => o.problem));
    }
    const report = wrong.map((o) => `${o.route} [${o.target}] as ${o.role}: ${o.problem ?? ''}`).join('\n');
    expect(wrong.length, report).toBe(0);
  });
});

describe('authorization matrix: the scan itself', () => {
  it("found each of A's private ids in some answer to A (so their absence elsewhere means something)", () => {
    // Needs the route cells above (the file's tests run in order).
    expect(outcomes.length).toBeGreaterThan(0);
    expect(privateIds('clientB').filter((id) => !seenByOwners.has(id))).toEqual([]);
  });
});

// ── STOMP ───────────────────────────────────────────────────────────────────────────────────────

async function connect(role: Actor): Promise<TestStompClient> {
  const socket = new TestStompClient(t.url, { token: sessions[role].token });
  sockets.push(socket);
  await socket.connect();
  return socket;
}

/** A refusal is an ERROR naming the destination; the connection lives on (docs/decisions/0014). */
async function refusedSubscribe(role: Actor, destination: string): Promise<string | null> {
  const socket = await connect(role);
  socket.subscribe(destination);
  // Frames are handled in order: by this RECEIPT the refusal has been answered.
  await socket.subscribeConfirmed(UserQueues.status);
  if (socket.closes > 0) return 'closed';
  const error = socket.stompErrors[0];
  if (!error) return 'no ERROR';
  const message = error.headers.message;
  if (error.headers.destination !== destination) return `ERROR names ${error.headers.destination ?? '(nothing)'}`;
  return message === ServerMessages.accessDenied ? null : `ERROR "${message ?? '(none)'}"`;
}

describe('authorization matrix over STOMP', () => {
  it('refuses the visitor at CONNECT, and lets the unverified user hear only their notifications', async () => {
    const socket = new TestStompClient(t.url, { token: null });
    sockets.push(socket);
    const refused = await socket.connect().then(
      () => false,
      () => true,
    );
    stompOutcomes.push({ what: 'CONNECT', role: 'visitor', refused: true, ok: refused });
    expect(refused, 'visitor connected').toBe(true);

    // As with the reference server: connected, limited to their own notifications and queues.
    const unverified = await connect('unverified');
    await unverified.subscribeConfirmed(Topics.user(sessions.unverified.id));
    stompOutcomes.push({ what: 'CONNECT', role: 'unverified', refused: false, ok: true });
    const problems: string[] = [];
    for (const destination of [
      Topics.chat(sessions.unverified.id),
      Topics.chatUnread(sessions.unverified.id),
      Topics.user(fx.users.clientA.id),
      Topics.call(fx.meetingId),
    ]) {
      const problem = await refusedSubscribe('unverified', destination);
      stompOutcomes.push({ what: `SUBSCRIBE ${destination}`, role: 'unverified', refused: true, ok: problem === null });
      if (problem) problems.push(`unverified SUBSCRIBE ${destination}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("lets each party subscribe to their own topics and their call, and nobody to anyone else's", async () => {
    const own = (userId: string) => [
      Topics.user(userId),
      Topics.chat(userId),
      Topics.chatUnread(userId),
      Topics.chatReadStatus(userId),
    ];
    for (const role of ['clientA', 'lawyerA'] as const) {
      const socket = await connect(role);
      for (const destination of [...own(sessions[role].id), Topics.call(fx.meetingId)]) {
        const ok = await socket.subscribeConfirmed(destination).then(
          () => true,
          () => false,
        );
        stompOutcomes.push({ what: `SUBSCRIBE ${destination}`, role, refused: false, ok });
        expect(ok, `${role} could not subscribe to ${destination}`).toBe(true);
      }
      expect(socket.stompErrors).toEqual([]);
    }

    const foreign: [Actor, string][] = [];
    for (const role of ['clientB', 'pendingLawyer', 'lawyerB', 'admin'] as const) {
      for (const destination of [...own(fx.users.clientA.id), ...own(fx.users.lawyerA.id), Topics.call(fx.meetingId)])
        foreign.push([role, destination]);
    }
    // The other party of the case still may not hear the other's own topics.
    for (const destination of own(fx.users.lawyerA.id)) foreign.push(['clientA', destination]);
    for (const destination of own(fx.users.clientA.id)) foreign.push(['lawyerA', destination]);
    // A call that does not exist, and one of the meetings the parties do not share.
    foreign.push(['clientB', Topics.call(randomUUID())], ['lawyerB', Topics.call(fx.trashMeetingId)]);

    const problems: string[] = [];
    for (const [role, destination] of foreign) {
      const problem = await refusedSubscribe(role, destination);
      stompOutcomes.push({ what: `SUBSCRIBE ${destination}`, role, refused: true, ok: problem === null });
      if (problem) problems.push(`${role} SUBSCRIBE ${destination}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('tells only the lawyer of a new booking request, on their own topic (issue 19)', async () => {
    const listeners = ['lawyerA', 'lawyerB', 'pendingLawyer', 'clientB', 'admin'] as const;
    const inboxes = new Map<Actor, Awaited<ReturnType<TestStompClient['subscribeConfirmed']>>>();
    for (const role of listeners) {
      const socket = await connect(role);
      inboxes.set(role, await socket.subscribeConfirmed(Topics.user(sessions[role].id)));
    }
    const free = await call(
      t.app,
      'GET',
      `/v1/bookings/free-times?lawyerEmail=${encodeURIComponent(fx.users.lawyerA.email)}&days=28`,
      { token: sessions.clientA.token },
    );
    const start = (free.json?.data as { freeTimes: { start: string }[] }).freeTimes[0]?.start;
    const booked = await call(t.app, 'POST', '/v1/bookings', {
      token: sessions.clientA.token,
      body: { lawyerEmail: fx.users.lawyerA.email, start, minutes: 30, topic: 'A question about the Savar deed' },
    });
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    const heard = await inboxes.get('lawyerA')!.next(5000);
    const ok = (JSON.parse(heard.body) as { content: string }).content.includes('asked for a 30-minute consultation');
    stompOutcomes.push({ what: 'booking notification', role: 'lawyerA', refused: false, ok });
    expect(ok).toBe(true);
    for (const role of listeners.filter((r) => r !== 'lawyerA')) {
      const quiet = inboxes.get(role)!.messages.length === 0;
      stompOutcomes.push({ what: 'booking notification', role, refused: true, ok: quiet });
      expect(quiet, `${role} heard client A's booking request`).toBe(true);
    }
  });

  it("refuses a SEND into another's conversation or call, and delivers nothing", async () => {
    const clientA = await connect('clientA');
    const lawyerA = await connect('lawyerA');
    const clientHears = await clientA.subscribeConfirmed(Topics.chat(fx.users.clientA.id));
    const clientReads = await clientA.subscribeConfirmed(Topics.chatReadStatus(fx.users.clientA.id));
    const lawyerHears = await lawyerA.subscribeConfirmed(Topics.chat(fx.users.lawyerA.id));
    const callHears = await lawyerA.subscribeConfirmed(Topics.call(fx.meetingId));

    const problems: string[] = [];
    for (const role of ['clientB', 'pendingLawyer', 'lawyerB', 'admin'] as const) {
      const socket = await connect(role);
      const errors = await socket.subscribeConfirmed(UserQueues.errors);
      const attempts: [string, string, string][] = [
        ['call signal', `/app/call/${fx.meetingId}/signal`, JSON.stringify({ type: 'join', peerId: `${role}-tab` })],
        [
          'mark-conversation-read',
          '/app/chat/mark-conversation-read',
          JSON.stringify({ conversationId: fx.conversationId }),
        ],
        ['mark-read', '/app/chat/mark-read', fx.messageId],
        ['notification mark-read', '/app/notifications/mark-read', fx.notificationIds[0] ?? ''],
      ];
      // Chat with client A: refused to another client and to a lawyer who is not approved (an approved
      // lawyer and an admin may write to any client).
      if (role === 'clientB' || role === 'pendingLawyer')
        attempts.push([
          'chat send',
          '/app/chat/send',
          JSON.stringify({ receiverId: fx.users.clientA.id, content: 'Hello', clientMessageId: randomUUID() }),
        ]);
      for (const [what, destination, body] of attempts) {
        const receipt = `r-${randomUUID()}`;
        let receipted = false;
        socket.client.watchForReceipt(receipt, () => {
          receipted = true;
        });
        socket.send(destination, body, { receipt });
        const refusal = await errors.next(5000).then(
          (m) => m.body,
          () => null,
        );
        const ok = refusal !== null && !receipted;
        stompOutcomes.push({ what: `SEND ${what}`, role, refused: true, ok });
        if (!ok) problems.push(`${role} SEND ${what}: ${refusal === null ? 'no refusal' : 'refused but receipted'}`);
      }
      expect(socket.stompErrors, `${role}'s socket got an ERROR frame`).toEqual([]);
    }

    // A control message through the same path proves delivery works — and that it is the first one.
    lawyerA.send(
      '/app/chat/send',
      JSON.stringify({ receiverId: fx.users.clientA.id, content: 'Control', clientMessageId: randomUUID() }),
    );
    const first = await clientHears.next(5000);
    expect(JSON.parse(first.body)).toMatchObject({ content: 'Control', senderId: fx.users.lawyerA.id });
    await lawyerHears.next(5000); // the lawyer's own copy
    expect(clientHears.messages).toHaveLength(1);
    expect(lawyerHears.messages).toHaveLength(1);
    expect(callHears.messages, 'a stranger reached the call').toHaveLength(0);
    expect(clientReads.messages, 'a stranger marked client A’s messages read').toHaveLength(0);
    expect(problems).toEqual([]);
    // The conversation still reads as the parties left it: no stranger's message in it.
    const list = await call(t.app, 'GET', `/v1/chat/conversations/${fx.conversationId}/messages?size=100`, {
      token: sessions.clientA.token,
    });
    const messages = (list.json?.data as { messages: { senderId: string }[] }).messages;
    expect(messages.every((m) => [fx.users.clientA.id, fx.users.lawyerA.id].includes(m.senderId))).toBe(true);
  });
});
