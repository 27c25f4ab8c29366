/**
 * SQL for lawyer profiles and weekly availability. Writes to a lawyer's rows are keyed by the
 * lawyer's user id (the actor), so one lawyer can never touch another's profile or slots.
 */
import { and, asc, eq, getTableColumns, gt, lt, ne, sql } from 'drizzle-orm';
import type { DayOfWeek } from '../../../contract/enums';
import type { Database, Executor } from '../../db/client';
import { availabilitySlots, lawyerProfiles, users } from '../../db/schema';
import { shownUserColumns } from '../users/repository';

/**
 * A profile as the services see it: everything but the search columns, which only the directory's
 * SQL reads (the two tsvectors alone are larger than the rest of the row).
 */
const {
  searchTitle: _searchTitle,
  searchBody: _searchBody,
  searchVector: _searchVector,
  searchTitleVector: _searchTitleVector,
  ...profileColumns
} = getTableColumns(lawyerProfiles);
export { profileColumns };
export type LawyerProfileRow = Omit<
  typeof lawyerProfiles.$inferSelect,
  'searchTitle' | 'searchBody' | 'searchVector' | 'searchTitleVector'
>;
export type NewLawyerProfile = typeof lawyerProfiles.$inferInsert;
export type SlotRow = typeof availabilitySlots.$inferSelect;

/** The user fields a lawyer view shows. */
export const lawyerUserColumns = shownUserColumns;
export interface LawyerUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'USER' | 'LAWYER' | 'ADMIN';
  emailVerified: boolean;
  profilePicture: string | null;
  createdAt: Date;
}

export interface LawyerRecord {
  user: LawyerUser;
  profile: LawyerProfileRow | null;
}

export const PROFILE_KEYS = {
  userId: 'lawyer_profiles_user_id_key',
  barNumber: 'lawyer_profiles_bar_certificate_number_key',
} as const;

export class LawyersRepository {
  constructor(private readonly db: Database) {}

  /** A user (any role) and their lawyer profile if they have one. */
  async findByUserId(userId: string, tx: Executor = this.db): Promise<LawyerRecord | null> {
    const [row] = await tx
      .select({ user: lawyerUserColumns, profile: profileColumns })
      .from(users)
      .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  async findByEmail(email: string, tx: Executor = this.db): Promise<LawyerRecord | null> {
    const [row] = await tx
      .select({ user: lawyerUserColumns, profile: profileColumns })
      .from(users)
      .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id))
      .where(eq(users.email, email))
      .limit(1);
    return row ?? null;
  }

  /** Locks a lawyer's profile row for the rest of the transaction (serialises their slot and review writes). */
  async lockProfile(userId: string, tx: Executor): Promise<LawyerProfileRow | null> {
    const [row] = await tx
      .select(profileColumns)
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.userId, userId))
      .for('update');
    return row ?? null;
  }

  /** Locks a profile named by its own id or its lawyer's user id (admin routes accept either). */
  async lockProfileByAnyId(id: string, tx: Executor): Promise<LawyerProfileRow | null> {
    const [row] = await tx
      .select(profileColumns)
      .from(lawyerProfiles)
      .where(sql`${lawyerProfiles.id} = ${id} or ${lawyerProfiles.userId} = ${id}`)
      .limit(1)
      .for('update');
    return row ?? null;
  }

  /** Inserts; a taken user id or bar number surfaces as the driver's unique violation. */
  async insert(profile: NewLawyerProfile, tx: Executor = this.db): Promise<LawyerProfileRow> {
    const [row] = await tx.insert(lawyerProfiles).values(profile).returning(profileColumns);
    if (!row) throw new Error('lawyer profile insert returned nothing');
    return row;
  }

  /** Bulk path for the directory benchmark: many profiles in one statement per chunk. */
  async insertMany(profiles: readonly NewLawyerProfile[], tx: Executor = this.db): Promise<void> {
    for (let i = 0; i < profiles.length; i += 500) {
      await tx.insert(lawyerProfiles).values(profiles.slice(i, i + 500));
    }
  }

  async update(
    userId: string,
    changes: Partial<Omit<NewLawyerProfile, 'id' | 'userId' | 'searchVector'>>,
    tx: Executor = this.db,
  ): Promise<LawyerProfileRow | null> {
    const [row] = await tx
      .update(lawyerProfiles)
      .set(changes)
      .where(eq(lawyerProfiles.userId, userId))
      .returning(profileColumns);
    return row ?? null;
  }

  async updateById(
    profileId: string,
    changes: Partial<Omit<NewLawyerProfile, 'id' | 'userId' | 'searchVector'>>,
    tx: Executor = this.db,
  ): Promise<LawyerProfileRow | null> {
    const [row] = await tx
      .update(lawyerProfiles)
      .set(changes)
      .where(eq(lawyerProfiles.id, profileId))
      .returning(profileColumns);
    return row ?? null;
  }

  // ── Availability ─────────────────────────────────────────────────────────────────────────────

  /** Saturday first (the enum's order), then by start time. */
  async listSlots(lawyerId: string): Promise<SlotRow[]> {
    return this.db
      .select()
      .from(availabilitySlots)
      .where(eq(availabilitySlots.lawyerId, lawyerId))
      .orderBy(asc(availabilitySlots.day), asc(availabilitySlots.startTime), asc(availabilitySlots.id));
  }

  /** True when [start, end) meets another of the lawyer's slots that day (touching ends do not overlap). */
  async overlaps(
    lawyerId: string,
    slot: { day: DayOfWeek; startTime: string; endTime: string },
    exceptId: string | null,
    tx: Executor,
  ): Promise<boolean> {
    const conditions = [
      eq(availabilitySlots.lawyerId, lawyerId),
      eq(availabilitySlots.day, slot.day),
      lt(availabilitySlots.startTime, slot.endTime),
      gt(availabilitySlots.endTime, slot.startTime),
    ];
    if (exceptId) conditions.push(ne(availabilitySlots.id, exceptId));
    const [row] = await tx
      .select({ id: availabilitySlots.id })
      .from(availabilitySlots)
      .where(and(...conditions))
      .limit(1);
    return row !== undefined;
  }

  async insertSlot(
    lawyerId: string,
    slot: { day: DayOfWeek; startTime: string; endTime: string },
    now: Date,
    tx: Executor,
  ): Promise<SlotRow> {
    const [row] = await tx
      .insert(availabilitySlots)
      .values({ lawyerId, ...slot, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('slot insert returned nothing');
    return row;
  }

  /** Changes one of the lawyer's slots; null when it is not theirs. */
  async updateSlot(
    lawyerId: string,
    id: string,
    slot: { day: DayOfWeek; startTime: string; endTime: string },
    now: Date,
    tx: Executor,
  ): Promise<SlotRow | null> {
    const [row] = await tx
      .update(availabilitySlots)
      .set({ ...slot, updatedAt: now })
      .where(and(eq(availabilitySlots.id, id), eq(availabilitySlots.lawyerId, lawyerId)))
      .returning();
    return row ?? null;
  }

  async findSlot(lawyerId: string, id: string, tx: Executor): Promise<SlotRow | null> {
    const [row] = await tx
      .select()
      .from(availabilitySlots)
      .where(and(eq(availabilitySlots.id, id), eq(availabilitySlots.lawyerId, lawyerId)))
      .limit(1);
    return row ?? null;
  }

  async deleteSlot(lawyerId: string, id: string, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .delete(availabilitySlots)
      .where(and(eq(availabilitySlots.id, id), eq(availabilitySlots.lawyerId, lawyerId)))
      .returning({ id: availabilitySlots.id });
    return rows.length > 0;
  }
}
