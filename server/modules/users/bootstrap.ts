/**
 * The first ADMIN (docs/api.md §2): created from ADMIN_EMAIL/ADMIN_PASSWORD at start. Idempotent: an
 * existing account is made a verified ADMIN but keeps its password, so a password changed in the
 * app is not reset by the next restart.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { hashPassword } from '../auth/passwords';
import type { UsersRepository } from './repository';

export async function bootstrapAdmin(
  admin: { email: string; password: string },
  users: UsersRepository,
  clock: Clock,
  logger: FastifyBaseLogger,
): Promise<void> {
  const outcome = await users.ensureAdmin(
    {
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      firstName: 'Admin',
      lastName: 'LegalConnect',
    },
    clock.now(),
  );
  if (outcome !== 'unchanged') logger.info({ email: admin.email, outcome }, 'admin account from ADMIN_EMAIL');
}
