/** SQL for the users table. Emails arrive lower-cased (the contract's EmailSchema does it). */
import { count, eq, sql } from 'drizzle-orm';
import type { Role } from '../../../contract/auth';
import type { Database, Executor } from '../../db/client';
import { lazy, preparedRead } from '../../db/prepared';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** A user as other screens show them (a lawyer's view, the admin's lists): no secret, no settings. */
export const shownUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  emailVerified: users.emailVerified,
  profilePicture: users.profilePicture,
  createdAt: users.createdAt,
};

/** What a user's own account shows (GET /user/user-info): no password hash, no tokens. */
const infoColumns = { ...shownUserColumns, language: users.language, updatedAt: users.updatedAt };
export type UserInfoRow = Pick<UserRow, keyof typeof infoColumns>;

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  emailVerified?: boolean;
  language?: 'en' | 'bn';
  now: Date;
}

export class UsersRepository {
  constructor(private readonly db: Database) {}

  /** Built once (every signed-in screen asks for the user): no SQL is composed per request. */
  private readonly byId = lazy(() =>
    this.db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('users_by_id'),
  );

  /**
   * The account's own fields only, read without drizzle's row mapping (server/db/prepared.ts): the
   * simplest signed-in read, asked by every screen that shows who is signed in.
   */
  private readonly infoById = lazy(() =>
    preparedRead<UserInfoRow>(
      this.db,
      'users_info_by_id',
      this.db
        .select(infoColumns)
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .limit(1),
      infoColumns,
    ),
  );

  async findInfo(id: string): Promise<UserInfoRow | null> {
    const [row] = await this.infoById()({ id });
    return row ?? null;
  }

  async findById(id: string, tx: Executor = this.db): Promise<UserRow | null> {
    const [row] =
      tx === this.db
        ? await this.byId().execute({ id })
        : await tx.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  async findByEmail(email: string, tx: Executor = this.db): Promise<UserRow | null> {
    const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    return row ?? null;
  }

  /** Inserts, or returns null when the email is taken (the unique index decides, not a prior read). */
  async create(user: NewUser, tx: Executor = this.db): Promise<UserRow | null> {
    const [row] = await tx
      .insert(users)
      .values({
        email: user.email,
        passwordHash: user.passwordHash,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        emailVerified: user.emailVerified ?? false,
        language: user.language ?? 'en',
        createdAt: user.now,
        updatedAt: user.now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row ?? null;
  }

  /** Bulk path for benchmarks and large demo sets: inserts in chunks, returns the rows created. */
  async createMany(list: readonly NewUser[], tx: Executor = this.db): Promise<UserRow[]> {
    const created: UserRow[] = [];
    for (let i = 0; i < list.length; i += 500) {
      const rows = await tx
        .insert(users)
        .values(
          list.slice(i, i + 500).map((user) => ({
            email: user.email,
            passwordHash: user.passwordHash,
            firstName: user.firstName,
            lastName: user.lastName,
            role: user.role,
            emailVerified: user.emailVerified ?? false,
            language: user.language ?? 'en',
            createdAt: user.now,
            updatedAt: user.now,
          })),
        )
        .onConflictDoNothing({ target: users.email })
        .returning();
      created.push(...rows);
    }
    return created;
  }

  async count(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(users);
    return row?.n ?? 0;
  }

  async markEmailVerified(id: string, now: Date, tx: Executor = this.db): Promise<UserRow | null> {
    const [row] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }

  async updatePassword(id: string, passwordHash: string, now: Date, tx: Executor = this.db): Promise<void> {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
  }

  async updateNames(id: string, firstName: string, lastName: string, now: Date): Promise<UserRow | null> {
    const [row] = await this.db
      .update(users)
      .set({ firstName, lastName, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }

  async updateLanguage(id: string, language: 'en' | 'bn', now: Date): Promise<UserRow | null> {
    const [row] = await this.db.update(users).set({ language, updatedAt: now }).where(eq(users.id, id)).returning();
    return row ?? null;
  }

  /** Sets the new picture and returns the row as it was before, so the caller can delete the old files. */
  async replacePicture(
    id: string,
    picture: { full: string; thumbnail: string },
    now: Date,
  ): Promise<{ before: UserRow; after: UserRow } | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) return null;
      const [after] = await tx
        .update(users)
        .set({ profilePicture: picture.full, profileThumbnail: picture.thumbnail, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return after ? { before, after } : null;
    });
  }

  /** Makes sure `email` is a verified ADMIN; creates it with `passwordHash` when absent. */
  async ensureAdmin(
    admin: { email: string; passwordHash: string; firstName: string; lastName: string },
    now: Date,
  ): Promise<'created' | 'updated' | 'unchanged'> {
    return this.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(eq(users.email, admin.email)).for('update');
      if (!existing) {
        await tx
          .insert(users)
          .values({ ...admin, role: 'ADMIN', emailVerified: true, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: users.email });
        return 'created';
      }
      if (existing.role === 'ADMIN' && existing.emailVerified) return 'unchanged';
      await tx
        .update(users)
        .set({ role: 'ADMIN', emailVerified: true, updatedAt: now })
        .where(eq(users.id, existing.id));
      return 'updated';
    });
  }
}
