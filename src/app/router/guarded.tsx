/** Renders a protected screen, or redirects per `guardRedirect`, remembering the requested address. */
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { selectSession } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { fromState, type NavState } from '../../lib/nav-state';
import { guardRedirect, type GuardRule } from './guards';

export function Guarded({ rule, children }: { rule: GuardRule; children: ReactNode }) {
  const session = useSessionSelector(selectSession);
  const location = useLocation();
  const params = useParams();
  const remembered = fromState(location.state);
  const redirect = guardRedirect(
    rule,
    {
      isLoggedIn: Boolean(session.token && session.user),
      role: session.user?.role ?? null,
      emailVerified: session.user?.emailVerified ?? false,
      endedBy: session.endedBy,
    },
    params,
    remembered,
  );
  if (!redirect) return children;
  // Keep an address remembered earlier (login → unverified → verification → back to it).
  const from = remembered ?? `${location.pathname}${location.search}${location.hash}`;
  const state: NavState | undefined = redirect.rememberFrom ? { from } : undefined;
  return <Navigate to={redirect.to} replace state={state} />;
}
