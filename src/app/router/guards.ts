/**
 * The route guards of docs/product.md §2 as one pure decision, so every rule is testable without a browser.
 * Order matters and follows the list in docs/product.md §2: signed in → verified → role → route-specific checks.
 */
import type { Role } from '../../../contract/auth';
import { dashboardPath } from '../../lib/session/dashboard-path';
import type { SessionEnd } from '../../lib/session/session-slice';

export interface GuardRule {
  /** Needs a verified email (else → /email-verification). */
  verified?: boolean;
  /** Only this role (else → the user's own dashboard). */
  role?: Role;
  /** /email-verification: a verified user has nothing to do there (→ own dashboard). */
  leaveWhenVerified?: boolean;
  /** /ai-chat/:sessionId: the id must look like an AI session id (else → /ai-chat). */
  aiSessionParam?: string;
}

export interface GuardSession {
  isLoggedIn: boolean;
  role: Role | null;
  emailVerified: boolean;
  endedBy: SessionEnd | null;
}

export interface GuardRedirect {
  to: string;
  /** Send the requested address along, so login or verification can return there. */
  rememberFrom: boolean;
}

const UUID_V1_TO_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const SESSION_ID = /^session_\d+_[A-Za-z0-9]+$/;

export function isAiSessionId(id: string): boolean {
  return UUID_V1_TO_V5.test(id) || SESSION_ID.test(id);
}

/** Where a protected route sends this session instead, or null to let it through. */
export function guardRedirect(
  rule: GuardRule,
  session: GuardSession,
  params: Readonly<Record<string, string | undefined>> = {},
  /** Where the user was heading before an earlier redirect (history state), if anywhere. */
  from: string | null = null,
): GuardRedirect | null {
  if (!session.isLoggedIn || !session.role) {
    // Right after "Sign Out" the user is headed home, not asked to sign in again.
    return session.endedBy === 'logout' ? { to: '/', rememberFrom: false } : { to: '/login', rememberFrom: true };
  }
  if (rule.leaveWhenVerified && session.emailVerified) {
    return { to: from ?? dashboardPath(session.role), rememberFrom: false };
  }
  if (rule.verified && !session.emailVerified) return { to: '/email-verification', rememberFrom: true };
  if (rule.role && rule.role !== session.role) return { to: dashboardPath(session.role), rememberFrom: false };
  if (rule.aiSessionParam !== undefined && !isAiSessionId(params[rule.aiSessionParam] ?? '')) {
    return { to: '/ai-chat', rememberFrom: false };
  }
  return null;
}
