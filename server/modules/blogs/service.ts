/**
 * Law Insights (docs/api.md §4 Blogs): lawyers' posts, who follows whom, and search.
 *
 * An APPROVED lawyer writes posts; their HTML is cut down to the allowlist (sanitize.ts) before it is
 * stored, and its text and search tokens are kept beside it. The author alone edits, moves the status
 * of and deletes a post; a DRAFT or ARCHIVED post is found only by its author, so everyone else
 * gets 404 and learns nothing. The first publication of a post notifies every follower of its author
 * (BLOG_PUBLISHED, written in the transaction of the change and delivered after commit; push and
 * mail as each follower's preference says).
 */
import {
  BLOG_TITLE_MAX,
  BLOG_TITLE_MIN,
  BlogMessages,
  type AuthorBlogsQuery,
  type Blog,
  type BlogListQuery,
  type BlogSearchQuery,
  type BlogSearchResult,
  type BlogSubscriber,
  type BlogSubscription,
  type CreateBlogBody,
  type FollowedAuthor,
  type UpdateBlogBody,
} from '../../../contract/blogs';
import type { BlogStatus } from '../../../contract/enums';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/app-error';
import type { SuccessResult } from '../../http/envelope';
import { pageMetadata } from '../../http/paging';
import type { Actor } from '../auth/policy';
import type { LawyersRepository } from '../lawyers/repository';
import { assertApproved } from '../lawyers/policy';
import type { CreatedNotification, NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import { indexDocument, parseSearch } from '../../search/db-query';
import { highlight, highlightSnippet } from './highlight';
import { assertFollowable, blogLink } from './policy';
import type { BlogRow, BlogsRepository, BlogView, PostFields } from './repository';
import { languageOf, plainTextOf, sanitizeBlogHtml } from './sanitize';

export interface BlogsServiceDeps {
  db: Database;
  blogs: BlogsRepository;
  lawyers: LawyersRepository;
  notifications: NotificationsService;
  clock: Clock;
}

/** Characters of plain text in a post's excerpt. */
export const EXCERPT_LENGTH = 200;

export class BlogsService {
  constructor(private readonly deps: BlogsServiceDeps) {}

  async create(actor: Actor, body: CreateBlogBody): Promise<Blog> {
    const { db, blogs, lawyers, notifications, clock } = this.deps;
    const fields = postFields(body.title, body.content);
    const { id, created } = await db.transaction(async (tx) => {
      assertApproved(await lawyers.lockProfile(actor.userId, tx));
      const row = await blogs.insert({ ...fields, authorId: actor.userId, status: body.status, now: clock.now() }, tx);
      const told = row.status === 'PUBLISHED' ? await this.notifyFollowers(actor, row, tx) : [];
      return { id: row.id, created: told };
    });
    notifications.deliver(created);
    return this.get(actor, id);
  }

  async get(actor: Actor, id: string, tx?: Executor): Promise<Blog> {
    const view = await this.deps.blogs.viewFor(id, actor.userId, tx);
    if (!view) throw notFound(BlogMessages.blogNotFound);
    return toBlog(view);
  }

  async update(actor: Actor, id: string, body: UpdateBlogBody): Promise<Blog> {
    const { db, blogs, clock } = this.deps;
    const fields = postFields(body.title, body.content);
    return db.transaction(async (tx) => {
      const row = await this.lockOwn(actor, id, tx);
      await blogs.update(row.id, { ...fields, now: clock.now() }, tx);
      return this.get(actor, row.id, tx);
    });
  }

  async setStatus(actor: Actor, id: string, status: BlogStatus): Promise<Blog> {
    const { db, blogs, lawyers, notifications, clock } = this.deps;
    const { result, created } = await db.transaction(async (tx) => {
      const row = await this.lockOwn(actor, id, tx);
      if (row.status === status) throw conflict(BlogMessages.statusUnchanged);
      const now = clock.now();
      const firstPublication = status === 'PUBLISHED' && row.publishedAt === null;
      // Publishing is writing for readers: it needs the approval that writing needs.
      if (status === 'PUBLISHED') assertApproved(await lawyers.lockProfile(actor.userId, tx));
      await blogs.update(row.id, { status, now, ...(firstPublication ? { publishedAt: now } : {}) }, tx);
      const told = firstPublication ? await this.notifyFollowers(actor, row, tx) : [];
      return { result: await this.get(actor, row.id, tx), created: told };
    });
    notifications.deliver(created);
    return result;
  }

  async delete(actor: Actor, id: string): Promise<true> {
    const { db, blogs } = this.deps;
    await db.transaction(async (tx) => {
      const row = await this.lockOwn(actor, id, tx);
      await blogs.delete(row.id, tx);
    });
    return true;
  }

  async feed(actor: Actor, query: BlogListQuery): Promise<SuccessResult<{ blogs: Blog[] }>> {
    const { rows, total } = await this.deps.blogs.listPublished(actor.userId, query);
    return listResult(rows, total, query, 'publishedAt');
  }

  async byAuthor(actor: Actor, authorId: string, query: AuthorBlogsQuery): Promise<SuccessResult<{ blogs: Blog[] }>> {
    const { blogs } = this.deps;
    const author = await blogs.userById(authorId);
    if (author?.role !== 'LAWYER') throw notFound(BlogMessages.authorNotFound);
    const { rows, total } = await blogs.listByAuthor(authorId, actor.userId, query.status ?? null, query);
    return listResult(rows, total, query, 'publishedAt', query.status ? { status: query.status } : undefined);
  }

  async subscribed(actor: Actor, query: BlogListQuery): Promise<SuccessResult<{ blogs: Blog[] }>> {
    const { rows, total } = await this.deps.blogs.listSubscribed(actor.userId, query);
    return listResult(rows, total, query, 'publishedAt');
  }

  async search(actor: Actor, query: BlogSearchQuery): Promise<SuccessResult<{ results: BlogSearchResult[] }>> {
    const parts = parseSearch(query.q);
    const metadataOf = (totalCount: number) =>
      pageMetadata({ ...query, totalCount, sortField: 'relevance', appliedFilters: { q: query.q } });
    if (parts.length === 0) return { data: { results: [] }, metadata: metadataOf(0) };
    const { rows, total, mode } = await this.deps.blogs.search(parts, actor.userId, query);
    // What to mark: every term the search looked for by prefix, or the words typed for the substring scan.
    const tokens = mode === 'prefix' ? parts.flatMap((part) => part.highlight) : parts.flatMap((p) => p.words);
    const results = rows.map((view) => ({
      blog: toBlog(view),
      highlightedTitle: highlight(view.post.title, tokens, mode),
      highlightedContent: highlightSnippet(view.post.plainText, tokens, mode),
      subscribed: view.subscribed,
    }));
    return { data: { results }, metadata: metadataOf(total) };
  }

  async subscribe(actor: Actor, authorId: string): Promise<BlogSubscription> {
    const { blogs, clock } = this.deps;
    const author = await blogs.userById(authorId);
    assertFollowable(actor, author);
    if (!(await blogs.subscribe(actor.userId, author.id, clock.now()))) throw conflict(BlogMessages.alreadySubscribed);
    return { author: authorOf(author), subscribed: true };
  }

  async unsubscribe(actor: Actor, authorId: string): Promise<BlogSubscription> {
    const { blogs } = this.deps;
    const author = await blogs.userById(authorId);
    assertFollowable(actor, author);
    if (!(await blogs.unsubscribe(actor.userId, author.id))) throw notFound(BlogMessages.notSubscribed);
    return { author: authorOf(author), subscribed: false };
  }

  async subscribers(actor: Actor, query: BlogListQuery): Promise<SuccessResult<{ subscribers: BlogSubscriber[] }>> {
    const { blogs, lawyers } = this.deps;
    assertApproved((await lawyers.findByUserId(actor.userId))?.profile ?? null);
    const { rows, total } = await blogs.subscribers(actor.userId, query);
    return {
      data: { subscribers: rows.map((row) => ({ ...row, subscribedAt: row.subscribedAt.toISOString() })) },
      metadata: pageMetadata({ ...query, totalCount: total, sortField: 'subscribedAt' }),
    };
  }

  async subscriptions(actor: Actor, query: BlogListQuery): Promise<SuccessResult<{ authors: FollowedAuthor[] }>> {
    const { rows, total } = await this.deps.blogs.subscriptions(actor.userId, query);
    return {
      data: { authors: rows.map((row) => ({ ...row, subscribedAt: row.subscribedAt.toISOString() })) },
      metadata: pageMetadata({ ...query, totalCount: total, sortField: 'subscribedAt' }),
    };
  }

  /** The actor's own post, locked; anyone else's (or none) is not found. */
  private async lockOwn(actor: Actor, id: string, tx: Executor): Promise<BlogRow> {
    const row = await this.deps.blogs.lockAuthored(id, actor.userId, tx);
    if (!row) throw notFound(BlogMessages.blogNotFound);
    return row;
  }

  private async notifyFollowers(actor: Actor, row: BlogRow, tx: Executor): Promise<CreatedNotification[]> {
    const { blogs, notifications } = this.deps;
    const created: CreatedNotification[] = [];
    const content = NotificationTexts.blogPublished(`${actor.firstName} ${actor.lastName}`, row.title);
    for (const userId of await blogs.followerIds(actor.userId, tx)) {
      created.push(await notifications.notify(tx, { userId, type: 'BLOG_PUBLISHED', content, link: blogLink(row.id) }));
    }
    return created;
  }
}

/** What is stored for a title and the HTML the editor sent: sanitised HTML, its text, language, tokens. */
function postFields(rawTitle: string, html: string): PostFields {
  // PostgreSQL text cannot hold NUL (the statement would fail); no reader needs one either.
  const title = rawTitle.replaceAll('\u0000', '').trim();
  if (title.length < BLOG_TITLE_MIN) {
    throw badRequest(`Title must be between ${BLOG_TITLE_MIN} and ${BLOG_TITLE_MAX} characters`);
  }
  const content = sanitizeBlogHtml(html.replaceAll('\u0000', ''));
  const plainText = plainTextOf(content);
  if (plainText === '') throw badRequest(BlogMessages.contentEmpty);
  return {
    title,
    content,
    plainText,
    language: languageOf(`${title} ${plainText}`),
    searchTitle: indexDocument(title),
    searchBody: indexDocument(plainText),
  };
}

function excerptOf(text: string): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.lastIndexOf(' ', EXCERPT_LENGTH);
  return `${text.slice(0, cut > EXCERPT_LENGTH / 2 ? cut : EXCERPT_LENGTH)} …`;
}

function authorOf(user: { id: string; firstName: string; lastName: string; email: string }): Blog['author'] {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
}

export function toBlog(view: BlogView): Blog {
  const { post } = view;
  return {
    blogId: post.id,
    author: authorOf(view.author),
    title: post.title,
    content: post.content,
    excerpt: excerptOf(post.plainText),
    language: post.language === 'bn' ? 'bn' : 'en',
    status: post.status,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    subscribed: view.subscribed,
  };
}

function listResult(
  rows: readonly BlogView[],
  total: number,
  query: { page: number; size: number; sortDirection: 'ASC' | 'DESC' },
  sortField: string,
  appliedFilters?: Record<string, unknown>,
): SuccessResult<{ blogs: Blog[] }> {
  return {
    data: { blogs: rows.map(toBlog) },
    metadata: pageMetadata({ ...query, totalCount: total, sortField, ...(appliedFilters ? { appliedFilters } : {}) }),
  };
}
