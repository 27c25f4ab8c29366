/** HTTP entry points of /v1/lawyer-directory/*: the search and reviews. */
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import type { DirectoryService } from './service';

export function registerDirectoryRoutes(route: AddRoute, directory: DirectoryService): void {
  route(routes.findLawyers, async ({ body, query }) => directory.findLawyers(body, query));

  route(routes.lawyerReviews, async ({ actor, params, query }) => directory.listReviews(actor, params.userId, query));

  route(routes.reviewCreate, async ({ actor, body }) => ({ data: await directory.createReview(actor, body) }));

  route(routes.reviewUpdate, async ({ actor, params, body }) => ({
    data: await directory.updateReview(actor, params.id, body),
  }));

  route(routes.reviewDelete, async ({ actor, params }) => {
    await directory.deleteReview(actor, params.id);
    return { data: { id: params.id } };
  });

  route(routes.reviewByCase, async ({ actor, params, query }) => ({
    data: await directory.reviewOfCase(actor, params.caseId, query.orNull === '1'),
  }));
}
