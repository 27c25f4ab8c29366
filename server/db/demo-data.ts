/**
 * Demo data for a first start (DEMO_DATA): an admin, clients and lawyers with Bangladeshi names,
 * all verified and sharing one password, so a newcomer can sign in as any role at once. Later
 * issues enrich the lawyers (profiles, cases, blogs). Writes go through the users repository.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../contract/auth';
import type { Clock } from '../clock';
import { hashPassword } from '../modules/auth/passwords';
import type { UsersRepository } from '../modules/users/repository';

/** Satisfies the password policy (upper, lower, digit, special, 8+). */
export const DEMO_PASSWORD = 'Demo@2026';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@legalconnect.test', firstName: 'Farhana', lastName: 'Rahman', role: 'ADMIN' },
  { email: 'client1@legalconnect.test', firstName: 'Tanvir', lastName: 'Hossain', role: 'USER' },
  { email: 'client2@legalconnect.test', firstName: 'Nusrat', lastName: 'Jahan', role: 'USER' },
  { email: 'client3@legalconnect.test', firstName: 'Rakib', lastName: 'Chowdhury', role: 'USER' },
  { email: 'lawyer1@legalconnect.test', firstName: 'Ayesha', lastName: 'Siddiqua', role: 'LAWYER' },
  { email: 'lawyer2@legalconnect.test', firstName: 'Mahmudul', lastName: 'Hasan', role: 'LAWYER' },
  { email: 'lawyer3@legalconnect.test', firstName: 'Shirin', lastName: 'Akter', role: 'LAWYER' },
  { email: 'lawyer4@legalconnect.test', firstName: 'Kamrul', lastName: 'Islam', role: 'LAWYER' },
  { email: 'lawyer5@legalconnect.test', firstName: 'Sabina', lastName: 'Yasmin', role: 'LAWYER' },
  { email: 'lawyer6@legalconnect.test', firstName: 'Arif', lastName: 'Mahmud', role: 'LAWYER' },
  { email: 'lawyer7@legalconnect.test', firstName: 'Rumana', lastName: 'Begum', role: 'LAWYER' },
  { email: 'lawyer8@legalconnect.test', firstName: 'Zahid', lastName: 'Kabir', role: 'LAWYER' },
];

/** Inserts the demo accounts that are missing; returns how many were created. */
export async function seedDemoData(users: UsersRepository, clock: Clock, logger: FastifyBaseLogger): Promise<number> {
  // One hash for all: argon2 is deliberately slow, and the password is public anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const row = await users.create({ ...account, passwordHash, emailVerified: true, now: clock.now() });
    if (row) created += 1;
  }
  if (created > 0) logger.info({ created }, 'demo accounts created');
  return created;
}

/** True when the demo admin exists, i.e. demo data was loaded into this database at some point. */
export async function hasDemoData(users: UsersRepository): Promise<boolean> {
  const first = DEMO_ACCOUNTS[0];
  return first !== undefined && (await users.findByEmail(first.email)) !== null;
}
