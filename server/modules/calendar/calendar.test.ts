/**
 * The calendar over HTTP: one schedule as an .ics download (parties only), the private ICS feed
 * (its URL made once, served without a login, 304 when unchanged, revoked at once by rotation,
 * unknown tokens a bare 404 and then 429, secrets kept out of the logs), and Google Calendar
 * linking — 503 while unconfigured, and with GOOGLE_CLIENT_ID/SECRET set the whole consent round
 * trip against a stand-in for Google's token endpoint (the one third party; everything of ours is
 * real), including the checks that bind Google's answer to the browser and user who asked.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CaseSchema } from '../../../contract/cases';
import { ServerMessages } from '../../../contract/errors';
import { CalendarFeedSchema, CalendarMessages, ScheduleSchema, type Schedule } from '../../../contract/schedules';
import { googleCalendarLinks } from '../../db/schema';
import { children, parseIcs, prop, unescapeText, type IcsComponent } from '../../../tests/helpers/ics-reader';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser, type CallResult } from '../../../tests/helpers/server-http';
import { lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';
import { build } from '../../app';
import { GoogleStandIn } from '../../../tests/helpers/google-stand-in';
import { GOOGLE_CALENDAR_SCOPE, GoogleOAuthError, GoogleOAuthHttpClient, type GoogleCodeExchange } from './google';
import { GOOGLE_NONCE_COOKIE, redactCalendarSecrets } from './routes';
import { FEED_LIMITS } from './service';

let t: TestApp;
let lawyer: Session;
let client: Session;
let stranger: Session;
let caseId: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function setUpParties(app: TestApp): Promise<void> {
  lawyer = (await lawyerSession(app, { firstName: 'Karim', lastName: 'Uddin' })).session;
  client = await verifiedUser(app.app, app.mailDir, { firstName: 'Nusrat', lastName: 'Jahan' });
  stranger = await verifiedUser(app.app, app.mailDir);
  const opened = await call(app.app, 'POST', '/v1/case/', {
    token: lawyer.token,
    body: { title: 'Land dispute, Savar', clientEmail: client.email, description: '' },
  });
  caseId = CaseSchema.parse(opened.json?.data).caseId;
}

async function addSchedule(overrides: Record<string, unknown> = {}, token = lawyer.token): Promise<Schedule> {
  const res = await call(t.app, 'POST', '/v1/schedule/', {
    token,
    body: {
      caseId,
      title: 'Hearing, court 3; bring ID',
      type: 'COURT_HEARING',
      description: 'Bring the original deed\\copy.\nশুনানির আগে মূল দলিল আনুন।',
      date: '2030-03-05',
      startTime: '10:00',
      endTime: '11:30',
      ...overrides,
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return ScheduleSchema.parse(res.json?.data);
}

function calendarOf(res: CallResult): IcsComponent {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return parseIcs(res.raw);
}

/** The path of a feed URL, for inject(). */
const pathOf = (url: string) => new URL(url).pathname;

async function feedUrl(session: Session): Promise<string> {
  const res = await call(t.app, 'GET', '/v1/schedule/calendar-feed', { token: session.token });
  expect(res.status).toBe(200);
  return CalendarFeedSchema.strict().parse(res.json?.data).url;
}

describe('one schedule as an .ics file', () => {
  beforeEach(async () => {
    await t.reset();
    await setUpParties(t);
  });

  it('is a single VEVENT in Dhaka time with every detail, a stable UID and an attachment name', async () => {
    const created = await addSchedule();
    const res = await call(t.app, 'GET', `/v1/schedule/${created.id}/ics`, { token: client.token });
    const calendar = calendarOf(res);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Hearing, court 3; bring ID.ics"; filename*=UTF-8''Hearing%2C%20court%203%3B%20bring%20ID.ics`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(prop(calendar, 'VERSION').value).toBe('2.0');
    expect(calendar.components.map((c) => c.name)).toEqual(['VTIMEZONE', 'VEVENT']);
    const [event] = children(calendar, 'VEVENT') as [IcsComponent];
    const uid = `schedule-${created.id}@localhost`;
    expect(prop(event, 'UID').value).toBe(uid);
    expect(prop(event, 'DTSTART')).toMatchObject({ params: { TZID: 'Asia/Dhaka' }, value: '20300305T100000' });
    expect(prop(event, 'DTEND')).toMatchObject({ params: { TZID: 'Asia/Dhaka' }, value: '20300305T113000' });
    const stamp = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
    expect(prop(event, 'DTSTAMP').value).toBe(stamp(created.updatedAt));
    expect(unescapeText(prop(event, 'SUMMARY').value)).toBe('Hearing, court 3; bring ID');
    expect(prop(event, 'SUMMARY').value).toBe('Hearing\\, court 3\\; bring ID');
    expect(unescapeText(prop(event, 'DESCRIPTION').value)).toBe(
      [
        'Bring the original deed\\copy.',
        'শুনানির আগে মূল দলিল আনুন।',
        'Type: Court hearing',
        'Case: Land dispute, Savar',
        `http://localhost:8080/case/${caseId}`,
      ].join('\n'),
    );
    expect(prop(event, 'URL').value).toBe(`http://localhost:8080/case/${caseId}`);

    // Edited: the same UID (calendars update the event), a newer DTSTAMP, the new time.
    t.clock.advance(60_000);
    const put = await call(t.app, 'PUT', `/v1/schedule/${created.id}`, {
      token: lawyer.token,
      body: { title: 'Hearing moved', type: 'COURT_HEARING', date: '2030-03-06', startTime: '09:00', endTime: '10:00' },
    });
    const updated = ScheduleSchema.parse(put.json?.data);
    const again = calendarOf(await call(t.app, 'GET', `/v1/schedule/${created.id}/ics`, { token: lawyer.token }));
    const [moved] = children(again, 'VEVENT') as [IcsComponent];
    expect(prop(moved, 'UID').value).toBe(uid);
    expect(prop(moved, 'DTSTAMP').value).toBe(stamp(updated.updatedAt));
    expect(prop(moved, 'DTSTAMP').value).not.toBe(prop(event, 'DTSTAMP').value);
    expect(prop(moved, 'DTSTART').value).toBe('20300306T090000');
  });

  it('is 404 for anyone but the parties, and 401 signed out', async () => {
    const created = await addSchedule();
    const res = await call(t.app, 'GET', `/v1/schedule/${created.id}/ics`, { token: stranger.token });
    expect(res.status).toBe(404);
    expect(res.raw.toString()).not.toContain('Hearing');
    expect((await call(t.app, 'GET', `/v1/schedule/${created.id}/ics`)).status).toBe(401);
  });
});

describe('the private feed', () => {
  beforeEach(async () => {
    await t.reset();
    await setUpParties(t);
  });

  it('gives each user one URL with a 256-bit secret, made on the first request and kept after', async () => {
    const url = await feedUrl(lawyer);
    expect(url).toMatch(/^http:\/\/localhost:8080\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(lawyer)).toBe(url);
    const clientUrl = await feedUrl(client);
    expect(clientUrl).not.toBe(url);
    const first = await call(t.app, 'GET', '/v1/schedule/calendar-feed', { token: lawyer.token });
    expect(first.json?.message).toBe(CalendarMessages.feedUrl);
    expect((await call(t.app, 'GET', '/v1/schedule/calendar-feed')).status).toBe(401);
  });

  it('serves all my schedules without a login, showing titles and times but not descriptions or case titles', async () => {
    const hearing = await addSchedule();
    const advice = await addSchedule(
      { title: 'পরামর্শ সভা', type: 'LEGAL_ADVICE_SESSION', date: '2030-02-01', startTime: '16:00', endTime: '17:00' },
      client.token,
    );
    const elsewhere = await verifiedUser(t.app, t.mailDir);
    const other = await call(t.app, 'POST', '/v1/case/', {
      token: lawyer.token,
      body: { title: 'Gazipur lease', clientEmail: elsewhere.email, description: '' },
    });
    const otherCase = CaseSchema.parse(other.json?.data).caseId;
    const lease = await addSchedule({
      caseId: otherCase,
      title: 'Lease signing',
      type: 'CONTRACT_SIGNING',
      date: '2030-03-06',
    });

    const res = await call(t.app, 'GET', pathOf(await feedUrl(lawyer)));
    const calendar = calendarOf(res);
    expect(res.headers['content-disposition']).toContain('inline');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(unescapeText(prop(calendar, 'X-WR-CALNAME').value)).toBe('LegalConnect — Karim Uddin');
    expect(prop(calendar, 'REFRESH-INTERVAL')).toMatchObject({ params: { VALUE: 'DURATION' }, value: 'PT1H' });
    expect(prop(calendar, 'X-PUBLISHED-TTL').value).toBe('PT1H');
    const events = children(calendar, 'VEVENT');
    expect(events.map((e) => prop(e, 'UID').value)).toEqual(
      [advice, hearing, lease].map((s) => `schedule-${s.id}@localhost`),
    );
    expect(events.map((e) => unescapeText(prop(e, 'SUMMARY').value))).toEqual([
      'পরামর্শ সভা',
      'Hearing, court 3; bring ID',
      'Lease signing',
    ]);
    expect(unescapeText(prop(events[0] as IcsComponent, 'DESCRIPTION').value)).toBe(
      `Type: Legal advice session\nhttp://localhost:8080/case/${caseId}`,
    );
    const raw = res.raw.toString();
    expect(raw).not.toContain('original deed');
    expect(raw).not.toContain('Savar');
    expect(raw).not.toContain('Gazipur');

    const clientFeed = calendarOf(await call(t.app, 'GET', pathOf(await feedUrl(client))));
    expect(children(clientFeed, 'VEVENT').map((e) => prop(e, 'UID').value)).toEqual(
      [advice, hearing].map((s) => `schedule-${s.id}@localhost`),
    );
    const empty = calendarOf(await call(t.app, 'GET', pathOf(await feedUrl(stranger))));
    expect(children(empty, 'VEVENT')).toEqual([]);
  });

  it('includes my video meetings, in Dhaka time, linking to my meetings screen', async () => {
    const res = await call(t.app, 'POST', '/v1/videocalls/', {
      token: lawyer.token,
      body: {
        email: client.email,
        title: 'Video consultation',
        startDateTime: '2030-04-10T10:30:00+06:00',
        endDateTime: '2030-04-10T11:15:00+06:00',
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const meetingId = (res.json?.data as { id: string }).id;
    for (const [session, path, other] of [
      [lawyer, '/meetings', 'Nusrat Jahan'],
      [client, '/my-meetings', 'Karim Uddin'],
    ] as const) {
      const feed = calendarOf(await call(t.app, 'GET', pathOf(await feedUrl(session))));
      const event = children(feed, 'VEVENT').find((e) => prop(e, 'UID').value === `meeting-${meetingId}@localhost`);
      expect(event).toBeDefined();
      expect(prop(event as IcsComponent, 'DTSTART')).toMatchObject({
        params: { TZID: 'Asia/Dhaka' },
        value: '20300410T103000',
      });
      expect(prop(event as IcsComponent, 'DTEND').value).toBe('20300410T111500');
      expect(unescapeText(prop(event as IcsComponent, 'DESCRIPTION').value)).toBe(
        `Video meeting with ${other}\nhttp://localhost:8080${path}`,
      );
    }
    const strangerFeed = calendarOf(await call(t.app, 'GET', pathOf(await feedUrl(stranger))));
    expect(children(strangerFeed, 'VEVENT')).toEqual([]);
  });

  it('answers a conditional request with 304 until something changes', async () => {
    await addSchedule();
    const path = pathOf(await feedUrl(client));
    const first = await call(t.app, 'GET', path);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const same = await call(t.app, 'GET', path, { headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(same.raw.length).toBe(0);
    expect(same.headers.etag).toBe(etag);
    expect((await call(t.app, 'GET', path, { headers: { 'if-none-match': `W/${etag}, "other"` } })).status).toBe(304);

    await addSchedule({ title: 'Follow-up call', type: 'FOLLOW_UP_CALL' });
    const changed = await call(t.app, 'GET', path, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(children(calendarOf(changed), 'VEVENT')).toHaveLength(2);
  });

  it('rotating gives a new URL and the old one stops working at once', async () => {
    await addSchedule();
    const old = await feedUrl(lawyer);
    expect((await call(t.app, 'GET', pathOf(old))).status).toBe(200);
    const rotated = await call(t.app, 'POST', '/v1/schedule/calendar-feed/rotate', { token: lawyer.token });
    expect(rotated.status).toBe(200);
    expect(rotated.json?.message).toBe(CalendarMessages.feedRotated);
    const fresh = CalendarFeedSchema.parse(rotated.json?.data).url;
    expect(fresh).not.toBe(old);
    expect(await feedUrl(lawyer)).toBe(fresh);

    const dead = await call(t.app, 'GET', pathOf(old));
    expect(dead.status).toBe(404);
    expect(dead.json?.error?.message).toBe(ServerMessages.notFound);
    expect(dead.raw.toString()).not.toMatch(/Karim|Nusrat|Hearing|LegalConnect/);
    expect((await call(t.app, 'GET', pathOf(fresh))).status).toBe(200);
    // Rotating before ever asking makes the first URL too.
    const clientRotated = await call(t.app, 'POST', '/v1/schedule/calendar-feed/rotate', { token: client.token });
    expect(CalendarFeedSchema.parse(clientRotated.json?.data).url).toBe(await feedUrl(client));
  });

  it('answers unknown tokens with a bare 404, then 429 to an address that keeps guessing; real feeds still work', async () => {
    await addSchedule();
    const real = pathOf(await feedUrl(client));
    const guesses = ['A'.repeat(43), 'short', '../../etc/passwd', '%00'];
    for (const guess of guesses) {
      const res = await call(t.app, 'GET', `/v1/calendar/feed/${encodeURIComponent(guess)}.ics`);
      expect(res.status, guess).toBe(404);
      expect(res.json?.error?.message).toBe(ServerMessages.notFound);
      expect(res.json?.data).toBeUndefined();
    }
    // Longer than any token: refused before it is looked up (and not counted).
    expect((await call(t.app, 'GET', `/v1/calendar/feed/${'x'.repeat(300)}.ics`)).status).toBe(414);
    for (let i = guesses.length; i < FEED_LIMITS.missesPerAddress.max; i += 1) {
      expect((await call(t.app, 'GET', `/v1/calendar/feed/${'B'.repeat(42)}${i % 10}.ics`)).status).toBe(404);
    }
    const limited = await call(t.app, 'GET', `/v1/calendar/feed/${'C'.repeat(43)}.ics`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', real)).status).toBe(200);
  });

  it('limits how often one feed is fetched to far more than any calendar app asks', async () => {
    const path = pathOf(await feedUrl(client));
    for (let i = 0; i < FEED_LIMITS.perFeed.max; i += 1) expect((await call(t.app, 'GET', path)).status).toBe(200);
    const limited = await call(t.app, 'GET', path);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(FEED_LIMITS.perFeed.windowSeconds * 1000);
    expect((await call(t.app, 'GET', path)).status).toBe(200);
  });

  it('keeps the feed token and Google’s code out of the request logs', async () => {
    expect(redactCalendarSecrets('/v1/calendar/feed/abcDEF_-123.ics')).toBe('/v1/calendar/feed/[redacted].ics');
    expect(redactCalendarSecrets('/v1/schedule/oauth/callback?code=4/0Ab&state=ey')).toBe(
      '/v1/schedule/oauth/callback?[redacted]',
    );
    expect(redactCalendarSecrets('/v1/schedule/calendar-feed')).toBe('/v1/schedule/calendar-feed');

    const lines: string[] = [];
    const logged = await build(
      { ...t.config, logLevel: 'info' },
      {
        database: t.database,
        clock: t.clock,
        redisKeyPrefix: `lc:test:${randomUUID()}:`,
        logStream: { write: (line) => lines.push(line) },
      },
    );
    try {
      await logged.ready();
      const url = await feedUrl(client);
      const token = /feed\/([^.]+)\.ics$/.exec(url)?.[1] ?? '';
      expect((await call(logged, 'GET', pathOf(url))).status).toBe(200);
      expect((await call(logged, 'GET', '/v1/schedule/oauth/callback?code=SECRETCODE&state=SECRETSTATE')).status).toBe(
        503,
      );
      const log = lines.join('');
      expect(log).toContain('/v1/calendar/feed/[redacted].ics');
      expect(log).not.toContain(token);
      expect(log).not.toContain('SECRETCODE');
      expect(log).not.toContain('SECRETSTATE');
    } finally {
      await logged.close();
    }
  });
});

describe('Google Calendar, not configured', () => {
  beforeEach(async () => {
    await t.reset();
    await setUpParties(t);
  });

  it('authorize and the callback answer 503 with the contract text; status is false', async () => {
    for (const url of ['/v1/schedule/oauth/authorize']) {
      const res = await call(t.app, 'GET', url, { token: lawyer.token });
      expect(res.status).toBe(503);
      expect(res.json?.error?.message).toBe(CalendarMessages.googleNotConfigured);
    }
    const callback = await call(t.app, 'GET', '/v1/schedule/oauth/callback?code=x&state=y');
    expect(callback.status).toBe(503);
    expect(callback.json?.error?.message).toBe(CalendarMessages.googleNotConfigured);
    const status = await call(t.app, 'GET', '/v1/schedule/oauth/status', { token: client.token });
    expect(status.status).toBe(200);
    expect(status.json?.data).toBe(false);
    expect((await call(t.app, 'GET', '/v1/schedule/oauth/status')).status).toBe(401);
    // So the client shows only the feed link, not a "Connect Google Calendar" that leads nowhere.
    const available = await call(t.app, 'GET', '/v1/schedule/oauth/available', { token: client.token });
    expect(available.status).toBe(200);
    expect(available.json?.data).toBe(false);
  });
});

describe('Google Calendar, configured', () => {
  const google = new GoogleStandIn();
  let g: TestApp;

  beforeAll(async () => {
    g = await startTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'legalconnect-test.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'test-client-secret',
        PUBLIC_URL: 'https://legalconnect.example',
      },
      build: { googleOAuth: google },
    });
  });
  afterAll(async () => {
    await g.close();
  });
  beforeEach(async () => {
    await g.reset();
    google.exchanges.length = 0;
    google.answer = new GoogleStandIn().answer;
    await setUpParties(g);
  });

  /** Starts a consent as `session`: Google's URL, its parameters, and the cookie the browser keeps. */
  async function authorize(session: Session) {
    const res = await call(g.app, 'GET', '/v1/schedule/oauth/authorize', { token: session.token });
    expect(res.status).toBe(200);
    expect(res.json?.message).toBe(CalendarMessages.googleAuthorize);
    const url = new URL((res.json?.data as { url: string }).url);
    const cookie = String(res.headers['set-cookie']);
    const nonce = new RegExp(`^${GOOGLE_NONCE_COOKIE}=([^;]+);`).exec(cookie)?.[1] ?? '';
    return { url, params: url.searchParams, cookie, nonce, state: url.searchParams.get('state') ?? '' };
  }

  function callback(query: Record<string, string>, nonce: string | null) {
    return call(g.app, 'GET', `/v1/schedule/oauth/callback?${new URLSearchParams(query).toString()}`, {
      headers: nonce === null ? {} : { cookie: `theme=dark; ${GOOGLE_NONCE_COOKIE}=${nonce}` },
    });
  }

  const linked = async (session: Session) =>
    (await call(g.app, 'GET', '/v1/schedule/oauth/status', { token: session.token })).json?.data;

  it('sends the user to Google for offline calendar.events access with PKCE, then links on the way back', async () => {
    expect((await call(g.app, 'GET', '/v1/schedule/oauth/available', { token: client.token })).json?.data).toBe(true);
    expect(await linked(client)).toBe(false);
    const { url, params, cookie, nonce, state } = await authorize(client);
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(params)).toMatchObject({
      client_id: 'legalconnect-test.apps.googleusercontent.com',
      redirect_uri: 'https://legalconnect.example/v1/schedule/oauth/callback',
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/calendar.events',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    });
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toBe(
      `${GOOGLE_NONCE_COOKIE}=${nonce}; Path=/v1/schedule/oauth/callback; Max-Age=600; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(url.toString()).not.toContain('test-client-secret');

    const back = await callback({ code: '4/0AY0e-g7-code', state, scope: GOOGLE_CALENDAR_SCOPE }, nonce);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('https://legalconnect.example/dashboard/user?googleCalendar=linked');
    expect(String(back.headers['set-cookie'])).toContain(
      `${GOOGLE_NONCE_COOKIE}=; Path=/v1/schedule/oauth/callback; Max-Age=0`,
    );
    expect(google.exchanges).toHaveLength(1);
    const [exchange] = google.exchanges as [GoogleCodeExchange];
    expect(exchange).toMatchObject({
      code: '4/0AY0e-g7-code',
      clientId: 'legalconnect-test.apps.googleusercontent.com',
      clientSecret: 'test-client-secret',
      redirectUri: 'https://legalconnect.example/v1/schedule/oauth/callback',
    });
    // The verifier sent to Google is the one whose challenge went out with the consent URL.
    expect(createHash('sha256').update(exchange.codeVerifier).digest('base64url')).toBe(params.get('code_challenge'));

    expect(await linked(client)).toBe(true);
    expect(await linked(lawyer)).toBe(false);
    const [row] = await g.database.db
      .select()
      .from(googleCalendarLinks)
      .where(eq(googleCalendarLinks.userId, client.id));
    expect(row).toMatchObject({
      refreshToken: '1//refresh-token',
      accessToken: 'ya29.access-token',
      scope: GOOGLE_CALENDAR_SCOPE,
    });

    // A lawyer goes back to the lawyer dashboard.
    const asLawyer = await authorize(lawyer);
    const lawyerBack = await callback({ code: 'code-2', state: asLawyer.state }, asLawyer.nonce);
    expect(lawyerBack.headers.location).toBe('https://legalconnect.example/dashboard/lawyer?googleCalendar=linked');
    expect(await linked(lawyer)).toBe(true);
  });

  it('refuses an answer that is not bound to this browser and user: no cookie, another consent’s cookie, a forged or expired state', async () => {
    const victim = await authorize(client);
    const attacker = await authorize(stranger);
    const refusals: [Record<string, string>, string | null][] = [
      // The attacker's consent URL completed in the victim's browser: the victim has no such cookie…
      [{ code: 'c', state: attacker.state }, null],
      // …or a cookie of their own consent, which is not this one.
      [{ code: 'c', state: attacker.state }, victim.nonce],
      [{ code: 'c', state: victim.state }, attacker.nonce],
      [{ code: 'c', state: `${victim.state.slice(0, -4)}AAAA` }, victim.nonce],
      [{ code: 'c', state: 'not-a-state' }, victim.nonce],
      [{ code: 'c' }, victim.nonce],
    ];
    for (const [query, nonce] of refusals) {
      const res = await callback(query, nonce);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json?.error?.message).toBe(CalendarMessages.googleStateInvalid);
    }
    g.clock.advance(10 * 60_000 + 1000);
    const late = await callback({ code: 'c', state: victim.state }, victim.nonce);
    expect(late.status).toBe(400);
    expect(google.exchanges).toEqual([]);
    expect(await linked(client)).toBe(false);
    expect(await linked(stranger)).toBe(false);
  });

  it('goes back to the app saying "denied" or "failed" when the user refuses or Google does', async () => {
    const refused = await authorize(client);
    const denied = await callback({ error: 'access_denied', state: refused.state }, refused.nonce);
    expect(denied.status).toBe(302);
    expect(denied.headers.location).toBe('https://legalconnect.example/dashboard/user?googleCalendar=denied');
    expect(google.exchanges).toEqual([]);

    google.answer = () => {
      throw new GoogleOAuthError('token endpoint answered 400 (invalid_grant)');
    };
    const failing = await authorize(client);
    const failed = await callback({ code: 'used-code', state: failing.state }, failing.nonce);
    expect(failed.headers.location).toBe('https://legalconnect.example/dashboard/user?googleCalendar=failed');

    google.answer = () => ({
      refreshToken: null,
      accessToken: 'ya29.only-access',
      accessTokenExpiresAt: new Date('2030-01-01T01:00:00.000Z'),
      scope: GOOGLE_CALENDAR_SCOPE,
    });
    const noRefresh = await authorize(client);
    const withoutRefresh = await callback({ code: 'c', state: noRefresh.state }, noRefresh.nonce);
    expect(withoutRefresh.headers.location).toBe('https://legalconnect.example/dashboard/user?googleCalendar=failed');
    expect(await linked(client)).toBe(false);
  });
});

describe('the token exchange over HTTP', () => {
  let server: Server;
  let received: { body: URLSearchParams; contentType: string | undefined }[] = [];
  let reply: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      request.on('end', () => {
        received.push({ body: new URLSearchParams(text), contentType: request.headers['content-type'] });
        response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const clock = { now: () => new Date('2030-01-01T00:00:00.000Z') };
  const request: GoogleCodeExchange = {
    code: 'auth-code',
    codeVerifier: 'v'.repeat(43),
    redirectUri: 'https://legalconnect.example/v1/schedule/oauth/callback',
    clientId: 'id',
    clientSecret: 'secret',
  };
  const endpoint = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;

  it('posts the code as a form and reads Google’s tokens', async () => {
    received = [];
    reply = {
      status: 200,
      body: {
        access_token: 'ya29.a',
        expires_in: 3599,
        refresh_token: '1//r',
        scope: GOOGLE_CALENDAR_SCOPE,
        token_type: 'Bearer',
      },
    };
    const tokens = await new GoogleOAuthHttpClient(clock, { tokenUrl: endpoint() }).exchangeCode(request);
    expect(tokens).toEqual({
      refreshToken: '1//r',
      accessToken: 'ya29.a',
      accessTokenExpiresAt: new Date('2030-01-01T00:59:59.000Z'),
      scope: GOOGLE_CALENDAR_SCOPE,
    });
    const [sent] = received;
    expect(sent?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(sent?.body ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'auth-code',
      code_verifier: 'v'.repeat(43),
      redirect_uri: 'https://legalconnect.example/v1/schedule/oauth/callback',
      client_id: 'id',
      client_secret: 'secret',
    });
  });

  it('turns a refusal, an odd answer and an unreachable endpoint into GoogleOAuthError', async () => {
    reply = { status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } };
    const client = new GoogleOAuthHttpClient(clock, { tokenUrl: endpoint() });
    await expect(client.exchangeCode(request)).rejects.toThrow(/400 \(invalid_grant\)/);
    reply = { status: 200, body: { token_type: 'Bearer' } };
    await expect(client.exchangeCode(request)).rejects.toBeInstanceOf(GoogleOAuthError);
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const port = (closed.server.address() as AddressInfo).port;
    await closed.close();
    const unreachable = new GoogleOAuthHttpClient(clock, {
      tokenUrl: `http://127.0.0.1:${port}/token`,
      timeoutMs: 2000,
    });
    await expect(unreachable.exchangeCode(request)).rejects.toBeInstanceOf(GoogleOAuthError);
  });
});
