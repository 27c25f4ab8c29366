/**
 * GET /v1/health: liveness plus database reachability, for load balancers and the CI smoke test.
 * A database answer from the last second stands for the next one, so a load balancer (or a load
 * test) polling health costs the database at most one round trip a second; `?deep=1` always asks.
 */
import { routes } from '../../../contract/routes';
import { pingDatabase, type Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AddRoute } from '../../http/route';
import { APP_VERSION } from '../../version';

/** How long a successful database round trip vouches for the database. */
const DATABASE_ANSWER_FRESH_MS = 1000;

export function registerSystemRoutes(route: AddRoute, db: Database): void {
  let lastUpAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | null = null;
  /** One round trip at a time; concurrent checks share it. */
  const ping = (): Promise<void> =>
    (pending ??= pingDatabase(db)
      .then(() => {
        lastUpAt = performance.now();
      })
      .finally(() => {
        pending = null;
      }));

  route(routes.health, async ({ request, query }) => {
    if (query.deep === '1' || performance.now() - lastUpAt > DATABASE_ANSWER_FRESH_MS) {
      try {
        await ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'Database unavailable');
      }
    }
    return { data: { status: 'UP' as const, database: 'UP' as const, version: APP_VERSION } };
  });
}
