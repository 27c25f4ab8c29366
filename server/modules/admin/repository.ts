/** SQL for the admin's views of lawyers and the account figures of the dashboard. */
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Role } from '../../../contract/auth';
import type { VerificationStatus } from '../../../contract/enums';
import type { Database } from '../../db/client';
import { lawyerProfiles, users } from '../../db/schema';
import { pageOffset, type PageRequest } from '../../http/paging';
import { lawyerUserColumns, type LawyerProfileRow, type LawyerUser } from '../lawyers/repository';

export type AdminListOrder = 'queue' | 'newest';

export class AdminRepository {
  constructor(private readonly db: Database) {}

  /**
   * Lawyer profiles, optionally of one status. `queue` is the verification queue: oldest submission
   * first. `newest` lists the most recently created profiles first.
   */
  async listLawyers(
    status: VerificationStatus | null,
    order: AdminListOrder,
    page: PageRequest,
  ): Promise<{ rows: { user: LawyerUser; profile: LawyerProfileRow }[]; total: number }> {
    const where: SQL | undefined = status ? eq(lawyerProfiles.verificationStatus, status) : undefined;
    const orderBy =
      order === 'queue'
        ? [asc(lawyerProfiles.submittedAt), asc(lawyerProfiles.id)]
        : [desc(lawyerProfiles.createdAt), desc(lawyerProfiles.id)];
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ user: lawyerUserColumns, profile: lawyerProfiles })
        .from(lawyerProfiles)
        .innerJoin(users, eq(users.id, lawyerProfiles.userId))
        .where(where)
        .orderBy(...orderBy)
        .limit(page.size)
        .offset(pageOffset(page)),
      this.db.select({ n: count() }).from(lawyerProfiles).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async countUsersByRole(): Promise<Record<Role, number>> {
    const rows = await this.db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
    const counts: Record<Role, number> = { USER: 0, LAWYER: 0, ADMIN: 0 };
    for (const row of rows) counts[row.role] = row.n;
    return counts;
  }

  async countProfilesByStatus(): Promise<Record<VerificationStatus, number>> {
    const rows = await this.db
      .select({ status: lawyerProfiles.verificationStatus, n: count() })
      .from(lawyerProfiles)
      .groupBy(lawyerProfiles.verificationStatus);
    const counts: Record<VerificationStatus, number> = { PENDING: 0, APPROVED: 0, REJECTED: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  async countLawyersWithoutProfile(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(users)
      .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id))
      .where(and(eq(users.role, 'LAWYER'), isNull(lawyerProfiles.id)));
    return row?.n ?? 0;
  }
}
