/**
 * Cases and their notes (docs/api.md §4 Cases, Case assets → notes).
 *
 * An APPROVED lawyer opens a case for a client found by email (a USER: any other account, or none,
 * is "No client is found with this email address"); the lawyer edits it and moves its status, and
 * the client hears of the opening, of every edit and of every status change. Either party adds notes; a SHARED
 * note is announced to the other party, a PRIVATE one exists for its author alone.
 *
 * Everything is looked up "as the actor": a case the actor is not a party to, or a note they may not
 * see, is not found (404), so nobody learns that it exists. Only between the parties does a refusal
 * say so (403): the client editing the case, or a party changing the other's SHARED note.
 * Notifications are written in the transaction of the change and announced after commit.
 */
import {
  CaseMessages,
  type Case,
  type CaseListQuery,
  type CaseStatusBody,
  type CreateCaseBody,
  type CreateNoteBody,
  type Note,
  type NoteListQuery,
  type UpdateCaseBody,
  type UpdateNoteBody,
} from '../../../contract/cases';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { VersionedListCache, type ReadVersions } from '../../db/read-versions';
import { conflict, notFound } from '../../http/app-error';
import type { SuccessResult } from '../../http/envelope';
import { pageMetadata } from '../../http/paging';
import type { Actor } from '../auth/policy';
import type { LawyersRepository } from '../lawyers/repository';
import { assertApproved } from '../lawyers/policy';
import type { CreatedNotification, NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import { assertCaseLawyer, assertNoteOwner, caseLink, otherParty } from './policy';
import type { CasesRepository, CaseView, NoteRow } from './repository';

export interface CasesServiceDeps {
  db: Database;
  cases: CasesRepository;
  lawyers: LawyersRepository;
  notifications: NotificationsService;
  clock: Clock;
  readVersions: ReadVersions;
}

export class CasesService {
  /** The case lists users re-read, kept while their version stands (server/db/read-versions.ts). */
  private readonly lists: VersionedListCache<SuccessResult<{ cases: Case[] }>>;

  constructor(private readonly deps: CasesServiceDeps) {
    this.lists = new VersionedListCache(deps.readVersions, 'cases');
  }

  async create(actor: Actor, body: CreateCaseBody): Promise<Case> {
    const { db, cases, lawyers, notifications, clock } = this.deps;
    const { id, notification } = await db.transaction(async (tx) => {
      assertApproved(await lawyers.lockProfile(actor.userId, tx));
      const client = await cases.userByEmail(body.clientEmail, tx);
      if (!client || client.role !== 'USER') throw notFound(CaseMessages.clientNotFound);
      const row = await cases.create(
        {
          lawyerId: actor.userId,
          clientId: client.id,
          title: body.title,
          description: body.description,
          now: clock.now(),
        },
        tx,
      );
      const created = await notifications.notify(tx, {
        userId: client.id,
        type: 'CASE_CREATE',
        content: NotificationTexts.caseCreated(`${actor.firstName} ${actor.lastName}`, row.title),
        link: caseLink(row.id),
      });
      return { id: row.id, notification: created };
    });
    notifications.deliver(notification);
    return this.get(actor, id);
  }

  async list(actor: Actor, query: CaseListQuery): Promise<SuccessResult<{ cases: Case[] }>> {
    const key = `${query.status ?? ''}:${query.sortDirection}:${query.page}:${query.size}`;
    return this.lists.read(actor.userId, key, () => this.readList(actor, query));
  }

  private async readList(actor: Actor, query: CaseListQuery): Promise<SuccessResult<{ cases: Case[] }>> {
    const { rows, total } = await this.deps.cases.listForParty(actor.userId, { status: query.status }, query);
    return {
      data: { cases: rows.map(toCase) },
      metadata: pageMetadata({
        ...query,
        totalCount: total,
        sortField: 'createdAt',
        ...(query.status ? { appliedFilters: { status: query.status } } : {}),
      }),
    };
  }

  async get(actor: Actor, id: string, tx?: Executor): Promise<Case> {
    const view = await this.deps.cases.viewForParty(id, actor.userId, tx);
    if (!view) throw notFound(CaseMessages.caseNotFound);
    return toCase(view);
  }

  async update(actor: Actor, id: string, body: UpdateCaseBody): Promise<Case> {
    const { db, cases, notifications, clock } = this.deps;
    const { result, notification } = await db.transaction(async (tx) => {
      const row = await cases.lockForParty(id, actor.userId, tx);
      if (!row) throw notFound(CaseMessages.caseNotFound);
      assertCaseLawyer(actor, row);
      await cases.update(row.id, { title: body.title, description: body.description, now: clock.now() }, tx);
      const created = await notifications.notify(tx, {
        userId: row.clientId,
        type: 'CASE_CREATE',
        content: NotificationTexts.caseUpdated(`${actor.firstName} ${actor.lastName}`, body.title),
        link: caseLink(row.id),
      });
      return { result: await this.get(actor, row.id, tx), notification: created };
    });
    notifications.deliver(notification);
    return result;
  }

  async setStatus(actor: Actor, id: string, body: CaseStatusBody): Promise<Case> {
    const { db, cases, notifications, clock } = this.deps;
    const { result, notification } = await db.transaction(async (tx) => {
      const row = await cases.lockForParty(id, actor.userId, tx);
      if (!row) throw notFound(CaseMessages.caseNotFound);
      assertCaseLawyer(actor, row);
      if (row.status === body.status) throw conflict(CaseMessages.statusUnchanged);
      await cases.update(row.id, { status: body.status, now: clock.now() }, tx);
      const created = await notifications.notify(tx, {
        userId: row.clientId,
        type: 'CASE_CREATE',
        content: NotificationTexts.caseStatusChanged(row.title, body.status),
        link: caseLink(row.id),
      });
      return { result: await this.get(actor, row.id, tx), notification: created };
    });
    notifications.deliver(notification);
    return result;
  }

  async createNote(actor: Actor, body: CreateNoteBody): Promise<Note> {
    const { db, cases, notifications, clock } = this.deps;
    const { note, notification } = await db.transaction(async (tx) => {
      const row = await cases.findForParty(body.caseId, actor.userId, tx);
      if (!row) throw notFound(CaseMessages.caseNotFound);
      const stored = await cases.createNote(
        {
          caseId: row.id,
          ownerId: actor.userId,
          title: body.title,
          content: body.content,
          privacy: body.privacy,
          now: clock.now(),
        },
        tx,
      );
      let created: CreatedNotification | null = null;
      if (stored.privacy === 'SHARED') {
        created = await notifications.notify(tx, {
          userId: otherParty(row, actor.userId),
          type: 'NOTE_CREATE',
          content: NotificationTexts.noteShared(`${actor.firstName} ${actor.lastName}`, row.title, stored.title),
          link: caseLink(row.id),
        });
      }
      return { note: toNote(stored, row.title), notification: created };
    });
    notifications.deliver(notification);
    return note;
  }

  async getNote(actor: Actor, id: string): Promise<Note> {
    const view = await this.deps.cases.noteForParty(id, actor.userId);
    if (!view) throw notFound(CaseMessages.noteNotFound);
    return toNote(view.note, view.caseTitle);
  }

  async updateNote(actor: Actor, id: string, body: UpdateNoteBody): Promise<Note> {
    const { cases, clock } = this.deps;
    const view = await cases.noteForParty(id, actor.userId);
    if (!view) throw notFound(CaseMessages.noteNotFound);
    assertNoteOwner(actor, view.note);
    const row = await cases.updateNote(view.note.id, { ...body, now: clock.now() });
    return toNote(row, view.caseTitle);
  }

  async deleteNote(actor: Actor, id: string): Promise<true> {
    const { cases } = this.deps;
    const view = await cases.noteForParty(id, actor.userId);
    if (!view) throw notFound(CaseMessages.noteNotFound);
    assertNoteOwner(actor, view.note);
    await cases.deleteNote(view.note.id);
    return true;
  }

  async listNotes(actor: Actor, caseId: string, query: NoteListQuery): Promise<SuccessResult<{ notes: Note[] }>> {
    const { cases } = this.deps;
    const row = await cases.findForParty(caseId, actor.userId);
    if (!row) throw notFound(CaseMessages.caseNotFound);
    const { rows, total } = await cases.listNotes(row.id, actor.userId, query);
    return {
      data: { notes: rows.map((note) => toNote(note, row.title)) },
      metadata: pageMetadata({ ...query, totalCount: total, sortField: 'createdAt' }),
    };
  }
}

export function toCase(view: CaseView): Case {
  return {
    caseId: view.case.id,
    lawyer: view.lawyer,
    client: view.client,
    title: view.case.title,
    description: view.case.description,
    status: view.case.status,
    createdAt: view.case.createdAt.toISOString(),
    updatedAt: view.case.updatedAt.toISOString(),
  };
}

function toNote(row: NoteRow, caseTitle: string): Note {
  return {
    caseId: row.caseId,
    caseTitle,
    noteId: row.id,
    ownerId: row.ownerId,
    title: row.title,
    content: row.content,
    privacy: row.privacy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
