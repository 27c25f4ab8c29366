/**
 * The data rights of the signed-in user (Bangladesh PDPO 2025; docs/decisions/0012-data-rights.md):
 * a copy of everything the service holds about them, and the deletion of their account, which ends
 * every session at once (tokens refused, sockets closed) the way logout does.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DATA_EXPORT_FORMAT, type DataExport, type DeleteAccountBody } from '../../../contract/data-rights';
import { ServerMessages } from '../../../contract/errors';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/app-error';
import type { FileStorage } from '../../storage/file-storage';
import type { Actor } from '../auth/policy';
import type { AuthRepository } from '../auth/repository';
import type { ClientInfo } from '../auth/service';
import type { SessionEvents } from '../auth/session-events';
import type { DataRightsRepository } from './data-rights-repository';

export interface DataRightsServiceDeps {
  db: Database;
  rights: DataRightsRepository;
  auth: AuthRepository;
  events: SessionEvents;
  storage: FileStorage;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Throws a 400 with `message` unless `password` is the actor's (AuthService.confirmPassword). */
  confirmPassword: (actor: Actor, password: string, client: ClientInfo, message: string) => Promise<void>;
  /** Told after the commit, so copies elsewhere (cached sessions, the directory cache) follow. */
  onDeleted?: (userId: string) => Promise<void> | void;
}

export class DataRightsService {
  constructor(private readonly deps: DataRightsServiceDeps) {}

  async exportData(actor: Actor): Promise<DataExport> {
    const rows = await this.deps.rights.exportRows(actor.userId);
    if (!rows) throw notFound();
    // Rows keep their Date objects: the route's one JSON.stringify writes them as ISO times.
    return { format: DATA_EXPORT_FORMAT, exportedAt: this.deps.clock.now().toISOString(), ...rows };
  }

  /**
   * Deletes the account after re-authentication; refused (409) while a payment of theirs is
   * pending or held. One transaction: sessions revoked, personal data deleted, the user row left
   * as an anonymous tombstone. Files and live connections follow after the commit.
   */
  async deleteAccount(actor: Actor, body: DeleteAccountBody, client: ClientInfo): Promise<void> {
    const { db, rights, auth, events, storage, clock, logger } = this.deps;
    await this.deps.confirmPassword(actor, body.password, client, ServerMessages.passwordIncorrect);
    const now = clock.now();
    const { keys, revoked } = await db.transaction(async (tx) => {
      const user = await rights.lockLiveUser(actor.userId, tx);
      if (!user) throw notFound();
      if ((await rights.openPaymentCount(actor.userId, tx)) > 0) {
        throw conflict(ServerMessages.accountDeletionPaymentsOpen);
      }
      const ended = await auth.revokeUserSessions(actor.userId, now, null, tx);
      const stored = await rights.eraseUser(actor.userId, user, now, tx);
      return { keys: stored, revoked: ended };
    });
    events.emitRevoked(revoked);
    await this.deps.onDeleted?.(actor.userId);
    for (const key of keys) {
      await storage.delete(key).catch((error: unknown) => {
        // The rows are gone, so nothing serves these bytes; a leftover file is logged for cleanup.
        logger.error({ err: error, key }, 'could not delete a file of a deleted account');
      });
    }
  }
}
