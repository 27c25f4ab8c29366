/** Each role's home inside the app: where role mismatches and finished sign-ins land (docs/product.md §2). */
import type { Role } from '../../../contract/auth';

export const DASHBOARD_PATHS = {
  USER: '/dashboard/user',
  LAWYER: '/dashboard/lawyer',
  ADMIN: '/dashboard/admin',
} as const satisfies Record<Role, string>;

export function dashboardPath(role: Role): string {
  return DASHBOARD_PATHS[role];
}
