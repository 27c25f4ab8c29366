/**
 * The header's links per visitor and role, in the order of docs/product.md §2, plus the meetings
 * and (for lawyers) their own posts, which the first users could not find from the menu.
 */
import type { Role } from '../../../contract/auth';
import type { HeaderMessageKey } from './header-messages';

export interface NavItem {
  label: HeaderMessageKey;
  to: string;
}

const VISITOR: readonly NavItem[] = [
  { label: 'navHome', to: '/' },
  { label: 'navServices', to: '/services' },
  { label: 'navHowItWorks', to: '/how-it-works' },
  { label: 'navAbout', to: '/about' },
  { label: 'navContact', to: '/contact' },
  { label: 'navSignIn', to: '/login' },
  { label: 'navSignUp', to: '/register' },
];

const BY_ROLE: Record<Role, readonly NavItem[]> = {
  USER: [
    { label: 'navDashboard', to: '/dashboard/user' },
    { label: 'navMyCases', to: '/cases' },
    { label: 'navFindLawyers', to: '/find-lawyer' },
    { label: 'navMyMeetings', to: '/my-meetings' },
    { label: 'navMyBookings', to: '/my-bookings' },
    { label: 'navLawInsights', to: '/law-insights' },
    { label: 'navLegalChat', to: '/ai-chat' },
    { label: 'navProfile', to: '/profile' },
  ],
  LAWYER: [
    { label: 'navDashboard', to: '/dashboard/lawyer' },
    { label: 'navClientCases', to: '/cases' },
    { label: 'navMeetings', to: '/meetings' },
    { label: 'navMyPosts', to: '/lawyer/blogs' },
    { label: 'navLawInsights', to: '/law-insights' },
    { label: 'navAiAssistant', to: '/ai-chat' },
    { label: 'navProfile', to: '/profile' },
  ],
  ADMIN: [
    { label: 'navAdminDashboard', to: '/dashboard/admin' },
    { label: 'navManageLawyers', to: '/admin/lawyers' },
    { label: 'navFeedback', to: '/admin/feedback' },
    { label: 'navComplaints', to: '/admin/complaints' },
  ],
};

export function navItemsFor(role: Role | null): readonly NavItem[] {
  return role ? BY_ROLE[role] : VISITOR;
}
