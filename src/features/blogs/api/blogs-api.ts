/**
 * The Law Insights calls of docs/api.md §4 Blogs. Paths are typed against contract/routes.ts. Lists
 * carry the envelope's page metadata. A post's change refreshes it and every list of posts; following
 * or unfollowing an author refreshes every post too (each carries `subscribed`) and both follow lists.
 */
import type {
  Blog,
  BlogSearchResult,
  BlogSubscriber,
  BlogSubscription,
  CreateBlogBody,
  FollowedAuthor,
  UpdateBlogBody,
} from '../../../../contract/blogs';
import type { BlogStatus } from '../../../../contract/enums';
import type { PageMetadata } from '../../../../contract/envelope';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const BLOGS: PathOf<'blogFeed'> = '/blogs';
const BLOG: PathOf<'blogGet'> = '/blogs/:id';
const BLOG_STATUS: PathOf<'blogStatus'> = '/blogs/:id/status';
const SEARCH: PathOf<'blogSearch'> = '/blogs/search';
const SUBSCRIBED: PathOf<'blogSubscribed'> = '/blogs/subscribed';
const AUTHOR_POSTS: PathOf<'blogAuthorPosts'> = '/blogs/authors/:authorId';
const SUBSCRIBE: PathOf<'blogSubscribe'> = '/blogs/authors/:authorId/subscribe';
const SUBSCRIBERS: PathOf<'blogSubscribers'> = '/blogs/authors/subscribers';
const SUBSCRIPTIONS: PathOf<'blogSubscriptions'> = '/blogs/authors/subscriptions';

export const BLOGS_PAGE_SIZE = 10;
/** Follow lists and an author's other posts are short: one page of this many. */
export const SIDE_LIST_SIZE = 50;

const withId = (path: string, name: string, id: string) => path.replace(`:${name}`, encodeURIComponent(id));

export interface BlogsPage {
  blogs: Blog[];
  page: PageMetadata | null;
}

export interface SearchPage {
  results: BlogSearchResult[];
  page: PageMetadata | null;
}

const LIST = { type: 'Blog' as const, id: 'LIST' };
const blogTag = (id: string) => ({ type: 'Blog' as const, id });
const listTags = (result: BlogsPage | undefined) => [LIST, ...(result?.blogs ?? []).map((b) => blogTag(b.blogId))];
const toPage = (data: { blogs: Blog[] }, meta: { metadata?: PageMetadata } | undefined): BlogsPage => ({
  blogs: data.blogs,
  page: meta?.metadata ?? null,
});

export const blogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    blogFeed: build.query<BlogsPage, { page: number }>({
      query: ({ page }) => ({ url: BLOGS, params: { page, size: BLOGS_PAGE_SIZE, sortDirection: 'DESC' } }),
      transformResponse: toPage,
      providesTags: listTags,
    }),
    searchBlogs: build.query<SearchPage, { q: string; page: number }>({
      query: ({ q, page }) => ({ url: SEARCH, params: { q, page, size: BLOGS_PAGE_SIZE } }),
      transformResponse: (data: { results: BlogSearchResult[] }, meta) => ({
        results: data.results,
        page: meta?.metadata ?? null,
      }),
      providesTags: (result) => [LIST, ...(result?.results ?? []).map((r) => blogTag(r.blog.blogId))],
    }),
    subscribedBlogs: build.query<BlogsPage, { page: number }>({
      query: ({ page }) => ({ url: SUBSCRIBED, params: { page, size: BLOGS_PAGE_SIZE, sortDirection: 'DESC' } }),
      transformResponse: toPage,
      providesTags: listTags,
    }),
    authorBlogs: build.query<BlogsPage, { authorId: string; status?: BlogStatus; page: number; size?: number }>({
      query: ({ authorId, status, page, size }) => ({
        url: withId(AUTHOR_POSTS, 'authorId', authorId),
        params: { page, size: size ?? BLOGS_PAGE_SIZE, sortDirection: 'DESC', ...(status ? { status } : {}) },
      }),
      transformResponse: toPage,
      providesTags: listTags,
    }),
    blog: build.query<Blog, string>({
      query: (id) => withId(BLOG, 'id', id),
      providesTags: (_result, _error, id) => [blogTag(id)],
    }),
    createBlog: build.mutation<Blog, CreateBlogBody>({
      query: (body) => ({ url: BLOGS, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateBlog: build.mutation<Blog, { id: string; body: UpdateBlogBody }>({
      query: ({ id, body }) => ({ url: withId(BLOG, 'id', id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [blogTag(id), LIST],
    }),
    setBlogStatus: build.mutation<Blog, { id: string; status: BlogStatus }>({
      query: ({ id, status }) => ({ url: withId(BLOG_STATUS, 'id', id), method: 'PUT', params: { status } }),
      invalidatesTags: (_result, _error, { id }) => [blogTag(id), LIST],
    }),
    deleteBlog: build.mutation<boolean, string>({
      query: (id) => ({ url: withId(BLOG, 'id', id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [blogTag(id), LIST],
    }),

    subscribe: build.mutation<BlogSubscription, string>({
      query: (authorId) => ({ url: withId(SUBSCRIBE, 'authorId', authorId), method: 'POST' }),
      invalidatesTags: ['Blog', 'BlogSubscription'],
    }),
    unsubscribe: build.mutation<BlogSubscription, string>({
      query: (authorId) => ({ url: withId(SUBSCRIBE, 'authorId', authorId), method: 'DELETE' }),
      invalidatesTags: ['Blog', 'BlogSubscription'],
    }),
    followedAuthors: build.query<FollowedAuthor[], void>({
      query: () => ({ url: SUBSCRIPTIONS, params: { page: 0, size: SIDE_LIST_SIZE, sortDirection: 'DESC' } }),
      transformResponse: (data: { authors: FollowedAuthor[] }) => data.authors,
      providesTags: [{ type: 'BlogSubscription', id: 'FOLLOWING' }],
    }),
    mySubscribers: build.query<{ subscribers: BlogSubscriber[]; page: PageMetadata | null }, void>({
      query: () => ({ url: SUBSCRIBERS, params: { page: 0, size: SIDE_LIST_SIZE, sortDirection: 'DESC' } }),
      transformResponse: (data: { subscribers: BlogSubscriber[] }, meta) => ({
        subscribers: data.subscribers,
        page: meta?.metadata ?? null,
      }),
      providesTags: [{ type: 'BlogSubscription', id: 'FOLLOWERS' }],
    }),
  }),
});

export const {
  useBlogFeedQuery,
  useSearchBlogsQuery,
  useSubscribedBlogsQuery,
  useAuthorBlogsQuery,
  useBlogQuery,
  useCreateBlogMutation,
  useUpdateBlogMutation,
  useSetBlogStatusMutation,
  useDeleteBlogMutation,
  useSubscribeMutation,
  useUnsubscribeMutation,
  useFollowedAuthorsQuery,
  useMySubscribersQuery,
} = blogsApi;
