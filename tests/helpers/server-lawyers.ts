/**
 * Marketplace fixtures for server suites: an admin session, lawyers at any verification state
 * (through the real API or, for bulk, the same services the API calls), cases between parties, and
 * valid certificate files. Nothing here writes a profile, review or decision around the services.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AuthResponse, Role } from '../../contract/auth';
import type { CaseStatus } from '../../contract/enums';
import { LawyerProfileBodySchema, type LawyerInfo, type LawyerProfileBody } from '../../contract/lawyers';
import { certificatePdf } from '../../server/demo/demo-lawyers';
import { hashPassword } from '../../server/modules/auth/passwords';
import type { Actor } from '../../server/modules/auth/policy';
import type { CaseRow } from '../../server/modules/cases/repository';
import { UsersRepository } from '../../server/modules/users/repository';
import type { TestApp } from './server-app';
import { authData, call, STRONG_PASSWORD, uniqueEmail, verifiedUser } from './server-http';

export type Session = AuthResponse & { password: string };
export type LawyerState = 'NONE' | 'PENDING' | 'APPROVED' | 'REJECTED';

let sequence = 0;

/** A valid profile body; every call gets its own bar number. */
export function profileBody(overrides: Partial<LawyerProfileBody> = {}): LawyerProfileBody {
  sequence += 1;
  return {
    firm: 'Hossain & Associates',
    yearsOfExperience: 8,
    barCertificateNumber: `DHK-${Date.now().toString(36)}-${sequence}`,
    barAssociation: 'Dhaka Bar Association',
    practicingCourt: 'DISTRICT_COURT',
    division: 'DHAKA',
    district: 'DHAKA',
    bio: 'Civil and family matters, mediation first.',
    specializations: ['FAMILY_LAW', 'CIVIL_LAW'],
    languages: ['BN', 'EN'],
    hourlyCharge: 1500,
    ...overrides,
  };
}

/** The actor a service sees for a user (what the bearer token resolves to). */
export function actorOf(user: { id: string; email: string; role: Role; firstName: string; lastName: string }): Actor {
  return {
    userId: user.id,
    sid: randomUUID(),
    email: user.email,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: true,
  };
}

/** A signed-in, verified ADMIN (admins cannot register; they are made like ADMIN_EMAIL makes them). */
export async function adminSession(t: TestApp): Promise<Session> {
  const email = uniqueEmail('admin');
  await new UsersRepository(t.database.db).ensureAdmin(
    { email, passwordHash: await hashPassword(STRONG_PASSWORD), firstName: 'Farhana', lastName: 'Rahman' },
    t.clock.now(),
  );
  const login = await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: STRONG_PASSWORD } });
  return { ...authData(login), password: STRONG_PASSWORD };
}

/**
 * A signed-in LAWYER whose profile (created through POST /v1/lawyer/profile) is in `state`; the
 * decision is the admin service's.
 */
export async function lawyerSession(
  t: TestApp,
  options: { state?: LawyerState; profile?: Partial<LawyerProfileBody>; firstName?: string; lastName?: string } = {},
): Promise<{ session: Session; info: LawyerInfo | null }> {
  const session = await verifiedUser(t.app, t.mailDir, {
    role: 'LAWYER',
    ...(options.firstName ? { firstName: options.firstName } : {}),
    ...(options.lastName ? { lastName: options.lastName } : {}),
  });
  const state = options.state ?? 'APPROVED';
  if (state === 'NONE') return { session, info: null };
  const created = await call(t.app, 'POST', '/v1/lawyer/profile', {
    token: session.token,
    body: profileBody(options.profile),
  });
  if (created.status !== 201) throw new Error(`profile failed: ${created.status} ${JSON.stringify(created.json)}`);
  let info = created.json?.data as LawyerInfo;
  if (state !== 'PENDING') info = await decide(t, info.lawyerId ?? '', state);
  return { session, info };
}

export async function decide(t: TestApp, lawyerId: string, state: 'APPROVED' | 'REJECTED'): Promise<LawyerInfo> {
  const { admin } = t.app.services.marketplace;
  const decided = state === 'APPROVED' ? await admin.approve(lawyerId) : await admin.reject(lawyerId, 'Unreadable');
  return decided.lawyer;
}

/**
 * A lawyer made without HTTP (for suites that need many): a verified LAWYER account, a profile from
 * the lawyers service, the admin service's decision.
 */
export async function directLawyer(
  t: TestApp,
  options: {
    firstName?: string;
    lastName?: string;
    state?: Exclude<LawyerState, 'NONE'>;
    profile?: Partial<LawyerProfileBody>;
    language?: 'en' | 'bn';
  } = {},
): Promise<{ user: { id: string; email: string }; info: LawyerInfo }> {
  const users = new UsersRepository(t.database.db);
  const user = await users.create({
    email: uniqueEmail('lawyer'),
    passwordHash: 'not-a-login',
    firstName: options.firstName ?? 'Karim',
    lastName: options.lastName ?? 'Uddin',
    role: 'LAWYER',
    emailVerified: true,
    language: options.language ?? 'en',
    now: t.clock.now(),
  });
  if (!user) throw new Error('lawyer user not created');
  const { lawyers } = t.app.services.marketplace;
  let info = await lawyers.createProfile(actorOf(user), LawyerProfileBodySchema.parse(profileBody(options.profile)));
  const state = options.state ?? 'APPROVED';
  if (state !== 'PENDING') info = await decide(t, info.lawyerId ?? '', state);
  return { user, info };
}

/** A case between a lawyer and a client (issue 4 adds the case routes; the repository is theirs). */
export async function caseBetween(
  t: TestApp,
  lawyerId: string,
  clientId: string,
  status: CaseStatus = 'RESOLVED',
): Promise<CaseRow> {
  return t.app.services.marketplace.repositories.cases.create({
    lawyerId,
    clientId,
    title: 'Land dispute in Savar',
    description: 'Boundary of a family plot',
    status,
    now: t.clock.now(),
  });
}

/** A small valid PDF (the demo data's certificate builder). */
export function tinyPdf(): Buffer {
  return certificatePdf('Bar Council enrolment certificate');
}

export async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#0693e3' } })
    .png()
    .toBuffer();
}
