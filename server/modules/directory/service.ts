/**
 * The directory (docs/api.md §4 Lawyer directory): searching APPROVED lawyers, and reviews. A review
 * belongs to a RESOLVED case and is written by its client, once; each review write recomputes the
 * lawyer's average and count in the same transaction, so the directory sorts by true figures.
 */
import type { z } from 'zod';
import { DISTRICT_NAMES, DIVISION_NAMES, PRACTICING_COURT_NAMES } from '../../../contract/enums';
import type { PageQuery } from '../../../contract/envelope';
import {
  LawyerMessages,
  type FindLawyersBodySchema,
  type LawyerSearchResult,
  type Review,
  type ReviewBodySchema,
  type UpdateReviewBodySchema,
} from '../../../contract/lawyers';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { pageMetadata } from '../../http/paging';
import type { SuccessResult } from '../../http/envelope';
import type { Actor } from '../auth/policy';
import type { CasesRepository } from '../cases/repository';
import { canViewLawyer } from '../lawyers/policy';
import type { LawyersRepository } from '../lawyers/repository';
import { money, specializationNames } from '../lawyers/view';
import type { NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import { parseSearch } from '../../search/db-query';
import { pictureUrl } from '../users/pictures';
import type { DirectoryCache } from './cache';
import type { DirectoryFilters, DirectoryRepository, DirectoryRow, ReviewRow, ReviewWithClient } from './repository';

/** One cached answer of the search: the page and the true count. */
export interface SearchPage {
  results: LawyerSearchResult[];
  total: number;
}

export type FindLawyersInput = z.output<typeof FindLawyersBodySchema>;
export type ReviewInput = z.output<typeof ReviewBodySchema>;
export type UpdateReviewInput = z.output<typeof UpdateReviewBodySchema>;

export interface DirectoryServiceDeps {
  db: Database;
  cache: DirectoryCache<SearchPage>;
  directory: DirectoryRepository;
  lawyers: LawyersRepository;
  cases: CasesRepository;
  notifications: NotificationsService;
  clock: Clock;
}

export class DirectoryService {
  constructor(private readonly deps: DirectoryServiceDeps) {}

  async findLawyers(body: FindLawyersInput, query: PageQuery): Promise<SuccessResult<LawyerSearchResult[]>> {
    const q = body.q ? body.q.normalize('NFC') : null;
    const filters: DirectoryFilters = {
      minExperience: body.minExperience ?? null,
      maxExperience: body.maxExperience ?? null,
      practicingCourt: body.practicingCourt ?? null,
      division: body.division ?? null,
      district: body.district ?? null,
      specialization: body.specialization ?? null,
      maxHourlyCharge: body.maxHourlyCharge ?? null,
      minRating: body.minRating ?? null,
      query: q ? parseSearch(q, { dropGeneric: true }) : [],
    };
    const sortBy = body.sortBy ?? 'RELEVANCE';
    const sort = { by: sortBy, direction: query.sortDirection };
    const page = { page: query.page, size: query.size };
    const { cache } = this.deps;
    const key = JSON.stringify([filters, sort, page]);
    let found = cache.get(key);
    if (!found) {
      const version = cache.version;
      const { rows, total } = await this.deps.directory.search(filters, sort, page);
      found = { results: rows.map(toSearchResult), total };
      cache.set(key, found, version);
    }
    const appliedFilters: Record<string, unknown> = {};
    for (const [key, value] of Object.entries({ ...body, q })) {
      if (value !== null && value !== undefined && value !== '' && key !== 'sortBy') appliedFilters[key] = value;
    }
    return {
      data: found.results,
      metadata: pageMetadata({
        ...page,
        totalCount: found.total,
        sortDirection: query.sortDirection,
        sortField: sortBy,
        appliedFilters,
      }),
    };
  }

  /** A lawyer's reviews; only for a lawyer the caller may see. */
  async listReviews(actor: Actor, lawyerId: string, query: PageQuery): Promise<SuccessResult<{ reviews: Review[] }>> {
    const record = await this.deps.lawyers.findByUserId(lawyerId);
    if (
      !record ||
      record.user.role !== 'LAWYER' ||
      !canViewLawyer(actor, { userId: record.user.id, status: record.profile?.verificationStatus ?? null })
    ) {
      throw notFound(LawyerMessages.lawyerNotFound);
    }
    const { rows, total } = await this.deps.directory.listForLawyer(lawyerId, query);
    return {
      data: { reviews: rows.map(toReview) },
      metadata: pageMetadata({
        ...query,
        totalCount: total,
        sortDirection: query.sortDirection,
        sortField: 'createdAt',
      }),
    };
  }

  async createReview(actor: Actor, body: ReviewInput): Promise<Review> {
    const { db, directory, lawyers, cases, notifications, clock } = this.deps;
    const { review, created } = await db.transaction(async (tx) => {
      const kase = await cases.findForParty(body.caseId, actor.userId, tx);
      // Someone else's case answers like a missing one (docs/api.md §1).
      if (!kase || kase.clientId !== actor.userId) throw notFound(LawyerMessages.reviewNotYourCase);
      if (kase.status !== 'RESOLVED') throw badRequest(LawyerMessages.reviewCaseNotResolved);
      await lawyers.lockProfile(kase.lawyerId, tx);
      const row = await directory.insertReview(
        {
          caseId: kase.id,
          lawyerId: kase.lawyerId,
          clientId: actor.userId,
          rating: body.rating,
          review: body.review,
          now: clock.now(),
        },
        tx,
      );
      if (!row) throw conflict(LawyerMessages.reviewExists);
      await directory.refreshRating(kase.lawyerId, tx);
      const lawyer = await lawyers.findByUserId(kase.lawyerId, tx);
      const clientName = `${actor.firstName} ${actor.lastName}`;
      const notice = await notifications.notify(tx, {
        userId: kase.lawyerId,
        type: 'REVIEW_ADDED',
        content: NotificationTexts.reviewAdded(clientName, body.rating),
        link: lawyer ? `/lawyers/${encodeURIComponent(lawyer.user.email)}/details` : null,
      });
      return { review: withClient(row, actor), created: notice };
    });
    this.deps.cache.invalidate();
    notifications.deliver(created);
    return toReview(review);
  }

  async updateReview(actor: Actor, id: string, body: UpdateReviewInput): Promise<Review> {
    const { db, directory, lawyers, clock } = this.deps;
    const row = await db.transaction(async (tx) => {
      const existing = await directory.findAuthored(id, actor.userId, tx);
      if (!existing) throw notFound(LawyerMessages.reviewNotFound);
      await lawyers.lockProfile(existing.lawyerId, tx);
      const updated = await directory.updateAuthored(
        id,
        actor.userId,
        { rating: body.rating, review: body.review, now: clock.now() },
        tx,
      );
      if (!updated) throw notFound(LawyerMessages.reviewNotFound);
      await directory.refreshRating(existing.lawyerId, tx);
      return updated;
    });
    this.deps.cache.invalidate();
    return toReview(withClient(row, actor));
  }

  async deleteReview(actor: Actor, id: string): Promise<void> {
    const { db, directory, lawyers } = this.deps;
    await db.transaction(async (tx) => {
      const existing = await directory.findAuthored(id, actor.userId, tx);
      if (!existing) throw notFound(LawyerMessages.reviewNotFound);
      await lawyers.lockProfile(existing.lawyerId, tx);
      if (!(await directory.deleteAuthored(id, actor.userId, tx))) throw notFound(LawyerMessages.reviewNotFound);
      await directory.refreshRating(existing.lawyerId, tx);
    });
    this.deps.cache.invalidate();
  }

  /** The review of a case, for the case's two parties only. */
  /**
   * The review of a case the actor is a party to. With `orNull`, a case without a review yet answers
   * null rather than 404 (a client asking "is there one?" logs no error); a stranger still gets 404.
   */
  async reviewOfCase(actor: Actor, caseId: string, orNull = false): Promise<Review | null> {
    const kase = await this.deps.cases.findForParty(caseId, actor.userId);
    if (!kase) throw notFound(LawyerMessages.reviewNotFound);
    const review = await this.deps.directory.findByCase(caseId);
    if (review) return toReview(review);
    if (orNull) return null;
    throw notFound(LawyerMessages.reviewNotFound);
  }
}

function withClient(row: ReviewRow, client: { firstName: string; lastName: string }): ReviewWithClient {
  return { ...row, clientFirstName: client.firstName, clientLastName: client.lastName };
}

export function toReview(row: ReviewWithClient): Review {
  return {
    id: row.id,
    caseId: row.caseId,
    lawyerId: row.lawyerId,
    clientId: row.clientId,
    clientName: `${row.clientFirstName} ${row.clientLastName}`,
    rating: row.rating,
    review: row.review,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSearchResult(row: DirectoryRow): LawyerSearchResult {
  return {
    lawyerId: row.lawyerId,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    firm: row.firm,
    yearsOfExperience: row.yearsOfExperience,
    practicingCourt: row.practicingCourt,
    practicingCourtDisplayName: PRACTICING_COURT_NAMES[row.practicingCourt].en,
    division: row.division,
    divisionDisplayName: DIVISION_NAMES[row.division].en,
    district: row.district,
    districtDisplayName: DISTRICT_NAMES[row.district].en,
    bio: row.bio,
    languages: row.languages,
    specializations: row.specializations,
    specializationDisplayNames: specializationNames(row.specializations),
    averageRating: money(row.averageRating),
    reviewCount: row.reviewCount,
    hourlyCharge: money(row.hourlyCharge),
    profilePicture: pictureUrl(row.profilePicture),
  };
}
