/**
 * docs/product.md §2's route table, as data: name, path, guard, and whether the footer shows. router.tsx gives
 * each name its (lazy) screen; the tests read this table to prove every rule.
 */
import type { Role } from '../../../contract/auth';
import type { GuardRule } from './guards';

export interface ScreenDef {
  name: string;
  path: string;
  /** Absent: public. Present (even `{}`): signed in, plus the rule's extra conditions. */
  guard?: GuardRule;
  /** docs/product.md §2: no footer on the chat and AI screens, which need the whole height. */
  hideFooter?: boolean;
}

const signedIn: GuardRule = {};
const verified: GuardRule = { verified: true };

export const SCREENS = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'services', path: '/services' },
  { name: 'how-it-works', path: '/how-it-works' },
  { name: 'contact', path: '/contact' },
  { name: 'register', path: '/register' },
  { name: 'login', path: '/login' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'email-verification', path: '/email-verification', guard: { leaveWhenVerified: true } },
  { name: 'user-dashboard', path: '/dashboard/user', guard: verified },
  { name: 'lawyer-dashboard', path: '/dashboard/lawyer', guard: verified },
  { name: 'admin-dashboard', path: '/dashboard/admin', guard: signedIn },
  { name: 'lawyer-management', path: '/admin/lawyers', guard: signedIn },
  // docs/product.md §2's pending-lawyer verification screen (no path given): one lawyer under lawyer-management,
  // with the same guard; the screen itself tells a non-admin it is for administrators.
  { name: 'lawyer-verification', path: '/admin/lawyers/:lawyerId', guard: signedIn },
  { name: 'lawyer-profile-creation', path: '/lawyer/profile/create', guard: verified },
  { name: 'view-profile', path: '/profile', guard: verified },
  { name: 'cases', path: '/cases', guard: verified },
  { name: 'case-detail', path: '/case/:id', guard: verified },
  { name: 'find-lawyer', path: '/find-lawyer', guard: signedIn },
  { name: 'lawyer-details', path: '/lawyers/:email/details', guard: signedIn },
  { name: 'chat-inbox', path: '/chat', guard: verified },
  { name: 'chat-conversation', path: '/chat/:id', guard: verified, hideFooter: true },
  { name: 'ai-chat', path: '/ai-chat', guard: verified, hideFooter: true },
  {
    name: 'ai-chat-session',
    path: '/ai-chat/:sessionId',
    guard: { verified: true, aiSessionParam: 'sessionId' },
    hideFooter: true,
  },
  { name: 'document-search', path: '/document-search', guard: verified, hideFooter: true },
  { name: 'chat-history', path: '/chat-history', guard: verified, hideFooter: true },
  { name: 'meetings', path: '/meetings', guard: { verified: true, role: 'LAWYER' } },
  { name: 'lawyer-blogs', path: '/lawyer/blogs', guard: { verified: true, role: 'LAWYER' } },
  { name: 'law-insights', path: '/law-insights', guard: signedIn },
  { name: 'blog-detail', path: '/blog/:id', guard: signedIn },
  { name: 'client-meetings', path: '/my-meetings', guard: { verified: true, role: 'USER' } },
  { name: 'client-bookings', path: '/my-bookings', guard: { verified: true, role: 'USER' } },
  { name: 'payment-success', path: '/payment/success', guard: verified },
  // The sandbox payment provider's hosted checkout (contract/payments.ts), where "Pay" on a meeting
  // leads. No guard: as with a hosted checkout the unguessable session id is the key, so a payer
  // sent here by another client (not signed in to this app) can pay. No footer: a checkout page
  // should not offer a way off it besides its own Cancel.
  { name: 'sandbox-checkout', path: '/pay/checkout/:sessionId', hideFooter: true },
  // The admin menu's two links that docs/product.md §2 names without a route; admin-only.
  { name: 'admin-feedback', path: '/admin/feedback', guard: { role: 'ADMIN' } },
  { name: 'admin-complaints', path: '/admin/complaints', guard: { role: 'ADMIN' } },
] as const satisfies readonly ScreenDef[];

export type ScreenName = (typeof SCREENS)[number]['name'];

export interface RedirectDef {
  path: string;
  /** For a visitor (whom the target's guard then meets), and for a role `byRole` does not name. */
  to: string;
  /** A signed-in role's own target. */
  byRole?: Partial<Record<Role, string>>;
}

/** Footer links (docs/product.md §2) whose screen lives under another path; the target's guard then applies. */
export const REDIRECTS: readonly RedirectDef[] = [
  { path: '/lawyers', to: '/find-lawyer' },
  { path: '/blog', to: '/law-insights' },
  { path: '/document-management', to: '/cases' },
  // Each user's calendar is on their own dashboard; the admin's dashboard has none.
  {
    path: '/scheduling',
    to: '/dashboard/user#calendar',
    byRole: { LAWYER: '/dashboard/lawyer#calendar', ADMIN: '/dashboard/admin' },
  },
];
