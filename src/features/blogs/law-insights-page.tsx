/**
 * /law-insights (docs/product.md §2 law-insights): the newest published posts, paged; a search with the
 * server's highlighted matches (the search text and page live in the address, so a search can be
 * shared and survives reload); the newest posts of the authors I follow; and those authors.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { Pagination } from '../../components/pagination/pagination';
import { formatDate, formatNumber } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  useBlogFeedQuery,
  useFollowedAuthorsQuery,
  useSearchBlogsQuery,
  useSubscribedBlogsQuery,
} from './api/blogs-api';
import { authorName, BlogCard, Highlighted } from './blog-parts';
import { insightsAddress, readInsightsAddress } from './blogs-address';
import { blogsMessages } from './blogs-messages';
import Button from '@mui/material/Button';
import './blogs.css';
import { TextField } from '../../components/form/text-field';

/** How many posts of followed authors the side list shows. */
const FOLLOWED_POSTS_SHOWN = 5;

export function LawInsightsPage() {
  const t = useT(blogsMessages);
  const { lang } = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const address = readInsightsAddress(params);
  const [draft, setDraft] = useState(address.q);
  useDocumentTitle(t('insightsTitle'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(insightsAddress({ q: draft.trim(), page: 0 }));
  };

  return (
    <div className="container page blogs-page">
      <header className="blogs-head">
        <h1>{t('insightsTitle')}</h1>
        <p className="muted">{t('insightsIntro')}</p>
        <form className="blog-search" role="search" onSubmit={submit}>
          <TextField
            className="blog-search-field"
            label={t('searchLabel')}
            name="q"
            type="search"
            enterKeyHint="search"
            value={draft}
            maxLength={200}
            placeholder={t('searchPlaceholder')}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button variant="contained" type="submit">
            {t('search')}
          </Button>
          {address.q && (
            <Button
              component={Link}
              variant="outlined"
              to={insightsAddress({ q: '', page: 0 })}
              onClick={() => setDraft('')}
            >
              {t('clearSearch')}
            </Button>
          )}
        </form>
      </header>

      <div className="blogs-layout">
        <div className="blogs-main">
          {address.q ? <SearchResults q={address.q} page={address.page} /> : <Feed page={address.page} />}
        </div>
        <aside className="blogs-side">
          <FollowedPosts />
          <FollowedAuthors lang={lang} />
        </aside>
      </div>
    </div>
  );
}

function Feed({ page }: { page: number }) {
  const t = useT(blogsMessages);
  const { data, error, isFetching, refetch } = useBlogFeedQuery({ page });
  return (
    <section aria-labelledby="blogs-newest" aria-busy={isFetching}>
      <h2 id="blogs-newest">{t('newest')}</h2>
      {isFetching && !data && <LoadingState label={t('loading')} />}
      {Boolean(error) && !data && <ErrorState error={error} title={t('failed')} onRetry={() => void refetch()} />}
      {data && data.blogs.length === 0 && <EmptyState title={t('emptyFeed')} />}
      {data && data.blogs.length > 0 && (
        <>
          <ul className="blog-list">
            {data.blogs.map((blog) => (
              <BlogCard key={blog.blogId} blog={blog} />
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={data.page?.totalPages ?? 0}
            hrefFor={(target) => insightsAddress({ q: '', page: target })}
          />
        </>
      )}
    </section>
  );
}

function SearchResults({ q, page }: { q: string; page: number }) {
  const t = useT(blogsMessages);
  const { lang } = useLang();
  const { data, error, isFetching, refetch } = useSearchBlogsQuery({ q, page });
  return (
    <section aria-labelledby="blogs-results" aria-busy={isFetching}>
      <h2 id="blogs-results">{t('resultsFor', { q })}</h2>
      {isFetching && !data && <LoadingState label={t('loading')} />}
      {Boolean(error) && !data && <ErrorState error={error} title={t('failed')} onRetry={() => void refetch()} />}
      {data && data.results.length === 0 && <EmptyState title={t('noResults')} />}
      {data && data.results.length > 0 && (
        <>
          <p className="muted" role="status">
            {t('resultCount', { n: formatNumber(data.page?.totalCount ?? data.results.length, lang, 0) })}
          </p>
          <ul className="blog-list">
            {data.results.map(({ blog, highlightedTitle, highlightedContent }) => (
              <li key={blog.blogId} className="card blog-card" lang={blog.language}>
                <h3 className="blog-card-title">
                  <Link to={`/blog/${blog.blogId}`} aria-label={t('readMore', { title: blog.title })}>
                    <Highlighted text={highlightedTitle} />
                  </Link>
                </h3>
                <p className="muted blog-meta" lang={lang}>
                  {t('by', { name: authorName(blog.author) })}
                  {blog.publishedAt && ` · ${t('published', { date: formatDate(blog.publishedAt, lang) })}`}
                </p>
                <p className="blog-card-excerpt">
                  <Highlighted text={highlightedContent} />
                </p>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={data.page?.totalPages ?? 0}
            hrefFor={(target) => insightsAddress({ q, page: target })}
          />
        </>
      )}
    </section>
  );
}

function FollowedPosts() {
  const t = useT(blogsMessages);
  const { data, error, isFetching, refetch } = useSubscribedBlogsQuery({ page: 0 });
  return (
    <section className="card blogs-side-card" aria-labelledby="blogs-followed-posts" aria-busy={isFetching}>
      <h2 id="blogs-followed-posts">{t('fromFollowed')}</h2>
      {isFetching && !data && <LoadingState label={t('loading')} />}
      {Boolean(error) && !data && <ErrorState error={error} title={t('failed')} onRetry={() => void refetch()} />}
      {data && data.blogs.length === 0 && <p className="muted">{t('followedEmpty')}</p>}
      {data && data.blogs.length > 0 && (
        <ul className="blog-side-list">
          {data.blogs.slice(0, FOLLOWED_POSTS_SHOWN).map((blog) => (
            <li key={blog.blogId} lang={blog.language}>
              <Link to={`/blog/${blog.blogId}`}>{blog.title}</Link>
              <span className="muted"> · {authorName(blog.author)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FollowedAuthors({ lang }: { lang: 'en' | 'bn' }) {
  const t = useT(blogsMessages);
  const { data, error, isFetching, refetch } = useFollowedAuthorsQuery();
  return (
    <section className="card blogs-side-card" aria-labelledby="blogs-followed-authors" aria-busy={isFetching}>
      <h2 id="blogs-followed-authors">{t('followedAuthors')}</h2>
      {isFetching && !data && <LoadingState label={t('loading')} />}
      {Boolean(error) && !data && <ErrorState error={error} title={t('failed')} onRetry={() => void refetch()} />}
      {data && data.length === 0 && <p className="muted">{t('followedNone')}</p>}
      {data && data.length > 0 && (
        <ul className="blog-side-list">
          {data.map((author) => (
            <li key={author.id}>
              <Link to={`/lawyers/${encodeURIComponent(author.email)}/details`}>{authorName(author)}</Link>
              <span className="muted">
                {' '}
                · {t('publishedCount', { n: formatNumber(author.publishedCount, lang, 0) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
