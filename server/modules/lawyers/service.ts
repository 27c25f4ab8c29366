/**
 * The rules of lawyer profiles (docs/api.md §4 Lawyer): one profile per LAWYER, created PENDING; a bar
 * number is unique and fixed; editing what the admin verified (VERIFIED_FIELDS) or replacing the
 * certificate sends an APPROVED profile back to PENDING, and any edit resubmits a REJECTED one;
 * slots and the hourly charge need an APPROVED profile; others see a profile only once approved.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { ServerMessages } from '../../../contract/errors';
import {
  LawyerMessages,
  type HourlyChargeBodySchema,
  type LawyerInfo,
  type LawyerProfileBodySchema,
  type Slot,
  type SlotBodySchema,
  type UpdateLawyerProfileBodySchema,
} from '../../../contract/lawyers';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import type { FileStorage } from '../../storage/file-storage';
import type { Actor } from '../auth/policy';
import type { CreatedNotification, NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import { checkCertificate } from './credentials';
import { assertApproved, canSeeRejectionReason, canViewLawyer, VERIFIED_FIELDS } from './policy';
import {
  PROFILE_KEYS,
  type LawyerProfileRow,
  type LawyerRecord,
  type LawyersRepository,
  type NewLawyerProfile,
  type SlotRow,
} from './repository';
import { indexDocument, lawyerSearchBody } from '../../search/db-query';
import { toLawyerInfo } from './view';

export type LawyerProfileInput = z.output<typeof LawyerProfileBodySchema>;
export type UpdateLawyerProfileInput = z.output<typeof UpdateLawyerProfileBodySchema>;
export type SlotInput = z.output<typeof SlotBodySchema>;
export type HourlyChargeInput = z.output<typeof HourlyChargeBodySchema>;

export interface LawyersServiceDeps {
  db: Database;
  lawyers: LawyersRepository;
  notifications: NotificationsService;
  storage: FileStorage;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Called after a committed change that can alter directory results (the search cache drops its answers). */
  directoryChanged: () => void;
}

/** What a profile GET answers: the view, and the contract's message when there is no profile yet. */
export interface ProfileView {
  info: LawyerInfo;
  message: string | null;
}

export interface CertificateFile {
  content: Buffer;
  contentType: string;
  fileName: string;
}

export class LawyersService {
  constructor(private readonly deps: LawyersServiceDeps) {}

  async createProfile(actor: Actor, body: LawyerProfileInput): Promise<LawyerInfo> {
    const { lawyers, clock } = this.deps;
    const record = await lawyers.findByUserId(actor.userId);
    if (!record) throw notFound(LawyerMessages.lawyerNotFound);
    if (record.profile) throw conflict(LawyerMessages.profileExists);
    const now = clock.now();
    const values: NewLawyerProfile = {
      userId: actor.userId,
      firm: body.firm,
      yearsOfExperience: body.yearsOfExperience,
      barCertificateNumber: body.barCertificateNumber,
      barAssociation: body.barAssociation || null,
      practicingCourt: body.practicingCourt,
      division: body.division,
      district: body.district,
      bio: body.bio,
      languages: body.languages,
      specializations: body.specializations,
      hourlyCharge: body.hourlyCharge ?? null,
      verificationStatus: 'PENDING',
      submittedAt: now,
      searchTitle: indexDocument(record.user.firstName, record.user.lastName, body.firm),
      searchBody: lawyerSearchBody(body.bio, body.district, body.division),
      createdAt: now,
      updatedAt: now,
    };
    let profile: LawyerProfileRow;
    try {
      profile = await lawyers.insert(values);
    } catch (error) {
      const key = uniqueViolation(error);
      if (key === PROFILE_KEYS.userId) throw conflict(LawyerMessages.profileExists);
      if (key === PROFILE_KEYS.barNumber) throw conflict(LawyerMessages.barNumberTaken);
      throw error;
    }
    return toLawyerInfo(record.user, profile, { showRejectionReason: true });
  }

  /** My profile, or the named lawyer's when I may see it; a lawyer without a profile yet says so. */
  async getProfile(actor: Actor, email: string | undefined): Promise<ProfileView> {
    const record = await this.visibleLawyer(actor, email);
    return {
      info: toLawyerInfo(record.user, record.profile, {
        showRejectionReason: canSeeRejectionReason(actor, record.user.id),
      }),
      message: record.profile ? null : LawyerMessages.profileNotCreated,
    };
  }

  async updateProfile(actor: Actor, body: UpdateLawyerProfileInput): Promise<LawyerInfo> {
    const { db, lawyers, notifications, clock } = this.deps;
    const { record, created } = await db.transaction(async (tx) => {
      const current = await lawyers.lockProfile(actor.userId, tx);
      if (!current) throw notFound(LawyerMessages.profileNotCreated);
      if (
        body.barCertificateNumber !== undefined &&
        body.barCertificateNumber.toUpperCase() !== current.barCertificateNumber.toUpperCase()
      ) {
        throw badRequest(LawyerMessages.barNumberImmutable, {
          fields: [{ field: 'barCertificateNumber', message: LawyerMessages.barNumberImmutable }],
        });
      }
      const next = {
        firm: body.firm,
        yearsOfExperience: body.yearsOfExperience,
        barAssociation: body.barAssociation === undefined ? current.barAssociation : body.barAssociation || null,
        practicingCourt: body.practicingCourt,
        division: body.division,
        district: body.district,
        bio: body.bio,
        languages: body.languages,
        specializations: body.specializations,
        hourlyCharge: body.hourlyCharge === undefined ? current.hourlyCharge : body.hourlyCharge,
      };
      // The charge is set with the profile, then changed only once approved (as PUT /hourly-charge
      // says): a pending lawyer must not reprice through the profile form.
      if (current.verificationStatus !== 'APPROVED' && next.hourlyCharge !== current.hourlyCharge) {
        throw forbidden(LawyerMessages.notApproved);
      }
      const verifiedFieldChanged = VERIFIED_FIELDS.some((field) => next[field] !== current[field]);
      const now = clock.now();
      const resubmit = this.resubmission(current, verifiedFieldChanged, now);
      const names = (await lawyers.findByUserId(actor.userId, tx))?.user;
      await lawyers.update(
        actor.userId,
        {
          ...next,
          ...resubmit.changes,
          searchTitle: indexDocument(names?.firstName, names?.lastName, next.firm),
          searchBody: lawyerSearchBody(next.bio, next.district, next.division),
          updatedAt: now,
        },
        tx,
      );
      const notice = resubmit.backToPending ? await this.reverificationNotice(actor.userId, tx) : null;
      return { record: await lawyers.findByUserId(actor.userId, tx), created: notice };
    });
    this.deps.directoryChanged();
    notifications.deliver(created);
    if (!record) throw notFound(LawyerMessages.profileNotCreated);
    return toLawyerInfo(record.user, record.profile, { showRejectionReason: true });
  }

  /** Stores a checked certificate under a generated name, then removes the one it replaces. */
  async uploadCredentials(
    actor: Actor,
    content: Buffer,
    clientName: string | undefined,
  ): Promise<{ fileName: string }> {
    const { db, lawyers, storage, notifications, clock, logger } = this.deps;
    const checked = await checkCertificate(content, clientName);
    const existing = await lawyers.findByUserId(actor.userId);
    if (!existing?.profile) throw badRequest(LawyerMessages.profileNotCreated);

    await storage.put(checked.key, content);
    let outcome: { previousKey: string | null; created: CreatedNotification | null } | null;
    try {
      outcome = await db.transaction(async (tx) => {
        const current = await lawyers.lockProfile(actor.userId, tx);
        if (!current) return null;
        const now = clock.now();
        const resubmit = this.resubmission(current, true, now);
        await lawyers.update(
          actor.userId,
          {
            certificateKey: checked.key,
            certificateContentType: checked.contentType,
            certificateName: checked.fileName,
            certificateSize: content.length,
            certificateUploadedAt: now,
            updatedAt: now,
            ...resubmit.changes,
          },
          tx,
        );
        const created = resubmit.backToPending ? await this.reverificationNotice(actor.userId, tx) : null;
        return { previousKey: current.certificateKey, created };
      });
    } catch (error) {
      await storage.delete(checked.key);
      throw error;
    }
    if (!outcome) {
      await storage.delete(checked.key);
      throw badRequest(LawyerMessages.profileNotCreated);
    }
    this.deps.directoryChanged();
    if (outcome.previousKey) {
      await storage.delete(outcome.previousKey).catch((error: unknown) => {
        logger.warn({ err: error, key: outcome?.previousKey }, 'could not delete a replaced certificate');
      });
    }
    notifications.deliver(outcome.created);
    return { fileName: checked.fileName };
  }

  /**
   * The certificate bytes: a lawyer gets their own (naming anyone else is refused whether or not
   * that lawyer exists, so nothing leaks); the admin names the lawyer by email.
   */
  async credentials(actor: Actor, email: string | undefined): Promise<CertificateFile> {
    const { lawyers, storage } = this.deps;
    const wanted = email?.toLowerCase();
    let record: LawyerRecord | null;
    if (actor.role === 'ADMIN') {
      record = wanted ? await lawyers.findByEmail(wanted) : null;
      if (!record || record.user.role !== 'LAWYER') throw notFound(LawyerMessages.lawyerNotFound);
    } else {
      if (wanted && wanted !== actor.email) throw forbidden(ServerMessages.accessDenied);
      record = await lawyers.findByUserId(actor.userId);
    }
    const profile = record?.profile;
    if (!profile?.certificateKey) throw notFound(LawyerMessages.credentialsMissing);
    const content = await storage.get(profile.certificateKey);
    if (!content) throw notFound(LawyerMessages.credentialsMissing);
    return {
      content,
      contentType: profile.certificateContentType ?? 'application/octet-stream',
      fileName: profile.certificateName ?? 'bar-certificate',
    };
  }

  async listSlots(actor: Actor, email: string | undefined): Promise<Slot[]> {
    const record = await this.visibleLawyer(actor, email);
    return (await this.deps.lawyers.listSlots(record.user.id)).map(toSlot);
  }

  async createSlot(actor: Actor, body: SlotInput): Promise<Slot> {
    const { db, lawyers, clock } = this.deps;
    return db.transaction(async (tx) => {
      assertApproved(await lawyers.lockProfile(actor.userId, tx));
      if (await lawyers.overlaps(actor.userId, body, null, tx)) throw conflict(LawyerMessages.slotOverlap);
      return toSlot(await lawyers.insertSlot(actor.userId, body, clock.now(), tx));
    });
  }

  async updateSlot(actor: Actor, id: string, body: SlotInput): Promise<Slot> {
    const { db, lawyers, clock } = this.deps;
    return db.transaction(async (tx) => {
      assertApproved(await lawyers.lockProfile(actor.userId, tx));
      if (!(await lawyers.findSlot(actor.userId, id, tx))) throw notFound(LawyerMessages.slotNotFound);
      if (await lawyers.overlaps(actor.userId, body, id, tx)) throw conflict(LawyerMessages.slotOverlap);
      const row = await lawyers.updateSlot(actor.userId, id, body, clock.now(), tx);
      if (!row) throw notFound(LawyerMessages.slotNotFound);
      return toSlot(row);
    });
  }

  async deleteSlot(actor: Actor, id: string): Promise<void> {
    const { db, lawyers } = this.deps;
    await db.transaction(async (tx) => {
      assertApproved(await lawyers.lockProfile(actor.userId, tx));
      if (!(await lawyers.deleteSlot(actor.userId, id, tx))) throw notFound(LawyerMessages.slotNotFound);
    });
  }

  async setHourlyCharge(actor: Actor, body: HourlyChargeInput): Promise<LawyerInfo> {
    const { db, lawyers, clock } = this.deps;
    const record = await db.transaction(async (tx) => {
      assertApproved(await lawyers.lockProfile(actor.userId, tx));
      await lawyers.update(actor.userId, { hourlyCharge: body.hourlyCharge, updatedAt: clock.now() }, tx);
      return lawyers.findByUserId(actor.userId, tx);
    });
    this.deps.directoryChanged();
    if (!record) throw notFound(LawyerMessages.profileNotCreated);
    return toLawyerInfo(record.user, record.profile, { showRejectionReason: true });
  }

  /** Keeps the directory in step after a user changed their name or picture. */
  async userChanged(userId: string): Promise<void> {
    const record = await this.deps.lawyers.findByUserId(userId);
    if (!record?.profile) return;
    await this.deps.lawyers.update(userId, {
      searchTitle: indexDocument(record.user.firstName, record.user.lastName, record.profile.firm),
    });
    this.deps.directoryChanged();
  }

  /**
   * The lawyer a profile or slots call is about: mine when no other email is named (only a LAWYER
   * has one), else the named LAWYER if the caller may see them. Anything else is "not found".
   */
  private async visibleLawyer(actor: Actor, email: string | undefined): Promise<LawyerRecord> {
    const wanted = email?.toLowerCase();
    const record =
      !wanted || wanted === actor.email
        ? await this.deps.lawyers.findByUserId(actor.userId)
        : await this.deps.lawyers.findByEmail(wanted);
    if (
      !record ||
      record.user.role !== 'LAWYER' ||
      !canViewLawyer(actor, { userId: record.user.id, status: record.profile?.verificationStatus ?? null })
    ) {
      throw notFound(LawyerMessages.lawyerNotFound);
    }
    return record;
  }

  /**
   * Status changes of an edit: an APPROVED profile whose verified details changed, or any edit of a
   * REJECTED one, goes back to PENDING at the end of the admin's queue.
   */
  private resubmission(
    current: LawyerProfileRow,
    verifiedDetailsChanged: boolean,
    now: Date,
  ): { changes: Partial<NewLawyerProfile>; backToPending: boolean } {
    if (current.verificationStatus === 'APPROVED' && verifiedDetailsChanged) {
      return {
        changes: { verificationStatus: 'PENDING', verifiedAt: null, submittedAt: now },
        backToPending: true,
      };
    }
    if (current.verificationStatus === 'REJECTED') {
      return {
        changes: { verificationStatus: 'PENDING', rejectionReason: null, submittedAt: now },
        backToPending: false,
      };
    }
    return { changes: {}, backToPending: false };
  }

  private async reverificationNotice(userId: string, tx: Executor): Promise<CreatedNotification> {
    return this.deps.notifications.notify(tx, {
      userId,
      type: 'ACCOUNT',
      content: NotificationTexts.lawyerReverification(),
      link: '/dashboard/lawyer',
      mail: false,
    });
  }
}

export function toSlot(row: SlotRow): Slot {
  return { id: row.id, day: row.day, startTime: row.startTime.slice(0, 5), endTime: row.endTime.slice(0, 5) };
}
