/**
 * /blog/{id} (docs/product.md §2 blog-detail): the post (its sanitised HTML through the client allowlist), the
 * author card with follow/unfollow and a link to the lawyer's profile, and the author's other posts.
 * A draft or archived post is shown to its author alone, with a notice; everyone else gets "not found".
 */
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { isAppError } from '../../lib/api/app-error';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthorBlogsQuery, useBlogQuery } from './api/blogs-api';
import { authorName, BlogContent, FollowButton } from './blog-parts';
import { blogsMessages } from './blogs-messages';
import './blogs.css';

/** How many of the author's other posts are listed. */
const MORE_SHOWN = 5;

export function BlogDetailPage() {
  const t = useT(blogsMessages);
  const { lang } = useLang();
  const { id = '' } = useParams();
  const user = useSessionSelector(selectUser);
  const { data: blog, error, isFetching, refetch } = useBlogQuery(id);
  useDocumentTitle(blog?.title ?? t('insightsTitle'));

  const missing = isAppError(error) && (error.status === 404 || error.status === 400);

  return (
    <div className="container page blog-detail-page">
      <p>
        <Link to="/law-insights">← {t('back')}</Link>
      </p>
      {isFetching && !blog && <LoadingState label={t('postLoading')} />}
      {missing && !blog && (
        <p className="alert alert-error" role="alert">
          {t('postMissing')}
        </p>
      )}
      {Boolean(error) && !missing && !blog && (
        <ErrorState error={error} title={t('postFailed')} onRetry={() => void refetch()} />
      )}
      {blog && (
        <div className="blogs-layout">
          <article className="blogs-main blog-article" lang={blog.language}>
            <h1>{blog.title}</h1>
            <p className="muted blog-meta" lang={lang}>
              {t('by', { name: authorName(blog.author) })}
              {blog.publishedAt && ` · ${t('published', { date: formatDate(blog.publishedAt, lang) })}`}
              {blog.updatedAt !== blog.createdAt && ` · ${t('updated', { date: formatDate(blog.updatedAt, lang) })}`}
            </p>
            {blog.status !== 'PUBLISHED' && (
              <p className="alert alert-info" lang={lang}>
                {t('draftNotice')}
              </p>
            )}
            <BlogContent html={blog.content} lang={blog.language} />
          </article>
          <aside className="blogs-side">
            <section className="card blogs-side-card blog-author-card" aria-labelledby="blog-author">
              <h2 id="blog-author">{t('aboutAuthor')}</h2>
              <p className="blog-author-name">{authorName(blog.author)}</p>
              <p>
                <Link to={`/lawyers/${encodeURIComponent(blog.author.email)}/details`}>{t('viewProfile')}</Link>
              </p>
              {user?.id !== blog.author.id && <FollowButton author={blog.author} subscribed={blog.subscribed} />}
            </section>
            <MoreByAuthor authorId={blog.author.id} name={authorName(blog.author)} currentId={blog.blogId} />
          </aside>
        </div>
      )}
    </div>
  );
}

function MoreByAuthor({ authorId, name, currentId }: { authorId: string; name: string; currentId: string }) {
  const t = useT(blogsMessages);
  const { data } = useAuthorBlogsQuery({ authorId, status: 'PUBLISHED', page: 0, size: MORE_SHOWN + 1 });
  const others = (data?.blogs ?? []).filter((b) => b.blogId !== currentId).slice(0, MORE_SHOWN);
  return (
    <section className="card blogs-side-card" aria-labelledby="blog-more">
      <h2 id="blog-more">{t('moreByAuthor', { name })}</h2>
      {data && others.length === 0 && <p className="muted">{t('noMoreByAuthor')}</p>}
      {others.length > 0 && (
        <ul className="blog-side-list">
          {others.map((other) => (
            <li key={other.blogId} lang={other.language}>
              <Link to={`/blog/${other.blogId}`}>{other.title}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
