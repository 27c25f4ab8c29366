/**
 * Who may do what with blog posts and subscriptions (docs/api.md §4 Blogs). Reads are already limited
 * in SQL (a post that is not PUBLISHED is found only by its author; anyone else gets 404); these are
 * the rules on following an author.
 */
import { BlogMessages } from '../../../contract/blogs';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../auth/policy';
import type { UserSummary } from './repository';

/** Only a lawyer can be followed, and not by themselves. */
export function assertFollowable(actor: Actor, author: UserSummary | null): asserts author is UserSummary {
  if (author?.id === actor.userId) throw badRequest(BlogMessages.subscribeSelf);
  if (author?.role !== 'LAWYER') throw notFound(BlogMessages.authorNotFound);
}

/** The in-app path of a post (docs/product.md §2 blog-detail), also its notifications' link. */
export function blogLink(blogId: string): string {
  return `/blog/${blogId}`;
}
