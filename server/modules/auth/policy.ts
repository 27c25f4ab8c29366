/**
 * Who may call a route: the `access` of its entry in contract/routes.ts against the signed-in actor.
 * The same check serves HTTP and, later, STOMP frames.
 */
import type { Role } from '../../../contract/auth';
import { ServerMessages } from '../../../contract/errors';
import type { Access } from '../../../contract/routes';
import { forbidden, type AppError } from '../../http/app-error';

export interface Actor {
  userId: string;
  sid: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
}

/** The error that denies `actor` this access, or null when allowed. */
export function accessDenial(actor: Actor, access: Access): AppError | null {
  if (access === 'public' || access === 'signedIn') return null;
  if (!actor.emailVerified) return forbidden(ServerMessages.emailNotVerified);
  if (access === 'verified') return null;
  return access.roles.includes(actor.role) ? null : forbidden(ServerMessages.accessDenied);
}
