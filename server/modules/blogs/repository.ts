/**
 * SQL for blog posts and subscriptions. Every read that answers a caller takes the caller's id: a
 * post that is not PUBLISHED is found only with its author's id, so a draft never leaves the
 * database for anyone else, and list counts are the counts of what the caller sees. Search matches
 * the stored tokens by prefix through the GIN index and falls back to a substring scan only when
 * that finds nothing, like the directory (docs/decisions/0004-directory-search.md).
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../contract/auth';
import type { BlogStatus } from '../../../contract/enums';
import type { Database, Executor } from '../../db/client';
import { blogSubscriptions, blogs, users } from '../../db/schema';
import { pageOffset, type PageRequest } from '../../http/paging';
import { tsQueryOf, type QueryPart } from '../../search/db-query';
import type { MatchMode } from './highlight';

/** A post's stored fields, without its search tokens. */
const postColumns = {
  id: blogs.id,
  authorId: blogs.authorId,
  title: blogs.title,
  content: blogs.content,
  plainText: blogs.plainText,
  language: blogs.language,
  status: blogs.status,
  publishedAt: blogs.publishedAt,
  createdAt: blogs.createdAt,
  updatedAt: blogs.updatedAt,
};

export interface BlogRow {
  id: string;
  authorId: string;
  title: string;
  content: string;
  plainText: string;
  language: string;
  status: BlogStatus;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A post as a reader sees it: with its author and whether the reader follows them. */
export interface BlogView {
  post: BlogRow;
  author: { id: string; firstName: string; lastName: string; email: string };
  subscribed: boolean;
}

export interface PostFields {
  title: string;
  content: string;
  plainText: string;
  language: 'en' | 'bn';
  searchTitle: string;
  searchBody: string;
}

export interface ListPage extends PageRequest {
  sortDirection: 'ASC' | 'DESC';
}

export interface UserSummary {
  id: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
}

const published = sql`${blogs.status} = 'PUBLISHED'`;
/** A post `viewerId` may see: PUBLISHED, or their own. */
const visibleTo = (viewerId: string) => or(published, eq(blogs.authorId, viewerId)) as SQL;

export class BlogsRepository {
  constructor(private readonly db: Database) {}

  async insert(
    input: PostFields & { authorId: string; status: BlogStatus; now: Date },
    tx: Executor = this.db,
  ): Promise<BlogRow> {
    const [row] = await tx
      .insert(blogs)
      .values({
        authorId: input.authorId,
        title: input.title,
        content: input.content,
        plainText: input.plainText,
        language: input.language,
        searchTitle: input.searchTitle,
        searchBody: input.searchBody,
        status: input.status,
        publishedAt: input.status === 'PUBLISHED' ? input.now : null,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning(postColumns);
    if (!row) throw new Error('blog insert returned nothing');
    return row;
  }

  /** The author's post locked for a change; null when it is not theirs (or does not exist). */
  async lockAuthored(id: string, authorId: string, tx: Executor): Promise<BlogRow | null> {
    const [row] = await tx
      .select(postColumns)
      .from(blogs)
      .where(and(eq(blogs.id, id), eq(blogs.authorId, authorId)))
      .for('update');
    return row ?? null;
  }

  async update(
    id: string,
    change: Partial<PostFields> & { status?: BlogStatus; publishedAt?: Date; now: Date },
    tx: Executor,
  ): Promise<void> {
    const { now, ...fields } = change;
    await tx
      .update(blogs)
      .set({ ...fields, updatedAt: now })
      .where(eq(blogs.id, id));
  }

  async delete(id: string, tx: Executor): Promise<void> {
    await tx.delete(blogs).where(eq(blogs.id, id));
  }

  /** The post with its author, when `viewerId` may see it. */
  async viewFor(id: string, viewerId: string, tx: Executor = this.db): Promise<BlogView | null> {
    const [row] = await this.viewQuery(viewerId, tx)
      .where(and(eq(blogs.id, id), visibleTo(viewerId)))
      .limit(1);
    return row ?? null;
  }

  /** Published posts of everyone, by publication time. */
  listPublished(viewerId: string, page: ListPage): Promise<{ rows: BlogView[]; total: number }> {
    return this.page(viewerId, [published], [orderBy(page, blogs.publishedAt)], page);
  }

  /** An author's posts: all of them (optionally one status) for the author, the PUBLISHED ones for others. */
  listByAuthor(
    authorId: string,
    viewerId: string,
    status: BlogStatus | null,
    page: ListPage,
  ): Promise<{ rows: BlogView[]; total: number }> {
    const conditions: SQL[] = [eq(blogs.authorId, authorId)];
    if (authorId !== viewerId) conditions.push(published);
    if (status) conditions.push(eq(blogs.status, status));
    return this.page(
      viewerId,
      conditions,
      [orderBy(page, sql`coalesce(${blogs.publishedAt}, ${blogs.createdAt})`)],
      page,
    );
  }

  /** Published posts of the authors `viewerId` follows. */
  listSubscribed(viewerId: string, page: ListPage): Promise<{ rows: BlogView[]; total: number }> {
    const followed = sql`${blogs.authorId} in (select ${blogSubscriptions.authorId} from ${blogSubscriptions} where ${blogSubscriptions.followerId} = ${viewerId})`;
    return this.page(viewerId, [published, followed], [orderBy(page, blogs.publishedAt)], page);
  }

  /**
   * Published posts matching every part of the query (server/search/db-query.ts): by prefix through the index first (whole words in the
   * title rank highest, then prefixes there, then anywhere; newer first among equals), and only
   * when that finds nothing by substring. `mode` says which of the two found the rows.
   */
  async search(
    parts: readonly QueryPart[],
    viewerId: string,
    page: PageRequest,
  ): Promise<{ rows: BlogView[]; total: number; mode: MatchMode }> {
    const newest = [sql`${blogs.publishedAt} desc`, sql`${blogs.id} desc`];
    const title = blogs.searchTitleVector;
    const every = (prefix: boolean) => parts.map((part) => tsQueryOf(part.match, prefix)).join(' & ');
    const some = parts.map((part) => tsQueryOf(part.match, true)).join(' | ');
    const rank = sql`(4 * (${title} @@ ${every(false)}::tsquery)::int
      + 2 * (${title} @@ ${every(true)}::tsquery)::int
      + (${title} @@ ${some}::tsquery)::int)`;
    const prefix = sql`${blogs.searchVector} @@ ${every(true)}::tsquery`;
    const found = await this.page(viewerId, [published, prefix], [sql`${rank} desc`, ...newest], page);
    if (found.total > 0) return { ...found, mode: 'prefix' };

    const text = sql`(${blogs.searchTitle} || ' ' || ${blogs.searchBody})`;
    const tokens = parts.flatMap((part) => part.words);
    const infix = tokens.map((t) => sql`strpos(${text}, ${t}) > 0`);
    const infixRank = sql`(${and(...tokens.map((t) => sql`strpos(${blogs.searchTitle}, ${t}) > 0`))})::int`;
    const scanned = await this.page(viewerId, [published, ...infix], [sql`${infixRank} desc`, ...newest], page);
    return { ...scanned, mode: 'infix' };
  }

  async userById(id: string, tx: Executor = this.db): Promise<UserSummary | null> {
    const [row] = await tx
      .select({
        id: users.id,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row ?? null;
  }

  /** Adds the subscription; false when it already existed (the primary key decides). */
  async subscribe(followerId: string, authorId: string, now: Date, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .insert(blogSubscriptions)
      .values({ followerId, authorId, createdAt: now })
      .onConflictDoNothing()
      .returning({ authorId: blogSubscriptions.authorId });
    return rows.length > 0;
  }

  /** Removes the subscription; false when there was none. */
  async unsubscribe(followerId: string, authorId: string, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .delete(blogSubscriptions)
      .where(and(eq(blogSubscriptions.followerId, followerId), eq(blogSubscriptions.authorId, authorId)))
      .returning({ authorId: blogSubscriptions.authorId });
    return rows.length > 0;
  }

  /** Ids of everyone following the author (notified when a post is first published). */
  async followerIds(authorId: string, tx: Executor): Promise<string[]> {
    const rows = await tx
      .select({ id: blogSubscriptions.followerId })
      .from(blogSubscriptions)
      .where(eq(blogSubscriptions.authorId, authorId));
    return rows.map((row) => row.id);
  }

  /** Who follows the author, with when they started. */
  async subscribers(
    authorId: string,
    page: ListPage,
  ): Promise<{ rows: (Omit<UserSummary, 'role'> & { subscribedAt: Date })[]; total: number }> {
    const where = eq(blogSubscriptions.authorId, authorId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          subscribedAt: blogSubscriptions.createdAt,
        })
        .from(blogSubscriptions)
        .innerJoin(users, eq(users.id, blogSubscriptions.followerId))
        .where(where)
        .orderBy(orderBy(page, blogSubscriptions.createdAt), orderBy(page, blogSubscriptions.followerId))
        .limit(page.size)
        .offset(pageOffset(page)),
      this.db.select({ n: count() }).from(blogSubscriptions).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** The authors `followerId` follows, with how many posts each has published. */
  async subscriptions(
    followerId: string,
    page: ListPage,
  ): Promise<{ rows: (Omit<UserSummary, 'role'> & { subscribedAt: Date; publishedCount: number })[]; total: number }> {
    const where = eq(blogSubscriptions.followerId, followerId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          subscribedAt: blogSubscriptions.createdAt,
          publishedCount: sql<number>`(select count(*)::int from ${blogs} where ${blogs.authorId} = ${users.id} and ${published})`,
        })
        .from(blogSubscriptions)
        .innerJoin(users, eq(users.id, blogSubscriptions.authorId))
        .where(where)
        .orderBy(orderBy(page, blogSubscriptions.createdAt), orderBy(page, blogSubscriptions.authorId))
        .limit(page.size)
        .offset(pageOffset(page)),
      this.db.select({ n: count() }).from(blogSubscriptions).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Count, then the page with authors (ids break ties, so pages never overlap). */
  private async page(
    viewerId: string,
    conditions: SQL[],
    order: SQL[],
    page: PageRequest,
  ): Promise<{ rows: BlogView[]; total: number }> {
    const where = and(...conditions);
    const [totalRow] = await this.db.select({ n: count() }).from(blogs).where(where);
    const total = totalRow?.n ?? 0;
    if (total === 0 || pageOffset(page) >= total) return { rows: [], total };
    const rows = await this.viewQuery(viewerId, this.db)
      .where(where)
      .orderBy(...order, desc(blogs.id))
      .limit(page.size)
      .offset(pageOffset(page));
    return { rows, total };
  }

  private viewQuery(viewerId: string, tx: Executor) {
    return tx
      .select({
        post: postColumns,
        author: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        subscribed: sql<boolean>`exists (select 1 from ${blogSubscriptions} where ${blogSubscriptions.followerId} = ${viewerId} and ${blogSubscriptions.authorId} = ${blogs.authorId})`,
      })
      .from(blogs)
      .innerJoin(users, eq(users.id, blogs.authorId))
      .$dynamic();
  }
}

function orderBy(page: { sortDirection: 'ASC' | 'DESC' }, column: Parameters<typeof asc>[0]): SQL {
  return page.sortDirection === 'ASC' ? asc(column) : desc(column);
}
