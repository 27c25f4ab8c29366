/**
 * Feedback and complaints [new]: anyone signed in sends feedback; a client complains about a
 * lawyer, optionally naming a case they share; the admin answers, and the sender hears the outcome
 * in-app and by mail.
 */
import type { z } from 'zod';
import {
  FeedbackMessages,
  type Complaint,
  type ComplaintBodySchema,
  type ComplaintListQuerySchema,
  type ComplaintStatus,
  type Feedback,
  type FeedbackBodySchema,
  type FeedbackListQuerySchema,
  type UpdateComplaintBodySchema,
  type UpdateFeedbackBodySchema,
} from '../../../contract/feedback';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../http/app-error';
import type { SuccessResult } from '../../http/envelope';
import { pageMetadata } from '../../http/paging';
import type { Actor } from '../auth/policy';
import type { CasesRepository } from '../cases/repository';
import type { LawyersRepository } from '../lawyers/repository';
import type { NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import type { ComplaintWithParties, FeedbackRepository, FeedbackWithSender } from './repository';

export type FeedbackInput = z.output<typeof FeedbackBodySchema>;
export type FeedbackListQuery = z.output<typeof FeedbackListQuerySchema>;
export type ComplaintInput = z.output<typeof ComplaintBodySchema>;
export type ComplaintListQuery = z.output<typeof ComplaintListQuerySchema>;
export type UpdateFeedbackInput = z.output<typeof UpdateFeedbackBodySchema>;
export type UpdateComplaintInput = z.output<typeof UpdateComplaintBodySchema>;

/** A complaint with one of these outcomes is closed (resolvedAt set). */
const CLOSED: ReadonlySet<ComplaintStatus> = new Set(['RESOLVED', 'DISMISSED']);

export interface FeedbackServiceDeps {
  db: Database;
  feedback: FeedbackRepository;
  lawyers: LawyersRepository;
  cases: CasesRepository;
  notifications: NotificationsService;
  clock: Clock;
}

export class FeedbackService {
  constructor(private readonly deps: FeedbackServiceDeps) {}

  async sendFeedback(actor: Actor, body: FeedbackInput): Promise<Feedback> {
    const row = await this.deps.feedback.insertFeedback({
      senderId: actor.userId,
      category: body.category,
      message: body.message,
      pagePath: body.pagePath ?? null,
      now: this.deps.clock.now(),
    });
    return toFeedback({ feedback: row, sender: partyOfActor(actor) });
  }

  /** The admin's list (all senders) or mine (`senderId`). */
  async listFeedback(query: FeedbackListQuery, senderId?: string): Promise<SuccessResult<{ feedback: Feedback[] }>> {
    const { rows, total } = await this.deps.feedback.listFeedback({ senderId, status: query.status }, query);
    return {
      data: { feedback: rows.map(toFeedback) },
      metadata: pageMetadata({
        ...query,
        totalCount: total,
        sortDirection: query.sortDirection,
        sortField: 'createdAt',
        appliedFilters: query.status ? { status: query.status } : {},
      }),
    };
  }

  async answerFeedback(id: string, body: UpdateFeedbackInput): Promise<Feedback> {
    const { db, feedback, notifications, clock } = this.deps;
    const created = await db.transaction(async (tx) => {
      const current = await feedback.lockFeedback(id, tx);
      if (!current) throw notFound(FeedbackMessages.feedbackNotFound);
      const response = body.response === undefined ? current.response : body.response || null;
      if (current.status === body.status && current.response === response) return null;
      const now = clock.now();
      await feedback.updateFeedback(
        id,
        {
          status: body.status,
          response,
          resolvedAt: body.status === 'RESOLVED' ? (current.resolvedAt ?? now) : null,
          updatedAt: now,
        },
        tx,
      );
      return notifications.notify(tx, {
        userId: current.senderId,
        type: 'ACCOUNT',
        content: NotificationTexts.feedbackAnswered(body.status, response),
      });
    });
    notifications.deliver(created);
    const updated = await feedback.findFeedback(id);
    if (!updated) throw notFound(FeedbackMessages.feedbackNotFound);
    return toFeedback(updated);
  }

  /**
   * A client's complaint. The lawyer must be a LAWYER account (else 404, as for any unknown user);
   * a named case must be one between this client and that lawyer (else 400).
   */
  async fileComplaint(actor: Actor, body: ComplaintInput): Promise<Complaint> {
    const { feedback, lawyers, cases, clock } = this.deps;
    const lawyer = await lawyers.findByUserId(body.lawyerId);
    if (!lawyer || lawyer.user.role !== 'LAWYER') throw notFound(FeedbackMessages.complaintLawyerNotFound);
    let caseTitle: string | null = null;
    if (body.caseId) {
      const kase = await cases.findForParty(body.caseId, actor.userId);
      if (!kase || kase.clientId !== actor.userId || kase.lawyerId !== body.lawyerId) {
        throw badRequest(FeedbackMessages.complaintCaseMismatch);
      }
      caseTitle = kase.title;
    }
    const row = await feedback.insertComplaint({
      complainantId: actor.userId,
      lawyerId: body.lawyerId,
      caseId: body.caseId ?? null,
      category: body.category,
      description: body.description,
      now: clock.now(),
    });
    return toComplaint({
      complaint: row,
      complainant: partyOfActor(actor),
      lawyer: {
        id: lawyer.user.id,
        firstName: lawyer.user.firstName,
        lastName: lawyer.user.lastName,
        email: lawyer.user.email,
      },
      caseTitle,
    });
  }

  /** The admin's list (everyone's) or mine (`complainantId`). */
  async listComplaints(
    query: ComplaintListQuery,
    complainantId?: string,
  ): Promise<SuccessResult<{ complaints: Complaint[] }>> {
    const { rows, total } = await this.deps.feedback.listComplaints({ complainantId, status: query.status }, query);
    return {
      data: { complaints: rows.map(toComplaint) },
      metadata: pageMetadata({
        ...query,
        totalCount: total,
        sortDirection: query.sortDirection,
        sortField: 'createdAt',
        appliedFilters: query.status ? { status: query.status } : {},
      }),
    };
  }

  async answerComplaint(id: string, body: UpdateComplaintInput): Promise<Complaint> {
    const { db, feedback, notifications, clock } = this.deps;
    const created = await db.transaction(async (tx) => {
      const current = await feedback.lockComplaint(id, tx);
      if (!current) throw notFound(FeedbackMessages.complaintNotFound);
      const response = body.response === undefined ? current.response : body.response || null;
      if (current.status === body.status && current.response === response) return null;
      const now = clock.now();
      await feedback.updateComplaint(
        id,
        {
          status: body.status,
          response,
          resolvedAt: CLOSED.has(body.status) ? (current.resolvedAt ?? now) : null,
          updatedAt: now,
        },
        tx,
      );
      const parties = await feedback.findComplaint(id, tx);
      const lawyerName = parties ? `${parties.lawyer.firstName} ${parties.lawyer.lastName}` : '';
      return notifications.notify(tx, {
        userId: current.complainantId,
        type: 'ACCOUNT',
        content: NotificationTexts.complaintUpdated(lawyerName, body.status, response),
      });
    });
    notifications.deliver(created);
    const updated = await feedback.findComplaint(id);
    if (!updated) throw notFound(FeedbackMessages.complaintNotFound);
    return toComplaint(updated);
  }
}

function partyOfActor(actor: Actor) {
  return { id: actor.userId, firstName: actor.firstName, lastName: actor.lastName, email: actor.email };
}

function toFeedback({ feedback, sender }: FeedbackWithSender): Feedback {
  return {
    id: feedback.id,
    sender,
    category: feedback.category,
    message: feedback.message,
    pagePath: feedback.pagePath,
    status: feedback.status,
    response: feedback.response,
    createdAt: feedback.createdAt.toISOString(),
    updatedAt: feedback.updatedAt.toISOString(),
    resolvedAt: feedback.resolvedAt?.toISOString() ?? null,
  };
}

function toComplaint({ complaint, complainant, lawyer, caseTitle }: ComplaintWithParties): Complaint {
  return {
    id: complaint.id,
    complainant,
    lawyer,
    caseId: complaint.caseId,
    caseTitle,
    category: complaint.category,
    description: complaint.description,
    status: complaint.status,
    response: complaint.response,
    createdAt: complaint.createdAt.toISOString(),
    updatedAt: complaint.updatedAt.toISOString(),
    resolvedAt: complaint.resolvedAt?.toISOString() ?? null,
  };
}
