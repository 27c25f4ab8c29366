/**
 * The rules of identity (docs/api.md §2, §4 Auth/User): registration, sign-in, codes, verification,
 * password reset and change, refresh rotation with reuse detection, logout, and the per-request
 * token → session check. Rate limits live here because they depend on the outcome (only failed
 * logins count).
 *
 * Two kinds of limit: per account (failed logins per email and address, code sends and checks per
 * email, from contract/constants.ts) and per client address across accounts (AUTH_IP_*: failed
 * logins, registrations, code requests and reset attempts), so one address cannot walk through
 * many accounts or mail many strangers. The address is Fastify's request.ip, which follows
 * TRUST_PROXY; the counters live in Redis when REDIS_URL is set, so instances share them.
 *
 * A code request does the same work whether or not the address has an account: it counts, queues a
 * `auth.send-code` job and answers. The job looks the address up and mails the code, after the
 * answer, so neither the answer nor its timing tells whether an account exists.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AuthResponse } from '../../../contract/auth';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  RATE_LIMITS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '../../../contract/constants';
import { ServerMessages } from '../../../contract/errors';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { OtpPurpose } from '../../db/schema';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../http/app-error';
import type { JobQueue } from '../../jobs/queue';
import type { AuthIpLimits } from '../../config';
import type { Mailer } from '../../mail/mailer';
import { codeMail } from '../../mail/templates';
import type { CounterStore } from '../../plugins/counters';
import { pictureUrl } from '../users/pictures';
import type { UserRow, UsersRepository } from '../users/repository';
import { hashPassword, passwordGate, verifyAgainstDummy, verifyPassword } from './passwords';
import type { Actor } from './policy';
import { LAST_SEEN_RESOLUTION_MS, type AuthRepository } from './repository';
import type { SessionEvents } from './session-events';
import { hashToken, newRefreshToken, type TokenService } from './tokens';

declare module '../../jobs/queue' {
  interface JobPayloads {
    'auth.send-code': SendCodeJob;
  }
}

export const SEND_CODE_JOB = 'auth.send-code';
const SendCodeJobSchema = z.object({ email: z.string().min(1) });
type SendCodeJob = z.infer<typeof SendCodeJobSchema>;

export interface AuthServiceDeps {
  db: Database;
  /** Where code requests go (see the top of this file). */
  jobs: JobQueue;
  /** Per-client-address limits (AUTH_IP_*). */
  ipLimits: AuthIpLimits;
  users: UsersRepository;
  auth: AuthRepository;
  tokens: TokenService;
  counters: CounterStore;
  mailer: Mailer;
  clock: Clock;
  events: SessionEvents;
  /** Keys the OTP hashes, so a leaked table cannot be brute-forced offline without it. */
  otpSecret: string;
  logger: FastifyBaseLogger;
  /**
   * How long a checked session may answer from memory (0: every request reads the database). Every
   * ending of a session and every change of a user is announced through `events` (on every instance:
   * the realtime bus carries them), which drops the entries at once, so logout stays immediate; the
   * time only bounds how long a lost bus message could leave one standing.
   */
  sessionCacheMs?: number;
}

/** Bound on remembered sessions; the oldest is forgotten first. */
const SESSION_CACHE_MAX = 10_000;

/** Who is asking, as far as sessions and rate limits care. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  language: 'en' | 'bn';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const keys = {
  failedLogin: (email: string, ip: string) => `login-fail:${email}:${ip}`,
  codeCooldown: (email: string) => `otp-cooldown:${email}`,
  codeSend: (email: string) => `otp-send:${email}`,
  codeCheck: (email: string) => `otp-check:${email}`,
  ipFailedLogin: (ip: string) => `ip-login-fail:${ip}`,
  ipRegister: (ip: string) => `ip-register:${ip}`,
  ipCodeSend: (ip: string) => `ip-code-send:${ip}`,
  ipReset: (ip: string) => `ip-reset:${ip}`,
};

export class AuthService {
  /** Checked access tokens → their actor, until `validUntilMs` (see AuthServiceDeps.sessionCacheMs). */
  private readonly checked = new Map<string, { actor: Actor; validUntilMs: number }>();
  /**
   * Counts what was forgotten: a check that read the database before a session ended (or its user
   * changed) and finishes after must not remember what it read.
   */
  private generation = 0;

  constructor(private readonly deps: AuthServiceDeps) {
    deps.events.onSessionRevoked((sid) => this.forget((actor) => actor.sid === sid));
    deps.events.onUserChanged((userId) => this.forget((actor) => actor.userId === userId));
    deps.events.onPeersUnheard(() => this.forget(() => true));
  }

  /** A user's name, role or verification changed: their checked sessions are dropped on every instance. */
  forgetUser(userId: string): void {
    this.deps.events.emitUserChanged(userId);
  }

  private forget(matches: (actor: Actor) => boolean): void {
    this.generation += 1;
    for (const [token, entry] of this.checked) if (matches(entry.actor)) this.checked.delete(token);
  }

  async register(
    input: {
      firstName: string;
      lastName: string;
      email: string;
      password: string;
      role: 'USER' | 'LAWYER';
      language?: 'en' | 'bn' | undefined;
    },
    client: ClientInfo,
  ): Promise<AuthResponse> {
    const { users, clock, ipLimits } = this.deps;
    await this.consumePerAddress(keys.ipRegister(client.ip), ipLimits.registrations);
    const user = await users.create({
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      // The interface language the person signed up in; else what their browser prefers.
      language: input.language ?? client.language,
      now: clock.now(),
    });
    if (!user) throw conflict(ServerMessages.userExists);
    const response = await this.startSession(user, client);
    // The first code counts towards the send limits, so "resend" right after sign-up waits too.
    await this.deps.counters.hit(keys.codeCooldown(user.email), OTP_RESEND_COOLDOWN_SECONDS);
    await this.deps.counters.hit(keys.codeSend(user.email), RATE_LIMITS.otpSend.windowSeconds);
    try {
      await this.issueCode(user, 'VERIFY_EMAIL');
    } catch (error) {
      // The account exists; the user can ask for another code once mail works again.
      this.deps.logger.error({ err: error, userId: user.id }, 'could not send the first verification code');
    }
    return response;
  }

  async login(input: { email: string; password: string }, client: ClientInfo): Promise<AuthResponse> {
    // Under a sign-in flood, refuse before any database work (passwords.ts explains the gate).
    passwordGate.refuseWhenFull();
    const failKey = keys.failedLogin(input.email, client.ip);
    const addressKey = keys.ipFailedLogin(client.ip);
    const { ipLimits } = this.deps;
    await this.refuseWhenLimited(addressKey, ipLimits.failedLogins, true);
    await this.refuseWhenLimited(failKey, RATE_LIMITS.failedLogin.max);
    const user = await this.deps.users.findByEmail(input.email);
    const ok = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!user || !ok) {
      await this.deps.counters.hit(failKey, RATE_LIMITS.failedLogin.windowSeconds);
      await this.deps.counters.hit(addressKey, ipLimits.windowSeconds);
      throw unauthorized(ServerMessages.invalidCredentials);
    }
    return this.startSession(user, client);
  }

  /**
   * Mails a code: RESET_PASSWORD for a verified account, VERIFY_EMAIL otherwise. Unknown emails get
   * the same answer, the same limits and the same work (a queued job; see the top of this file), so
   * the call cannot be used to probe for accounts.
   */
  async sendCode(email: string, client: ClientInfo): Promise<void> {
    await this.consumePerAddress(keys.ipCodeSend(client.ip), this.deps.ipLimits.codeSends);
    await this.consume(keys.codeCooldown(email), 1, OTP_RESEND_COOLDOWN_SECONDS, ServerMessages.otpCooldown);
    await this.consume(keys.codeSend(email), RATE_LIMITS.otpSend.max, RATE_LIMITS.otpSend.windowSeconds);
    await this.deps.jobs.enqueue(this.deps.db, { kind: SEND_CODE_JOB, payload: { email } });
  }

  /** The `auth.send-code` job: mails a code if the address has an account, else does nothing. */
  async sendRequestedCode(email: string): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    if (!user) return;
    await this.issueCode(user, user.emailVerified ? 'RESET_PASSWORD' : 'VERIFY_EMAIL');
  }

  async verifyEmail(input: { email: string; otp: string }, client: ClientInfo): Promise<AuthResponse> {
    await this.consume(keys.codeCheck(input.email), RATE_LIMITS.verify.max, RATE_LIMITS.verify.windowSeconds);
    const user = await this.deps.users.findByEmail(input.email);
    if (!user) throw badRequest(ServerMessages.invalidVerificationCode);
    if (user.emailVerified) throw badRequest(ServerMessages.emailAlreadyVerified);
    await this.consumeCode(user.email, 'VERIFY_EMAIL', input.otp, ServerMessages.invalidVerificationCode);
    const verified = await this.deps.users.markEmailVerified(user.id, this.deps.clock.now());
    this.forgetUser(user.id);
    if (!verified) throw badRequest(ServerMessages.invalidVerificationCode);
    return this.startSession(verified, client);
  }

  /**
   * Sets a new password with a mailed code and ends every session. An unverified account receives
   * VERIFY_EMAIL codes (see sendCode); such a code proves the mailbox just as well, so it is accepted
   * here and verifies the address too.
   */
  async resetPassword(input: { email: string; password: string; otp: string }, client: ClientInfo): Promise<void> {
    await this.consumePerAddress(keys.ipReset(client.ip), this.deps.ipLimits.resets);
    await this.consume(keys.codeCheck(input.email), RATE_LIMITS.verify.max, RATE_LIMITS.verify.windowSeconds);
    const { db, users, auth, clock, events } = this.deps;
    const user = await users.findByEmail(input.email);
    if (!user) throw badRequest(ServerMessages.otpInvalid);
    await this.consumeCode(
      user.email,
      user.emailVerified ? 'RESET_PASSWORD' : 'VERIFY_EMAIL',
      input.otp,
      ServerMessages.otpInvalid,
    );
    const passwordHash = await hashPassword(input.password);
    const now = clock.now();
    const revoked = await db.transaction(async (tx) => {
      await users.updatePassword(user.id, passwordHash, now, tx);
      if (!user.emailVerified) await users.markEmailVerified(user.id, now, tx);
      return auth.revokeUserSessions(user.id, now, null, tx);
    });
    this.forgetUser(user.id);
    events.emitRevoked(revoked);
  }

  /** Rotates a refresh token. A second use of a rotated token is taken as theft: the session ends. */
  async refresh(refreshToken: string): Promise<AuthResponse> {
    const { db, auth, clock, events } = this.deps;
    const found = await auth.findRefreshToken(hashToken(refreshToken));
    if (!found) throw unauthorized(ServerMessages.refreshInvalid);
    const { token, session, user } = found;
    const now = clock.now();
    if (token.rotatedAt) {
      if (await auth.revokeSession(session.id, now)) {
        this.deps.logger.warn({ sid: session.id, userId: user.id }, 'refresh token reused; session revoked');
        events.emitRevoked([session.id]);
      }
      throw unauthorized(ServerMessages.refreshInvalid);
    }
    if (session.revokedAt || token.expiresAt <= now) throw unauthorized(ServerMessages.refreshInvalid);
    const next = newRefreshToken();
    const rotated = await db.transaction(async (tx) => {
      if (!(await auth.markRefreshTokenRotated(token.id, now, tx))) return false;
      await auth.insertRefreshToken(
        { sessionId: session.id, tokenHash: hashToken(next), expiresAt: refreshExpiry(now), now },
        tx,
      );
      return true;
    });
    if (!rotated) {
      // Another request rotated the same token a moment ago: the same reuse, seen from the other side.
      if (await auth.revokeSession(session.id, now)) events.emitRevoked([session.id]);
      throw unauthorized(ServerMessages.refreshInvalid);
    }
    return this.authResponse(user, session.id, next);
  }

  /**
   * Bearer token → the live session's actor, with role and verification read fresh from the
   * database (or, with `sessionCacheMs`, remembered from a check at most that long ago and dropped
   * the moment the session ends or the user changes).
   */
  async authenticate(accessToken: string): Promise<Actor> {
    const nowMs = this.deps.clock.now().getTime();
    const remembered = this.checked.get(accessToken);
    if (remembered && remembered.validUntilMs > nowMs) return remembered.actor;

    const claims = await this.deps.tokens.verifyAccess(accessToken);
    if (!claims || !UUID.test(claims.sid)) throw unauthorized(ServerMessages.invalidToken);
    const generation = this.generation;
    const found = await this.deps.auth.findSessionWithUser(claims.sid);
    if (!found || found.session.revokedAt || found.user.id !== claims.userId) {
      throw unauthorized(ServerMessages.invalidToken);
    }
    const now = this.deps.clock.now();
    if (now.getTime() - found.session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await this.deps.auth.touchSession(found.session.id, now);
    }
    const { user } = found;
    const actor: Actor = {
      userId: user.id,
      sid: found.session.id,
      email: user.email,
      role: user.role,
      firstName: user.firstName,
      lastName: user.lastName,
      emailVerified: user.emailVerified,
    };
    if (this.deps.sessionCacheMs && generation === this.generation) {
      this.remember(accessToken, actor, Math.min(nowMs + this.deps.sessionCacheMs, claims.expiresAtMs));
    }
    return actor;
  }

  private remember(accessToken: string, actor: Actor, validUntilMs: number): void {
    this.checked.delete(accessToken);
    this.checked.set(accessToken, { actor, validUntilMs });
    if (this.checked.size > SESSION_CACHE_MAX) {
      const oldest = this.checked.keys().next().value;
      if (oldest !== undefined) this.checked.delete(oldest);
    }
  }

  async logout(actor: Actor): Promise<void> {
    if (await this.deps.auth.revokeSession(actor.sid, this.deps.clock.now())) this.deps.events.emitRevoked([actor.sid]);
  }

  /** Changes the password and ends the user's other sessions; this one stays signed in. */
  async changePassword(
    actor: Actor,
    input: { oldPassword: string; password: string },
    client: ClientInfo,
  ): Promise<void> {
    const { db, users, auth, clock, events, counters } = this.deps;
    // Wrong old passwords count like failed logins: a stolen token must not become a guessing oracle.
    const failKey = keys.failedLogin(actor.email, client.ip);
    await this.refuseWhenLimited(failKey, RATE_LIMITS.failedLogin.max);
    const user = await users.findById(actor.userId);
    if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
      await counters.hit(failKey, RATE_LIMITS.failedLogin.windowSeconds);
      throw badRequest(ServerMessages.oldPasswordIncorrect);
    }
    if (input.oldPassword === input.password) throw badRequest(ServerMessages.passwordSame);
    const passwordHash = await hashPassword(input.password);
    const now = clock.now();
    const revoked = await db.transaction(async (tx) => {
      await users.updatePassword(user.id, passwordHash, now, tx);
      return auth.revokeUserSessions(user.id, now, actor.sid, tx);
    });
    events.emitRevoked(revoked);
    // The account's updatedAt moved: what was read of it is stale.
    this.forgetUser(user.id);
  }

  /**
   * Re-checks the signed-in user's password before a grave step (account deletion). Wrong tries
   * count like failed logins, so a stolen token cannot be used to guess the password.
   */
  async confirmPassword(actor: Actor, password: string, client: ClientInfo, message: string): Promise<void> {
    const failKey = keys.failedLogin(actor.email, client.ip);
    await this.refuseWhenLimited(failKey, RATE_LIMITS.failedLogin.max);
    const user = await this.deps.users.findById(actor.userId);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      await this.deps.counters.hit(failKey, RATE_LIMITS.failedLogin.windowSeconds);
      throw badRequest(message);
    }
  }

  private async startSession(user: UserRow, client: ClientInfo): Promise<AuthResponse> {
    const { db, auth, clock } = this.deps;
    const now = clock.now();
    const refreshToken = newRefreshToken();
    const session = await db.transaction(async (tx) => {
      const created = await auth.createSession(
        { userId: user.id, userAgent: client.userAgent, ip: client.ip, now },
        tx,
      );
      await auth.insertRefreshToken(
        { sessionId: created.id, tokenHash: hashToken(refreshToken), expiresAt: refreshExpiry(now), now },
        tx,
      );
      return created;
    });
    return this.authResponse(user, session.id, refreshToken);
  }

  private async authResponse(user: UserRow, sid: string, refreshToken: string): Promise<AuthResponse> {
    const response: AuthResponse = {
      token: await this.deps.tokens.signAccess(user, sid),
      refreshToken,
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      language: user.language === 'bn' ? 'bn' : 'en',
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    };
    const picture = pictureUrl(user.profilePicture);
    if (picture) response.profilePicture = picture;
    return response;
  }

  private async issueCode(user: UserRow, purpose: OtpPurpose): Promise<void> {
    const code = randomInt(0, 10 ** OTP_LENGTH)
      .toString()
      .padStart(OTP_LENGTH, '0');
    const now = this.deps.clock.now();
    await this.deps.auth.putOtp({
      email: user.email,
      purpose,
      codeHash: this.codeHash(user.email, purpose, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      now,
    });
    const language = user.language === 'bn' ? 'bn' : 'en';
    await this.deps.mailer.send(codeMail(user.email, code, purpose, language));
  }

  /** Accepts the live code once; a wrong try counts, and the fifth wrong try voids the code. */
  private async consumeCode(email: string, purpose: OtpPurpose, code: string, message: string): Promise<void> {
    const { auth, clock } = this.deps;
    const row = await auth.findOtp(email, purpose);
    if (!row || row.expiresAt <= clock.now() || row.attempts >= OTP_MAX_ATTEMPTS) throw badRequest(message);
    const expected = Buffer.from(row.codeHash, 'hex');
    const actual = Buffer.from(this.codeHash(email, purpose, code), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      const attempts = await auth.addOtpAttempt(row.id);
      if (attempts >= OTP_MAX_ATTEMPTS) await auth.deleteOtp(row.id);
      throw badRequest(message);
    }
    if (!(await auth.deleteOtp(row.id))) throw badRequest(message);
  }

  private codeHash(email: string, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.deps.otpSecret).update(`${purpose}:${email}:${code}`).digest('hex');
  }

  private async refuseWhenLimited(key: string, max: number, perAddress = false): Promise<void> {
    const state = await this.deps.counters.peek(key);
    if (state && state.count >= max)
      throw perAddress ? addressLimited(state.resetInMs) : tooManyRequests(state.resetInMs / 1000);
  }

  /** Counts one attempt from a client address; past `max` in the window, 429 with Retry-After. */
  private async consumePerAddress(key: string, max: number): Promise<void> {
    const state = await this.deps.counters.hit(key, this.deps.ipLimits.windowSeconds);
    if (state.count > max) throw addressLimited(state.resetInMs);
  }

  private async consume(key: string, max: number, windowSeconds: number, message?: string): Promise<void> {
    const state = await this.deps.counters.hit(key, windowSeconds);
    if (state.count > max) throw tooManyRequests(state.resetInMs / 1000, message);
  }
}

/** 429 for a client address over its limit: Retry-After as a header and, in words, in the envelope. */
function addressLimited(resetInMs: number) {
  const error = tooManyRequests(resetInMs / 1000);
  return new AppError(429, error.message, {
    retryAfterSeconds: error.retryAfterSeconds,
    details: `Too many attempts from this address; retry after ${error.retryAfterSeconds ?? 1} s`,
  });
}

export function registerSendCodeJob(jobs: JobQueue, auth: AuthService): void {
  jobs.register(SEND_CODE_JOB, {
    schema: SendCodeJobSchema,
    // The person is waiting: a few quick retries, then they ask again.
    maxAttempts: 3,
    backoff: { baseMs: 5_000, maxMs: 30_000 },
    handle: (job) => auth.sendRequestedCode(job.email),
  });
}

function refreshExpiry(now: Date): Date {
  return new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
}
