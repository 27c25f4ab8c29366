/**
 * Limits per client address across accounts (AUTH_IP_*): one address walking through many accounts
 * or mailing many strangers is answered 429 with Retry-After, in the envelope; the address is the one
 * TRUST_PROXY makes of the request. And a code request does the same work for a known and an unknown
 * address: the answer never waits for the mail.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../../contract/errors';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, registerUser, STRONG_PASSWORD, uniqueEmail, type CallResult } from '../../../tests/helpers/server-http';
import { mailFiles } from '../../../tests/helpers/server-mail';
import { createMailer, type Mailer, type MailMessage } from '../../mail/mailer';

const LIMITS = {
  AUTH_IP_MAX_FAILED_LOGINS: '5',
  AUTH_IP_MAX_REGISTRATIONS: '3',
  AUTH_IP_MAX_CODE_SENDS: '4',
  AUTH_IP_MAX_RESETS: '4',
  AUTH_IP_WINDOW_SECONDS: '600',
};

/** The real file mailer behind a gate the test can close: sends wait until it opens. */
class GatedMailer implements Mailer {
  held = false;
  waiting = 0;
  private release: (() => void) | null = null;
  private opened: Promise<void> = Promise.resolve();

  constructor(private readonly inner: Mailer) {}

  hold(): void {
    this.held = true;
    this.opened = new Promise((resolve) => (this.release = resolve));
  }

  open(): void {
    this.held = false;
    this.release?.();
  }

  async send(message: MailMessage): Promise<void> {
    if (this.held) {
      this.waiting += 1;
      await this.opened;
      this.waiting -= 1;
    }
    await this.inner.send(message);
  }

  close(): void {
    this.inner.close();
  }
}

let dataDir: string;
let mailer: GatedMailer;
let t: TestApp;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'legalconnect-address-limits-'));
  mailer = new GatedMailer(
    createMailer({
      smtpUrl: null,
      from: 'LegalConnect <no-reply@legalconnect.local>',
      mailDir: path.join(dataDir, 'mail'),
      logger: Fastify({ logger: false }).log,
    }),
  );
  t = await startTestApp({ dataDir, env: { ...LIMITS, TRUST_PROXY: 'true' }, build: { mailer } });
});
afterAll(async () => {
  mailer.open();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  mailer.open();
  await t.reset();
});

/** A request from `ip`, as the trusted proxy reports it. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

function expectAddressLimited(res: CallResult): void {
  expect(res.status).toBe(429);
  expect(res.json).toMatchObject({
    version: 'v1',
    status: 429,
    error: { code: 429, message: ServerMessages.rateLimited },
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  expect(res.json?.error?.details).toBe(`Too many attempts from this address; retry after ${retryAfter} s`);
}

describe('per-address limits across accounts', () => {
  it('stops wrong passwords for many accounts from one address, not from another address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await call(t.app, 'POST', '/v1/auth/login', {
        headers: from('203.0.113.7'),
        body: { email: `victim${i}@example.test`, password: 'Wr0ng!Password' },
      });
      statuses.push(res.status);
      if (res.status === 429) expectAddressLimited(res);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    // Another client is not held up by the first one's failures, and can sign in.
    const user = await registerUser(t.app, { password: STRONG_PASSWORD });
    const other = await call(t.app, 'POST', '/v1/auth/login', {
      headers: from('198.51.100.9'),
      body: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(other.status).toBe(200);

    // The window ends: the first address may try again.
    t.clock.advance(601_000);
    const later = await call(t.app, 'POST', '/v1/auth/login', {
      headers: from('203.0.113.7'),
      body: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(later.status).toBe(200);
  });

  it('limits registrations per address, and the refused one mails nobody', async () => {
    const emails = Array.from({ length: 5 }, () => uniqueEmail('signup'));
    const statuses: number[] = [];
    for (const email of emails) {
      const res = await call(t.app, 'POST', '/v1/auth/register', {
        headers: from('203.0.113.8'),
        body: { firstName: 'Rahim', lastName: 'Khan', email, password: STRONG_PASSWORD, role: 'USER' },
      });
      statuses.push(res.status);
      if (res.status === 429) expectAddressLimited(res);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(await mailFiles(t.mailDir, emails[3] ?? '')).toHaveLength(0);
    const elsewhere = await call(t.app, 'POST', '/v1/auth/register', {
      headers: from('198.51.100.10'),
      body: { firstName: 'Rahim', lastName: 'Khan', email: uniqueEmail(), password: STRONG_PASSWORD, role: 'USER' },
    });
    expect(elsewhere.status).toBe(201);
  });

  it('limits code requests for many addresses from one client, and mails only those answered 200', async () => {
    const emails = Array.from({ length: 6 }, () => uniqueEmail('stranger'));
    // Each signs up from their own address (registrations are limited per address too).
    for (const [i, email] of emails.entries()) {
      const res = await call(t.app, 'POST', '/v1/auth/register', {
        headers: from(`198.51.100.${20 + i}`),
        body: { firstName: 'Rahim', lastName: 'Khan', email, password: STRONG_PASSWORD, role: 'USER' },
      });
      expect(res.status).toBe(201);
    }
    t.clock.advance(61_000);
    const beforeMails = await Promise.all(emails.map((email) => mailFiles(t.mailDir, email)));
    const statuses: number[] = [];
    for (const email of emails) {
      const res = await call(t.app, 'POST', '/v1/auth/send-verification-code', {
        headers: from('203.0.113.9'),
        body: { email },
      });
      statuses.push(res.status);
      if (res.status === 429) expectAddressLimited(res);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    await t.app.services.jobRunner.runDue();
    const mailed = await Promise.all(
      emails.map(async (email, i) => (await mailFiles(t.mailDir, email)).length - (beforeMails[i]?.length ?? 0)),
    );
    expect(mailed).toEqual([1, 1, 1, 1, 0, 0]);
  });

  it('limits password-reset attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await call(t.app, 'POST', '/v1/auth/reset-password', {
        headers: from('203.0.113.10'),
        body: { email: `someone${i}@example.test`, password: STRONG_PASSWORD, otp: '123456' },
      });
      statuses.push(res.status);
      if (res.status === 429) expectAddressLimited(res);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });
});

describe('send-verification-code does the same work for known and unknown addresses', () => {
  it('answers before any mail is sent, for both; the code follows from the job', async () => {
    const user = await registerUser(t.app);
    t.clock.advance(61_000);
    const before = (await mailFiles(t.mailDir, user.email)).length;
    mailer.hold();
    // With the mail held, an answer that waited for it would never come: both answer at once.
    const known = await call(t.app, 'POST', '/v1/auth/send-verification-code', { body: { email: user.email } });
    const unknown = await call(t.app, 'POST', '/v1/auth/send-verification-code', {
      body: { email: 'nobody-here@example.test' },
    });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.json?.data).toEqual(unknown.json?.data);
    expect((await mailFiles(t.mailDir, user.email)).length).toBe(before);

    mailer.open();
    await t.app.services.jobRunner.runDue();
    await t.app.services.jobRunner.idle();
    expect((await mailFiles(t.mailDir, user.email)).length).toBe(before + 1);
    expect(await mailFiles(t.mailDir, 'nobody-here@example.test')).toHaveLength(0);
  });
});

describe('without TRUST_PROXY', () => {
  let direct: TestApp;
  beforeAll(async () => {
    direct = await startTestApp({ env: { ...LIMITS, AUTH_IP_MAX_FAILED_LOGINS: '2' } });
  });
  afterAll(async () => {
    await direct.close();
  });

  it('ignores X-Forwarded-For: changing it does not buy another attempt', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await call(direct.app, 'POST', '/v1/auth/login', {
        headers: from(`192.0.2.${i + 1}`),
        body: { email: `victim${i}@example.test`, password: 'Wr0ng!Password' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
  });
});
