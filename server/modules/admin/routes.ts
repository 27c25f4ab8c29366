/** HTTP entry points of /v1/admin/*: the verification queue, lawyers by status, decisions, counts. */
import { LawyerMessages } from '../../../contract/lawyers';
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import type { AdminService } from './service';

export function registerAdminRoutes(route: AddRoute, admin: AdminService): void {
  route(routes.adminPendingLawyers, async ({ query }) => admin.pending(query));

  route(routes.adminLawyers, async ({ query }) => admin.lawyers(query.status ?? null, query));

  route(routes.adminApproveLawyer, async ({ params }) => ({
    data: await admin.approve(params.lawyerId),
    message: LawyerMessages.approved,
  }));

  route(routes.adminRejectLawyer, async ({ params, body }) => ({
    data: await admin.reject(params.lawyerId, body.reason),
    message: LawyerMessages.rejected,
  }));

  route(routes.adminStats, async () => ({ data: await admin.stats() }));
}
