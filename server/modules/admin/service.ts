/**
 * The admin's side of the marketplace (docs/api.md §4 Admin): the verification queue, lawyers by
 * status, approve/reject (recording verifiedAt, telling the lawyer in-app and by mail in their
 * language) and the dashboard's counts.
 */
import { LawyerMessages, type AdminLawyer, type AdminStats } from '../../../contract/lawyers';
import type { VerificationStatus } from '../../../contract/enums';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/app-error';
import type { SuccessResult } from '../../http/envelope';
import { pageMetadata, type PageRequest } from '../../http/paging';
import type { CasesRepository } from '../cases/repository';
import type { FeedbackRepository } from '../feedback/repository';
import type { LawyerProfileRow, LawyersRepository, LawyerUser } from '../lawyers/repository';
import { toLawyerInfo } from '../lawyers/view';
import type { NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import type { AdminRepository } from './repository';

export interface AdminServiceDeps {
  db: Database;
  admin: AdminRepository;
  lawyers: LawyersRepository;
  cases: CasesRepository;
  feedback: FeedbackRepository;
  notifications: NotificationsService;
  clock: Clock;
  /** Called after a decision commits (the directory's search cache drops its answers). */
  directoryChanged: () => void;
}

/** The viewer route for a lawyer's certificate (admin only; the bytes need the bearer token). */
export function certificateUrl(email: string): string {
  return `/v1/lawyer/view-credentials?email=${encodeURIComponent(email)}`;
}

export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  /** The verification queue: PENDING profiles, the longest-waiting first. */
  async pending(page: PageRequest): Promise<SuccessResult<{ lawyers: AdminLawyer[] }>> {
    return this.list('PENDING', 'queue', page, 'submittedAt', 'ASC');
  }

  /** Every profile (or those of one status), newest first. */
  async lawyers(
    status: VerificationStatus | null,
    page: PageRequest,
  ): Promise<SuccessResult<{ lawyers: AdminLawyer[] }>> {
    return this.list(status, 'newest', page, 'lawyerCreatedAt', 'DESC');
  }

  async approve(lawyerId: string): Promise<AdminLawyer> {
    return this.decide(lawyerId, 'APPROVED', null);
  }

  async reject(lawyerId: string, reason: string): Promise<AdminLawyer> {
    return this.decide(lawyerId, 'REJECTED', reason);
  }

  async stats(): Promise<AdminStats> {
    const { admin, cases, feedback } = this.deps;
    const [roles, statuses, withoutProfile, caseCounts, openFeedback, openComplaints] = await Promise.all([
      admin.countUsersByRole(),
      admin.countProfilesByStatus(),
      admin.countLawyersWithoutProfile(),
      cases.countByStatus(),
      feedback.countOpenFeedback(),
      feedback.countOpenComplaints(),
    ]);
    return {
      users: {
        total: roles.USER + roles.LAWYER + roles.ADMIN,
        clients: roles.USER,
        lawyers: roles.LAWYER,
        admins: roles.ADMIN,
      },
      lawyers: { ...statuses, withoutProfile },
      cases: {
        total: caseCounts.IN_PROGRESS + caseCounts.RESOLVED,
        inProgress: caseCounts.IN_PROGRESS,
        resolved: caseCounts.RESOLVED,
      },
      feedback: { open: openFeedback },
      complaints: { open: openComplaints },
    };
  }

  private async list(
    status: VerificationStatus | null,
    order: 'queue' | 'newest',
    page: PageRequest,
    sortField: string,
    sortDirection: 'ASC' | 'DESC',
  ): Promise<SuccessResult<{ lawyers: AdminLawyer[] }>> {
    const { rows, total } = await this.deps.admin.listLawyers(status, order, page);
    return {
      data: { lawyers: rows.map((row) => toAdminLawyer(row.user, row.profile)) },
      metadata: pageMetadata({
        ...page,
        totalCount: total,
        sortDirection,
        sortField,
        appliedFilters: status ? { status } : {},
      }),
    };
  }

  /**
   * Approves or rejects. `lawyerId` is the profile id (AdminLawyer.lawyerId) or, as a convenience,
   * the lawyer's user id. Deciding what is already decided is a 409; the other way round (revoking
   * an approval, approving after a rejection) is the admin's call.
   */
  private async decide(lawyerId: string, status: 'APPROVED' | 'REJECTED', reason: string | null): Promise<AdminLawyer> {
    const { db, lawyers, notifications, clock } = this.deps;
    const { record, created } = await db.transaction(async (tx) => {
      const current = await lawyers.lockProfileByAnyId(lawyerId, tx);
      if (!current) throw notFound(LawyerMessages.lawyerNotFound);
      if (current.verificationStatus === status) {
        throw conflict(LawyerMessages.alreadyDecided.replace('{status}', status.toLowerCase()));
      }
      const now = clock.now();
      await lawyers.updateById(
        current.id,
        status === 'APPROVED'
          ? { verificationStatus: status, verifiedAt: now, rejectionReason: null, updatedAt: now }
          : { verificationStatus: status, verifiedAt: null, rejectionReason: reason || null, updatedAt: now },
        tx,
      );
      const notice = await notifications.notify(tx, {
        userId: current.userId,
        type: 'ACCOUNT',
        content:
          status === 'APPROVED' ? NotificationTexts.lawyerApproved() : NotificationTexts.lawyerRejected(reason || null),
        link: '/dashboard/lawyer',
      });
      return { record: await lawyers.findByUserId(current.userId, tx), created: notice };
    });
    this.deps.directoryChanged();
    notifications.deliver(created);
    if (!record?.profile) throw notFound(LawyerMessages.lawyerNotFound);
    return toAdminLawyer(record.user, record.profile);
  }
}

export function toAdminLawyer(user: LawyerUser, profile: LawyerProfileRow): AdminLawyer {
  return {
    userId: user.id,
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt.toISOString(),
    },
    lawyerId: profile.id,
    lawyer: toLawyerInfo(user, profile, { showRejectionReason: true }),
    barCertificateFileUrl: profile.certificateKey ? certificateUrl(user.email) : null,
  };
}
