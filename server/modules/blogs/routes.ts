/** HTTP entry points of /v1/blogs (docs/api.md §4 Blogs). */
import { BlogMessages } from '../../../contract/blogs';
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import type { BlogsService } from './service';

export function registerBlogRoutes(route: AddRoute, blogs: BlogsService): void {
  route(routes.blogCreate, async ({ actor, body }) => ({
    data: await blogs.create(actor, body),
    message: BlogMessages.blogCreated,
  }));
  route(routes.blogFeed, async ({ actor, query }) => blogs.feed(actor, query));
  route(routes.blogSearch, async ({ actor, query }) => blogs.search(actor, query));
  route(routes.blogSubscribed, async ({ actor, query }) => blogs.subscribed(actor, query));
  route(routes.blogSubscribers, async ({ actor, query }) => blogs.subscribers(actor, query));
  route(routes.blogSubscriptions, async ({ actor, query }) => blogs.subscriptions(actor, query));
  route(routes.blogAuthorPosts, async ({ actor, params, query }) => blogs.byAuthor(actor, params.authorId, query));
  route(routes.blogSubscribe, async ({ actor, params }) => ({
    data: await blogs.subscribe(actor, params.authorId),
    message: BlogMessages.subscribed,
  }));
  route(routes.blogUnsubscribe, async ({ actor, params }) => ({
    data: await blogs.unsubscribe(actor, params.authorId),
    message: BlogMessages.unsubscribed,
  }));
  route(routes.blogGet, async ({ actor, params }) => ({ data: await blogs.get(actor, params.id) }));
  route(routes.blogUpdate, async ({ actor, params, body }) => ({
    data: await blogs.update(actor, params.id, body),
    message: BlogMessages.blogUpdated,
  }));
  route(routes.blogStatus, async ({ actor, params, query }) => ({
    data: await blogs.setStatus(actor, params.id, query.status),
    message: BlogMessages.statusUpdated,
  }));
  route(routes.blogDelete, async ({ actor, params }) => ({
    data: await blogs.delete(actor, params.id),
    message: BlogMessages.blogDeleted,
  }));
}
