import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/auth';
import { guardRedirect, isAiSessionId, type GuardSession } from './guards';
import { REDIRECTS, SCREENS } from './route-table';

const visitor: GuardSession = { isLoggedIn: false, role: null, emailVerified: false, endedBy: null };
const signedIn = (role: Role, emailVerified = true): GuardSession => ({
  isLoggedIn: true,
  role,
  emailVerified,
  endedBy: null,
});

describe('guardRedirect (docs/product.md §2 rules)', () => {
  it('sends a visitor to /login and remembers where they were going', () => {
    expect(guardRedirect({}, visitor)).toEqual({ to: '/login', rememberFrom: true });
    expect(guardRedirect({ verified: true, role: 'LAWYER' }, visitor)).toEqual({ to: '/login', rememberFrom: true });
  });

  it('sends someone who just signed out home instead of to /login', () => {
    expect(guardRedirect({}, { ...visitor, endedBy: 'logout' })).toEqual({ to: '/', rememberFrom: false });
  });

  it('after an expired session, asks to sign in again', () => {
    expect(guardRedirect({}, { ...visitor, endedBy: 'expired' })).toEqual({ to: '/login', rememberFrom: true });
  });

  it('sends an unverified user to /email-verification, remembering the target', () => {
    expect(guardRedirect({ verified: true }, signedIn('USER', false))).toEqual({
      to: '/email-verification',
      rememberFrom: true,
    });
  });

  it('lets an unverified user through where only login is required', () => {
    expect(guardRedirect({}, signedIn('USER', false))).toBeNull();
  });

  it('checks verification before role', () => {
    expect(guardRedirect({ verified: true, role: 'LAWYER' }, signedIn('USER', false))?.to).toBe('/email-verification');
  });

  it.each([
    ['USER', 'LAWYER', '/dashboard/user'],
    ['ADMIN', 'LAWYER', '/dashboard/admin'],
    ['LAWYER', 'USER', '/dashboard/lawyer'],
    ['ADMIN', 'USER', '/dashboard/admin'],
  ] as const)('sends a %s on a %s-only route to their own dashboard', (role, required, to) => {
    expect(guardRedirect({ verified: true, role: required }, signedIn(role))).toEqual({ to, rememberFrom: false });
  });

  it('lets the right role through', () => {
    expect(guardRedirect({ verified: true, role: 'LAWYER' }, signedIn('LAWYER'))).toBeNull();
  });

  it.each([
    ['USER', '/dashboard/user'],
    ['LAWYER', '/dashboard/lawyer'],
    ['ADMIN', '/dashboard/admin'],
  ] as const)('sends a verified %s away from email verification to %s', (role, to) => {
    expect(guardRedirect({ leaveWhenVerified: true }, signedIn(role))).toEqual({ to, rememberFrom: false });
  });

  it('sends a just-verified user on to where they were going', () => {
    expect(guardRedirect({ leaveWhenVerified: true }, signedIn('USER'), {}, '/cases')?.to).toBe('/cases');
  });

  it('keeps an unverified user on email verification', () => {
    expect(guardRedirect({ leaveWhenVerified: true }, signedIn('USER', false))).toBeNull();
  });

  it('sends a bad AI session id to /ai-chat and lets a good one through', () => {
    const rule = { verified: true, aiSessionParam: 'sessionId' };
    expect(guardRedirect(rule, signedIn('USER'), { sessionId: 'nope' })).toEqual({
      to: '/ai-chat',
      rememberFrom: false,
    });
    expect(guardRedirect(rule, signedIn('USER'), {})?.to).toBe('/ai-chat');
    expect(guardRedirect(rule, signedIn('USER'), { sessionId: 'session_1712345678_abc123' })).toBeNull();
  });
});

describe('isAiSessionId', () => {
  it.each([
    'a8098c1a-f86e-11da-bd1a-00112444be1e', // v1
    '000003e8-2363-21ef-b200-325096b39f47', // v2
    '6fa459ea-ee8a-3ca4-894e-db77e160355e', // v3
    '0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11', // v4
    '886313E1-3B8A-5372-9B90-0C9AEE199E5D', // v5, upper case
    'session_1_a',
    'session_1712345678901_AbC123xyz',
  ])('accepts %s', (id) => expect(isAiSessionId(id)).toBe(true));

  it.each([
    '',
    'session_',
    'session_123',
    'session_123_',
    'session_abc_123',
    'session_123_abc-def',
    'session_123_abc_def',
    'SESSION_123_abc',
    '0b6f0c52-6c0e-6b47-9c57-8d1a1c1f6d11', // v6
    '0b6f0c52-6c0e-0b47-9c57-8d1a1c1f6d11', // v0
    '0b6f0c52-6c0e-4b47-cc57-8d1a1c1f6d11', // wrong variant
    '0b6f0c526c0e4b479c578d1a1c1f6d11', // no dashes
    ' 0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11',
    '../etc/passwd',
  ])('refuses %j', (id) => expect(isAiSessionId(id)).toBe(false));
});

describe('route table', () => {
  /** docs/product.md §2, transcribed: path → [login, verified, role]. */
  const ROUTE_RULES: Record<string, [boolean, boolean, Role | null]> = {
    '/': [false, false, null],
    '/about': [false, false, null],
    '/services': [false, false, null],
    '/how-it-works': [false, false, null],
    '/contact': [false, false, null],
    '/register': [false, false, null],
    '/login': [false, false, null],
    '/forgot-password': [false, false, null],
    '/email-verification': [true, false, null],
    '/dashboard/user': [true, true, null],
    '/dashboard/lawyer': [true, true, null],
    '/dashboard/admin': [true, false, null],
    '/admin/lawyers': [true, false, null],
    '/lawyer/profile/create': [true, true, null],
    '/profile': [true, true, null],
    '/cases': [true, true, null],
    '/case/:id': [true, true, null],
    '/find-lawyer': [true, false, null],
    '/lawyers/:email/details': [true, false, null],
    '/chat': [true, true, null],
    '/chat/:id': [true, true, null],
    '/ai-chat': [true, true, null],
    '/ai-chat/:sessionId': [true, true, null],
    '/document-search': [true, true, null],
    '/chat-history': [true, true, null],
    '/meetings': [true, true, 'LAWYER'],
    '/lawyer/blogs': [true, true, 'LAWYER'],
    '/law-insights': [true, false, null],
    '/blog/:id': [true, false, null],
    '/my-meetings': [true, true, 'USER'],
    '/my-bookings': [true, true, 'USER'],
    '/payment/success': [true, true, null],
    // The sandbox provider's checkout page (docs/api.md §4 Payments), where Pay on a meeting leads.
    '/pay/checkout/:sessionId': [false, false, null],
    '/admin/feedback': [true, false, 'ADMIN'],
    '/admin/complaints': [true, false, 'ADMIN'],
    // The pending-lawyer verification screen (docs/product.md §2 names it without a path): lawyer-management's guard.
    '/admin/lawyers/:lawyerId': [true, false, null],
  };

  it('has exactly the routes of docs/product.md §2 (plus the two admin menu routes and the verification screen)', () => {
    expect(SCREENS.map((s) => s.path).sort()).toEqual(Object.keys(ROUTE_RULES).sort());
  });

  it.each(Object.entries(ROUTE_RULES))('%s has the guard of docs/product.md §2', (path, [login, verified, role]) => {
    const screen = SCREENS.find((s) => s.path === path);
    const guard = screen && 'guard' in screen ? screen.guard : undefined;
    expect(Boolean(guard)).toBe(login);
    expect(Boolean(guard && 'verified' in guard && guard.verified)).toBe(verified);
    expect((guard && 'role' in guard && guard.role) || null).toBe(role);
  });

  it('hides the footer exactly on the chat and AI screens and the checkout', () => {
    const hidden = SCREENS.filter((s) => 'hideFooter' in s && s.hideFooter).map((s) => s.name);
    expect(hidden.sort()).toEqual([
      'ai-chat',
      'ai-chat-session',
      'chat-conversation',
      'chat-history',
      'document-search',
      'sandbox-checkout',
    ]);
  });

  it('checks the AI session id on its route', () => {
    const screen = SCREENS.find((s) => s.name === 'ai-chat-session');
    expect(screen && 'guard' in screen && screen.guard).toMatchObject({ aiSessionParam: 'sessionId' });
  });

  it('maps the footer aliases', () => {
    expect(Object.fromEntries(REDIRECTS.map((r) => [r.path, r.to]))).toEqual({
      '/lawyers': '/find-lawyer',
      '/blog': '/law-insights',
      '/document-management': '/cases',
      '/scheduling': '/dashboard/user#calendar',
    });
  });
});
