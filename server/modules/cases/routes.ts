/** HTTP entry points of /v1/case and /v1/case-assets/notes (docs/api.md §4 Cases, Case assets). */
import { CaseMessages } from '../../../contract/cases';
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import type { CasesService } from './service';

export function registerCaseRoutes(route: AddRoute, cases: CasesService): void {
  route(routes.caseCreate, async ({ actor, body }) => ({
    data: await cases.create(actor, body),
    message: CaseMessages.caseCreated,
  }));
  route(routes.caseList, async ({ actor, query }) => cases.list(actor, query));
  route(routes.caseGet, async ({ actor, params }) => ({ data: await cases.get(actor, params.id) }));
  route(routes.caseUpdate, async ({ actor, params, body }) => ({
    data: await cases.update(actor, params.id, body),
    message: CaseMessages.caseUpdated,
  }));
  route(routes.caseStatus, async ({ actor, params, body }) => ({
    data: await cases.setStatus(actor, params.id, body),
    message: CaseMessages.statusUpdated,
  }));

  route(routes.noteCreate, async ({ actor, body }) => ({
    data: await cases.createNote(actor, body),
    message: CaseMessages.noteCreated,
  }));
  route(routes.noteGet, async ({ actor, params }) => ({ data: await cases.getNote(actor, params.id) }));
  route(routes.noteUpdate, async ({ actor, params, body }) => ({
    data: await cases.updateNote(actor, params.id, body),
    message: CaseMessages.noteUpdated,
  }));
  route(routes.noteDelete, async ({ actor, params }) => ({
    data: await cases.deleteNote(actor, params.id),
    message: CaseMessages.noteDeleted,
  }));
  route(routes.caseNotes, async ({ actor, params, query }) => cases.listNotes(actor, params.caseId, query));
}
