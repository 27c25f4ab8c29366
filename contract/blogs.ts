/**
 * Law Insights: lawyers' blog posts and who follows whom (docs/api.md §4 Blogs). An APPROVED lawyer
 * writes posts (HTML that the server sanitises against an allowlist), publishes and archives them;
 * everyone signed in reads the published ones, searches them and follows authors, and a follower
 * is notified when an author they follow publishes.
 *
 * Choices the contract leaves open:
 * - A DRAFT or ARCHIVED post exists for its author alone: everyone else gets 404 "Blog not found".
 * - PUT /blogs/{id}/status to the status the post already has is a 409 (a state transition conflict).
 * - Followers are notified once per post, when it is first published (not again after an archive).
 * - Content whose sanitised HTML holds no text at all is refused: "Content must contain some text".
 * - Search highlights wrap matches in `<em>` (HIGHLIGHT_TAG); every other character of the title and
 *   snippet is HTML-escaped, so a client may render them by splitting on the two tags.
 * - Subscribing to oneself is a 400, a second time a 409, to someone who is not a lawyer (or nobody)
 *   a 404 "Author not found"; unsubscribing without a subscription is a 404.
 * - A Blog also carries `publishedAt`, `language` (a hint: `bn` when most letters are Bangla, for the
 *   reader's `lang`) and `excerpt` (the start of its plain text, for cards) **[new]**.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { BlogStatusSchema } from './enums';
import { SortDirectionSchema } from './envelope';

export const BlogMessages = {
  blogNotFound: 'Blog not found',
  blogCreated: 'Blog created',
  blogUpdated: 'Blog updated',
  blogDeleted: 'Blog deleted',
  statusUpdated: 'Blog status updated',
  statusUnchanged: 'The blog already has this status',
  contentEmpty: 'Content must contain some text',
  authorNotFound: 'Author not found',
  subscribeSelf: 'You cannot subscribe to yourself',
  alreadySubscribed: 'You are already subscribed to this author',
  notSubscribed: 'You are not subscribed to this author',
  subscribed: 'Subscribed to the author',
  unsubscribed: 'Unsubscribed from the author',
} as const;

export const BLOG_TITLE_MIN = 2;
export const BLOG_TITLE_MAX = 255;
export const BLOG_CONTENT_MAX = 10_000;
export const BLOG_QUERY_MAX = 200;
/** The element search results wrap around matched words. */
export const HIGHLIGHT_TAG = 'em';

const titleText = z
  .string({ error: 'Title is required' })
  .trim()
  .min(BLOG_TITLE_MIN, `Title must be between ${BLOG_TITLE_MIN} and ${BLOG_TITLE_MAX} characters`)
  .max(BLOG_TITLE_MAX, `Title must be between ${BLOG_TITLE_MIN} and ${BLOG_TITLE_MAX} characters`);
const contentHtml = z
  .string({ error: 'Content is required' })
  .trim()
  .min(1, `Content must be between 1 and ${BLOG_CONTENT_MAX} characters`)
  .max(BLOG_CONTENT_MAX, `Content must be between 1 and ${BLOG_CONTENT_MAX} characters`);

export const CreateBlogBodySchema = z.object({
  title: titleText,
  content: contentHtml,
  status: BlogStatusSchema.default('DRAFT'),
});
export type CreateBlogBody = z.output<typeof CreateBlogBodySchema>;

export const UpdateBlogBodySchema = z.object({ title: titleText, content: contentHtml });
export type UpdateBlogBody = z.output<typeof UpdateBlogBodySchema>;

export const BlogStatusQuerySchema = z.object({ status: BlogStatusSchema });
export type BlogStatusQuery = z.output<typeof BlogStatusQuerySchema>;

export const BlogLanguageSchema = z.enum(['en', 'bn']);
export type BlogLanguage = z.infer<typeof BlogLanguageSchema>;

export const BlogAuthorSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type BlogAuthor = z.infer<typeof BlogAuthorSchema>;

export const BlogSchema = z.object({
  blogId: z.uuid(),
  author: BlogAuthorSchema,
  title: z.string(),
  /** Sanitised HTML (allowlist: h2–h4, p, br, strong/b, em/i, u, s, lists, blockquote, a, code, pre). */
  content: z.string(),
  excerpt: z.string(),
  language: BlogLanguageSchema,
  status: BlogStatusSchema,
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller follows the author. */
  subscribed: z.boolean(),
});
export type Blog = z.infer<typeof BlogSchema>;
export const BlogListSchema = z.object({ blogs: z.array(BlogSchema) });
export type BlogList = z.infer<typeof BlogListSchema>;

const pageQuery = {
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortDirection: SortDirectionSchema.default('DESC'),
};
export const BlogListQuerySchema = z.object(pageQuery);
export type BlogListQuery = z.output<typeof BlogListQuerySchema>;
/** An author's posts; `status` filters the author's own list (others only ever see PUBLISHED). */
export const AuthorBlogsQuerySchema = z.object({ ...pageQuery, status: BlogStatusSchema.optional() });
export type AuthorBlogsQuery = z.output<typeof AuthorBlogsQuerySchema>;

export const BlogSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(1, 'Search text is required')
    .max(BLOG_QUERY_MAX, `Search text must be at most ${BLOG_QUERY_MAX} characters`),
  page: pageQuery.page,
  size: pageQuery.size,
});
export type BlogSearchQuery = z.output<typeof BlogSearchQuerySchema>;

export const BlogSearchResultSchema = z.object({
  blog: BlogSchema,
  /** The title, HTML-escaped, matches wrapped in `<em>`. */
  highlightedTitle: z.string(),
  /** A snippet of the text around the first match, HTML-escaped, matches wrapped in `<em>`. */
  highlightedContent: z.string(),
  subscribed: z.boolean(),
});
export type BlogSearchResult = z.infer<typeof BlogSearchResultSchema>;
export const BlogSearchResultListSchema = z.object({ results: z.array(BlogSearchResultSchema) });

export const AuthorIdParamsSchema = z.object({ authorId: z.uuid({ error: 'Invalid author id' }) });

/** A follower as the author sees them. */
export const BlogSubscriberSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  subscribedAt: z.string(),
});
export type BlogSubscriber = z.infer<typeof BlogSubscriberSchema>;
export const BlogSubscriberListSchema = z.object({ subscribers: z.array(BlogSubscriberSchema) });

/** An author the caller follows, with how many posts they have published. */
export const FollowedAuthorSchema = BlogAuthorSchema.extend({
  subscribedAt: z.string(),
  publishedCount: z.number().int(),
});
export type FollowedAuthor = z.infer<typeof FollowedAuthorSchema>;
export const FollowedAuthorListSchema = z.object({ authors: z.array(FollowedAuthorSchema) });

export const BlogSubscriptionSchema = z.object({ author: BlogAuthorSchema, subscribed: z.boolean() });
export type BlogSubscription = z.infer<typeof BlogSubscriptionSchema>;
