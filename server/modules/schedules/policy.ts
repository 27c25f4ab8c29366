/**
 * Who may do what to a schedule (docs/api.md §4 Schedules). Reads are already limited to the parties
 * of its case in SQL (anyone else gets 404); among the two parties, either adds and edits
 * schedules, but only the one who added a schedule deletes it: an edit is visible and announced,
 * a deletion cannot be undone.
 */
import { forbidden } from '../../http/app-error';
import type { Actor } from '../auth/policy';

export function assertScheduleCreator(actor: Actor, schedule: { createdById: string }): void {
  if (schedule.createdById !== actor.userId) throw forbidden();
}
