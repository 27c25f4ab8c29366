/** GET /v1/health: liveness plus a database round-trip, for load balancers and the CI smoke test. */
import { routes } from '../../../contract/routes';
import { pingDatabase, type Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AddRoute } from '../../http/route';
import { APP_VERSION } from '../../version';

export function registerSystemRoutes(route: AddRoute, db: Database): void {
  route(routes.health, async ({ request }) => {
    try {
      await pingDatabase(db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'Database unavailable');
    }
    return { data: { status: 'UP' as const, database: 'UP' as const, version: APP_VERSION } };
  });
}
