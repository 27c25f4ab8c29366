/**
 * The password-hashing gate (issue 11, login flood): at most `concurrency` hashes at once, a bounded
 * queue served in order, and past it an immediate 429 with Retry-After and the contract's message —
 * never a wrong-password answer (which would count towards the failed-login limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../../contract/errors';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, registerUser, STRONG_PASSWORD } from '../../../tests/helpers/server-http';
import { AppError } from '../../http/app-error';
import { HashGate, hashPassword, passwordGate, verifyPassword } from './passwords';

/** Work that finishes when the test says so, recording how many ran at once. */
function controlledWork(gate: HashGate) {
  const releases: (() => void)[] = [];
  let peak = 0;
  const started: number[] = [];
  const job = (id: number) => () => {
    started.push(id);
    peak = Math.max(peak, gate.running);
    return new Promise<number>((resolve) => releases.push(() => resolve(id)));
  };
  return { releases, started, job, peak: () => peak };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('HashGate', () => {
  it('runs at most `concurrency` at once, queues up to `maxWaiting` in order, and refuses the rest with 429', async () => {
    const gate = new HashGate(2, 3);
    const work = controlledWork(gate);
    const accepted = [1, 2, 3, 4, 5].map((id) => gate.run(work.job(id)));
    await flush();
    expect(work.started).toEqual([1, 2]);
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(3);

    const refused = await gate.run(work.job(6)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 429, message: ServerMessages.passwordCheckBusy });
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(() => gate.refuseWhenFull()).toThrow(ServerMessages.passwordCheckBusy);

    // Finishing one lets exactly the next waiter in.
    work.releases.shift()?.();
    await flush();
    expect(work.started).toEqual([1, 2, 3]);
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(2);

    while (work.started.length < 5 || work.releases.length) {
      work.releases.shift()?.();
      await flush();
    }
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4, 5]);
    expect(work.peak()).toBe(2);
    expect(gate.running).toBe(0);
    expect(gate.waiting).toBe(0);

    // Room again: a new caller is served.
    const again = gate.run(work.job(7));
    await flush();
    work.releases.shift()?.();
    expect(await again).toBe(7);
  });

  it('frees the slot when the work fails', async () => {
    const gate = new HashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('argon2 broke')))).rejects.toThrow('argon2 broke');
    expect(gate.running).toBe(0);
    expect(await gate.run(() => Promise.resolve('ok'))).toBe('ok');
  });
});

describe('the password gate', () => {
  it('puts real argon2 hashing and verification through the bounded gate', async () => {
    const calls = Array.from({ length: passwordGate.concurrency + 2 }, (_, i) => hashPassword(`Passw0rd!${i}`));
    expect(passwordGate.running).toBe(passwordGate.concurrency);
    expect(passwordGate.waiting).toBe(2);
    const hashes = await Promise.all(calls);
    expect(passwordGate.running).toBe(0);
    expect(await verifyPassword(hashes[0] ?? '', 'Passw0rd!0')).toBe(true);
    expect(await verifyPassword(hashes[0] ?? '', 'Passw0rd!1')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Passw0rd!0')).toBe(false);
  });
});

describe('sign-in while the gate is full', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with Retry-After and the contract message, counts no failed login, and signs in once there is room', async () => {
    const { email } = await registerUser(t.app);
    // Occupy every slot and every place in the queue with work that ends when the test says so.
    const releases: (() => void)[] = [];
    const holders = Array.from({ length: passwordGate.concurrency + passwordGate.maxWaiting }, () =>
      passwordGate.run(() => new Promise<void>((resolve) => releases.push(resolve))),
    );
    for (let i = 0; i < 6; i++) {
      const busy = await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: STRONG_PASSWORD } });
      expect(busy.status).toBe(429);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(busy.json?.error?.message).toBe(ServerMessages.passwordCheckBusy);
    }
    // Let them finish one by one (a waiter starts only when a slot frees).
    for (let done = 0; done < holders.length; done++) {
      while (!releases.length) await new Promise<void>((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    await Promise.all(holders);
    // Six refusals did not count as failed logins (the limit is five): the right password works.
    const ok = await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: STRONG_PASSWORD } });
    expect(ok.status).toBe(200);
  });
});
