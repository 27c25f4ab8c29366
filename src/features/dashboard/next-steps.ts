/**
 * The "what you can do next" cards of each dashboard, in the order a new user needs them. A lawyer's
 * profile steps depend on its verification state, so the lawyer panel shows those instead.
 */
import type { Role } from '../../../contract/auth';
import type { DashboardMessageKey } from './dashboard-messages';

type CardKey =
  Extract<DashboardMessageKey, `card.${string}`> extends infer K
    ? K extends `card.${infer Name}.body`
      ? Name
      : never
    : never;

export interface NextStep {
  card: CardKey;
  to: string;
}

export const NEXT_STEPS: Record<Role, readonly NextStep[]> = {
  USER: [
    { card: 'findLawyer', to: '/find-lawyer' },
    { card: 'myCases', to: '/cases' },
    { card: 'aiChat', to: '/ai-chat' },
    { card: 'myMeetings', to: '/my-meetings' },
    { card: 'lawInsights', to: '/law-insights' },
  ],
  LAWYER: [
    { card: 'clientCases', to: '/cases' },
    { card: 'meetings', to: '/meetings' },
    { card: 'lawyerBlogs', to: '/lawyer/blogs' },
    { card: 'aiChat', to: '/ai-chat' },
  ],
  ADMIN: [
    { card: 'manageLawyers', to: '/admin/lawyers' },
    { card: 'feedback', to: '/admin/feedback' },
    { card: 'complaints', to: '/admin/complaints' },
  ],
};
