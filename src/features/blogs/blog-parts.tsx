/**
 * Pieces the three Law Insights screens share: a post's body (through the client allowlist), a
 * search highlight (only the server's <em> becomes markup), the follow button, and a post card.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Blog, BlogAuthor } from '../../../contract/blogs';
import { formErrorText } from '../../lib/api/app-error';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useSubscribeMutation, useUnsubscribeMutation } from './api/blogs-api';
import { blogsMessages } from './blogs-messages';
import { useBlogText } from './blogs-text';
import { highlightParts, safeHtml } from './safe-html';
import Button from '@mui/material/Button';

export function authorName(author: Pick<BlogAuthor, 'firstName' | 'lastName'>): string {
  return `${author.firstName} ${author.lastName}`.trim();
}

/** A post's sanitised HTML, rebuilt through the client allowlist (never set as innerHTML). */
export function BlogContent({ html, lang }: { html: string; lang: 'en' | 'bn' }) {
  const nodes = useMemo(() => safeHtml(html), [html]);
  return (
    <div className="blog-content" lang={lang}>
      {nodes}
    </div>
  );
}

/** A title or snippet from the search, with its matches marked. */
export function Highlighted({ text }: { text: string }) {
  return <>{highlightParts(text).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}

/** Follow or unfollow an author; a refusal (e.g. following oneself) is shown beside the button. */
export function FollowButton({ author, subscribed }: { author: BlogAuthor; subscribed: boolean }) {
  const t = useT(blogsMessages);
  const tb = useBlogText();
  const [subscribe, subscribing] = useSubscribeMutation();
  const [unsubscribe, unsubscribing] = useUnsubscribeMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = subscribing.isLoading || unsubscribing.isLoading;

  const toggle = async () => {
    setFailure(null);
    try {
      await (subscribed ? unsubscribe(author.id) : subscribe(author.id)).unwrap();
    } catch (error) {
      setFailure(tb(formErrorText(error, t('followFailed'))));
    }
  };

  return (
    <div className="blog-follow">
      <Button
        variant={subscribed ? 'outlined' : 'contained'}
        type="button"
        aria-pressed={subscribed}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {subscribed ? t('unfollow') : t('follow')}
      </Button>
      {subscribed && <span className="muted blog-follow-hint">{t('followHint', { name: authorName(author) })}</span>}
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

/** A post in a list: title, author, date and the start of its text. */
export function BlogCard({ blog }: { blog: Blog }) {
  const t = useT(blogsMessages);
  const { lang } = useLang();
  return (
    <li className="card blog-card" lang={blog.language}>
      <h3 className="blog-card-title">
        <Link to={`/blog/${blog.blogId}`}>{blog.title}</Link>
      </h3>
      <p className="muted blog-meta" lang={lang}>
        {t('by', { name: authorName(blog.author) })}
        {blog.publishedAt && ` · ${t('published', { date: formatDate(blog.publishedAt, lang) })}`}
      </p>
      <p className="blog-card-excerpt">{blog.excerpt}</p>
    </li>
  );
}
